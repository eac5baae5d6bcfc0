import { describe, expect, it } from "vitest";
import { completeness, editPaletteHex, emptyParts, fullReset, mergeAudiences, mergeBrandIdeas, mergeMarketResearch, mergeProductSkus, selectIdea, settleImage, thumbnailsComplete } from "../src/brand-kit-rules";
import type { Audience, BrandIdea, BrandKitParts, ProductSku } from "../src/brand-kits";

const u = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const idea = (n: number, createdAt: string, images: string[] = ["", "", "", ""]): BrandIdea => ({
  uuid: u(n), createdAt, brandName: `Brand ${n}`, slogan: "s", mission: "m", valueProps: ["a", "b", "c"],
  colorPalette: [{ hexCode: `#11111${n}`, name: "A", description: "" }, { hexCode: "#222222", name: "B", description: "" }, { hexCode: "#333333", name: "C", description: "" }, { hexCode: "#444444", name: "D", description: "" }],
  images, imagePrompts: [], imageTray: [],
});
const sku = (n: number, image = ""): ProductSku => ({ uuid: u(100 + n), title: `SKU ${n}`, suggestedRetailPrice: 10, popularity: 50, description: "", image, imagePrompt: "", imageTray: [], estimatedUnitCost: null });
const audience = (n: number, createdAt: string): Audience => ({ uuid: u(200 + n), createdAt, name: `A${n}`, description: "", persona: { name: "P", age: 30, occupation: "x", motivations: [], painPoints: [], channels: [] } });
const img = "/rest/main/app/brand-kit-art/x.png";

describe("001 §4 merge rules", () => {
  it("merges with existing generations and is deduplicated by uuid", () => {
    const once = mergeBrandIdeas(emptyParts(), [idea(1, "2026-01-01")]);
    expect(mergeBrandIdeas(once, [idea(1, "2026-01-01"), idea(2, "2026-01-02")]).brandIdeas.generations.map((g) => g.uuid)).toEqual([u(1), u(2)]);
  });
  it("SKUs: the first 3 are selected if none were selected before, and missing images are generated", () => {
    const merged = mergeProductSkus(emptyParts(), [sku(1), sku(2), sku(3), sku(4, img)]);
    expect(merged.productSkus.selectedUuids).toEqual([u(101), u(102), u(103)]);
    expect(merged.productSkus.generations.map((s) => s.image)).toEqual(["LOADING", "LOADING", "LOADING", img]);
    const kept = mergeProductSkus({ ...merged, productSkus: { ...merged.productSkus, selectedUuids: [u(104)] } }, [sku(5)]);
    expect(kept.productSkus.selectedUuids).toEqual([u(104)]);
  });
  it("Brand ideas: sorted oldest first. The first is selected if none was. Missing images are generated for every idea", () => {
    const merged = mergeBrandIdeas(emptyParts(), [idea(2, "2026-01-02"), idea(1, "2026-01-01", [img])]);
    expect(merged.brandIdeas.generations.map((g) => g.uuid)).toEqual([u(1), u(2)]);
    expect(merged.brandIdeas.selectedUuid).toBe(u(1));
    expect(merged.brandIdeas.generations[0]!.images).toEqual([img, "LOADING", "LOADING", "LOADING"]);
    expect(merged.brandIdeas.generations[1]!.images).toEqual(["LOADING", "LOADING", "LOADING", "LOADING"]);
    expect(mergeBrandIdeas({ ...merged, brandIdeas: { ...merged.brandIdeas, selectedUuid: u(2) } }, [idea(3, "2026-01-03")]).brandIdeas.selectedUuid).toBe(u(2));
  });
  it("Audiences: sorted newest first. The first is selected by default", () => {
    const merged = mergeAudiences(emptyParts(), [audience(1, "2026-01-01"), audience(2, "2026-01-02")]);
    expect(merged.targetAudiences.generations.map((a) => a.uuid)).toEqual([u(202), u(201)]);
    expect(merged.targetAudiences.selectedUuid).toBe(u(202));
  });
  it("Market research: stored only if none exists yet", () => {
    const first = mergeMarketResearch(emptyParts(), "First");
    expect(mergeMarketResearch(first, "Second").marketResearch).toBe("First");
  });
});

