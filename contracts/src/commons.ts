import { z } from "zod";
import { defineContract } from "./contract";
import { AI_CREDIT_TIERS, PLAN_NAMES, PLAN_TYPES, PROMOTION_CODES, REGIONS, SOURCING_COUNTRIES, TEAM_SEATS, UPGRADE_TARGET } from "./domain";

const regionSchema = z.enum(REGIONS);
const countryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, "must be a two-letter ISO 3166 country code")
  .transform((v) => v.toUpperCase());

export const countrySchema = z.object({ code: z.string(), name: z.string(), region: regionSchema });
export const stateSchema = z.object({ code: z.string(), name: z.string() });

/** Every ISO 3166 country with its region (000 §7 util/countries). */
export const listCountries = defineContract({
  id: "listCountries",
  method: "GET",
  path: "/commons/util/countries",
  summary: "All ISO 3166 countries: code, English name and region (AF, NA, SA, AS, EU, OA).",
  tags: ["commons"],
  access: "public",
  response: z.object({ list: z.array(countrySchema) }),
});

/** States or provinces of one country; empty when we ship none for it. */
export const listStatesOfCountry = defineContract({
  id: "listStatesOfCountry",
  method: "GET",
  path: "/commons/util/states-of-country",
  summary: "States or provinces of a country (ISO 3166-2 codes without the country prefix); an empty list where none are shipped.",
  tags: ["commons"],
  access: "public",
  query: z.strictObject({ countryCode: countryCodeSchema }),
  response: z.object({ countryCode: z.string(), list: z.array(stateSchema) }),
});

export const INFERRED_FROM = ["hint", "accept-language", "default"] as const;

/** The caller's likely country: a hint, else the Accept-Language region, else US. */
export const inferCountry = defineContract({
  id: "inferCountry",
  method: "GET",
  path: "/commons/util/infer-country",
  summary: "Infers the caller's country from a countryCode hint, else the Accept-Language region, else the United States.",
  tags: ["commons"],
  access: "public",
  query: z.strictObject({ countryCode: countryCodeSchema.optional() }),
  response: countrySchema.extend({ inferredFrom: z.enum(INFERRED_FROM) }),
});

/**
 * The business constants of 000 §9 in one place. Money is in US cents and rates in percent so
 * clients never parse prices out of text.
 */
export const BUSINESS_SETTINGS = {
  currency: { code: "USD", locale: "en-US" },
  plans: PLAN_TYPES.map((type) => ({ type, name: PLAN_NAMES[type], upgradeTarget: UPGRADE_TARGET[type], teamSeats: TEAM_SEATS[type] })),
  bundles: ["Beginner", "Professional", "Launch", "Design", "Sample"],
  aiCreditTiers: {
    beginner: { tiers: [...AI_CREDIT_TIERS.BEGINNER], default: AI_CREDIT_TIERS.BEGINNER[0] },
    professional: { tiers: [...AI_CREDIT_TIERS.PROFESSIONAL], default: AI_CREDIT_TIERS.PROFESSIONAL[0] },
  },
  promotionCodes: { discount: PROMOTION_CODES.PRODUCTS10, design: PROMOTION_CODES.DESIGN50 },
  rewards: { signupAmountsUsd: [75, 100, 50, 25], cashBackPercent: 1 },
  fees: {
    fulfillmentPerOrderCents: 150,
    fulfillmentPerOrderProfessionalCents: 115,
    storagePerBinPerSkuCents: 100,
    storageSecuredMonths: 12,
    storefrontPaymentProcessingPercent: 5,
    salesChannelListingFeeCents: 0,
    salesChannelProductFeePercent: 1,
    smsPerTextCents: 2,
    mmsPerMessageCents: 4,
    smsTextsPerMonth: 1000,
    visitorIdFromPerEmailCents: 16,
  },
  limits: { pulseContentPieces: { beginner: 750, professional: 3000 } },
  paging: {
    chatMessages: 10,
    productListings: 100,
    localProductsAndTemplates: 1000,
    bundleMappings: 1000,
    forYouSupplierSearch: 50,
    paymentMethods: 10,
    paymentMethodType: "card",
    imageSearchQuantity: 120,
  },
  cardImageSizes: { compact: 160, large: 480, grande: 600, full: 1024 },
  regions: [...REGIONS],
  sourcingCountries: [...SOURCING_COUNTRIES],
  gramsPerPound: 453.59237,
} as const;

