import type { Audience, BrandIdea, BrandKitParts, GenerationType, ProductSku } from "@atelier/contracts/brand-kits";
import { mergeAudiences, mergeBrandIdeas, mergeMarketResearch, mergeProductSkus, selectedBrandIdea } from "@atelier/contracts/brand-kit-rules";
import type { Queryable } from "../../db/pool";
import { storeTitlesTaken } from "../../queries/store-names";
import { getCategoryMarket, supplierNamesInUse, type CategoryMarket } from "../marketplace/get-category-market";
import { MODEL_OUTPUTS, type KitWriter } from "./kit-writer";
import { drawAudience } from "./offline/audiences";
import { batchNameCandidates, drawBrandIdea, type KitInputs } from "./offline/brand-ideas";
import { writeMarketResearch } from "./offline/market-research";
import { drawProductSkus } from "./offline/product-skus";
import { rngFor } from "./offline/random";
import { themeFor } from "./offline/themes";

export const IDEAS_PER_BATCH = 3;
export const AUDIENCES_PER_BATCH = 3;

/** A generation's result, ready to merge by the rules of 001 §4. */
export type Generated =
  | { type: "BRAND_IDEA"; ideas: BrandIdea[] }
  | { type: "TARGET_AUDIENCE"; audiences: Audience[] }
  | { type: "PRODUCT_SKU"; skus: ProductSku[] }
  | { type: "MARKET_RESEARCH"; research: string };

export function kitInputs(kit: { id: string; category: string; productDescription: string }): KitInputs {
  return { kitId: kit.id, category: kit.category, productDescription: kit.productDescription, theme: themeFor(kit.category, kit.productDescription) };
}

/** The words the marketplace is searched with: the category and the theme's item nouns. */
export function marketWords(kit: KitInputs): string[] {
  return [kit.category, ...kit.theme.searchWords];
}

export function mergeGenerated(parts: BrandKitParts, g: Generated): BrandKitParts {
  if (g.type === "BRAND_IDEA") return mergeBrandIdeas(parts, g.ideas);
  if (g.type === "TARGET_AUDIENCE") return mergeAudiences(parts, g.audiences);
  if (g.type === "PRODUCT_SKU") return mergeProductSkus(parts, g.skus);
  return mergeMarketResearch(parts, g.research);
}

/** Names already used by a store or a listed supplier, lower-cased. */
async function takenNames(db: Queryable, candidates: string[]): Promise<Set<string>> {
  const [stores, suppliers] = await Promise.all([storeTitlesTaken(db, candidates), supplierNamesInUse(db, candidates)]);
  return new Set([...stores, ...suppliers]);
}

function marketFacts(m: CategoryMarket): string {
  return JSON.stringify({ supplierCount: m.supplierCount, unitPrice: m.unitPrice, samplePrice: m.samplePrice, moq: m.moq, productionDays: m.productionDays, tariffRatePercent: m.tariffRatePercent, topCountries: m.topCountries });
}

/**
 * Offline: drawn from (kit, slot, seed, inputs). A batch's seed is how many batches of its type
 * came before, so a second request adds new ideas and never redraws the first ones.
 */
export async function generateOffline(db: Queryable, kit: KitInputs, parts: BrandKitParts, type: GenerationType, now: Date): Promise<Generated> {
  const stamp = (i: number) => new Date(now.getTime() + i).toISOString();
  if (type === "BRAND_IDEA") {
    const first = parts.brandIdeas.generations.length;
    const indexes = Array.from({ length: IDEAS_PER_BATCH }, (_, i) => first + i);
    const taken = await takenNames(db, batchNameCandidates(kit, indexes, 0));
    for (const g of parts.brandIdeas.generations) taken.add(g.brandName.toLowerCase());
    const ideas: BrandIdea[] = [];
    for (const [i, index] of indexes.entries()) {
      const idea = drawBrandIdea(kit, index, stamp(i), taken);
      taken.add(idea.brandName.toLowerCase());
      ideas.push(idea);
    }
    return { type, ideas };
  }
  if (type === "TARGET_AUDIENCE") {
    const batch = Math.floor(parts.targetAudiences.generations.length / AUDIENCES_PER_BATCH);
    return { type, audiences: Array.from({ length: AUDIENCES_PER_BATCH }, (_, i) => drawAudience(kit, i, batch, stamp(i))) };
  }
  const market = await getCategoryMarket(db, marketWords(kit));
  const brandName = selectedBrandIdea(parts)?.brandName ?? null;
  if (type === "PRODUCT_SKU") return { type, skus: drawProductSkus(kit, brandName ?? kit.category, Math.floor(parts.productSkus.generations.length / 6), market) };
  return { type, research: writeMarketResearch(kit, brandName, market) };
}

/** With a model: the same shapes written by the model, with the marketplace's figures in the prompt. Throws on any failure. */
export async function generateWithModel(db: Queryable, writer: KitWriter, kit: KitInputs, parts: BrandKitParts, type: GenerationType, now: Date, signal?: AbortSignal): Promise<Generated> {
  const about = `Category: ${kit.category}. Product: ${kit.productDescription}.`;
  const rng = rngFor(kit.kitId, "model", type, now.toISOString());
  const stamp = (i: number) => new Date(now.getTime() + i).toISOString();
  if (type === "BRAND_IDEA") {
    const out = await writer.writeJson(`${about} Write 3 distinct brand ideas as {"ideas":[{"brandName","slogan","mission","valueProps":[3 strings],"colorPalette":[4 of {"hexCode":"#RRGGBB","name","description"}]}]}. The first palette colour must carry white text.`, MODEL_OUTPUTS.BRAND_IDEA, signal);
    return { type, ideas: out.ideas.map((idea, i) => ({ ...idea, uuid: rng.uuid(`idea-${i}`), createdAt: stamp(i), images: ["", "", "", ""], imagePrompts: [], imageTray: [] })) };
  }
  if (type === "TARGET_AUDIENCE") {
    const out = await writer.writeJson(`${about} Describe 3 target audiences as {"audiences":[{"name","description","persona":{"name","age","occupation","motivations":[],"painPoints":[],"channels":[]}}]}.`, MODEL_OUTPUTS.TARGET_AUDIENCE, signal);
    return { type, audiences: out.audiences.map((a, i) => ({ ...a, uuid: rng.uuid(`audience-${i}`), createdAt: stamp(i) })) };
  }
  const market = await getCategoryMarket(db, marketWords(kit));
  const brand = selectedBrandIdea(parts)?.brandName ?? kit.category;
  if (type === "PRODUCT_SKU") {
    const out = await writer.writeJson(`${about} Brand: ${brand}. Marketplace figures (unit prices in dollars): ${marketFacts(market)}. Suggest 6 products as {"skus":[{"title","description","suggestedRetailPrice","popularity":0-100}]} priced for a 60-70% gross margin on those unit costs.`, MODEL_OUTPUTS.PRODUCT_SKU, signal);
    return { type, skus: out.skus.map((s, i) => ({ ...s, uuid: rng.uuid(`sku-${i}`), image: "", imagePrompt: `Studio product photo of ${s.title}`, imageTray: [], estimatedUnitCost: market.unitPrice?.median ?? null })) };
  }
  const out = await writer.writeJson(`${about} Brand: ${brand}. Using only these marketplace figures ${marketFacts(market)}, write market research for the creator as {"marketResearch": "three short paragraphs"}.`, MODEL_OUTPUTS.MARKET_RESEARCH, signal);
  return { type, research: out.marketResearch };
}
