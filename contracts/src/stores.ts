import { z } from "zod";
import { defineContract } from "./contract";
import { emailSchema, invoiceBehaviorSchema, linkSchema, planTypeSchema, subscriptionStatusSchema } from "./domain";

export const externalFieldSchema = z.object({ name: z.string(), value: z.unknown() });

/** The current store record (000 §3). */
export const storeSchema = z.object({
  id: z.string(),
  title: z.string(),
  planType: planTypeSchema,
  blueprintSubscriptionId: z.string().nullable(),
  blueprintSubscriptionStatus: subscriptionStatusSchema.nullable(),
  blueprintSubscriptionBehavior: invoiceBehaviorSchema.nullable(),
  blueprintSubscriptionResumesAt: z.string().nullable(),
  blueprintSubscriptionPausedAt: z.string().nullable(),
  isBlueprintActive: z.boolean(),
  isBlueprintPaused: z.boolean(),
  isPreviewAccount: z.boolean(),
  accountType: z.string(),
  workStyle: z.string(),
  externalFields: z.array(externalFieldSchema),
  authCredential: z.object({ name: z.string() }),
  user: z.object({ id: z.string(), username: z.string(), email: z.string() }),
  role: z.string(),
  createdAt: z.string(),
});

export const getMyStore = defineContract({
  id: "getMyStore",
  method: "GET",
  path: "/web/stores/me",
  summary: "The current store: plan, subscription, preview flag, external fields, owner.",
  tags: ["stores"],
  access: "user",
  response: storeSchema,
});

// ---------------------------------------------------------------------------------------------
// Sub-paths of /web/stores/me: the current store's own settings.

const atLeastOneField = (value: Record<string, unknown>) => Object.values(value).some((v) => v !== undefined);
const AT_LEAST_ONE = "must set at least one field";

const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{5,24}$/;
export const phoneSchema = z
  .string()
  .trim()
  .regex(PHONE_PATTERN, "must be a phone number like +1 415 555 0100")
  .refine((v) => {
    const digits = v.replace(/\D/g, "").length;
    return digits >= 7 && digits <= 15;
  }, "must have 7 to 15 digits");

export const SOCIAL_PLATFORMS = ["instagram", "tiktok", "facebook", "x", "youtube", "pinterest", "linkedin"] as const;
export const socialLinksSchema = z.strictObject(Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, linkSchema.optional()])) as Record<(typeof SOCIAL_PLATFORMS)[number], z.ZodOptional<typeof linkSchema>>);

/** A postal address customers write to for support; country and state are checked against the shipped lists. */
export const supportAddressSchema = z.strictObject({
  line1: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters"),
  line2: z.string().trim().max(200, "must be at most 200 characters").nullish(),
  city: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
  state: z.string().trim().max(100, "must be at most 100 characters").nullish(),
  postalCode: z.string().trim().min(1, "must not be empty").max(20, "must be at most 20 characters").regex(/^[A-Za-z0-9 -]+$/, "may hold only letters, digits, spaces and dashes"),
  countryCode: z.string().trim().regex(/^[A-Za-z]{2}$/, "must be a two-letter ISO 3166 country code").transform((v) => v.toUpperCase()),
});

export const storeProfileSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  logoUrl: z.string().nullable(),
  website: z.string().nullable(),
  contactEmail: z.string().nullable(),
  phone: z.string().nullable(),
  socialLinks: z.object(Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, z.string().optional()])) as Record<(typeof SOCIAL_PLATFORMS)[number], z.ZodOptional<z.ZodString>>),
  supportAddress: z
    .object({ line1: z.string(), line2: z.string().nullable(), city: z.string(), state: z.string().nullable(), postalCode: z.string(), countryCode: z.string() })
    .nullable(),
  updatedAt: z.string().nullable(),
});