describe("001 §4 image placeholder", () => {
  it("While an image is generating, its value is LOADING; on failure it becomes empty", () => {
    expect(mergeProductSkus(emptyParts(), [sku(1)]).productSkus.generations[0]!.image).toBe("LOADING");
    expect(settleImage(null)).toBe("");
    expect(settleImage(img)).toBe(img);
  });
});

describe("001 §4 kit resets", () => {
  const withIdeas = (): BrandKitParts => ({
    ...mergeProductSkus(mergeBrandIdeas(emptyParts(), [idea(1, "2026-01-01"), idea(2, "2026-01-02")]), [sku(1)]),
    moodboardImages: [img], marketResearch: "text", thumbnailImages: [{ key: "IDEA", value: img }], slideColors: [{ key: "IDEA", value: "#111111" }],
  });
  it("Changing the selected brand idea resets the moodboard, SKUs, market research and thumbnails, sets the slide colour to the first palette colour and re-requests SKU and market research generation", () => {
    const { parts, regenerate } = selectIdea(withIdeas(), u(2));
    expect(parts.brandIdeas.selectedUuid).toBe(u(2));
    expect(parts).toMatchObject({ moodboardImages: [], productSkus: { selectedUuids: [], generations: [] }, marketResearch: "", thumbnailImages: [] });
    expect(new Set(parts.slideColors.map((s) => s.value))).toEqual(new Set(["#111112"]));
    expect(regenerate).toEqual(["PRODUCT_SKU", "MARKET_RESEARCH"]);
  });
  it("A full reset clears all kit parts and regenerates all four types", () => {
    expect(fullReset()).toEqual({ parts: emptyParts(), regenerate: ["TARGET_AUDIENCE", "BRAND_IDEA", "PRODUCT_SKU", "MARKET_RESEARCH"] });
  });
  it("Editing a palette hex code also updates any slide colour that held the old value", () => {
    const parts = { ...withIdeas(), slideColors: [{ key: "IDEA" as const, value: "#111111" }, { key: "MOODBOARD" as const, value: "#222222" }] };
    const next = editPaletteHex(parts, u(1), 0, "#abcdef");
    expect(next.brandIdeas.generations[0]!.colorPalette[0]!.hexCode).toBe("#ABCDEF");
    expect(next.slideColors).toEqual([{ key: "IDEA", value: "#ABCDEF" }, { key: "MOODBOARD", value: "#222222" }]);
  });
});

describe("001 §5 completeness", () => {
  it("is incomplete with the spec's prompts, and complete when all four sections are", () => {
    const empty = completeness(emptyParts());
    expect(empty.complete).toBe(false);
    expect(empty.sections.IDEA.prompt).toBe("Please add brand images");
    expect(empty.sections.MOODBOARD.prompt).toBe("Please add moodboard images");
    expect(empty.sections.PRODUCT_SKUS.prompt).toBe("Please select your product idea(s)");
    const full: BrandKitParts = {
      ...mergeProductSkus(mergeBrandIdeas(emptyParts(), [idea(1, "2026-01-01", [img, img, img, img])]), [sku(1, img)]),
      moodboardImages: Array(8).fill(img), marketResearch: "Some research",
    };
    expect(completeness(full)).toMatchObject({ complete: true, sections: { IDEA: { complete: true, prompt: null } } });
    // Idea section needs exactly 4 images; mood board exactly 8; no selected SKU image still loading.
    expect(completeness({ ...full, moodboardImages: Array(7).fill(img) }).sections.MOODBOARD.complete).toBe(false);
    expect(completeness({ ...full, productSkus: { ...full.productSkus, generations: [sku(1, "LOADING")] } }).sections.PRODUCT_SKUS.complete).toBe(false);
    expect(completeness({ ...full, marketResearch: "  " }).sections.MARKET_RESEARCH.complete).toBe(false);
  });
  it("Thumbnails are complete only when every slide except Get started has one", () => {
    const keys = ["IDEA", "MOODBOARD", "MARKET_RESEARCH", "PRODUCT_SKUS"] as const;
    expect(thumbnailsComplete({ ...emptyParts(), thumbnailImages: keys.map((key) => ({ key, value: img })) })).toBe(true);
    expect(thumbnailsComplete({ ...emptyParts(), thumbnailImages: keys.slice(0, 3).map((key) => ({ key, value: img })) })).toBe(false);
  });
});
