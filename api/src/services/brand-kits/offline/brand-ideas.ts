import type { BrandIdea, BrandIdeaPart } from "@atelier/contracts/brand-kits";
import { drawPalette, type PaletteTone } from "./palette";
import { rngFor, type Rng } from "./random";
import { ADVERBS, NAME_SUFFIXES, SLOGAN_PATTERNS, type Theme } from "./themes";

export type KitInputs = { kitId: string; category: string; productDescription: string; theme: Theme };

/** A slot's seed key: each part of each idea draws from its own key, so parts regenerate alone. */
export const ideaKey = (kit: KitInputs, index: number, part: BrandIdeaPart, seed: number) => rngFor(kit.kitId, "brand-idea", index, part, seed, kit.category, kit.productDescription);

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Candidate names: root + suffix ("Emberly"), two roots ("Leaf & Kettle") or adjective + noun ("Slow Morning"). */
export function nameCandidates(rng: Rng, theme: Theme, count: number): string[] {
  const out = new Set<string>();
  let guard = 0;
  while (out.size < count && guard++ < count * 10) {
    const form = rng.int(0, 2);
    const root = rng.pick(theme.roots);
    if (form === 0) {
      const suffix = rng.pick(NAME_SUFFIXES);
      const stem = /[aeiouy]$/i.test(root) && /^[aeiou]/i.test(suffix) ? root.slice(0, -1) : root;
      out.add(suffix.startsWith("&") ? `${root} ${suffix}` : `${stem}${suffix}`);
    } else if (form === 1) {
      const other = rng.pick(theme.roots.filter((r) => r !== root));
      out.add(`${root} & ${other}`);
    } else out.add(`${rng.pick(theme.adjectives)} ${cap(rng.pick(theme.nouns))}`);
  }
  return [...out];
}

function slogan(rng: Rng, theme: Theme): string {
  const pattern = rng.pick(SLOGAN_PATTERNS);
  const verb = rng.pick(theme.verbs);
  return pattern
    .replace("{Verb}", cap(verb))
    .replace("{verb}", verb.split(" ")[0]!)
    .replace("{adverb}", rng.pick(ADVERBS))
    .replace("{Adjective}", rng.pick(theme.adjectives))
    .replace("{adjective}", rng.pick(theme.adjectives).toLowerCase())
    .replace("{Noun}", cap(rng.pick(theme.nouns)))
    .replace(/\{noun\}/g, rng.pick(theme.nouns));
}

function mission(rng: Rng, kit: KitInputs, name: string): string {
  const what = kit.productDescription.replace(/\.$/, "").toLowerCase();
  const value = rng.pick(kit.theme.values).toLowerCase();
  const verb = rng.pick(kit.theme.verbs);
  const openers = [
    `${name} exists to help people ${verb} with ${what}`,
    `At ${name} we make ${what} for people who care how things are made`,
    `${name} brings ${what} to everyone who wants to ${verb} a little better`,
  ];
  return `${rng.pick(openers)}: ${value}, and nothing we wouldn't use ourselves.`;
}

/** A value prop: the theme's promise with a concrete proof. */
function valueProps(rng: Rng, theme: Theme): string[] {
  return rng.sample(theme.values, 3);
}

function imagePrompts(name: string, kit: KitInputs, palette: BrandIdea["colorPalette"]): string[] {
  const colours = palette.map((c) => c.name.toLowerCase()).join(", ");
  return [
    `Logo mark for ${name}, a ${kit.category.toLowerCase()} brand, flat vector, ${colours}`,
    `Product packaging for ${name} on a plain background, ${colours}`,
    `Lifestyle photo of ${kit.productDescription.toLowerCase()} in use, soft daylight`,
    `Social post for ${name} with the slogan, bold type, ${colours}`,
  ];
}

/** One part of the idea in slot `index`, drawn from its own seed. */
export function drawIdeaPart<P extends BrandIdeaPart>(kit: KitInputs, index: number, part: P, seed: number, taken: ReadonlySet<string>, tone?: PaletteTone): Partial<BrandIdea> {
  const rng = ideaKey(kit, index, part, seed);
  switch (part) {
    case "brandName": {
      const names = nameCandidates(rng, kit.theme, 12);
      return { brandName: names.find((n) => !taken.has(n.toLowerCase())) ?? `${names[0]} Studio` };
    }
    case "slogan":
      return { slogan: slogan(rng, kit.theme) };
    case "valueProps":
      return { valueProps: valueProps(rng, kit.theme) };
    case "colorPalette":
      return { colorPalette: drawPalette(rng, kit.theme.hues, tone) };
    default:
      return {};
  }
}

/** Brand idea `index` of a kit with every part at seed 0 (images left to draw: empty slots). */
export function drawBrandIdea(kit: KitInputs, index: number, createdAt: string, taken: ReadonlySet<string>, seed = 0): BrandIdea {
  const uuid = rngFor(kit.kitId, "brand-idea-uuid", index, seed).uuid("idea");
  const brandName = drawIdeaPart(kit, index, "brandName", seed, taken).brandName!;
  const colorPalette = drawIdeaPart(kit, index, "colorPalette", seed, taken).colorPalette!;
  return {
    uuid,
    createdAt,
    brandName,
    slogan: drawIdeaPart(kit, index, "slogan", seed, taken).slogan!,
    mission: mission(ideaKey(kit, index, "mission", seed), kit, brandName),
    valueProps: drawIdeaPart(kit, index, "valueProps", seed, taken).valueProps!,
    colorPalette,
    images: ["", "", "", ""],
    imagePrompts: imagePrompts(brandName, kit, colorPalette),
    imageTray: [],
  };
}

/** A mission drawn again for an idea (its name is kept). */
export function drawMission(kit: KitInputs, index: number, seed: number, brandName: string): string {
  return mission(ideaKey(kit, index, "mission", seed), kit, brandName);
}

/** The names every idea of a batch would take, to check them against stores and suppliers in one query. */
export function batchNameCandidates(kit: KitInputs, indexes: readonly number[], seed: number): string[] {
  return indexes.flatMap((i) => nameCandidates(ideaKey(kit, i, "brandName", seed), kit.theme, 12));
}
