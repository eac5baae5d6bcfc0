import type { IntentContext, Intent, Outcome, Step } from "./offline-types";
import { call, got, gotAll } from "./offline-steps";

// Business kits offline: "make me a kit for a small-batch hot sauce brand", "regenerate the
// slogan", "use a darker palette", "which of these SKUs can I source under $5?". "This kit" is the
// kit on screen; elsewhere the newest kit. Tolerant of the usual typos ("brnad kit", "slogn").

const KIT_WORD = /\bkits?\b/i;
const MAKE_WORD = /\b(make|mak|create|creat|start|build|generate|new)\b/i;
const PART_WORDS: { re: RegExp; part: string; words: string }[] = [
  { re: /\b(slogan|slogn|tagline|tag line)\b/i, part: "slogan", words: "slogan" },
  { re: /\b(palette|pallete|pallet|colou?rs?)\b/i, part: "colorPalette", words: "palette" },
  { re: /\b(brand ?name|name)\b/i, part: "brandName", words: "brand name" },
  { re: /\b(mission)\b/i, part: "mission", words: "mission" },
  { re: /\b(value props?|value propositions?|values)\b/i, part: "valueProps", words: "value props" },
  { re: /\b(pictures?|images?|logo|photos?)\b/i, part: "images", words: "pictures" },
];
const TONES = ["darker", "lighter", "warmer", "cooler"] as const;
const REDO_WORD = /\b(regenerate|regen|redo|another|new|different|change|use a|make (it|the)|try again|re-?write)\b/i;
const PRICE = /(?:under|below|less than|max(?:imum)?|<) ?\$? ?(\d+(?:\.\d+)?)/i;

/** The product a "kit for …" request names, as category and description. */
export function kitSubject(text: string): { category: string; productDescription: string } | null {
  const words = text.trim().replace(/[.!?]+$/, "").split(/\s+/);
  const at = words.findIndex((w) => /^(for|about)$/i.test(w));
  if (at < 0) return null;
  let rest = words.slice(at + 1);
  if (/^(an?|my)$/i.test(rest[0] ?? "")) rest = rest.slice(1);
  if (rest.length > 1 && /^(brand|business|company|line|store|shop)$/i.test(rest[rest.length - 1]!)) rest = rest.slice(0, -1);
  const subject = rest.join(" ");
  if (subject.length < 3) return null;
  const category = rest.slice(-2).join(" ").replace(/^\w/, (c) => c.toUpperCase());
  return { category: category.slice(0, 120), productDescription: `A ${subject} brand.`.slice(0, 2000) };
}

function kitOnScreen(context: IntentContext): string | undefined {
  const e = context.screen?.entity;
  return e?.type === "business_kit" ? e.id : undefined;
}

/** The kit to work on: the one on screen, else the newest (one read of list_brand_kits). */
function kitId(done: Outcome[], context: IntentContext): string | null | undefined {
  const onScreen = kitOnScreen(context);
  if (onScreen) return onScreen;
  const listed = got(done, "list_brand_kits");
  if (!listed) return undefined;
  return listed.value.list[0]?.id ?? null;
}

const NO_KIT: Step = { answer: "You don't have a business kit yet. Say \"make me a kit for\" and your product idea, e.g. \"make me a kit for a small-batch hot sauce brand\"." };