/** The store's public profile: title, description, logo, links, contact and support address. */
export const getStoreProfile = defineContract({
  id: "getStoreProfile",
  method: "GET",
  path: "/web/stores/me/profile",
  summary: "The store's profile: title, description, logo, website, contact email, phone, social links, support address.",
  tags: ["stores"],
  access: "user",
  response: storeProfileSchema,
});

/** Updates the given profile fields; omitted fields keep their value, null clears one. */
export const updateStoreProfile = defineContract({
  id: "updateStoreProfile",
  method: "PUT",
  path: "/web/stores/me/profile",
  summary: "Updates the store profile. Send only the fields to change; null clears a field. The title is the store's title.",
  tags: ["stores"],
  access: "user",
  idempotent: true,
  body: z
    .strictObject({
      title: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters").optional(),
      description: z.string().trim().max(2000, "must be at most 2000 characters").nullish(),
      logoUrl: linkSchema.nullish(),
      website: linkSchema.nullish(),
      contactEmail: emailSchema.nullish(),
      phone: phoneSchema.nullish(),
      socialLinks: socialLinksSchema.nullish(),
      supportAddress: supportAddressSchema.nullish(),
    })
    .refine(atLeastOneField, AT_LEAST_ONE),
  response: storeProfileSchema,
});

export const WEIGHT_UNITS = ["lb", "oz", "kg", "g"] as const;

