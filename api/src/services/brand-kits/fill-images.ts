import { IMAGE_LOADING, MOODBOARD_IMAGES, SLIDE_KEYS, SLIDE_TABS, type BrandKitParts, type SlideKey } from "@atelier/contracts/brand-kits";
import { selectedBrandIdea, settleImage, slideColor } from "@atelier/contracts/brand-kit-rules";
import type { Queryable } from "../../db/pool";
import type { ArtSpec } from "./art/draw-art";
import { renderArt } from "./art/render-art";

/** One picture to draw and where it goes in the kit. */
type Slot = { path: ["idea", string, number] | ["sku", string] | ["moodboard", number] | ["thumbnail", SlideKey]; spec: ArtSpec };

const THUMBNAIL_SLIDES = SLIDE_KEYS.filter((k) => k !== "GET_STARTED");

/**
 * Marks every picture the kit lacks as LOADING (001 §4 placeholder): each brand idea's 4 images,
 * each SKU's image, the 8 mood-board images once an idea is selected, and a thumbnail for each
 * slide with content. Answers the kit so marked and the slots to draw.
 */
export function markMissingImages(kitId: string, parts: BrandKitParts): { parts: BrandKitParts; slots: Slot[] } {
  const slots: Slot[] = [];
  const idea = selectedBrandIdea(parts);
  const colors = (p: { hexCode: string }[]) => p.map((c) => c.hexCode);
  const brandIdeas = {
    ...parts.brandIdeas,
    generations: parts.brandIdeas.generations.map((g) => {
      const images = g.images.map((img, i) => {
        if (img !== "" && img !== IMAGE_LOADING) return img;
        slots.push({ path: ["idea", g.uuid, i], spec: { kind: "idea", seed: `${kitId}:${g.uuid}`, index: i, colors: colors(g.colorPalette), title: g.brandName, subtitle: g.slogan } });
        return IMAGE_LOADING;
      });
      return { ...g, images };
    }),
  };
  const palette = idea ? colors(idea.colorPalette) : null;
  const productSkus = {
    ...parts.productSkus,
    generations: parts.productSkus.generations.map((s) => {
      if ((s.image !== "" && s.image !== IMAGE_LOADING) || !palette) return s;
      slots.push({ path: ["sku", s.uuid], spec: { kind: "sku", seed: `${kitId}:${s.uuid}`, index: 0, colors: palette, title: s.title, subtitle: idea ? s.title.replace(`${idea.brandName} `, "") : s.title } });
      return { ...s, image: IMAGE_LOADING };
    }),
  };
  let moodboardImages = parts.moodboardImages;
  if (idea && palette && moodboardImages.filter((m) => m !== "").length < MOODBOARD_IMAGES) {
    moodboardImages = Array.from({ length: MOODBOARD_IMAGES }, (_, i) => {
      const img = parts.moodboardImages[i] ?? "";
      if (img !== "" && img !== IMAGE_LOADING) return img;
      slots.push({ path: ["moodboard", i], spec: { kind: "moodboard", seed: `${kitId}:${idea.uuid}`, index: i, colors: palette, title: idea.brandName, subtitle: "" } });
      return IMAGE_LOADING;
    });
  }
  let thumbnailImages = parts.thumbnailImages;
  if (idea && palette) {
    const hasContent: Record<(typeof THUMBNAIL_SLIDES)[number], boolean> = { IDEA: true, MOODBOARD: moodboardImages.length > 0, MARKET_RESEARCH: parts.marketResearch.trim() !== "", PRODUCT_SKUS: productSkus.generations.length > 0 };
    thumbnailImages = [...parts.thumbnailImages];
    for (const key of THUMBNAIL_SLIDES) {
      const have = thumbnailImages.find((t) => t.key === key);
      if (!hasContent[key] || (have && have.value !== "" && have.value !== IMAGE_LOADING)) continue;
      const bg = slideColor(parts, key);
      slots.push({ path: ["thumbnail", key], spec: { kind: "thumbnail", seed: `${kitId}:${idea.uuid}:${key}`, index: SLIDE_KEYS.indexOf(key), colors: [bg, ...palette.filter((c) => c !== bg)].slice(0, 4), title: SLIDE_TABS[key], subtitle: `${idea.brandName}: ${idea.slogan}` } });
      if (have) have.value = IMAGE_LOADING;
      else thumbnailImages.push({ key, value: IMAGE_LOADING });
    }
  }
  return { parts: { ...parts, brandIdeas, productSkus, moodboardImages, thumbnailImages }, slots };
}

/** Draws the slots; a picture that fails becomes empty (001 §4) and its error is reported. */
export async function drawSlots(db: Queryable, slots: Slot[], report: (err: unknown, slot: Slot) => void, onDrawn?: (done: number) => Promise<void>): Promise<Map<Slot, string>> {
  const out = new Map<Slot, string>();
  for (const [i, slot] of slots.entries()) {
    let url: string | null = null;
    try {
      url = await renderArt(db, slot.spec);
    } catch (err) {
      report(err, slot);
    }
    out.set(slot, settleImage(url));
    await onDrawn?.(i + 1);
  }
  return out;
}

/** Puts drawn pictures into the kit as it now is, only where the slot still waits for them (LOADING). */
export function applyDrawn(parts: BrandKitParts, drawn: Map<Slot, string>): BrandKitParts {
  let next = parts;
  for (const [slot, url] of drawn) {
    const [kind] = slot.path;
    if (kind === "idea") {
      const [, uuid, i] = slot.path as ["idea", string, number];
      next = { ...next, brandIdeas: { ...next.brandIdeas, generations: next.brandIdeas.generations.map((g) => (g.uuid === uuid && g.images[i] === IMAGE_LOADING ? { ...g, images: g.images.map((im, j) => (j === i ? url : im)) } : g)) } };
    } else if (kind === "sku") {
      const [, uuid] = slot.path as ["sku", string];
      next = { ...next, productSkus: { ...next.productSkus, generations: next.productSkus.generations.map((s) => (s.uuid === uuid && s.image === IMAGE_LOADING ? { ...s, image: url } : s)) } };
    } else if (kind === "moodboard") {
      const [, i] = slot.path as ["moodboard", number];
      if (next.moodboardImages[i] === IMAGE_LOADING) next = { ...next, moodboardImages: next.moodboardImages.map((m, j) => (j === i ? url : m)) };
    } else {
      const [, key] = slot.path as ["thumbnail", SlideKey];
      next = { ...next, thumbnailImages: next.thumbnailImages.map((t) => (t.key === key && t.value === IMAGE_LOADING ? { ...t, value: url } : t)) };
    }
  }
  return next;
}
