import { sentenceFor } from "@atelier/contracts/error-sentences";
import type { ToolResponse } from "@atelier/tools/tool-results";
import { placeWords } from "@atelier/tools/inbox/attachment-tools";
import type { Intent, IntentContext, Outcome, Step } from "./offline-types";
import { call, got, last } from "./offline-steps";

type Conversation = ToolResponse<"list_conversations">["list"][number];
type Attachment = ToolResponse<"list_conversation_attachments">["list"][number];

// Files in the inbox offline: what a supplier sent ("what files did Jiale send?"), the pins on a
// picture ("what did the supplier mark on the sample photo?") and dropping a pin ("pin the top left
// of the sample photo: logo 1 cm higher"). The conversation is the one open on screen (?c=), the one
// named, or the latest; the picture is the one open (?file=), the one named by its file name's
// words, or the latest with pins.

const FILE_WORD = /\b(files?|attachments?|attachemnts?|attachements?|pho?tos?|pics?|pictures?|images?|imgs?|drawings?|sketch(es)?|tech ?packs?|pdfs?|spreadsheets?|sheets?|documents?|docs?|samples?)\b/i;
const PICTURE_WORD = /\b(pho?tos?|pics?|pictures?|images?|imgs?|drawings?|sketch(es)?|samples?|tech ?pack)\b/i;
const PIN_READ_WORD = /\b(mark(ed|s)?|pin(ned|s)?|point(ed)? (out|at)|circled?|annotat(ed|ions?)|comments? on|notes? on|flag(ged)?|highlight(ed)?)\b/i;
const PIN_ADD_WORD = /\b(add|drop|put|place|leave|make) (a |an )?(pin|marker|note|comment)\b|\bpin\b.*\b(saying|that|:)/i;
const LIST_WORD = /\b(what|which|show|list|see|any|did|sent|send|shared|got)\b/i;
const PLACES: [RegExp, [number, number]][] = [
  [/\btop[ -]?left\b|\bupper left\b/i, [0.2, 0.2]],
  [/\btop[ -]?right\b|\bupper right\b/i, [0.8, 0.2]],
  [/\bbottom[ -]?left\b|\blower left\b/i, [0.2, 0.8]],
  [/\bbottom[ -]?right\b|\blower right\b/i, [0.8, 0.8]],
  [/\btop\b|\bupper\b/i, [0.5, 0.2]],
  [/\bbottom\b|\blower\b/i, [0.5, 0.8]],
  [/\bleft\b/i, [0.2, 0.5]],
  [/\bright\b/i, [0.8, 0.5]],
  [/\bcent(re|er)|middle\b/i, [0.5, 0.5]],
];
const STOP = new Set(["the", "what", "did", "supplier", "mark", "marked", "on", "photo", "picture", "image", "pic", "pins", "pin", "they", "their", "file", "files", "show", "me", "my", "a", "an", "in", "of", "to", "and", "with", "from", "this", "that", "see", "any"]);

/** A point on the picture named in words, or undefined when the text names none. */
export function parsePlace(text: string): { x: number; y: number } | undefined {
  const hit = PLACES.find(([re]) => re.test(text));
  return hit ? { x: hit[1][0], y: hit[1][1] } : undefined;
}