const planEntrySchema = z.object({ type: z.enum(PLAN_TYPES), name: z.string(), upgradeTarget: z.enum(PLAN_TYPES).nullable(), teamSeats: z.number().int() });
const creditTierSchema = z.object({ tiers: z.array(z.number().int()), default: z.number().int() });
const numbers = <K extends string>(keys: readonly K[]) => z.object(Object.fromEntries(keys.map((k) => [k, z.number()])) as Record<K, z.ZodNumber>);

export const businessSettingsSchema = z.object({
  currency: z.object({ code: z.literal("USD"), locale: z.string() }),
  plans: z.array(planEntrySchema),
  bundles: z.array(z.string()),
  aiCreditTiers: z.object({ beginner: creditTierSchema, professional: creditTierSchema }),
  promotionCodes: z.object({ discount: z.string(), design: z.string() }),
  rewards: z.object({ signupAmountsUsd: z.array(z.number()), cashBackPercent: z.number() }),
  fees: numbers(Object.keys(BUSINESS_SETTINGS.fees) as (keyof typeof BUSINESS_SETTINGS.fees)[]),
  limits: z.object({ pulseContentPieces: z.object({ beginner: z.number().int(), professional: z.number().int() }) }),
  paging: numbers(["chatMessages", "productListings", "localProductsAndTemplates", "bundleMappings", "forYouSupplierSearch", "paymentMethods", "imageSearchQuantity"] as const).extend({
    paymentMethodType: z.string(),
  }),
  cardImageSizes: z.object({ compact: z.number().int(), large: z.number().int(), grande: z.number().int(), full: z.number().int() }),
  regions: z.array(regionSchema),
  sourcingCountries: z.array(z.string()),
  gramsPerPound: z.number(),
});

/** The product's business constants: fees, limits, credit tiers, rewards, paging, plans, codes. */
export const getBusinessSettings = defineContract({
  id: "getBusinessSettings",
  method: "GET",
  path: "/commons/business-settings",
  summary: "Business constants: fees, limits, AI credit tiers, reward amounts, paging sizes, card image sizes, plans and upgrade targets, promotion codes.",
  tags: ["commons"],
  access: "public",
  response: businessSettingsSchema,
});

export const SOURCE_CLIENTS = ["desktop_web", "mobile_web"] as const;

/** A usage event as the web client sends it (001 §3). */
export const usageEventBodySchema = z.strictObject({
  eventName: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(100, "must be at most 100 characters")
    .regex(/^[A-Za-z0-9_.:-]+$/, "may hold only letters, digits and _ . : -"),
  commonType: z.string().trim().max(100, "must be at most 100 characters").nullish(),
  // Missing or blank content is accepted and skipped (001 §5), so it is optional here.
  commonContent: z.string().max(10_000, "must be at most 10000 characters").nullish(),
  sourceClient: z.enum(SOURCE_CLIENTS),
  anonymousUserId: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters"),
  userId: z.string().trim().max(200, "must be at most 200 characters").nullish(),
  userType: z.string().trim().max(50, "must be at most 50 characters").nullish(),
});

/** Records one usage event; never fails the caller once the body is valid. */
export const reportUsageEvent = defineContract({
  id: "reportUsageEvent",
  method: "POST",
  path: "/commons/event-analyses/report",
  summary: "Records a usage event; blank content is skipped; a storage failure still answers 202 with recorded false.",
  tags: ["commons"],
  access: "optional",
  status: 202,
  previewAllowed: true,
  body: usageEventBodySchema,
  response: z.object({ recorded: z.boolean() }),
  noToolReason: "Telemetry sent by the web client; agents have nothing to report.",
});
