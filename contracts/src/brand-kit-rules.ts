import {
  BRAND_IDEA_IMAGES,
  DEFAULT_SELECTED_SKUS,
  IMAGE_LOADING,
  MOODBOARD_IMAGES,
  SLIDE_KEYS,
  type Audience,
  type BrandIdea,
  type BrandKitParts,
  type GenerationType,
  type ProductSku,
  type SlideKey,
} from "./brand-kits";

// The merge, selection, reset, placeholder and completeness rules of 001 §4 and §5, as pure
// functions: the API applies them to generation results, the editor to its local edits (it applies
// them at once and then sends the kit), and the tests state each rule in the spec's words.

/** An empty kit: what a full reset leaves. */
export function emptyParts(): BrandKitParts {
  return {
    targetAudiences: { selectedUuid: null, generations: [] },
    brandIdeas: { selectedUuid: null, generations: [] },
    moodboardImages: [],
    productSkus: { selectedUuids: [], generations: [] },
    marketResearch: "",
    slideColors: [],
    thumbnailImages: [],
  };
}

function dedupeByUuid<T extends { uuid: string }>(existing: readonly T[], incoming: readonly T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const g of [...existing, ...incoming]) {
    if (seen.has(g.uuid)) continue;
    seen.add(g.uuid);
    out.push(g);
  }
  return out;
}

const missing = (image: string) => image === "";

/** Brand ideas: merged, deduplicated by uuid, oldest first; the first is selected if none was; every idea gets its 4 images (LOADING where missing). */
export function mergeBrandIdeas(parts: BrandKitParts, incoming: readonly BrandIdea[]): BrandKitParts {
  const generations = dedupeByUuid(parts.brandIdeas.generations, incoming)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((idea) => ({ ...idea, images: withLoadingSlots(idea.images, BRAND_IDEA_IMAGES) }));
  const selected = generations.some((g) => g.uuid === parts.brandIdeas.selectedUuid) ? parts.brandIdeas.selectedUuid : (generations[0]?.uuid ?? null);
  return { ...parts, brandIdeas: { selectedUuid: selected, generations } };
}

/** SKUs: merged and deduplicated by uuid; the first 3 are selected if none were selected before; missing images become LOADING. */
export function mergeProductSkus(parts: BrandKitParts, incoming: readonly ProductSku[]): BrandKitParts {
  const generations = dedupeByUuid(parts.productSkus.generations, incoming).map((sku) => (missing(sku.image) ? { ...sku, image: IMAGE_LOADING } : sku));
  const kept = parts.productSkus.selectedUuids.filter((u) => generations.some((g) => g.uuid === u));
  const selectedUuids = kept.length ? kept : generations.slice(0, DEFAULT_SELECTED_SKUS).map((g) => g.uuid);
  return { ...parts, productSkus: { selectedUuids, generations } };
}

/** Audiences: merged and deduplicated by uuid, newest first; the first is selected by default. */
export function mergeAudiences(parts: BrandKitParts, incoming: readonly Audience[]): BrandKitParts {
  const generations = dedupeByUuid(parts.targetAudiences.generations, incoming).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const selected = generations.some((g) => g.uuid === parts.targetAudiences.selectedUuid) ? parts.targetAudiences.selectedUuid : (generations[0]?.uuid ?? null);
  return { ...parts, targetAudiences: { selectedUuid: selected, generations } };
}

/** Market research is stored only if none exists yet. */
export function mergeMarketResearch(parts: BrandKitParts, research: string): BrandKitParts {
  if (parts.marketResearch.trim()) return parts;
  return { ...parts, marketResearch: research };
}

function withLoadingSlots(images: readonly string[], count: number): string[] {
  const out = images.slice(0, count).map((i) => (missing(i) ? IMAGE_LOADING : i));
  while (out.length < count) out.push(IMAGE_LOADING);
  return out;
}

/** The selected brand idea, or null. */
export function selectedBrandIdea(parts: BrandKitParts): BrandIdea | null {
  return parts.brandIdeas.generations.find((g) => g.uuid === parts.brandIdeas.selectedUuid) ?? null;
}

/**
 * Changing the selected brand idea resets the moodboard, SKUs, market research and thumbnails,
 * sets the slide colour to the first palette colour, and re-requests SKU and market research generation.
 */
