import { z } from "zod";
import { defineContract } from "./contract";
import { idSchema, pageOf, pageQuery } from "./domain";

// AI product design and the image gallery (issue 19; 001 §2 the design modal starts at PROMPT,
// §3 product design state and OpenAI design state, §7 image generation, §9 image candidates per
// request 4 and default design model OPENAI; 000 §7 commons AI image generation and /web/images).

/** 001 §9. */
export const IMAGE_CANDIDATES_PER_REQUEST = 4;
export const DESIGN_MODELS = ["AMAZON", "OPENAI"] as const;
export type DesignModel = (typeof DESIGN_MODELS)[number];
export const DEFAULT_DESIGN_MODEL: DesignModel = "OPENAI";
export const DESIGN_STEPS = ["PROMPT", "RESULTS", "SAVED"] as const;
export type DesignStep = (typeof DESIGN_STEPS)[number];
export const DESIGN_MODEL_LABELS: Record<DesignModel, string> = { OPENAI: "AI image model", AMAZON: "Product photo model" };

/** What one generated picture costs when credits are deducted. */
export const CREDITS_PER_IMAGE = 10;
/** Pictures a store may draw each day without deducting credits (the kit flows ask with deductCredits false). */
export const FREE_IMAGES_PER_DAY = 24;
/** Design rounds a store may generate before design generation takes credits. */
export const DESIGN_TRIAL_ROUNDS = 3;

export const imagePromptSchema = z
  .string()
  .trim()
  .min(3, "must be at least 3 characters: say what to draw")
  .max(1000, "must be at most 1000 characters");

export const generatedImageSchema = z.object({
  id: z.string(),
  url: z.string().describe("Served to the store's members with their bearer token; usable as a project attachment"),
  prompt: z.string(),
  model: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  inGallery: z.boolean(),
  createdAt: z.string(),
});
export type GeneratedImageDto = z.infer<typeof generatedImageSchema>;