/** An IANA time zone name the runtime knows (aliases allowed), returned in canonical form. */
export const timezoneSchema = z
  .string()
  .trim()
  .regex(/^(?:UTC|[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+)$/, "must be an IANA time zone like America/New_York")
  .transform((value, ctx) => {
    try {
      return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
    } catch {
      ctx.addIssue({ code: "custom", message: "is not a known IANA time zone" });
      return z.NEVER;
    }
  });

export const storeConfigsSchema = z.object({
  currency: z.literal("USD"),
  timezone: z.string(),
  weightUnit: z.enum(WEIGHT_UNITS),
  notifications: z.object({ emailOnNewOrder: z.boolean(), inboxSmsNotify: z.boolean() }),
  features: z.object({ analytics: z.boolean(), fulfillmentMetrics: z.boolean() }),
  updatedAt: z.string().nullable(),
});

/** What a store has before its first save. */
export const STORE_CONFIG_DEFAULTS = {
  currency: "USD",
  timezone: "UTC",
  weightUnit: "lb",
  notifications: { emailOnNewOrder: true, inboxSmsNotify: false },
  features: { analytics: false, fulfillmentMetrics: false },
} as const satisfies Omit<z.infer<typeof storeConfigsSchema>, "updatedAt">;

/** Store-level settings: currency, time zone, weight unit, notifications, feature flags. */
export const getStoreConfigs = defineContract({
  id: "getStoreConfigs",
  method: "GET",
  path: "/web/stores/me/configs",
  summary: "Store settings: currency (always USD), time zone, weight unit, notification toggles, analytics and fulfillment-metrics flags.",
  tags: ["stores"],
  access: "user",
  response: storeConfigsSchema,
});

/** Updates the given store settings; omitted keys keep their value. */
export const updateStoreConfigs = defineContract({
  id: "updateStoreConfigs",
  method: "PUT",
  path: "/web/stores/me/configs",
  summary: "Updates store settings. Send only what changes. Inbox SMS notifications need a phone number on the store profile.",
  tags: ["stores"],
  access: "user",
  idempotent: true,
  body: z
    .strictObject({
      currency: z.literal("USD", "is always USD").optional(),
      timezone: timezoneSchema.optional(),
      weightUnit: z.enum(WEIGHT_UNITS).optional(),
      notifications: z.strictObject({ emailOnNewOrder: z.boolean().optional(), inboxSmsNotify: z.boolean().optional() }).optional(),
      features: z.strictObject({ analytics: z.boolean().optional(), fulfillmentMetrics: z.boolean().optional() }).optional(),
    })
    .refine(atLeastOneField, AT_LEAST_ONE),
  response: storeConfigsSchema,
});

export const EXTERNAL_FIELD_NAMES = ["closedEducationPanelPages", "audienceCapture"] as const;
const pageKeySchema = z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters").regex(/^[A-Za-z0-9_-]+$/, "may hold only letters, digits, _ and -");

/** The known external fields (000 §3); any other name is refused. */
export const externalFieldInputSchema = z.discriminatedUnion(
  "name",
  [
    z.strictObject({ name: z.literal("closedEducationPanelPages"), value: z.array(pageKeySchema).max(200, "must hold at most 200 pages") }),
    z.strictObject({ name: z.literal("audienceCapture"), value: z.strictObject({ isFullAccessEnabled: z.boolean() }) }),
  ],
  { error: `must be one of ${EXTERNAL_FIELD_NAMES.join(", ")}` },
);

const externalFieldsResponse = z.object({ externalFields: z.array(externalFieldSchema) });

/** The store's external fields: UI state kept per store. */
export const getStoreExternalFields = defineContract({
  id: "getStoreExternalFields",
  method: "GET",
  path: "/web/stores/me/external-fields",
  summary: "The store's external fields (closedEducationPanelPages, audienceCapture) as name and value pairs.",
  tags: ["stores"],
  access: "user",
  response: externalFieldsResponse,
});

/** Sets the given external fields, each replacing its stored value; others are kept. */
export const updateStoreExternalFields = defineContract({
  id: "updateStoreExternalFields",
  noToolReason: "Client screen state (closed education panels, the audience-capture switch) written by the screens themselves.",
  method: "PUT",
  path: "/web/stores/me/external-fields",
  summary: "Sets external fields by name (closedEducationPanelPages: list of page keys; audienceCapture: { isFullAccessEnabled }). Fields not sent are kept.",
  tags: ["stores"],
  access: "user",
  idempotent: true,
  body: z.strictObject({
    externalFields: z
      .array(externalFieldInputSchema)
      .min(1, "must hold at least one field")
      .refine((list) => new Set(list.map((f) => f.name)).size === list.length, "must name each field once"),
  }),
  response: externalFieldsResponse,
});

/** Per-store "already seen" flags: the quiz, the guided tours of 000 §2.7, one-time dialogs. */
export const SEEN_FLAGS = [
  "seenQuiz",
  "seenHomebaseTour",
  "seenSourcingHomeTour",
  "seenSourcingMarketplaceTour",
  "seenSupplierProfileTour",
  "seenFulfillmentHomeTour",
  "seenMarketingHubTour",
  "seenManageShopTour",
  "seenChatbotWelcome",
  "seenAccessCodeModal",
] as const;
export type SeenFlag = (typeof SEEN_FLAGS)[number];

export const seenStateSchema = z.object(Object.fromEntries(SEEN_FLAGS.map((f) => [f, z.boolean()])) as Record<SeenFlag, z.ZodBoolean>);

/** Which one-time screens (quiz, tours, dialogs) this store has seen. */
export const getStoreSeenState = defineContract({
  id: "getStoreSeenState",
  method: "GET",
  path: "/web/stores/me/seen-state",
  summary: "The store's seen-state flags: quiz, guided tours and one-time dialogs; true once seen.",
  tags: ["stores"],
  access: "user",
  response: seenStateSchema,
});

/** Sets one or more seen-state flags; false shows the screen again. */
export const updateStoreSeenState = defineContract({
  id: "updateStoreSeenState",
  noToolReason: "Which tours and dialogs the user has seen: written by the screens as they are shown.",
  method: "PUT",
  path: "/web/stores/me/seen-state",
  summary: "Sets one or more seen-state flags (true: seen; false: show again). Unknown flags are refused.",
  tags: ["stores"],
  access: "user",
  idempotent: true,
  body: z
    .strictObject(Object.fromEntries(SEEN_FLAGS.map((f) => [f, z.boolean().optional()])) as Record<SeenFlag, z.ZodOptional<z.ZodBoolean>>)
    .refine(atLeastOneField, AT_LEAST_ONE),
  response: seenStateSchema,
});

const questionKeySchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, "must be a question key of letters, digits, _ . - (at most 64)");
export const businessPlanAnswerSchema = z.union([
  z.string().trim().max(2000, "must be at most 2000 characters"),
  z.array(z.string().trim().max(200, "must be at most 200 characters")).max(20, "must hold at most 20 choices"),
  z.number(),
  z.boolean(),
]);