/** A pin's comment: after "saying", "that" or a colon. */
export function parsePinComment(text: string): string | undefined {
  const m = /\bsaying\b|\bthat says\b|:/i.exec(text);
  const comment = m ? text.slice(m.index + m[0].length).trim().replace(/^["“']/, "").replace(/["”']$/, "").trim() : undefined;
  return comment ? comment.charAt(0).toUpperCase() + comment.slice(1) : undefined;
}

const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const KIND_WORDS: Record<Attachment["kind"], string> = { IMAGE: "picture", VIDEO: "video", PDF: "PDF", AI: "Illustrator file", FILE: "spreadsheet" };

/** The conversation a request means: open on screen, named, or the latest. */
function conversationStep(text: string, done: Outcome[], history: Outcome[], context: IntentContext): { sid: string; name?: string } | Step {
  const open = context.screen?.query?.c;
  if (open && /^CH[0-9a-f]{32}$/.test(open)) return { sid: open };
  const listed = got(done, "list_conversations") ?? got(history, "list_conversations");
  if (!listed) return call("list_conversations", { size: 50 });
  const list = listed.value.list;
  if (!list.length) return { answer: "You have no conversations with suppliers yet, so no files either." };
  const lower = text.toLowerCase();
  const named = list.find((c) => lower.includes(c.supplierName.toLowerCase())) ?? list.find((c) => c.supplierName.toLowerCase().split(/[^a-z0-9]+/).some((w) => w.length > 3 && new RegExp(`\\b${w}('s)?\\b`).test(lower)));
  const pick: Conversation = named ?? list[0]!;
  return { sid: pick.sid, name: pick.supplierName };
}

/** The picture a request means among a conversation's attachments. */
function pictureOf(text: string, list: Attachment[], withPins: boolean): Attachment | undefined {
  const pictures = list.filter((a) => a.width !== null);
  const words = (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => w.length > 2 && !STOP.has(w));
  const named = pictures.find((a) => words.some((w) => a.fileName.toLowerCase().includes(w)));
  return named ?? (withPins ? pictures.find((a) => a.pinCount > 0) : undefined) ?? pictures[0];
}

function attachmentsAnswer(list: Attachment[], total: number, name?: string): string {
  if (!list.length) return `No files in ${name ? `your conversation with ${name}` : "this conversation"} yet.`;
  const rows = list.slice(0, 10).map((a) => `- **${a.fileName}** — ${KIND_WORDS[a.kind]}, ${kb(a.sizeBytes)}, from ${a.side === "STORE" ? "you" : a.authorName} on ${a.createdAt.slice(0, 10)}${a.pinCount ? ` (${a.pinCount} pin${a.pinCount === 1 ? "" : "s"})` : ""}`);
  return [`${total} file${total === 1 ? "" : "s"} in ${name ? `your conversation with ${name}` : "this conversation"}:`, ...rows, 'Say "what did they mark on <file>?" to read the pins on a picture.'].join("\n");
}

function pinsAnswer(r: ToolResponse<"list_image_pins">): string {
  const { attachment, pins } = r;
  if (!pins.length) return `Nobody has pinned anything on ${attachment.fileName} yet. Open it in the conversation and click the picture to add a pin.`;
  const rows = pins.map((p) => `${p.number}. ${p.side === "STORE" ? "You" : p.authorName}, ${placeWords(p.x, p.y)}: “${p.comment}”`);
  return [`Pins on **${attachment.fileName}**:`, ...rows].join("\n");
}

/** The attachments step shared by the three intents: a conversation, then its files. */
function attachmentsStep(text: string, done: Outcome[], history: Outcome[], context: IntentContext, kind?: "IMAGE"): { list: Attachment[]; total: number; name?: string } | Step {
  const listed = got(done, "list_conversation_attachments");
  if (listed) return { list: listed.value.list, total: listed.value.total, name: got(done, "list_conversations")?.value.list.find((c) => c.sid === (listed.args.sid as string))?.supplierName };
  const failed = last(done, "list_conversation_attachments");
  if (failed?.error) return { answer: `I couldn't read that conversation's files: ${sentenceFor(failed.error)}` };
  const conversation = conversationStep(text, done, history, context);
  if ("calls" in conversation || "answer" in conversation) return conversation;
  return call("list_conversation_attachments", { sid: conversation.sid, size: 50, ...(kind ? { kind } : {}) });
}

export const INBOX_FILE_INTENTS: Intent[] = [
  {
    name: "inbox-pins-add",
    examples: [
      "add a pin on the top left of the sample photo saying move the logo 1 cm up",
      "drop a pin in the centre of the picture: the stitching is loose here",
      "put a note at the bottom right of the drawing saying use the darker thread",
      "pin the top of the photo saying label too big",
      "leave a comment on the middle of the sample pic: colour is off",
    ],
    tools: ["list_conversations", "list_conversation_attachments", "add_image_pin"],
    match: (t) => PIN_ADD_WORD.test(t) && parsePinComment(t) !== undefined,
    step: (t, done, history, context) => {
      const sent = last(done, "add_image_pin");
      if (sent?.declined) return { answer: "No pin added. Tell me another spot or comment, or click the picture in the conversation." };
      if (sent?.error) return { answer: `The pin wasn't added: ${sentenceFor(sent.error)}` };
      const added = got(done, "add_image_pin");
      if (added) return { answer: `Pin ${added.value.number} is on the picture at the ${placeWords(added.value.x, added.value.y)}: “${added.value.comment}”. The supplier sees it now.` };
      const comment = parsePinComment(t);
      if (!comment) return { answer: 'What should the pin say? For example: "pin the top left of the sample photo saying move the logo up".' };
      const place = parsePlace(t) ?? { x: 0.5, y: 0.5 };
      const openFile = context.screen?.query?.file;
      if (openFile && /^[0-9a-f-]{36}$/i.test(openFile)) return call("add_image_pin", { id: openFile, ...place, comment });
      const files = attachmentsStep(t, done, history, context, "IMAGE");
      if ("calls" in files || "answer" in files) return files;
      const picture = pictureOf(t, files.list, false);
      if (!picture) return { answer: "There is no picture in that conversation to pin. Pins go on photos and drawings (PNG, JPEG, GIF) attached there." };
      return call("add_image_pin", { id: picture.id, ...place, comment });
    },
  },
  {
    name: "inbox-pins-read",
    examples: [
      "what did the supplier mark on the sample photo?",
      "show me the pins on the tech pack drawing",
      "wat did they pin on the pic",
      "what comments are on the sample picture",
      "which spots did Jiale circle on the photo",
      "read me the annotations on this image",
    ],
    tools: ["list_conversations", "list_conversation_attachments", "list_image_pins"],
    match: (t) => PIN_READ_WORD.test(t) && PICTURE_WORD.test(t) && !PIN_ADD_WORD.test(t),
    step: (t, done, history, context) => {
      const pins = got(done, "list_image_pins");
      if (pins) return { answer: pinsAnswer(pins.value) };
      const failed = last(done, "list_image_pins");
      if (failed?.error) return { answer: `I couldn't read the pins: ${sentenceFor(failed.error)}` };
      const openFile = context.screen?.query?.file;
      if (openFile && /^[0-9a-f-]{36}$/i.test(openFile)) return call("list_image_pins", { id: openFile });
      const files = attachmentsStep(t, done, history, context, "IMAGE");
      if ("calls" in files || "answer" in files) return files;
      const picture = pictureOf(t, files.list, true);
      if (!picture) return { answer: `No pictures in ${files.name ? `your conversation with ${files.name}` : "this conversation"} yet, so nothing is marked.` };
      return call("list_image_pins", { id: picture.id });
    },
  },
  {
    name: "inbox-files-list",
    examples: [
      "what files did the supplier send?",
      "show the attachments in this conversation",
      "list the files in my chat with Jiale",
      "any photos from the factory?",
      "did they send the tech pack pdf",
      "show me the attachemnts",
    ],
    tools: ["list_conversations", "list_conversation_attachments"],
    match: (t) => FILE_WORD.test(t) && LIST_WORD.test(t) && !PIN_READ_WORD.test(t) && !PIN_ADD_WORD.test(t) && !/\b(upload|generate|design|create|catalog|product)\b/i.test(t),
    step: (t, done, history, context) => {
      const files = attachmentsStep(t, done, history, context);
      if ("calls" in files || "answer" in files) return files;
      return { answer: attachmentsAnswer(files.list, files.total, files.name) };
    },
  },
];