export const generateAiImages = defineContract({
  id: "generateAiImages",
  method: "POST",
  path: "/commons/ai-images/generate",
  summary: `Draws numImages (1–4) product images from a prompt and answers images[]. With deductCredits, ${CREDITS_PER_IMAGE} AI credits an image are taken from the store's balance (once per Idempotency-Key, given back if drawing fails); without, they count against the store's ${FREE_IMAGES_PER_DAY} free images a day. saveToImageGallery keeps them in /web/images.`,
  tags: ["creation"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({
    prompt: imagePromptSchema.describe("What to draw, e.g. a minimalist ceramic mug with a wave pattern"),
    deductCredits: z.boolean().default(false),
    saveToImageGallery: z.boolean().default(false),
    numImages: z.number().int("must be a whole number").min(1, "must be at least 1").max(IMAGE_CANDIDATES_PER_REQUEST, `must be at most ${IMAGE_CANDIDATES_PER_REQUEST}`).default(IMAGE_CANDIDATES_PER_REQUEST),
  }),
  response: z.object({
    images: z.array(generatedImageSchema),
    model: z.string(),
    creditsCharged: z.number().int(),
    /** The store's balance after the charge; null when no credits were deducted. */
    creditsBalance: z.number().int().nullable(),
  }),
});

export const listGalleryImages = defineContract({
  id: "listGalleryImages",
  method: "GET",
  path: "/web/images",
  summary: "The store's image gallery: generated designs that were kept, newest first, searched by prompt, paged.",
  tags: ["creation"],
  access: "user",
  query: z.strictObject({ search: z.string().trim().max(100, "must be at most 100 characters").optional(), ...pageQuery }),
  response: pageOf(generatedImageSchema),
});

const imageParams = z.strictObject({ id: idSchema.describe("The image's id") });

export const saveGalleryImage = defineContract({
  id: "saveGalleryImage",
  method: "PUT",
  path: "/web/images/:id",
  summary: "Keeps a generated image in the store's image gallery.",
  tags: ["creation"],
  access: "user",
  noToolReason: "Agents keep a design with save_product_design; keeping any other image is the gallery screen's button.",
  params: imageParams,
  response: generatedImageSchema,
});

export const deleteGalleryImage = defineContract({
  id: "deleteGalleryImage",
  method: "DELETE",
  path: "/web/images/:id",
  summary: "Removes an image from the store's image gallery (the file stays where projects already attach it).",
  tags: ["creation"],
  access: "user",
  params: imageParams,
  response: z.object({ id: z.string() }),
});

export const productDesignSchema = z.object({
  step: z.enum(DESIGN_STEPS),
  model: z.enum(DESIGN_MODELS),
  description: z.string(),
  sketchKeys: z.array(z.string()),
  /** The last generation's request, as the spec's generateData. */
  generateData: z.object({ prompt: z.string(), numImages: z.number().int() }).nullable(),
  generatedDesigns: z.array(generatedImageSchema),
  savedDesign: generatedImageSchema.nullable(),
  usedCredits: z.number().int(),
  /** The store's AI-credit balance. */
  totalCredits: z.number().int(),
  trialRemainingQuantity: z.number().int(),
  subscribed: z.boolean(),
  /** Design rounds generated so far. */
  totalCount: z.number().int(),
  /** What the next round costs: 0 while trial rounds remain. */
  nextRoundCredits: z.number().int(),
});
export type ProductDesign = z.infer<typeof productDesignSchema>;

export const getProductDesign = defineContract({
  id: "getProductDesign",
  method: "GET",
  path: "/web/product-design",
  summary: "The member's AI product design: step (starts at PROMPT), model, description, the generated designs, the saved design, credits used and left, trial rounds left and what the next round costs.",
  tags: ["creation"],
  access: "user",
  response: productDesignSchema,
});

export const updateProductDesign = defineContract({
  id: "updateProductDesign",
  method: "PUT",
  path: "/web/product-design",
  summary: "Changes the design's step, model, description or sketch upload keys; step PROMPT starts over with the generated designs cleared.",
  tags: ["creation"],
  access: "user",
  body: z
    .strictObject({
      step: z.enum(DESIGN_STEPS).optional(),
      model: z.enum(DESIGN_MODELS).optional(),
      description: z.string().trim().max(1000, "must be at most 1000 characters").optional(),
      sketchKeys: z.array(idSchema).max(4, "must have at most 4 sketches").optional().describe("Ids of uploaded sketches"),
    })
    .refine((v) => Object.values(v).some((x) => x !== undefined), "must set at least one field"),
  response: productDesignSchema,
});

export const generateProductDesigns = defineContract({
  id: "generateProductDesigns",
  method: "POST",
  path: "/web/product-design/generate",
  summary: `Draws ${IMAGE_CANDIDATES_PER_REQUEST} design candidates from the description: free for the first ${DESIGN_TRIAL_ROUNDS} rounds, then ${CREDITS_PER_IMAGE * IMAGE_CANDIDATES_PER_REQUEST} AI credits a round (charged once per Idempotency-Key, refunded if drawing fails; confirm the amount first). Answers the design at step RESULTS.`,
  tags: ["creation"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({
    description: imagePromptSchema.optional().describe("What to design; the saved description when left out"),
    confirmCredits: z.number().int().min(0).optional().describe("The credits the person agreed to spend on this round; required when the round is not free"),
  }),
  response: productDesignSchema,
});

export const saveProductDesign = defineContract({
  id: "saveProductDesign",
  method: "POST",
  path: "/web/product-design/save",
  summary: "Saves one of the generated designs: it becomes the saved design and is kept in the image gallery.",
  tags: ["creation"],
  access: "user",
  body: z.strictObject({ imageId: idSchema.describe("One of the generated designs") }),
  response: productDesignSchema,
});

export const startProjectFromDesign = defineContract({
  id: "startProjectFromDesign",
  method: "POST",
  path: "/web/product-design/start-project",
  summary: "Starts a custom project (a draft request to suppliers) from a gallery image or the saved design, with the design attached and its description filled in. Answers the project's id.",
  tags: ["creation"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({
    imageId: idSchema.optional().describe("A gallery image; the saved design when left out"),
    title: z.string().trim().min(1, "must not be empty").max(120, "must be at most 120 characters").optional(),
  }),
  response: z.object({ projectId: z.string(), title: z.string() }),
});
