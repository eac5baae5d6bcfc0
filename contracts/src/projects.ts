import { z } from "zod";
import { defineContract } from "./contract";
import { attachmentLinkSchema, idSchema, pageOf, pageQuery } from "./domain";

// Custom projects, also called RFPs (000 §2.7 custom request form, §3 catalog item types and
// colour entries, §5 hint texts, §7 /web/creator-projects and /web/project-management; 001 §4
// Projects). Their attachments come from uploads (./uploads).

export const RFP_TYPES = ["RFP_PRODUCT", "RFP_PACKAGING", "RFP_SERVICES"] as const;
export const FORM_STAGES = ["PREVIEW", "FORM", "COMPLETE"] as const;

/** The custom-project hint texts (000 §5), shown beside each field of the form. */
export const CUSTOM_PROJECT_HINTS = {
  title: "Give your project a short, specific name suppliers will recognise, e.g. \"Organic cotton tote bag with logo\".",
  packagingMaterial: "Say what the packaging is made of (kraft paper, corrugated cardboard, rigid board, recycled plastic…) and any finish you want.",
  printDetail: "Describe where and how it is printed. Printing both inside and outside costs more than printing one side.",
  quantity: "How many units you need. More units lower the cost of each unit.",
  targetCompletionDate: "When you need the order finished. Allow time for samples and shipping; rushed dates can cost more.",
} as const;

export type ColorEntry = { name: string; hex: string; variant: string };
export const MAX_COLOR_ENTRIES = 20;
const HEX = /^#[0-9A-Fa-f]{6}$/;

/**
 * Parses the spec's colour text: `name|hex|variant` entries separated by semicolons (variant may be
 * empty). Returns the entries, or the reason the text is not valid, naming the entry.
 */
export function parseColorEntries(text: string): { ok: true; colors: ColorEntry[] } | { ok: false; reason: string } {
  const entries = text.split(";").map((s) => s.trim()).filter(Boolean);
  if (entries.length > MAX_COLOR_ENTRIES) return { ok: false, reason: `must have at most ${MAX_COLOR_ENTRIES} colour entries` };
  const colors: ColorEntry[] = [];
  for (const [i, entry] of entries.entries()) {
    const parts = entry.split("|").map((s) => s.trim());
    const where = `entry ${i + 1} ("${entry.slice(0, 40)}")`;
    if (parts.length < 2 || parts.length > 3) return { ok: false, reason: `${where} must be written name|hex|variant` };
    const [name, hex, variant = ""] = parts as [string, string, string?];
    if (!name) return { ok: false, reason: `${where} needs a colour name` };
    if (name.length > 50 || variant.length > 50) return { ok: false, reason: `${where} has a name or variant longer than 50 characters` };
    if (!HEX.test(hex)) return { ok: false, reason: `${where} has hex "${hex}"; it must be #RRGGBB` };
    colors.push({ name, hex: hex.toUpperCase(), variant });
  }
  return { ok: true, colors };
}

/** Writes entries back in the canonical text form. */
export function formatColorEntries(colors: ColorEntry[]): string {
  return colors.map((c) => `${c.name}|${c.hex}|${c.variant}`).join(";");
}

const colorsText = z
  .string()
  .max(2000, "must be at most 2000 characters")
  .transform((text, ctx) => {
    const parsed = parseColorEntries(text);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.reason });
      return z.NEVER;
    }
    return formatColorEntries(parsed.colors);
  });

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2030-01-31").refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, "must be a real date");

/** The custom project fields; every one is optional while the form is a draft. */
const projectFields = {
  title: text(120).describe(CUSTOM_PROJECT_HINTS.title),
  catalogItemType: z.enum(RFP_TYPES).describe("What is requested: RFP_PRODUCT, RFP_PACKAGING or RFP_SERVICES"),
  description: text(5000).describe("What you want made, in your own words"),
  packagingMaterial: text(300).describe(CUSTOM_PROJECT_HINTS.packagingMaterial),
  printDetail: text(1000).describe(CUSTOM_PROJECT_HINTS.printDetail),
  quantity: z.number().int("must be a whole number").min(1, "must be at least 1").max(10_000_000, "must be at most 10,000,000").nullable().describe(CUSTOM_PROJECT_HINTS.quantity),
  targetCompletionDate: isoDate.nullable().describe(CUSTOM_PROJECT_HINTS.targetCompletionDate),
  colors: colorsText.describe("Colour entries name|hex|variant separated by semicolons, hex as #RRGGBB, e.g. Navy|#1F2A44|matte;Cream|#F5F0E1|"),
  attachments: z.array(attachmentLinkSchema).max(20, "must have at most 20 attachments").describe("Upload URLs from /upload or /upload-large-file"),
  supplierId: idSchema.nullable().describe("Send the request to this supplier; without one the sourcing team finds suppliers"),
  catalogItemId: idSchema.nullable().describe("The catalog item this request starts from, if any"),
};

