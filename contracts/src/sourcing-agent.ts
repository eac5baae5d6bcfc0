import { z } from "zod";
import { defineContract } from "./contract";
import { attachmentLinkSchema, emailSchema, idSchema, linkSchema, pageOf, pageQuery, REGIONS } from "./domain";
import { phoneSchema } from "./stores";
import { searchNoticeSchema } from "./search-notice";

// The REST side of the sourcing agents (001 §3, §7), supplier invites and my suppliers (000 §7),
// and the tariff lookup.

const text = (max: number) => z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);
const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, "must be a two-letter ISO 3166 country code")
  .transform((v) => v.toUpperCase());
const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2025-09-30")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), "is not a real calendar date");
const money = z.number().positive("must be more than 0").max(1_000_000, "must be at most 1000000");
const quantity = z.number().int("must be a whole number").positive("must be at least 1").max(10_000_000, "must be at most 10000000");
const conversationSid = z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").regex(/^[A-Za-z0-9._:-]+$/, "may hold only letters, digits and . _ : -");

export const SOURCING_AGENT_TYPES = ["default", "tariff", "packaging"] as const;
export const sourcingAgentTypeSchema = z.enum(SOURCING_AGENT_TYPES);
export type SourcingAgentType = (typeof SOURCING_AGENT_TYPES)[number];

/** The agent type sets the event item type (001 §3). */
export const EVENT_ITEM_TYPE: Record<SourcingAgentType, "design-source" | "tariff-rate" | "packaging"> = {
  default: "design-source",
  tariff: "tariff-rate",
  packaging: "packaging",
};

// ---------------------------------------------------------------------------------------------
// Sourcing agent goals, keyed by conversationSid (the agent thread id).

/** What the creator wants made; every field optional while the agent is still gathering it. null clears a field on update. */
export const sourcingGoalSchema = z.strictObject({
  productDescription: text(2000).nullish(),
  quantity: quantity.nullish(),
  targetUnitPrice: money.nullish().describe("Target price per unit in USD"),
  budget: money.nullish().describe("Total budget in USD, when there is no unit price"),
  targetDate: isoDate.nullish().describe("When the goods should be ready, YYYY-MM-DD"),
  destinationCountryCode: countryCode.nullish(),
  originCountryCode: countryCode.nullish().describe("Where the goods are made (tariff agent)"),
  materials: z.array(text(200)).max(30, "must hold at most 30 entries").nullish(),
  packagingNeeds: text(2000).nullish(),
  printDetails: text(2000).nullish(),
  attachments: z.array(attachmentLinkSchema).max(20, "must hold at most 20 links").nullish().describe("Upload URLs from /upload or http(s) links"),
});

export const goalValuesSchema = z.object({
  productDescription: z.string().nullable(),
  quantity: z.number().nullable(),
  targetUnitPrice: z.number().nullable(),
  budget: z.number().nullable(),
  targetDate: z.string().nullable(),
  destinationCountryCode: z.string().nullable(),
  originCountryCode: z.string().nullable(),
  materials: z.array(z.string()),
  packagingNeeds: z.string().nullable(),
  printDetails: z.string().nullable(),
  attachments: z.array(z.string()),
});
export type GoalValues = z.infer<typeof goalValuesSchema>;

/**
 * The validator's answer (the spec leaves its shape open): `valid` when a factory could quote
 * from the goal; `missing` lists the fields still needed, `problems` the values that are given but
 * unusable, `questions` one question per missing field, `suggestions` what would improve quotes.
 */
export const goalValidationSchema = z.object({
  valid: z.boolean(),
  agentType: sourcingAgentTypeSchema,
  missing: z.array(z.string()),
  problems: z.array(z.object({ field: z.string(), reason: z.string() })),
  questions: z.array(z.object({ field: z.string(), question: z.string() })),
  suggestions: z.array(z.string()),
  /** Share of the required fields present and usable, 0 to 1. */
  completeness: z.number(),
});
export type GoalValidation = z.infer<typeof goalValidationSchema>;

