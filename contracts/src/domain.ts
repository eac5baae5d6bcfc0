import { z } from "zod";

/** Plan tiers (000 §4). */
export const PLAN_TYPES = ["TIER_1", "TIER_2", "TIER_2_5", "TIER_3"] as const;
export const planTypeSchema = z.enum(PLAN_TYPES);
export type PlanType = (typeof PLAN_TYPES)[number];

export const PLAN_NAMES: Record<PlanType, string> = {
  TIER_1: "Free",
  TIER_2: "Beginner",
  TIER_2_5: "Scaling",
  TIER_3: "Professional",
};

/** Where each plan upgrades to; Professional has no upgrade. */
export const UPGRADE_TARGET: Record<PlanType, PlanType | null> = {
  TIER_1: "TIER_2",
  TIER_2: "TIER_3",
  TIER_2_5: "TIER_3",
  TIER_3: null,
};

export const PLAN_RANK: Record<PlanType, number> = { TIER_1: 0, TIER_2: 1, TIER_2_5: 2, TIER_3: 3 };

export function planAtLeast(plan: PlanType, min: PlanType): boolean {
  return PLAN_RANK[plan] >= PLAN_RANK[min];
}

export const SUBSCRIPTION_STATUSES = ["ACTIVE", "PAST_DUE", "UNPAID", "CANCELED", "INCOMPLETE", "INCOMPLETE_EXPIRED", "TRIALING"] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const INVOICE_BEHAVIORS = ["keep_as_draft", "mark_uncollectible", "void"] as const;
export const invoiceBehaviorSchema = z.enum(INVOICE_BEHAVIORS);

export const MODULE_STATUSES = ["NOT_ACTIVE", "ACTIVE", "EXPIRED"] as const;

/** A blueprint subscription counts as active when ACTIVE, TRIALING or PAST_DUE. */
export function isSubscriptionActive(status: SubscriptionStatus | null | undefined): boolean {
  return status === "ACTIVE" || status === "TRIALING" || status === "PAST_DUE";
}

/** Paused when a pause time is set and the status is not CANCELED. */
export function isSubscriptionPaused(status: SubscriptionStatus | null | undefined, pausedAt: string | null | undefined): boolean {
  return Boolean(pausedAt) && status !== "CANCELED";
}

export const ACCOUNT_TYPES = ["CREATOR", "SMB", "UNDECIDED"] as const;
export const WORK_STYLES = ["WITH_AI_ASSISTANTS", "USE_THE_TOOLS_MYSELF"] as const;

/** Team roles; what each may do is in TEAM_PERMISSIONS. */
export const TEAM_ROLES = ["OWNER", "ADMIN", "CX"] as const;
export const teamRoleSchema = z.enum(TEAM_ROLES);
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Additional team accounts a plan includes (Professional: 5; other plans: none). */
export const TEAM_SEATS: Record<PlanType, number> = { TIER_1: 0, TIER_2: 0, TIER_2_5: 0, TIER_3: 5 };

/** AI credit tiers per bundle (000 §9); the first of each is the default. */
export const AI_CREDIT_TIERS = {
  BEGINNER: [1000, 2000, 3500, 7000, 10000],
  PROFESSIONAL: [5000, 8000, 15000, 30000, 50000],
} as const;

export const PROMOTION_CODES = { PRODUCTS10: "PRODUCTS10", DESIGN50: "DESIGN50" } as const;

export const REGIONS = ["AF", "NA", "SA", "AS", "EU", "OA"] as const;
export type Region = (typeof REGIONS)[number];
/** How each region is shown (cards, profiles, the filter panel). */
export const REGION_LABELS: Record<Region, string> = { AF: "Africa", NA: "North America", SA: "South America", AS: "Asia", EU: "Europe", OA: "Oceania" };
export const SOURCING_COUNTRIES = ["CN", "US", "IT", "VN", "IN"] as const;

export const MILESTONE_LEVELS = ["DEFAULT", "FIRST_SALE", "1k", "5k", "10k", "50k", "100k", "500k", "1MM", "5MM"] as const;

/** The standard address form: local part, @, a domain with a dot. */
export const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** http, https, ftp or protocol-relative; never mailto (000 §5). */
export const LINK_PATTERN = /^(?:(?:https?|ftp):)?\/\/[^\s/$.?#][^\s]*$/i;

export function isValidLink(value: string): boolean {
  return !/^mailto:/i.test(value.trim()) && LINK_PATTERN.test(value.trim());
}

export const emailSchema = z
  .string()
  .trim()
  .max(254, "must be at most 254 characters")
  .regex(EMAIL_PATTERN, "must be an email address like name@example.com")
  .transform((v) => v.toLowerCase());

export const linkSchema = z
  .string()
  .trim()
  .max(2048, "must be at most 2048 characters")
  .refine(isValidLink, "must be an http, https, ftp or protocol-relative link");

/** Where uploads are served: the /upload answer's url. */
export const UPLOAD_URL_PREFIX = "/rest/main/upload/files/";

/** An attachment: a file uploaded through /upload (its relative URL) or an http(s) link. */
export const attachmentLinkSchema = z
  .string()
  .trim()
  .max(2048, "must be at most 2048 characters")
  .refine((v) => v.startsWith(UPLOAD_URL_PREFIX) || isValidLink(v), "must be an upload URL from /upload or an http(s) link");

export const idSchema = z.string().uuid("must be a UUID");

/** A page of results; page is 0-based as in the spec. */
export const pageQuery = {
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
};

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
}
