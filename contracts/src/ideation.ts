import { z } from "zod";
import { defineContract } from "./contract";
import { EMAIL_PATTERN, idSchema, pageOf, pageQuery } from "./domain";

// Product ideation (issue 19; 001 §1 product ideation projects, §2 /product-ideation/{id} opened
// after a project is created or the latest active one is chosen, §4 projects: on load an empty one
// is created when none is active, archiving removes it from the list; 000 §7 /web/ai-ideas…,
// PUT /web/crowdfunding/idea/send-submitted-email-to-self).

/** Product ideas written per round. */
export const IDEAS_PER_ROUND = 6;
/** Rounds a store may write each day (UTC) without credits. */
export const FREE_IDEA_ROUNDS_PER_DAY = 5;
/** What a round costs once the free rounds are used. */
export const CREDITS_PER_IDEA_ROUND = 5;
/** Ideas a creator may pick for one ideation (and carry to a crowdfunding page). */
export const MAX_SELECTED_IDEAS = 6;

export const IDEATION_SORTS = ["-updatedAt", "-createdAt", "title"] as const;
export const IDEATION_SORT_LABELS: Record<(typeof IDEATION_SORTS)[number], string> = { "-updatedAt": "Recently changed", "-createdAt": "Newest first", title: "Name (A–Z)" };

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

export const matchingItemSchema = z.object({
  itemId: z.string(),
  title: z.string(),
  supplierName: z.string(),
  /** Dollars a unit, lowest tier; null when the listing shows no price. */
  unitPrice: z.number().nullable(),
  moq: z.number().int().nullable(),
});

/** One generated product idea, with the marketplace's figures it was written from. */
export const productIdeaSchema = z.object({
  uuid: z.string(),
  title: z.string(),
  description: z.string(),
  /** Why it can sell, from the marketplace's supply and the creator's brief. */
  whyItSells: z.string(),
  /** Landed dollars a unit (unit price plus US duty) at the marketplace's median; null when nothing similar is listed. */
  estimatedUnitCost: z.number().nullable(),
  suggestedRetailPrice: z.number(),
  /** Gross margin at the suggested price, in percent; null without a unit cost. */
  marginPercent: z.number().nullable(),
  /** The lowest minimum order among similar listings. */
  moq: z.number().int().nullable(),
  /** Distinct marketplace suppliers making something similar. */
  suppliers: z.number().int(),
  productionDays: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
  /** 0–100, from supply depth and fit with the brief. */
  popularity: z.number().int(),
  matchingItems: z.array(matchingItemSchema),
  /** The language model that wrote the idea's words; absent when the offline writer wrote it. */
  writtenBy: z.string().optional(),
  createdAt: z.string(),
});
export type ProductIdea = z.infer<typeof productIdeaSchema>;

export const ideationCostSchema = z.object({
  /** What the next round costs: 0 while today's free rounds remain. */
  nextRoundCredits: z.number().int(),
  /** Free rounds the store has left today. */
  freeRoundsLeft: z.number().int(),
  /** The store's AI-credit balance. */
  creditBalance: z.number().int(),
});

export const ideationSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** What the creator wants to make, in their words. */
  prompt: z.string(),
  category: z.string(),
  /** The most the creator wants to pay a unit, in dollars; null for no limit. */
  maxUnitCost: z.number().nullable(),
  /** Every idea generated so far, newest round first. */
  ideas: z.array(productIdeaSchema),
  selectedProductIds: z.array(z.string()),
  generationCount: z.number().int(),
  submittedAt: z.string().nullable(),
  isPublic: z.boolean(),
  pitch: z.string(),
  /** Dollars the creator wants to raise; null before submitting. */
  fundingGoal: z.number().nullable(),
  isArchived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  cost: ideationCostSchema,
});
export type Ideation = z.infer<typeof ideationSchema>;

/** A round's answer: the ideation, and a sentence when the configured model failed and the offline writer wrote the round. */
export const generatedIdeationSchema = ideationSchema.extend({ notice: z.string().nullable() });
export type GeneratedIdeation = z.infer<typeof generatedIdeationSchema>;

