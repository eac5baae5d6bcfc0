/** A chat attachment's type by extension (000 §5): the four known kinds, or the extension itself. */
export type ChatAttachmentType = "VIDEO" | "IMAGE" | "PDF" | "AI" | (string & {});

const BY_EXTENSION: Record<string, ChatAttachmentType> = {
  mp4: "VIDEO", mkv: "VIDEO", mov: "VIDEO",
  jpg: "IMAGE", jpeg: "IMAGE", png: "IMAGE", gif: "IMAGE", eps: "IMAGE",
  pdf: "PDF",
  ai: "AI",
};

/** The extension of a file name or URL path, lower case, without the dot ("" when it has none). */
export function extensionOfName(name: string): string {
  const base = decodeURIComponent(name.split(/[?#]/)[0] ?? "").split("/").pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot <= 0 ? "" : base.slice(dot + 1).toLowerCase();
}

/** Sorts an attachment by extension; any other extension is sent as its own type (upper case), none as FILE. */
export function chatAttachmentType(fileName: string): ChatAttachmentType {
  const ext = extensionOfName(fileName);
  return BY_EXTENSION[ext] ?? (ext ? ext.toUpperCase() : "FILE");
}

/** Browsers draw these as thumbnails; eps is an image to the chat but not to an <img>. */
export function hasThumbnail(fileName: string): boolean {
  return ["jpg", "jpeg", "png", "gif"].includes(extensionOfName(fileName));
}

/** One attachment as the agent sees it in the message and the thread state. */
export type ChatAttachment = { url: string; name: string; type: ChatAttachmentType };

const LINE = /^\[attachment ([A-Za-z0-9]+): (.+?) <([^>\s]+)>\]$/;

/** The line an attachment adds to the user's message, so any model (and the offline one) reads it. */
export function attachmentLine(a: ChatAttachment): string {
  return `[attachment ${a.type}: ${a.name.replace(/[<>\]\n]/g, "")} <${a.url}>]`;
}

/** Splits a message's text into what the person wrote and the attachments it carries. */
export function splitAttachments(text: string): { text: string; attachments: ChatAttachment[] } {
  const attachments: ChatAttachment[] = [];
  const kept: string[] = [];
  for (const line of text.split("\n")) {
    const m = LINE.exec(line.trim());
    if (m) attachments.push({ type: m[1]!, name: m[2]!, url: m[3]! });
    else kept.push(line);
  }
  return { text: kept.join("\n").trim(), attachments };
}

/** Groups attachments by type in the order of 000 §5 (video, image, pdf, ai, then the others). */
export function sortAttachments(list: ChatAttachment[]): Record<string, ChatAttachment[]> {
  const order = ["VIDEO", "IMAGE", "PDF", "AI"];
  const groups: Record<string, ChatAttachment[]> = {};
  const sorted = [...list].sort((a, b) => rank(a.type) - rank(b.type));
  for (const a of sorted) (groups[a.type] ??= []).push(a);
  return groups;
  function rank(t: string) {
    const i = order.indexOf(t);
    return i < 0 ? order.length : i;
  }
}