/** The terms of the quote accepted for a project, and its landed cost per unit. */
export const quotedTermsSchema = z.object({
  quoteId: z.string(),
  supplierId: z.string(),
  supplierName: z.string(),
  unitPriceCents: z.number().int(),
  quantity: z.number().int(),
  moq: z.number().int(),
  leadTimeDays: z.number().int(),
  samplePriceCents: z.number().int().nullable(),
  totalCents: z.number().int(),
  /** Unit price + duty + freight per unit; null when no tariff line matched the product. */
  landedCostCents: z.number().int().nullable(),
  landedCostBasis: z.string(),
  acceptedAt: z.string(),
});
export type QuotedTerms = z.infer<typeof quotedTermsSchema>;

export const creatorProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  catalogItemType: z.enum(RFP_TYPES),
  description: z.string(),
  packagingMaterial: z.string(),
  printDetail: z.string(),
  quantity: z.number().int().nullable(),
  targetCompletionDate: z.string().nullable(),
  colors: z.string(),
  colorEntries: z.array(z.object({ name: z.string(), hex: z.string(), variant: z.string() })),
  attachments: z.array(z.string()),
  formStage: z.enum(FORM_STAGES),
  supplierId: z.string().nullable(),
  supplierName: z.string().nullable(),
  catalogItemId: z.string().nullable(),
  isArchived: z.boolean(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The accepted quote's terms (issue 18), written when the store or supplier accepts; null before. */
  quotedTerms: quotedTermsSchema.nullable(),
});

export const listCreatorProjects = defineContract({
  id: "listCreatorProjects",
  method: "GET",
  path: "/web/creator-projects",
  summary: "The store's custom projects, most recently changed first; archived ones only with includeArchived.",
  tags: ["projects"],
  access: "user",
  query: z.strictObject({ includeArchived: z.enum(["true", "false"]).default("false").transform((v) => v === "true"), ...pageQuery }),
  response: pageOf(creatorProjectSchema),
});

export const getCreatorProject = defineContract({
  id: "getCreatorProject",
  method: "GET",
  path: "/web/creator-projects/:id",
  summary: "One custom project of the store (/create-custom-project/:rfpId).",
  tags: ["projects"],
  access: "user",
  params: z.strictObject({ id: idSchema }),
  response: creatorProjectSchema,
});

export const createCreatorProject = defineContract({
  id: "createCreatorProject",
  method: "POST",
  path: "/web/creator-projects",
  summary: "Creates a draft custom project (stage PREVIEW); every field is optional.",
  tags: ["projects"],
  access: "user",
  status: 201,
  body: z.strictObject(Object.fromEntries(Object.entries(projectFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof projectFields]: z.ZodOptional<(typeof projectFields)[K]> }).optional(),
  response: creatorProjectSchema,
});

export const openCreatorProject = defineContract({
  id: "openCreatorProject",
  method: "POST",
  path: "/web/creator-projects/-/open",
  summary: "What the projects screen opens on load: the most recent active project, or a new empty one when none is active (preview accounts get null instead of a new one).",
  tags: ["projects"],
  access: "user",
  previewAllowed: true,
  noToolReason: "What the projects screen does on load (reopen the latest draft or start one); agents list, create and update projects explicitly.",
  response: z.object({ project: creatorProjectSchema.nullable(), created: z.boolean() }),
});

export const updateCreatorProject = defineContract({
  id: "updateCreatorProject",
  method: "PUT",
  path: "/web/creator-projects/:id",
  summary: "Updates a custom project's fields or stage; isArchived true archives it (it leaves the list). A submitted (COMPLETE) project can only be archived or restored.",
  tags: ["projects"],
  access: "user",
  idempotent: true,
  params: z.strictObject({ id: idSchema }),
  body: z
    .strictObject({
      ...Object.fromEntries(Object.entries(projectFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof projectFields]: z.ZodOptional<(typeof projectFields)[K]> },
      formStage: z.enum(["PREVIEW", "FORM"]).optional().describe("Submitting (COMPLETE) goes through POST /web/project-management"),
      isArchived: z.boolean().optional(),
    })
    .refine((v) => Object.values(v).some((x) => x !== undefined), "must set at least one field"),
  response: creatorProjectSchema,
});

export const saveCustomProject = defineContract({
  id: "saveCustomProject",
  method: "POST",
  path: "/web/project-management",
  summary: "Saves the custom request form at a stage (PREVIEW, FORM or COMPLETE), creating the project or updating id. COMPLETE submits it: title, description and quantity are then required, the date must be in the future, and the chosen supplier (or the sourcing team) is notified.",
  tags: ["projects"],
  access: "user",
  idempotent: true,
  body: z.strictObject({
    id: idSchema.optional().describe("The project to update; a new one without it"),
    formStage: z.enum(FORM_STAGES),
    ...Object.fromEntries(Object.entries(projectFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof projectFields]: z.ZodOptional<(typeof projectFields)[K]> },
  }),
  response: creatorProjectSchema,
});

export const getCustomProjectHints = defineContract({
  id: "getCustomProjectHints",
  method: "GET",
  path: "/web/project-management/-/hints",
  summary: "The hint texts of the custom request form's fields.",
  tags: ["projects"],
  access: "user",
  response: z.object({ title: z.string(), packagingMaterial: z.string(), printDetail: z.string(), quantity: z.string(), targetCompletionDate: z.string() }),
});
