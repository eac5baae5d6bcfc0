import { z } from "zod";
import { defineContract } from "./contract";
import { emailSchema, idSchema } from "./domain";

// Business kits (001 §3 brand kit, brand idea generation, product SKU generation; §4 generation
// tasks; §7 kit calls; §9 constants). The kit is one document the editor holds and sends back
// whole; generation runs as background tasks whose results merge into it (brand-kit-rules.ts).

/** 001 §4 generation task types. */
export const GENERATION_TYPES = ["TARGET_AUDIENCE", "BRAND_IDEA", "PRODUCT_SKU", "MARKET_RESEARCH"] as const;
export type GenerationType = (typeof GENERATION_TYPES)[number];
/** 001 §4 task status. */
export const TASK_STATUSES = ["PENDING", "SUCCESS", "FAILURE"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** 001 §4 slide keys, in slide order (the PDF's page order). */
export const SLIDE_KEYS = ["IDEA", "MOODBOARD", "MARKET_RESEARCH", "PRODUCT_SKUS", "GET_STARTED"] as const;
export type SlideKey = (typeof SLIDE_KEYS)[number];
/** The editor's five tabs (001 §2), one per slide. */
export const SLIDE_TABS: Record<SlideKey, string> = { IDEA: "Idea", MOODBOARD: "Mood board", MARKET_RESEARCH: "Market research", PRODUCT_SKUS: "Product ideas", GET_STARTED: "Get started now!" };
/** 001 §2 flows. */
export const KIT_FLOW_STEPS = ["SELECT_CATEGORY", "VIEW_KIT"] as const;
export const SKU_FLOW_STEPS = ["SELECT_SKUS", "REVIEW_SKUS"] as const;

/** 001 §9 constants. */
export const BRAND_IDEA_IMAGES = 4;
export const MOODBOARD_IMAGES = 8;
export const VALUE_PROPS = 3;
export const PALETTE_COLOURS = 4;
export const DEFAULT_SELECTED_SKUS = 3;
export const KIT_LIST_SIZE = 9999;
export const PDF_PAGE_MARGIN = 40;
export const SLIDE_CAPTURE_SCALE = 2;
/** 001 §4: an image being generated holds this value; on failure it becomes empty. */
export const IMAGE_LOADING = "LOADING";
/** 001 §9: 10 pastel colours for tags without a colour of their own. */
export const FALLBACK_TAG_COLORS = ["#FDE2E4", "#E2ECE9", "#DFE7FD", "#FFF1C1", "#E8DFF5", "#FCE1D4", "#D7F2E3", "#DDEDEA", "#F9E0F0", "#E4F1FE"] as const;
/** 001 §9 default colours: black, white, grey, green, yellow, red-orange. */
export const DEFAULT_COLORS = [
  { name: "Black", hexCode: "#000000" },
  { name: "White", hexCode: "#FFFFFF" },
  { name: "Grey", hexCode: "#8C8C8C" },
  { name: "Green", hexCode: "#2E9E5B" },
  { name: "Yellow", hexCode: "#F5C518" },
  { name: "Red-orange", hexCode: "#F2542D" },
] as const;

/**
 * AI credits a generation takes when a language model writes it (a model costs the operator per
 * call); the offline generator is free. A failed generation gives its credits back.
 */
export const GENERATION_CREDITS: Record<GenerationType, number> = { TARGET_AUDIENCE: 2, BRAND_IDEA: 10, PRODUCT_SKU: 5, MARKET_RESEARCH: 3 };

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
export const hexSchema = z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1A2B3C").transform((s) => s.toUpperCase());
/** An image: an address, LOADING while it is drawn, or empty. */
const imageSchema = z.string().max(2000, "must be at most 2000 characters");

export const paletteColorSchema = z.object({ hexCode: hexSchema, name: text(60), description: text(300) });
export type PaletteColor = z.infer<typeof paletteColorSchema>;

export const brandIdeaSchema = z.object({
  uuid: idSchema,
  createdAt: z.string().max(40),
  brandName: text(80),
  slogan: text(200),
  mission: text(1000),
  valueProps: z.array(text(300)).length(VALUE_PROPS, `must have exactly ${VALUE_PROPS} value props`),
  colorPalette: z.array(paletteColorSchema).length(PALETTE_COLOURS, `must have exactly ${PALETTE_COLOURS} colours`),
  images: z.array(imageSchema).max(BRAND_IDEA_IMAGES, `must have at most ${BRAND_IDEA_IMAGES} images`),
  imagePrompts: z.array(text(500)).max(BRAND_IDEA_IMAGES),
  imageTray: z.array(imageSchema).max(40),
});
export type BrandIdea = z.infer<typeof brandIdeaSchema>;

export const personaSchema = z.object({
  name: text(80),
  age: z.number().int().min(13).max(100),
  occupation: text(120),
  motivations: z.array(text(200)).max(6),
  painPoints: z.array(text(200)).max(6),
  channels: z.array(text(60)).max(6),
});
export const audienceSchema = z.object({ uuid: idSchema, createdAt: z.string().max(40), name: text(120), description: text(1000), persona: personaSchema });
export type Audience = z.infer<typeof audienceSchema>;

export const productSkuSchema = z.object({
  uuid: idSchema,
  title: text(120),
  suggestedRetailPrice: z.number().min(0, "must be 0 or more").max(1_000_000),
  /** 0–100: how much interest the idea meets in the marketplace's own demand signals. */
  popularity: z.number().int().min(0).max(100),
  description: text(1000),
  image: imageSchema,
  imagePrompt: text(500),
  imageTray: z.array(imageSchema).max(40),
  /** What one unit costs from the marketplace's cheapest fitting supplier, in dollars; null when unknown. */
  estimatedUnitCost: z.number().min(0).nullable().default(null),
});
export type ProductSku = z.infer<typeof productSkuSchema>;

const keyValue = (value: z.ZodType<string>) => z.object({ key: z.enum(SLIDE_KEYS), value });

/** The generated and edited parts of a kit: what the editor sends back whole. */
export const brandKitPartsSchema = z.object({
  targetAudiences: z.object({ selectedUuid: idSchema.nullable(), generations: z.array(audienceSchema).max(50) }),
  brandIdeas: z.object({ selectedUuid: idSchema.nullable(), generations: z.array(brandIdeaSchema).max(50) }),
  moodboardImages: z.array(imageSchema).max(MOODBOARD_IMAGES, `must have at most ${MOODBOARD_IMAGES} images`),
  productSkus: z.object({ selectedUuids: z.array(idSchema).max(50), generations: z.array(productSkuSchema).max(100) }),
  marketResearch: text(20_000),
  slideColors: z.array(keyValue(hexSchema)).max(SLIDE_KEYS.length),
  thumbnailImages: z.array(keyValue(imageSchema)).max(SLIDE_KEYS.length),
});
export type BrandKitParts = z.infer<typeof brandKitPartsSchema>;

export const brandKitTaskSchema = z.object({
  id: z.string(),
  type: z.enum(GENERATION_TYPES),
  status: z.enum(TASK_STATUSES),
  jobId: z.string().nullable(),
  source: z.enum(["MODEL", "OFFLINE"]).nullable().describe("Who wrote it: the configured model or the offline generator"),
  creditsCharged: z.number().int(),
  creditsRefunded: z.boolean(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BrandKitTask = z.infer<typeof brandKitTaskSchema>;

export const brandKitSchema = brandKitPartsSchema.extend({
  id: z.string(),
  category: z.string(),
  productDescription: z.string(),
  isWaitlistSitePublished: z.boolean(),
  isArchived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The latest task of each type. */
  tasks: z.array(brandKitTaskSchema),
});
export type BrandKit = z.infer<typeof brandKitSchema>;

export const brandKitSummarySchema = z.object({
  id: z.string(),
  category: z.string(),
  productDescription: z.string(),
  brandName: z.string().nullable(),
  palette: z.array(z.string()),
  thumbnail: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BrandKitSummary = z.infer<typeof brandKitSummarySchema>;

const kitParams = z.strictObject({ id: idSchema.describe("The business kit's id") });
const categorySchema = text(120).min(1, "must not be empty");
const descriptionSchema = text(2000).min(1, "must not be empty");

/** 001 §9 built-in example kits. */
export const EXAMPLE_KITS = [
  { key: "coffee-and-tea", category: "Coffee & tea", productDescription: "Single-origin coffee and loose-leaf tea blends, roasted in small batches and sold by subscription." },
  { key: "activewear", category: "Activewear", productDescription: "Sweat-wicking leggings, sports bras and training tops made from recycled fabrics." },
  { key: "sauces-and-spices", category: "Sauces & spices", productDescription: "Small-batch hot sauces and spice rubs with bold, regional flavours." },
  { key: "mens-apparel", category: "Men's apparel", productDescription: "Everyday men's essentials: heavyweight tees, overshirts and chinos that last." },
] as const;
export type ExampleKitKey = (typeof EXAMPLE_KITS)[number]["key"];

export const listBrandKits = defineContract({
  id: "listBrandKits",
  method: "GET",
  path: "/web/brand-kits",
  summary: "The store's business kits, newest first (001 §7: isArchived false, size 9999, sort -createdAt); only kits with a category and a product description.",
  tags: ["brand-kits"],
  access: "user",
  query: z.strictObject({
    isArchived: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
    search: z.string().trim().max(100, "must be at most 100 characters").optional().describe("Words in the category, description or brand name"),
    sort: z.enum(["-createdAt", "createdAt"]).default("-createdAt"),
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    size: z.coerce.number().int().min(1).max(KIT_LIST_SIZE).default(KIT_LIST_SIZE),
  }),
  response: z.object({ list: z.array(brandKitSummarySchema), total: z.number().int(), page: z.number().int(), size: z.number().int() }),
});

export const listBrandKitExamples = defineContract({
  id: "listBrandKitExamples",
  method: "GET",
  path: "/web/brand-kits/-/examples",
  summary: "The four built-in example kits (coffee and tea, activewear, sauces and spices, men's apparel) to start from.",
  tags: ["brand-kits"],
  access: "user",
  response: z.object({ list: z.array(z.object({ key: z.string(), category: z.string(), productDescription: z.string() })) }),
});

export const createBrandKit = defineContract({
  id: "createBrandKit",
  method: "POST",
  path: "/web/brand-kits",
  summary: "Creates a business kit for a category and product description (or from a built-in example) and starts generating its four parts; answers its id.",
  tags: ["brand-kits"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.union([
    z.strictObject({ example: z.enum(EXAMPLE_KITS.map((e) => e.key) as [ExampleKitKey, ...ExampleKitKey[]]).describe("A built-in example kit to start from") }),
    z.strictObject({
      category: categorySchema.describe("The product category, e.g. Coffee & tea"),
      productDescription: descriptionSchema.describe("What the brand will sell, in a sentence or two"),
      generate: z.boolean().default(true).describe("Start generating audiences, brand ideas, product ideas and market research at once"),
    }),
  ]),
  response: z.object({ id: z.string() }),
});

export const getBrandKit = defineContract({
  id: "getBrandKit",
  method: "GET",
  path: "/web/brand-kits/:id",
  summary: "One business kit with every part and the latest generation task of each type.",
  tags: ["brand-kits"],
  access: "user",
  params: kitParams,
  response: brandKitSchema,
});

export const updateBrandKit = defineContract({
  id: "updateBrandKit",
  method: "PUT",
  path: "/web/brand-kits/:id",
  summary: "Saves the whole kit as edited (001 §7 'update by id with the full kit'): brand idea texts, palette, selections, research, SKUs, slide colours and the waitlist switch.",
  tags: ["brand-kits"],
  access: "user",
  params: kitParams,
  body: brandKitPartsSchema.extend({ category: categorySchema, productDescription: descriptionSchema, isWaitlistSitePublished: z.boolean() }).strict(),
  response: brandKitSchema,
  noToolReason: "Agents change one part at a time through select_brand_idea, regenerate_brand_idea_part and update_brand_kit_palette; the editor sends the whole kit.",
});

export const archiveBrandKit = defineContract({
  id: "archiveBrandKit",
  method: "DELETE",
  path: "/web/brand-kits/:id",
  summary: "Archives a business kit: it leaves the list and its share link stops working.",
  tags: ["brand-kits"],
  access: "user",
  params: kitParams,
  response: z.object({ id: z.string() }),
});

export const startBrandKitGeneration = defineContract({
  id: "startBrandKitGeneration",
  method: "POST",
  path: "/web/brand-kits/:id/generation-tasks",
  summary: "Starts background generation of the listed parts (TARGET_AUDIENCE, BRAND_IDEA, PRODUCT_SKU, MARKET_RESEARCH); reset true clears the parts first (a full reset). With a model configured each type takes AI credits, given back if it fails.",
  tags: ["brand-kits"],
  access: "user",
  idempotent: true,
  params: kitParams,
  body: z.strictObject({
    types: z.array(z.enum(GENERATION_TYPES)).min(1, "must name at least one part to generate").max(4),
    reset: z.boolean().default(false).describe("Clear every part and regenerate all four (a full reset)"),
  }),
  response: z.object({ tasks: z.array(brandKitTaskSchema) }),
});

export const cancelBrandKitGeneration = defineContract({
  id: "cancelBrandKitGeneration",
  method: "POST",
  path: "/web/brand-kits/:id/generation-tasks/-/cancel",
  summary: "Cancels the kit's pending generation of the listed types (001 §7 'cancel generation tasks for a kit, with a types list').",
  tags: ["brand-kits"],
  access: "user",
  params: kitParams,
  body: z.strictObject({ types: z.array(z.enum(GENERATION_TYPES)).min(1, "must name at least one part").max(4) }),
  response: z.object({ tasks: z.array(brandKitTaskSchema) }),
});

export const BRAND_IDEA_PARTS = ["brandName", "slogan", "mission", "valueProps", "colorPalette", "images"] as const;
export type BrandIdeaPart = (typeof BRAND_IDEA_PARTS)[number];

export const regenerateBrandIdeaPart = defineContract({
  id: "regenerateBrandIdeaPart",
  method: "POST",
  path: "/web/brand-kits/:id/brand-ideas/:uuid/regenerate",
  summary: "Draws one part of one brand idea again (name, slogan, mission, value props, palette or images) and leaves every other part as it was; a palette can be asked darker or lighter.",
  tags: ["brand-kits"],
  access: "user",
  idempotent: true,
  params: z.strictObject({ id: idSchema, uuid: idSchema.describe("The brand idea's uuid") }),
  body: z.strictObject({
    part: z.enum(BRAND_IDEA_PARTS).describe("Which part to draw again"),
    tone: z.enum(["darker", "lighter", "warmer", "cooler"]).optional().describe("For the palette: which way to move it"),
  }),
  response: brandKitSchema,
});

export const selectBrandIdea = defineContract({
  id: "selectBrandIdea",
  method: "POST",
  path: "/web/brand-kits/:id/brand-ideas/:uuid/select",
  summary: "Makes one brand idea the kit's own: resets the mood board, product ideas, market research and thumbnails, sets the slide colour to its first palette colour and regenerates product ideas and research.",
  tags: ["brand-kits"],
  access: "user",
  params: z.strictObject({ id: idSchema, uuid: idSchema.describe("The brand idea's uuid") }),
  response: brandKitSchema,
});

export const updateBrandKitPalette = defineContract({
  id: "updateBrandKitPalette",
  method: "POST",
  path: "/web/brand-kits/:id/brand-ideas/:uuid/palette",
  summary: "Changes one palette colour of a brand idea (hex, name or description); a slide colour that held the old hex follows it.",
  tags: ["brand-kits"],
  access: "user",
  params: z.strictObject({ id: idSchema, uuid: idSchema }),
  body: z.strictObject({
    index: z.number().int().min(0).max(PALETTE_COLOURS - 1).describe("Which colour, 0 to 3"),
    hexCode: hexSchema.optional(),
    name: text(60).optional(),
    description: text(300).optional(),
  }),
  response: brandKitSchema,
});

export const skuMatchSchema = z.object({
  itemId: z.string(),
  title: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  countryCode: z.string(),
  unitPriceMin: z.number().nullable(),
  unitPriceMax: z.number().nullable(),
  moq: z.number().int().nullable(),
  samplePrice: z.number().nullable(),
  tariffRatePercent: z.number(),
  /** Unit cost with the import duty on top, in dollars. */
  landedUnitCost: z.number().nullable(),
});
export type SkuMatch = z.infer<typeof skuMatchSchema>;

export const listBrandKitSkuMatches = defineContract({
  id: "listBrandKitSkuMatches",
  method: "GET",
  path: "/web/brand-kits/:id/product-skus/:uuid/matches",
  summary: "Catalog items and suppliers that can make one product idea of the kit, cheapest landed cost first, with MOQ, sample price and tariff.",
  tags: ["brand-kits"],
  access: "user",
  params: z.strictObject({ id: idSchema, uuid: idSchema.describe("The product idea's uuid") }),
  query: z.strictObject({ maxUnitCost: z.coerce.number().min(0).max(100000).optional().describe("Only matches whose unit cost is at most this many dollars") }),
  response: z.object({ list: z.array(skuMatchSchema) }),
});

export const publicBrandKitSchema = brandKitPartsSchema.pick({ brandIdeas: true, moodboardImages: true, productSkus: true, marketResearch: true, slideColors: true, thumbnailImages: true }).extend({
  id: z.string(),
  category: z.string(),
  productDescription: z.string(),
  isWaitlistSitePublished: z.boolean(),
  storeName: z.string(),
});
export type PublicBrandKit = z.infer<typeof publicBrandKitSchema>;

export const getPublicBrandKit = defineContract({
  id: "getPublicBrandKit",
  method: "GET",
  path: "/app/brand-kits/:id",
  summary: "A shared business kit as anyone with its link sees it (/bk/:id); archived kits are not found.",
  tags: ["brand-kits"],
  access: "public",
  params: kitParams,
  response: publicBrandKitSchema,
  noToolReason: "The share page is for visitors; the store's assistant reads its own kits with get_brand_kit.",
});

export const joinBrandKitWaitlist = defineContract({
  id: "joinBrandKitWaitlist",
  method: "POST",
  path: "/app/brand-kits/:id/waitlist",
  summary: "Signs an e-mail up to a published kit's waitlist site; signing up twice is answered the same.",
  tags: ["brand-kits"],
  access: "public",
  params: kitParams,
  body: z.strictObject({ email: emailSchema }),
  response: z.object({ joined: z.literal(true) }),
  noToolReason: "Visitors of the public waitlist page sign up themselves; the store's assistant reads the list with list_brand_kit_waitlist.",
});

export const listBrandKitWaitlist = defineContract({
  id: "listBrandKitWaitlist",
  method: "GET",
  path: "/web/brand-kits/:id/waitlist",
  summary: "Who signed up on a kit's waitlist site, newest first.",
  tags: ["brand-kits"],
  access: "user",
  params: kitParams,
  query: z.strictObject({ page: z.coerce.number().int().min(0).max(100_000).default(0), size: z.coerce.number().int().min(1).max(100).default(20) }),
  response: z.object({ list: z.array(z.object({ email: z.string(), createdAt: z.string() })), total: z.number().int(), page: z.number().int(), size: z.number().int() }),
});

/** The PDF's file name (001 §9: brand name plus "Business Kit.pdf"). */
export function brandKitPdfFileName(brandName: string | null | undefined): string {
  const name = (brandName ?? "").replace(/[\\/:*?"<>|\r\n]+/g, " ").trim();
  return `${name || "Brand"} Business Kit.pdf`;
}
