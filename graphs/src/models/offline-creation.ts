import { sentenceFor } from "@atelier/contracts/error-sentences";
import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, Outcome, Step } from "./offline-types";
import { parseOrdinal } from "./offline-references";
import { call, got } from "./offline-steps";

type Design = ToolResponse<"get_product_design">;

// AI product design offline (/product-design): "design a minimalist ceramic mug with a wave
// pattern", "save the second one", "start a project from it", "show my saved designs". Tolerant of
// the usual typos ("desing", "disign", "galery"). A round that costs credits goes through the
// tool's approval, which names the credits.

const DESIGN_VERB = /\b(design|desing|disign|desgin|draw|sketch|mock ?up|generate|create|make|render)\b/i;
const PRODUCT_NOUN = /\b(mugs?|cups?|t-?shirts?|tees?|hoodies?|sweatshirts?|bottles?|totes?|bags?|caps?|hats?|candles?|notebooks?|journals?|phone ?cases?|boxe?s|packaging|products?|logo|print|pattern|label)\b/i;
const SAVE = /\b(save|keep|choose|pick|go with|like|favou?rite)\b/i;
const GALLERY = /\b(galler(y|ies)|galery|saved (designs?|images?|pictures?)|my (designs?|desings?|images?))\b/i;
const PROJECT = /\b(custom project|project|rfp|request (to|for) (suppliers?|factories)|quote|get (it|this) made|manufactur\w*|source (it|this|that))\b/i;

/** What to design, from the request: "can you design me a minimalist mug" → "a minimalist mug". */
export function designDescription(text: string): string {
  const cleaned = text
    .trim()
    .replace(/[?!.]+$/, "")
    .replace(/^(hey|hi|ok(ay)?|please|pls|can you|could you|would you|i want( you)? to|i'd like( you)? to|let's|lets)[\s,]+/gi, "")
    .replace(/^(please\s+)?(design|desing|disign|desgin|draw|sketch|mock ?up|generate|create|make|render)\s+(me\s+|us\s+)?(some\s+|a few\s+)?(designs?\s+(for|of)\s+)?/i, "")
    .replace(/^(please\s+)?(design|desing|disign|desgin|draw|sketch|mock ?up|generate|create|make|render)\s+(me\s+|us\s+)?/i, "")
    .trim();
  return cleaned.slice(0, 1000);
}

const credits = (n: number) => `${n.toLocaleString("en-US")} AI credit${n === 1 ? "" : "s"}`;

function designsAnswer(d: Design): string {
  const lines = d.generatedDesigns.map((img, i) => `${i + 1}. Design ${i + 1} — ${img.prompt}`);
  const paid = d.usedCredits > 0 ? ` You have ${credits(d.totalCredits)} left.` : d.trialRemainingQuantity > 0 ? ` ${d.trialRemainingQuantity} free round${d.trialRemainingQuantity === 1 ? "" : "s"} left.` : "";
  return [`I drew ${d.generatedDesigns.length} designs of “${d.description}”; they're on the Product design screen.${paid}`, ...lines, `Say "save the second one" to keep one, or describe a change to draw again.`].join("\n");
}

/** The latest design the thread saw: from this turn, else from earlier turns. */
const DESIGN_TOOLS = ["save_product_design", "generate_product_designs", "get_product_design"];

/** The conversation's latest tool result is a design round: "the second one" means a design. */
const afterDesigns = (history: Outcome[]) => DESIGN_TOOLS.includes([...history].reverse().find((o) => !o.error && !o.declined)?.name ?? "");

function latestDesign(done: Outcome[], history: Outcome[]): Design | undefined {
  for (const name of ["save_product_design", "generate_product_designs", "get_product_design"] as const) {
    const now = got(done, name);
    if (now) return now.value as Design;
  }
  for (const o of [...history].reverse()) {
    if (!o.error && !o.declined && ["save_product_design", "generate_product_designs", "get_product_design"].includes(o.name)) {
      const read = got([o], o.name as "get_product_design");
      if (read) return read.value;
    }
  }
  return undefined;
}

function generateStep(text: string, done: Outcome[]): Step {
  const generated = got(done, "generate_product_designs");
  if (generated) return { answer: designsAnswer(generated.value) };
  const declined = done.find((o) => o.name === "generate_product_designs" && o.declined);
  if (declined) return { answer: "OK, I didn't draw them and no credits were spent." };
  const failed = done.find((o) => o.name === "generate_product_designs" && o.error);
  if (failed) return { answer: `The designs couldn't be drawn: ${sentenceFor(failed.error!)}` };
  const design = got(done, "get_product_design");
  if (!design) return call("get_product_design", {});
  const previous = design.value.description;
  // "draw it again but with dots": the last description with the change.
  const change = text.match(/\b(?:again|another|more)\b.*?\b(?:but |and )?(with(?:out)? .+|in .+)$/i)?.[1];
  const again = /\b(again|another round|more (designs|options))\b/i.test(text);
  const description = again && previous ? (change ? `${previous}, ${change.replace(/[?!.]+$/, "")}` : previous) : designDescription(text) || previous;
  if (description.length < 3) return { answer: 'What should I design? Say e.g. "design a minimalist ceramic mug with a wave pattern".' };
  const cost = design.value.nextRoundCredits;
  if (cost > design.value.totalCredits) {
    return { answer: `A round of 4 designs costs ${credits(cost)} and you have ${credits(design.value.totalCredits)}. Buy AI credits on the Account screen, then ask me again.` };
  }
  return call("generate_product_designs", { description, ...(cost > 0 ? { confirmCredits: cost } : {}) });
}