export const BRAND_KIT_INTENTS: Intent[] = [
  {
    name: "create-brand-kit",
    tools: ["create_brand_kit"],
    examples: [
      "make me a kit for a small-batch hot sauce brand",
      "create a business kit for organic soy candles",
      "mak a brnad kit for vegan protein bars",
      "start a brand kit for my handmade ceramic mugs",
      "I want a business kit for a sustainable activewear line",
    ],
    match: (t) => MAKE_WORD.test(t) && KIT_WORD.test(t) && /\b(for|about)\b/i.test(t),
    step: (t, done) => {
      const made = got(done, "create_brand_kit");
      if (made) return { answer: `I've started your business kit: brand ideas, audiences, a mood board, market research from the marketplace and product ideas are being written now. Open it at /business-kits/${made.value.id} to watch it fill in.` };
      const subject = kitSubject(t);
      if (!subject) return { answer: "What will the brand sell? Say e.g. \"make me a kit for a small-batch hot sauce brand\"." };
      // The body is a union (an example kit, or category with description), so the tool takes it nested.
      return call("create_brand_kit", { body: subject });
    },
  },
  {
    name: "regenerate-brand-idea-part",
    tools: ["regenerate_brand_idea_part", "get_brand_kit", "list_brand_kits"],
    examples: ["regenerate the slogan", "give me another slogn", "use a darker palette", "try a lighter pallete", "new brand name please", "redo the mission", "change the colours to something warmer"],
    match: (t) => REDO_WORD.test(t) && PART_WORDS.some((p) => p.re.test(t)) && !/\bkit for\b/i.test(t),
    step: (t, done, _history, context) => {
      const part = PART_WORDS.find((p) => p.re.test(t))!;
      const tone = TONES.find((x) => new RegExp(`\\b${x}\\b`, "i").test(t)) ?? (/\bdark\b/i.test(t) ? "darker" : /\blight\b/i.test(t) ? "lighter" : undefined);
      const redone = got(done, "regenerate_brand_idea_part");
      if (redone) {
        const idea = redone.value.brandIdeas.generations.find((g) => g.uuid === redone.args.uuid);
        if (!idea) return { answer: `Done: the ${part.words} is new.` };
        const shown = part.part === "slogan" ? `"${idea.slogan}"` : part.part === "brandName" ? idea.brandName : part.part === "colorPalette" ? idea.colorPalette.map((c) => `${c.name} ${c.hexCode}`).join(", ") : part.part === "mission" ? idea.mission : part.part === "valueProps" ? idea.valueProps.join("; ") : "four new pictures";
        return { answer: `Here's the new ${part.words} for ${idea.brandName}: ${shown}. Everything else in the kit stays as it was.` };
      }
      const id = kitId(done, context);
      if (id === undefined) return call("list_brand_kits", { size: 1 });
      if (id === null) return NO_KIT;
      const kit = got(done, "get_brand_kit");
      if (!kit) return call("get_brand_kit", { id });
      const uuid = kit.value.brandIdeas.selectedUuid;
      if (!uuid) return { answer: "This kit has no brand idea yet: its ideas are still being written. Ask again in a moment." };
      return call("regenerate_brand_idea_part", { id, uuid, part: part.part, ...(tone && part.part === "colorPalette" ? { tone } : {}) });
    },
  },
  {
    name: "brand-kit-skus-under-price",
    tools: ["list_brand_kit_sku_matches", "get_brand_kit", "list_brand_kits"],
    examples: ["which of these SKUs can I source under $5?", "which product ideas can i make for less than $3 a unit", "can I source any of these skus below 10 dollars"],
    match: (t) => /\b(skus?|products?|product ideas?|these)\b/i.test(t) && /\b(source|make|produce|manufacture|cost)\b/i.test(t) && PRICE.test(t),
    step: (t, done, _history, context) => {
      const max = Number(PRICE.exec(t)?.[1] ?? "5");
      const matches = gotAll(done, "list_brand_kit_sku_matches");
      const kit = got(done, "get_brand_kit");
      if (kit && matches.length) {
        const lines = matches.map((m) => {
          const sku = kit.value.productSkus.generations.find((s) => s.uuid === m.args.uuid);
          const best = m.value.list[0];
          return best ? `- ${sku?.title ?? "A product idea"}: yes, ${best.supplierName} at $${best.landedUnitCost?.toFixed(2)} a unit landed${best.moq !== null ? `, MOQ ${best.moq}` : ""}` : `- ${sku?.title ?? "A product idea"}: no listed supplier under $${max}`;
        });
        return { answer: [`Sourcing under $${max} a unit (landed, with duty):`, ...lines].join("\n") };
      }
      const id = kitId(done, context);
      if (id === undefined) return call("list_brand_kits", { size: 1 });
      if (id === null) return NO_KIT;
      if (!kit) return call("get_brand_kit", { id });
      const selected = kit.value.productSkus.generations.filter((s) => kit.value.productSkus.selectedUuids.includes(s.uuid)).slice(0, 6);
      if (!selected.length) return { answer: "This kit has no product ideas selected yet. Pick some on the Product ideas tab, then ask again." };
      return { calls: selected.map((s) => ({ name: "list_brand_kit_sku_matches", args: { id, uuid: s.uuid, maxUnitCost: max } })) };
    },
  },
  {
    // One kit, singular: "show me my brand kit", "open my kit", "what colours did my kit pick?".
    name: "show-brand-kit",
    tools: ["get_brand_kit", "list_brand_kits"],
    examples: ["show me my brand kit", "open my kit", "what colours did my kit pick?", "whats the slogan in my bussiness kit", "show this kit", "what's the brand name on my kit"],
    match: (t) => /\b(my|this|the) (brand |business |bussiness |brnad )?kit\b(?!s)/i.test(t) && !MAKE_WORD.test(t) && !REDO_WORD.test(t),
    step: (t, done, _history, context) => {
      const kit = got(done, "get_brand_kit");
      if (kit) {
        const k = kit.value;
        const idea = k.brandIdeas.generations.find((g) => g.uuid === k.brandIdeas.selectedUuid) ?? k.brandIdeas.generations[0];
        if (!idea) return { answer: `Your ${k.category} kit has no brand idea yet: its ideas are still being written. Open it at /business-kits/${k.id} to watch it fill in.` };
        const palette = idea.colorPalette.map((c) => `${c.name} ${c.hexCode}`).join(", ");
        const asked = PART_WORDS.find((p) => p.re.test(t));
        const lead = asked?.part === "colorPalette" ? `${idea.brandName}'s palette: ${palette}.` : asked?.part === "slogan" ? `${idea.brandName}'s slogan: "${idea.slogan}".` : `Your ${k.category} kit: ${idea.brandName}, "${idea.slogan}". Palette: ${palette}.`;
        return { answer: `${lead} Open it at /business-kits/${k.id}.` };
      }
      const id = kitId(done, context);
      if (id === undefined) return call("list_brand_kits", { size: 1 });
      if (id === null) return NO_KIT;
      return call("get_brand_kit", { id });
    },
  },
  {
    name: "list-brand-kits",
    tools: ["list_brand_kits"],
    examples: ["show my business kits", "what brand kits do i have", "list my kits", "open my bussiness kits"],
    match: (t) => KIT_WORD.test(t) && /\b(show|list|what|which|my|open)\b/i.test(t) && !MAKE_WORD.test(t),
    step: (_t, done) => {
      const r = got(done, "list_brand_kits");
      if (!r) return call("list_brand_kits", { size: 20 });
      if (!r.value.list.length) return NO_KIT;
      return { answer: [`You have ${r.value.total} business kit${r.value.total === 1 ? "" : "s"}:`, ...r.value.list.map((k) => `- ${k.brandName ?? k.category} (${k.category}): /business-kits/${k.id}`)].join("\n") };
    },
  },
];