export const ideationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  prompt: z.string(),
  category: z.string(),
  ideaCount: z.number().int(),
  /** Titles of the picked ideas, in the order they were picked. */
  selectedTitles: z.array(z.string()),
  submittedAt: z.string().nullable(),
  isPublic: z.boolean(),
  isArchived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IdeationSummary = z.infer<typeof ideationSummarySchema>;

const ideationFields = {
  title: text(120).describe("A name for the ideation; taken from the prompt when left empty"),
  prompt: text(1000).describe("What the creator wants to make, e.g. eco-friendly dog toys for city apartments"),
  category: text(120).describe("A kind of product, e.g. Pet supplies"),
  maxUnitCost: z.number().positive("must be above zero").max(100_000, "must be at most 100000").nullable().describe("The most to pay a unit, in dollars; null for no limit"),
};

const params = z.strictObject({ id: idSchema.describe("The ideation's id") });

export const listAiIdeas = defineContract({
  id: "listAiIdeas",
  method: "GET",
  path: "/web/ai-ideas",
  summary: "The store's saved ideations (/your-ideations), searched by name, prompt or category, sorted and paged; archived ones only with includeArchived.",
  tags: ["ideation"],
  access: "user",
  query: z.strictObject({
    search: text(100).optional(),
    sort: z.enum(IDEATION_SORTS).default("-updatedAt"),
    includeArchived: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
    ...pageQuery,
  }),
  response: pageOf(ideationSummarySchema),
});