export const businessPlanSchema = z.object({
  completed: z.boolean(),
  answers: z.record(z.string(), businessPlanAnswerSchema),
  completedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

/** The store's business plan answers and when it was first completed. */
export const getStoreBusinessPlan = defineContract({
  id: "getStoreBusinessPlan",
  method: "GET",
  path: "/web/stores/me/business-plan",
  summary: "The store's business plan (question key to answer) and when it was completed; empty until completed.",
  tags: ["stores"],
  access: "user",
  response: businessPlanSchema,
});

/** Saves the business plan answers and marks the plan completed. */
export const completeStoreBusinessPlan = defineContract({
  id: "completeStoreBusinessPlan",
  noToolReason: "The business-plan questionnaire is answered on its own screen; assistants read it, they don't fill it in for the user.",
  method: "PUT",
  path: "/web/stores/me/business-plan-completed",
  summary: "Saves the business plan (question key to answer, replacing earlier answers) and marks it completed; the first completion time is kept.",
  tags: ["stores"],
  access: "user",
  idempotent: true,
  body: z.strictObject({
    answers: z
      .record(questionKeySchema, businessPlanAnswerSchema)
      .refine((a) => Object.keys(a).length >= 1, "must hold at least one answer")
      .refine((a) => Object.keys(a).length <= 100, "must hold at most 100 answers"),
  }),
  response: businessPlanSchema,
});

export const BANK_ACCOUNT_TYPES = ["CHECKING", "SAVINGS"] as const;

/** A US ABA routing number: nine digits whose weighted sum (3, 7, 1) is a multiple of ten. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^[0-9]{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

const digitsOnly = (v: string) => v.replace(/[\s-]/g, "");

export const bankAccountSchema = z.object({
  accountHolderName: z.string(),
  bankName: z.string(),
  accountType: z.enum(BANK_ACCOUNT_TYPES),
  accountNumberMasked: z.string().describe("Only the last four digits are kept, e.g. ****6789"),
  routingNumberMasked: z.string(),
  country: z.string(),
  updatedAt: z.string(),
});
const bankInfoResponse = z.object({ bankAccount: bankAccountSchema.nullable() });

/** The store's payout bank account, masked; owner only. */
export const getStoreBankInfo = defineContract({
  id: "getStoreBankInfo",
  method: "GET",
  path: "/web/stores/me/bank-info",
  summary: "The store's payout bank account, masked (last four digits only); only the owner may read it.",
  tags: ["stores"],
  access: "user",
  response: bankInfoResponse,
});

/** Sets the payout bank account; only the last four digits are kept. Owner only. */
export const updateStoreBankInfo = defineContract({
  id: "updateStoreBankInfo",
  method: "PUT",
  path: "/web/stores/me/bank-info",
  summary: "Sets the store's payout bank account (US). The full numbers are never stored or returned; only the owner may change it.",
  tags: ["stores"],
  access: "user",
  body: z.strictObject({
    accountHolderName: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
    bankName: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
    accountType: z.enum(BANK_ACCOUNT_TYPES),
    routingNumber: z.string().max(40, "must be at most 40 characters").transform(digitsOnly).refine(isValidRoutingNumber, "must be a valid 9-digit US routing number"),
    accountNumber: z.string().max(40, "must be at most 40 characters").transform(digitsOnly).refine((v) => /^[0-9]{4,17}$/.test(v), "must be 4 to 17 digits"),
  }),
  response: bankInfoResponse,
  noToolReason: "Bank details are entered by the owner on the screen; an agent must never see or relay them.",
});