export const sourcingAgentGoalSchema = z.object({
  id: z.string(),
  conversationSid: z.string(),
  agentType: sourcingAgentTypeSchema,
  eventItemType: z.enum(["design-source", "tariff-rate", "packaging"]),
  goal: goalValuesSchema,
  validation: goalValidationSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The goal of one sourcing-agent conversation. */
export const getSourcingAgentGoal = defineContract({
  id: "getSourcingAgentGoal",
  method: "GET",
  path: "/web/sourcing-agent-goals",
  summary: "The sourcing goal saved for an agent conversation (conversationSid = the agent thread id), with its validation.",
  tags: ["sourcing-agent"],
  access: "user",
  query: z.strictObject({ conversationSid }),
  response: sourcingAgentGoalSchema,
});

/** Saves the goal of a new conversation; 409 if the conversation already has one. */
export const createSourcingAgentGoal = defineContract({
  id: "createSourcingAgentGoal",
  method: "POST",
  path: "/web/sourcing-agent-goals",
  summary: "Saves the product goal of a sourcing-agent conversation: product, quantity, target price or budget, date, destination, materials, packaging, attachments. 409 when the conversation already has one (use PUT).",
  tags: ["sourcing-agent"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({ conversationSid, agentType: sourcingAgentTypeSchema.default("default"), goal: sourcingGoalSchema.default({}) }),
  response: sourcingAgentGoalSchema,
});

/** Updates a conversation's goal: given fields replace, null clears, omitted fields stay. */
export const updateSourcingAgentGoal = defineContract({
  id: "updateSourcingAgentGoal",
  method: "PUT",
  path: "/web/sourcing-agent-goals",
  summary: "Updates the goal of a sourcing-agent conversation. Send only the fields that changed; null clears a field. 404 when the conversation has no goal yet (use POST).",
  tags: ["sourcing-agent"],
  access: "user",
  idempotent: true,
  body: z.strictObject({ conversationSid, agentType: sourcingAgentTypeSchema.optional(), goal: sourcingGoalSchema }),
  response: sourcingAgentGoalSchema,
});

/** Deletes a conversation's goal. */
export const deleteSourcingAgentGoal = defineContract({
  id: "deleteSourcingAgentGoal",
  method: "DELETE",
  path: "/web/sourcing-agent-goals",
  summary: "Deletes the goal of a sourcing-agent conversation.",
  tags: ["sourcing-agent"],
  access: "user",
  idempotent: true,
  query: z.strictObject({ conversationSid }),
  response: z.object({ conversationSid: z.string(), deleted: z.literal(true) }),
});

/** Checks whether a goal has what a factory needs before quoting. */
export const validateSourcingAgentGoal = defineContract({
  id: "validateSourcingAgentGoal",
  method: "POST",
  path: "/web/sourcing-agent-goals/validate",
  summary:
    "Checks a sourcing goal against what a factory needs before quoting (product, quantity, target price or budget, timeline, destination; origin for tariffs, packaging needs for packaging). Returns valid, the missing fields, problems, a question per missing field and suggestions.",
  tags: ["sourcing-agent"],
  access: "user",
  previewAllowed: true,
  body: z.strictObject({ agentGoal: sourcingGoalSchema, agentType: sourcingAgentTypeSchema.default("default") }),
  response: goalValidationSchema,
});

// ---------------------------------------------------------------------------------------------
// Tech packs, versioned: every update keeps the previous version.

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Colour entries in the spec's format: name|hex|variant, separated by semicolons (variant may be empty). */
export const colorListSchema = z
  .string()
  .trim()
  .max(2000, "must be at most 2000 characters")
  .superRefine((value, ctx) => {
    if (!value) return;
    value.split(";").forEach((entry, i) => {
      const parts = entry.trim().split("|");
      if (parts.length < 2 || parts.length > 3) {
        ctx.addIssue({ code: "custom", message: `entry ${i + 1} ("${entry.trim()}") must be written name|hex|variant` });
        return;
      }
      if (!parts[0]!.trim()) ctx.addIssue({ code: "custom", message: `entry ${i + 1} has no colour name` });
      if (!HEX.test(parts[1]!.trim())) ctx.addIssue({ code: "custom", message: `entry ${i + 1} has "${parts[1]!.trim()}", which is not a hex colour like #1F2A44` });
    });
  });

export const techPackQuantitySchema = z.strictObject({
  size: text(50).optional(),
  color: text(100).optional(),
  quantity,
});

const techPackFields = {
  category: text(200).nullish(),
  description: text(5000).nullish(),
  materials: z.array(text(200)).max(30, "must hold at most 30 entries").optional(),
  colors: colorListSchema.optional(),
  sizes: z.array(text(50)).max(30, "must hold at most 30 entries").optional(),
  quantities: z.array(techPackQuantitySchema).max(200, "must hold at most 200 entries").optional(),
  packaging: text(2000).nullish(),
  printDetails: text(2000).nullish(),
  targetUnitPrice: money.nullish().describe("USD per unit"),
  targetDate: isoDate.nullish(),
  attachments: z.array(attachmentLinkSchema).max(20, "must hold at most 20 links").optional().describe("Upload URLs from /upload or http(s) links"),
  conversationSid: conversationSid.nullish(),
};

export const techPackSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  latestVersion: z.number().int(),
  conversationSid: z.string().nullable(),
  productName: z.string(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  materials: z.array(z.string()),
  colors: z.string(),
  colorList: z.array(z.object({ name: z.string(), hex: z.string(), variant: z.string() })),
  sizes: z.array(z.string()),
  quantities: z.array(z.object({ size: z.string().optional(), color: z.string().optional(), quantity: z.number() })),
  totalQuantity: z.number(),
  packaging: z.string().nullable(),
  printDetails: z.string().nullable(),
  targetUnitPrice: z.number().nullable(),
  targetDate: z.string().nullable(),
  attachments: z.array(z.string()),
  createdAt: z.string(),
  /** When this version was saved. */
  updatedAt: z.string(),
});
export type TechPack = z.infer<typeof techPackSchema>;

/** Creates a tech pack (version 1). */
export const createTechPack = defineContract({
  id: "createTechPack",
  method: "POST",
  path: "/web/ai-sourcing-agents-tech-pack",
  summary: "Writes a tech pack: product name, category, description, materials, colours (name|hex|variant;…), sizes, quantities, packaging, print details, target unit price and date, attachments.",
  tags: ["sourcing-agent"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({ productName: text(200), ...techPackFields }),
  response: techPackSchema,
});

/** Updates a tech pack; the previous version stays in its history. */
export const updateTechPack = defineContract({
  id: "updateTechPack",
  method: "PUT",
  path: "/web/ai-sourcing-agents-tech-pack/:id",
  summary: "Saves a new version of a tech pack: send the fields that change (null clears one); earlier versions stay in the history.",
  tags: ["sourcing-agent"],
  access: "user",
  idempotent: true,
  params: z.strictObject({ id: idSchema }),
  body: z
    .strictObject({ productName: text(200).optional(), ...techPackFields })
    .refine((v) => Object.values(v).some((x) => x !== undefined), "must set at least one field"),
  response: techPackSchema,
});

/** One tech pack, its latest version. */
export const getTechPack = defineContract({
  id: "getTechPack",
  method: "GET",
  path: "/web/ai-sourcing-agents-tech-pack/:id",
  summary: "The latest version of one tech pack.",
  tags: ["sourcing-agent"],
  access: "user",
  params: z.strictObject({ id: idSchema }),
  response: techPackSchema,
});

/** The store's tech packs (latest versions), or every version of one. */
export const listTechPackHistory = defineContract({
  id: "listTechPackHistory",
  method: "GET",
  path: "/web/ai-sourcing-agents-tech-pack/-/history-tech-packs",
  summary: "The store's tech packs, newest first (latest version of each, searchable by product name); with techPackId, every saved version of that tech pack, newest first.",
  tags: ["sourcing-agent"],
  access: "user",
  query: z.strictObject({ ...pageQuery, techPackId: idSchema.optional(), search: z.string().trim().max(200, "must be at most 200 characters").optional() }),
  response: pageOf(techPackSchema),
});

// ---------------------------------------------------------------------------------------------
// Matching factories and contacting them.

export const matchFiltersSchema = z.strictObject({
  countryCodes: z.array(countryCode).max(50, "must hold at most 50 codes").optional(),
  regions: z.array(z.enum(REGIONS)).max(6).optional(),
  moqMax: z.number().int("must be a whole number").min(0, "must be 0 or more").optional().describe("Largest acceptable minimum order quantity"),
  samplePriceMax: z.number().min(0, "must be 0 or more").max(1_000_000).optional().describe("Highest acceptable sample price in USD"),
  productionDaysMax: z.number().int("must be a whole number").positive("must be at least 1").max(3650).optional(),
});

export const matchedSupplierSchema = z.object({
  id: z.string(),
  name: z.string(),
  countryCode: z.string(),
  region: z.string(),
  city: z.string(),
  capabilities: z.array(z.string()),
  moq: z.number().nullable(),
  samplePriceMin: z.number().nullable(),
  productionDaysMin: z.number(),
  productionDaysMax: z.number(),
  averageReview: z.number(),
  /** Cosine similarity of the supplier's embedding to the request, -1 to 1. */
  similarity: z.number(),
});

export type MatchedSupplier = z.infer<typeof matchedSupplierSchema>;

/** A supplier outside the vetted network: what we know to contact them. */
export const expandedNetworkRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  countryCode: z.string(),
  region: z.string(),
  city: z.string(),
  website: z.string().nullable(),
  contactEmail: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  capabilities: z.array(z.string()),
  moq: z.number().nullable(),
  similarity: z.number().nullable(),
});

export type ExpandedNetworkRecord = z.infer<typeof expandedNetworkRecordSchema>;

/** Ranks in-network and expanded-network suppliers against a tech pack or a text. */
export const matchFactories = defineContract({
  id: "matchFactories",
  method: "POST",
  path: "/web/ai-sourcing-agents/-/match-factories",
  summary:
    "Finds factories for a tech pack (techPackId) or a description (query): in-network suppliers ranked by semantic similarity of their capabilities, and expanded-network records, both filtered by countries, regions, max MOQ, max sample price and max production days.",
  tags: ["sourcing-agent"],
  access: "user",
  previewAllowed: true,
  body: z
    .strictObject({
      techPackId: idSchema.optional(),
      query: z.string().trim().min(2, "must be at least 2 characters").max(2000, "must be at most 2000 characters").optional(),
      filters: matchFiltersSchema.optional(),
      limit: z.number().int().min(1, "must be at least 1").max(50, "must be at most 50").default(10),
    })
    .refine((v) => v.techPackId !== undefined || v.query !== undefined, { message: "give techPackId or query", path: ["query"] }),
  response: z.object({
    queryText: z.string(),
    inNetwork: z.array(matchedSupplierSchema),
    expandedNetwork: z.array(expandedNetworkRecordSchema),
    inNetworkIds: z.array(z.string()),
    expandedIds: z.array(z.string()),
    notice: searchNoticeSchema,
  }),
});

/** Pages through expanded-network suppliers. */
export const listExpandedNetworkRecords = defineContract({
  id: "listExpandedNetworkRecords",
  method: "GET",
  path: "/web/ai-sourcing-agents/-/expanded-network-records",
  summary: "Expanded-network suppliers (outside the vetted network), searchable by text and filtered by country and region, by name.",
  tags: ["sourcing-agent"],
  access: "user",
  query: z.strictObject({
    ...pageQuery,
    search: z.string().trim().max(200, "must be at most 200 characters").optional(),
    countryCode: countryCode.optional(),
    region: z.enum(REGIONS).optional(),
  }),
  response: pageOf(expandedNetworkRecordSchema),
});

export const OUTREACH_NETWORKS = ["IN_NETWORK", "EXPANDED_NETWORK", "OWN_EMAIL"] as const;

export const outreachSchema = z.object({
  id: z.string(),
  supplierId: z.string().nullable(),
  supplierName: z.string(),
  network: z.enum(OUTREACH_NETWORKS),
  toEmail: z.string().nullable(),
  status: z.enum(["SENT", "FAILED"]),
  subject: z.string(),
  message: z.string(),
  techPackId: z.string().nullable(),
  techPackVersion: z.number().nullable(),
  createdAt: z.string(),
});

export type Outreach = z.infer<typeof outreachSchema>;

const companyIds = z.array(idSchema).min(1, "must hold at least one id").max(50, "must hold at most 50 ids");
const sendResult = z.object({
  techPackId: z.string(),
  techPackVersion: z.number(),
  sent: z.array(outreachSchema),
  /** Suppliers that already had this tech pack version: nothing was sent again. */
  alreadySent: z.array(outreachSchema),
});

export type SendResult = z.infer<typeof sendResult>;

/** Sends the tech pack to vetted suppliers' inboxes. */
export const sendMessagesInNetwork = defineContract({
  id: "sendMessagesInNetwork",
  method: "POST",
  path: "/web/ai-sourcing-agents/-/send-messages-in-network",
  summary: "Sends the tech pack's request for quote to in-network suppliers (companyIds from match-factories). A supplier that already has this tech pack version is not messaged again.",
  tags: ["sourcing-agent"],
  access: "user",
  idempotent: true,
  body: z.strictObject({ techPackId: idSchema, companyIds }),
  response: sendResult,
});

/** Emails the tech pack to expanded-network suppliers. */
export const sendMessagesExpandedNetwork = defineContract({
  id: "sendMessagesExpandedNetwork",
  method: "POST",
  path: "/web/ai-sourcing-agents/-/send-messages-expanded-network",
  summary: "Emails the tech pack's request for quote to expanded-network suppliers at their contact address. A supplier that already has this tech pack version is not emailed again.",
  tags: ["sourcing-agent"],
  access: "user",
  idempotent: true,
  body: z.strictObject({ techPackId: idSchema, companyIds }),
  response: sendResult,
});

/** Emails the user the contact details of chosen factories. */
export const sendFactoriesContactInfo = defineContract({
  id: "sendFactoriesContactInfo",
  method: "POST",
  path: "/web/ai-sourcing-agents/-/send-factories-contact-info",
  summary: "Emails the user one message with the chosen factories' contact details (name, country, website, email, phone), to contact them themselves.",
  tags: ["sourcing-agent"],
  access: "user",
  idempotent: true,
  body: z.strictObject({ userEmail: emailSchema, companyIds }),
  response: z.object({ to: z.string(), factoryCount: z.number(), outboxMessageId: z.string() }),
});

/** Emails suppliers the user brings, with the user's address as reply-to. */
export const sendEmailsByOwnEmail = defineContract({
  id: "sendEmailsByOwnEmail",
  method: "POST",
  path: "/web/ai-sourcing-agents/-/send-emails-by-own-email",
  summary: "Emails suppliers the user lists (name and email) with the given subject and body and the tech pack attached as text; replies go to the store owner's address.",
  tags: ["sourcing-agent"],
  access: "user",
  idempotent: true,
  body: z.strictObject({
    uploadSuppliers: z.array(z.strictObject({ name: text(200), email: emailSchema })).min(1, "must hold at least one supplier").max(50, "must hold at most 50 suppliers"),
    emailSubject: text(200),
    emailBody: text(10_000),
    techPackId: idSchema,
  }),
  response: z.object({ replyTo: z.string(), techPackId: z.string(), techPackVersion: z.number(), sent: z.array(outreachSchema), alreadySent: z.array(outreachSchema) }),
});

/** Reads a supplier's page text into a supplier record. */
export const analyzeSuppliersInfo = defineContract({
  id: "analyzeSuppliersInfo",
  method: "POST",
  path: "/web/ai-sourcing-agents/-/analyze-suppliers-info",
  summary:
    "Extracts a supplier's name, capabilities, MOQ, country and contact details from its page. The server does not fetch pages: pass the page's text as pageText; without it the answer is 502 asking for the text.",
  tags: ["sourcing-agent"],
  access: "user",
  previewAllowed: true,
  body: z.strictObject({ supplierUrl: linkSchema, pageText: z.string().max(200_000, "must be at most 200000 characters").optional() }),
  response: z.object({
    supplierUrl: z.string(),
    website: z.string(),
    name: z.string(),
    capabilities: z.array(z.string()),
    moq: z.number().nullable(),
    countryCode: z.string().nullable(),
    countryName: z.string().nullable(),
    emails: z.array(z.string()),
    phoneNumbers: z.array(z.string()),
    /** An in-network or expanded-network supplier with the same web domain, when we have one. */
    knownSupplierId: z.string().nullable(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Supplier invites and the store's suppliers.

export const supplierInviteSchema = z.object({
  id: z.string(),
  name: z.string(),
  website: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  createdAt: z.string(),
});

/** Invites a supplier the store works with; the sourcing team is notified. */
export const createSupplierInvite = defineContract({
  id: "createSupplierInvite",
  method: "POST",
  path: "/web/supplier-invites",
  summary: "Invites a supplier the store already works with to the platform (name, website, email, phone); the sourcing team gets a notification email. 409 when the store already invited that email.",
  tags: ["sourcing-agent"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({ name: text(200), website: linkSchema, email: emailSchema, phoneNumber: phoneSchema }),
  response: supplierInviteSchema,
});

export const SUPPLIER_RELATIONS = ["INVITED", "CONTACTED", "PURCHASED"] as const;

export const mySupplierSchema = z.object({
  /** The supplier id when it is in the catalogue; otherwise the invite or outreach id. */
  id: z.string(),
  supplierId: z.string().nullable(),
  name: z.string(),
  website: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  countryCode: z.string().nullable(),
  isExpandedNetwork: z.boolean(),
  relations: z.array(z.enum(SUPPLIER_RELATIONS)),
  lastInteractionAt: z.string(),
});

/** The suppliers the store invited, contacted through the agent, or bought from. */
export const listMySuppliers = defineContract({
  id: "listMySuppliers",
  method: "GET",
  path: "/web/stores/me/suppliers",
  summary: "The store's suppliers: those it invited, contacted through the sourcing agent, or bought from, most recent interaction first; search by name or email.",
  tags: ["sourcing-agent"],
  access: "user",
  query: z.strictObject({ ...pageQuery, search: z.string().trim().max(200, "must be at most 200 characters").optional() }),
  response: pageOf(mySupplierSchema),
});

// ---------------------------------------------------------------------------------------------
// Tariffs.

export const additionalDutySchema = z.object({ program: z.string(), ratePercent: z.number(), htsPrefix: z.string(), source: z.string(), asOf: z.string() });
export const countryRefSchema = z.object({ code: z.string(), name: z.string() });

/** Duty and landed cost of one product line from one country into another. */
export const getCountryTariff = defineContract({
  id: "getCountryTariff",
  method: "GET",
  path: "/commons/util/-/country-tariff",
  summary:
    "Looks up the import tariff of a product (by description or HTS code) from an origin country into a destination (default US) in the shipped tariff dataset: general and additional duty rates, duty per unit and landed cost per unit (price + duty + estimated freight), with the rates' source and as-of date.",
  tags: ["sourcing-agent", "commons"],
  access: "optional",
  query: z
    .strictObject({
      product: z.string().trim().min(2, "must be at least 2 characters").max(300, "must be at most 300 characters").optional(),
      htsCode: z.string().trim().regex(/^[0-9]{4}(\.?[0-9]{2}){0,3}$/, "must be an HTS code like 6912.00.44").optional(),
      originCountry: countryCode,
      destinationCountry: countryCode.default("US"),
      perUnitPrice: z.coerce.number().min(0, "must be 0 or more").max(1_000_000, "must be at most 1000000").optional().describe("Price per unit in USD (FOB)"),
      quantity: z.coerce.number().int("must be a whole number").min(1, "must be at least 1").max(10_000_000).optional().describe("Units ordered, e.g. the MOQ"),
      moq: z.coerce.number().int("must be a whole number").min(1, "must be at least 1").max(10_000_000).optional().describe("Same as quantity"),
      freightPerUnit: z.coerce.number().min(0, "must be 0 or more").max(100_000).optional().describe("Your own freight cost per unit in USD, instead of the estimate"),
    })
    .refine((v) => v.product !== undefined || v.htsCode !== undefined, { message: "give product or htsCode", path: ["product"] }),
  response: z.object({
    product: z.string().nullable(),
    htsCode: z.string(),
    description: z.string(),
    originCountry: countryRefSchema,
    destinationCountry: countryRefSchema,
    generalRatePercent: z.number(),
    additionalDuties: z.array(additionalDutySchema),
    additionalRatePercent: z.number(),
    totalRatePercent: z.number(),
    perUnitPrice: z.number().nullable(),
    quantity: z.number(),
    dutyPerUnit: z.number().nullable(),
    freightPerUnit: z.number(),
    freightBasis: z.string(),
    landedCostPerUnit: z.number().nullable(),
    totalDuty: z.number().nullable(),
    totalLandedCost: z.number().nullable(),
    asOf: z.string(),
    source: z.string(),
    alternatives: z.array(z.object({ htsCode: z.string(), description: z.string(), generalRatePercent: z.number() })),
  }),
});