export function selectIdea(parts: BrandKitParts, uuid: string): { parts: BrandKitParts; regenerate: GenerationType[] } {
  const idea = parts.brandIdeas.generations.find((g) => g.uuid === uuid);
  if (!idea || parts.brandIdeas.selectedUuid === uuid) return { parts, regenerate: [] };
  const first = idea.colorPalette[0]!.hexCode;
  return {
    parts: {
      ...parts,
      brandIdeas: { ...parts.brandIdeas, selectedUuid: uuid },
      moodboardImages: [],
      productSkus: { selectedUuids: [], generations: [] },
      marketResearch: "",
      thumbnailImages: [],
      slideColors: SLIDE_KEYS.map((key) => ({ key, value: first })),
    },
    regenerate: ["PRODUCT_SKU", "MARKET_RESEARCH"],
  };
}

/** A full reset clears all kit parts and regenerates all four types. */
export function fullReset(): { parts: BrandKitParts; regenerate: GenerationType[] } {
  return { parts: emptyParts(), regenerate: ["TARGET_AUDIENCE", "BRAND_IDEA", "PRODUCT_SKU", "MARKET_RESEARCH"] };
}

/** Editing a palette hex code also updates any slide colour that held the old value. */
export function editPaletteHex(parts: BrandKitParts, ideaUuid: string, index: number, hexCode: string): BrandKitParts {
  const idea = parts.brandIdeas.generations.find((g) => g.uuid === ideaUuid);
  const old = idea?.colorPalette[index]?.hexCode;
  if (!idea || old === undefined) return parts;
  const next = hexCode.toUpperCase();
  return {
    ...parts,
    brandIdeas: {
      ...parts.brandIdeas,
      generations: parts.brandIdeas.generations.map((g) => (g.uuid !== ideaUuid ? g : { ...g, colorPalette: g.colorPalette.map((c, i) => (i === index ? { ...c, hexCode: next } : c)) })),
    },
    slideColors: parts.slideColors.map((s) => (s.value.toUpperCase() === old.toUpperCase() ? { ...s, value: next } : s)),
  };
}

/** While an image is generating its value is LOADING; on failure it becomes empty (and the caller reports the error). */
export function settleImage(value: string | null): string {
  return value ?? "";
}

/** The prompts of 001 §5 (market research has none in the spec: ours). */
export const SECTION_PROMPTS = {
  IDEA: "Please add brand images",
  MOODBOARD: "Please add moodboard images",
  MARKET_RESEARCH: "Please add your market research",
  PRODUCT_SKUS: "Please select your product idea(s)",
} as const;
export type SectionKey = keyof typeof SECTION_PROMPTS;

export type Completeness = {
  sections: Record<SectionKey, { complete: boolean; prompt: string | null }>;
  complete: boolean;
  thumbnailsComplete: boolean;
};

const ready = (image: string) => image !== "" && image !== IMAGE_LOADING;

/** 001 §5 completeness per section and for the whole kit, with the prompt to show when incomplete. */
export function completeness(parts: BrandKitParts): Completeness {
  const idea = selectedBrandIdea(parts);
  const selectedSkus = parts.productSkus.generations.filter((g) => parts.productSkus.selectedUuids.includes(g.uuid));
  const done: Record<SectionKey, boolean> = {
    IDEA: !!idea && idea.images.filter(ready).length === BRAND_IDEA_IMAGES,
    MOODBOARD: parts.moodboardImages.filter(ready).length === MOODBOARD_IMAGES,
    MARKET_RESEARCH: parts.marketResearch.trim() !== "",
    PRODUCT_SKUS: selectedSkus.length >= 1 && selectedSkus.every((s) => s.image !== IMAGE_LOADING),
  };
  const sections = Object.fromEntries(
    (Object.keys(SECTION_PROMPTS) as SectionKey[]).map((k) => [k, { complete: done[k], prompt: done[k] ? null : SECTION_PROMPTS[k] }]),
  ) as Completeness["sections"];
  return { sections, complete: Object.values(done).every(Boolean), thumbnailsComplete: thumbnailsComplete(parts) };
}

/** Thumbnails are complete only when every slide except Get started has one. */
export function thumbnailsComplete(parts: BrandKitParts): boolean {
  return SLIDE_KEYS.filter((k) => k !== "GET_STARTED").every((k) => parts.thumbnailImages.some((t) => t.key === k && ready(t.value)));
}

/** A slide's colour: its own, else the selected idea's first palette colour, else white. */
export function slideColor(parts: BrandKitParts, key: SlideKey): string {
  return parts.slideColors.find((s) => s.key === key)?.value ?? selectedBrandIdea(parts)?.colorPalette[0]?.hexCode ?? "#FFFFFF";
}