export const createAiIdea = defineContract({
  id: "createAiIdea",
  method: "POST",
  path: "/web/ai-ideas",
  summary: "Starts a new ideation; every field is optional.",
  tags: ["ideation"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({ title: ideationFields.title.optional(), prompt: ideationFields.prompt.optional(), category: ideationFields.category.optional(), maxUnitCost: ideationFields.maxUnitCost.optional() }).optional(),
  response: ideationSchema,
});

export const openAiIdea = defineContract({
  id: "openAiIdea",
  method: "POST",
  path: "/web/ai-ideas/-/open",
  summary: "What /product-ideation opens on load: the most recently changed active ideation, or a new empty one when none is active (preview accounts get null instead of a new one).",
  tags: ["ideation"],
  access: "user",
  previewAllowed: true,
  noToolReason: "What the ideation screen does on load; agents list, create and open ideations explicitly.",
  response: z.object({ ideation: ideationSchema.nullable(), created: z.boolean() }),
});

export const listPublicAiIdeas = defineContract({
  id: "listPublicAiIdeas",
  method: "GET",
  path: "/web/ai-ideas/-/public",
  summary: "Ideas creators submitted for crowdfunding and chose to show to everyone, newest first, searched by name or pitch, paged.",
  tags: ["ideation"],
  access: "user",
  query: z.strictObject({ search: text(100).optional(), ...pageQuery }),
  response: pageOf(
    z.object({
      id: z.string(),
      title: z.string(),
      pitch: z.string(),
      fundingGoal: z.number().nullable(),
      storeName: z.string(),
      products: z.array(z.object({ title: z.string(), suggestedRetailPrice: z.number() })),
      submittedAt: z.string(),
    }),
  ),
});

export const getAiIdea = defineContract({
  id: "getAiIdea",
  method: "GET",
  path: "/web/ai-ideas/:id",
  summary: "One ideation of the store with its generated product ideas, the picked ones and what the next round costs.",
  tags: ["ideation"],
  access: "user",
  params,
  response: ideationSchema,
});

export const updateAiIdea = defineContract({
  id: "updateAiIdea",
  method: "PUT",
  path: "/web/ai-ideas/:id",
  summary: "Changes an ideation's name, prompt, category or unit-cost limit; isArchived true archives it (it leaves the list).",
  tags: ["ideation"],
  access: "user",
  idempotent: true,
  params,
  body: z
    .strictObject({ ...Object.fromEntries(Object.entries(ideationFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof ideationFields]: z.ZodOptional<(typeof ideationFields)[K]> }, isArchived: z.boolean().optional() })
    .refine((v) => Object.values(v).some((x) => x !== undefined), "must set at least one field"),
  response: ideationSchema,
});

export const generateAiIdeas = defineContract({
  id: "generateAiIdeas",
  method: "POST",
  path: "/web/ai-ideas/:id/generate",
  summary: `Writes ${IDEAS_PER_ROUND} product ideas for the ideation's prompt, costed from the marketplace's own listings (unit cost, duty, MOQ, suppliers). A store's first ${FREE_IDEA_ROUNDS_PER_DAY} rounds each day are free; after them a round costs ${CREDITS_PER_IDEA_ROUND} AI credits, charged once per Idempotency-Key and given back if writing fails (confirm the amount first).`,
  tags: ["ideation"],
  access: "user",
  status: 201,
  idempotent: true,
  params,
  body: z.strictObject({
    prompt: ideationFields.prompt.optional().describe("What to make; the saved prompt when left out"),
    confirmCredits: z.number().int("must be a whole number").min(0, "must not be negative").optional().describe("The credits the person agreed to spend on this round; required when the round is not free"),
  }),
  response: generatedIdeationSchema,
});

export const selectAiIdeaProducts = defineContract({
  id: "selectAiIdeaProducts",
  method: "PUT",
  path: "/web/ai-ideas/:id/selected-product-ids",
  summary: `Sets which generated product ideas the creator picked (their uuids, in order, at most ${MAX_SELECTED_IDEAS}).`,
  tags: ["ideation"],
  access: "user",
  idempotent: true,
  params,
  body: z.strictObject({ selectedProductIds: z.array(z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters")).max(MAX_SELECTED_IDEAS, `must have at most ${MAX_SELECTED_IDEAS} ideas`) }),
  response: ideationSchema,
});

export const submitAiIdea = defineContract({
  id: "submitAiIdea",
  method: "PUT",
  path: "/web/ai-ideas/:id/submited",
  summary: "Submits an ideation with at least one picked idea for crowdfunding (/crowdfund-your-idea): a pitch and a funding goal in dollars; isPublic shows it in the public ideas. Submitting again updates the pitch.",
  tags: ["ideation"],
  access: "user",
  idempotent: true,
  params,
  body: z.strictObject({
    pitch: z.string().trim().min(20, "must be at least 20 characters: say who it is for and why it matters").max(2000, "must be at most 2000 characters"),
    fundingGoal: z.number().min(100, "must be at least 100").max(1_000_000, "must be at most 1000000").describe("Dollars to raise"),
    isPublic: z.boolean().default(false),
  }),
  response: ideationSchema,
});

export const sendCrowdfundingEmailToSelf = defineContract({
  id: "sendCrowdfundingEmailToSelf",
  method: "PUT",
  path: "/web/crowdfunding/idea/send-submitted-email-to-self",
  summary: "E-mails the submitted idea's crowdfunding summary (pitch, goal, products with prices and costs) to the signed-in person's own address. confirmRecipient must be that address, as shown to them before sending.",
  tags: ["ideation"],
  access: "user",
  idempotent: true,
  body: z.strictObject({
    ideaId: idSchema.describe("The submitted ideation"),
    confirmRecipient: z.string().trim().max(254, "must be at most 254 characters").regex(EMAIL_PATTERN, "must be an e-mail address").describe("The address the person agreed to send to: their own"),
  }),
  response: z.object({ sentTo: z.string(), subject: z.string() }),
});

export const bulkUpdateAiIdeas = defineContract({
  id: "bulkUpdateAiIdeas",
  method: "POST",
  path: "/web/ai-ideas/bulk",
  summary: "Archives or restores several ideations at once (/your-ideations). Every id must be the store's.",
  tags: ["ideation"],
  access: "user",
  idempotent: true,
  body: z.strictObject({ ids: z.array(idSchema).min(1, "must name at least one ideation").max(100, "must have at most 100 ideations"), isArchived: z.boolean() }),
  response: z.object({ updated: z.number().int() }),
});