export const CREATION_INTENTS: Intent[] = [
  {
    name: "save-product-design",
    tools: ["save_product_design", "get_product_design"],
    examples: ["save the second one", "keep design 3", "i like the first one, save it", "save the 4th desing", "pick number 2", "go with the last one"],
    match: (t) => SAVE.test(t) && (parseOrdinal(t) !== undefined || /\b(design|desing)\s*#?\d\b/i.test(t)) && !GALLERY.test(t),
    applies: afterDesigns,
    step: (t, done, history) => {
      const saved = got(done, "save_product_design");
      if (saved) {
        const d = saved.value;
        return { answer: `Saved: “${d.savedDesign?.prompt ?? d.description}” is your saved design and is in your image gallery. To get quotes from suppliers, say "start a custom project from it".` };
      }
      const design = latestDesign(done, history);
      if (!design) return call("get_product_design", {});
      const n = parseOrdinal(t) ?? Number(t.match(/\b(?:design|desing)\s*#?(\d)\b/i)?.[1]);
      const list = design.generatedDesigns;
      if (!list.length) return { answer: 'There are no designs to save yet. Say e.g. "design a minimalist ceramic mug with a wave pattern".' };
      const pick = n === -1 ? list.at(-1) : list[n - 1];
      if (!pick) return { answer: `There are ${list.length} designs; which one should I save (1 to ${list.length})?` };
      return call("save_product_design", { imageId: pick.id });
    },
  },
  {
    name: "project-from-design",
    tools: ["start_project_from_design", "get_product_design"],
    examples: ["start a custom project from this design", "get quotes for the saved design", "turn my design into a project", "i want to get this made", "source this desing from a factory"],
    match: (t) => PROJECT.test(t) && /\b(designs?|desings?|it)\b/i.test(t) && !/\b(tech ?pack)\b/i.test(t),
    step: (t, done, history) => {
      const started = got(done, "start_project_from_design");
      if (started) return { answer: `I started the custom project “${started.value.title}” with the design attached. Open it at /create-custom-project/${started.value.projectId} to add the quantity and date, then submit it to suppliers.` };
      const design = latestDesign(done, history);
      if (!design) return call("get_product_design", {});
      const n = parseOrdinal(t);
      const pick = n !== undefined ? (n === -1 ? design.generatedDesigns.at(-1) : design.generatedDesigns[n - 1]) : undefined;
      if (!pick && !design.savedDesign) return { answer: 'Save a design first (e.g. "save the second one"), then I can start a project from it.' };
      if (pick && !design.savedDesign) return call("save_product_design", { imageId: pick.id });
      return call("start_project_from_design", {});
    },
  },
  {
    name: "show-image-gallery",
    tools: ["list_gallery_images"],
    examples: ["show my saved designs", "what's in my image galery", "show me my gallery", "list my designs", "my saved images"],
    match: (t) => GALLERY.test(t) && !SAVE.test(t.replace(/saved/gi, "")),
    step: (t, done) => {
      const listed = got(done, "list_gallery_images");
      if (!listed) return call("list_gallery_images", { size: 10 });
      const r = listed.value;
      if (!r.total) return { answer: 'Your image gallery is empty. Designs you save go there; say e.g. "design a minimalist ceramic mug with a wave pattern" to start.' };
      const rows = r.list.map((img, i) => `${i + 1}. ${img.prompt}`);
      return { answer: [`Your image gallery has ${r.total} saved design${r.total === 1 ? "" : "s"}:`, ...rows, r.total > r.list.length ? `…and ${r.total - r.list.length} more on the Product design screen.` : ""].filter(Boolean).join("\n") };
    },
  },
  {
    name: "design-product",
    tools: ["get_product_design", "generate_product_designs"],
    examples: [
      "design a minimalist ceramic mug with a wave pattern",
      "desing me a navy hoodie with white stripes",
      "can you draw a floral tote bag",
      "generate some designs for a sage green water bottle",
      "make me a candle jar with a geometric pattern",
      "draw it again but with dots",
    ],
    match: (t) => DESIGN_VERB.test(t) && (PRODUCT_NOUN.test(t) || /\b(designs?|again)\b/i.test(t)) && !PROJECT.test(t) && !/\b(kit|brand kit|business kit|tech ?pack|store|shop|website)\b/i.test(t),
    step: (t, done) => generateStep(t, done),
  },
];
