import { PLAN_NAMES, type INVOICE_BEHAVIORS, type PlanType, type TeamRole } from "./domain";
import type { INVOICE_STATUSES } from "./payments";
import { PREVIEW_MODE_MESSAGE, UPGRADE_REQUIRED_MESSAGE } from "./errors";

// One mapping from the API's error envelope to the sentence a person reads, shared by the web's
// screens and the agents' answers: codes, HTTP statuses, field paths and enum values never reach
// a user (issue 13 item 7).

type InvoiceBehavior = (typeof INVOICE_BEHAVIORS)[number];

/** An error as the API (or a tool passing it on) sends it: `{ code, message, details }`. */
export type ErrorLike = { code: string; message?: string; details?: unknown; status?: number };

/** Codes whose message is never shown: it may carry internals, or is written for developers. */
const ALWAYS_FIXED = new Set(["UPGRADE_REQUIRED", "INTERNAL", "NETWORK", "UNREADABLE_RESULT", "TOOL_FAILED"]);

/** The sentence of each code, when its message is not meant for people (or is empty). */
const BY_CODE: Record<string, string> = {
  UNAUTHORIZED: "Your session has expired - please log in again.",
  FORBIDDEN: "This account doesn't have the permission to do that.",
  UPGRADE_REQUIRED: "Your plan doesn't include this. Upgrade your plan to use it.",
  PREVIEW_MODE: PREVIEW_MODE_MESSAGE,
  RATE_LIMITED: "That was tried too many times in a short while. Please wait a minute and try again.",
  PAYLOAD_TOO_LARGE: "That is too large to send. Please try a smaller file or less text.",
  UNSUPPORTED_MEDIA_TYPE: "That kind of file can't be used here. Please try another format.",
  INTERNAL: "Something went wrong on our side. Please try again in a few moments.",
  UNAVAILABLE: "This is not available right now. Please try again in a few moments.",
  TIMEOUT: "That took too long to answer. Please try again in a few moments.",
  NETWORK: "Something is wrong with the network - please wait a few moments and try again.",
  UNREADABLE_RESULT: "The answer could not be read. Please try again.",
  TOOL_FAILED: "That could not be done just now. Please try again.",
};

/** Field names whose words alone would read oddly; every other field is its name in words. */
const FIELD_LABELS: Record<string, string> = {
  moq: "minimum order quantity",
  sku: "SKU",
  url: "web address",
  supplierUrl: "supplier's web address",
  countryCode: "country",
  stateCode: "state",
  postalCode: "postal code",
  paymentMethodId: "card",
  expMonth: "expiry month",
  expYear: "expiry year",
  cvc: "security code (CVC)",
  expectedAmountCents: "amount",
  priceCents: "price",
  totalCents: "total",
  id: "item",
};

/** What happens to a paused plan's open invoices, in words. */
export const INVOICE_BEHAVIOR_WORDS: Record<InvoiceBehavior, string> = {
  keep_as_draft: "kept as drafts",
  mark_uncollectible: "marked as not to be collected",
  void: "voided (cancelled, never charged)",
};

/** Payment-provider and enum terms in words. */
const TERMS: Record<string, string> = {
  ...PLAN_NAMES,
  keep_as_draft: INVOICE_BEHAVIOR_WORDS.keep_as_draft,
  mark_uncollectible: INVOICE_BEHAVIOR_WORDS.mark_uncollectible,
  INSTRUMENT_DECLINED: "the card was declined",
  PAST_DUE: "payment overdue",
  UNPAID: "unpaid",
  INCOMPLETE_EXPIRED: "the first payment did not go through",
  INCOMPLETE: "waiting for the first payment",
  TRIALING: "on a trial",
};

/** A field's name as a person says it: `body.promotionCode` → "promotion code". */
export function fieldLabel(path: string): string {
  const name = path.split(".").filter((part) => !/^(body|query|params|\d+)$/.test(part)).pop() ?? path;
  return FIELD_LABELS[name] ?? name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/_/g, " ").toLowerCase();
}

/** A billing-history line's status, without the payment provider's words ("open", "uncollectible"). */
export const INVOICE_STATUS_WORDS: Record<(typeof INVOICE_STATUSES)[number], string> = {
  draft: "Draft, not charged yet",
  open: "Waiting for payment",
  paid: "Paid",
  uncollectible: "Not collected",
  void: "Cancelled, never charged",
};

/** A team role as the team screen names it. */
export const ROLE_NAMES: Record<TeamRole, string> = { OWNER: "Owner", ADMIN: "Admin", CX: "Customer support" };

export function roleName(role: string): string {
  return ROLE_NAMES[role as TeamRole] ?? role;
}

/** A plan's name as users know it (Free, Beginner, Scaling, Professional). */
export function planName(plan: string): string {
  return PLAN_NAMES[plan as PlanType] ?? plan;
}

const TERM_PATTERN = new RegExp(`\\b(${Object.keys(TERMS).sort((a, b) => b.length - a.length).join("|")})\\b`, "g");
const FIELD_PATH = /\b(?:body|query|params)((?:\.[A-Za-z0-9_]+)+)/g;
const CODE_SUFFIX = /\s*\((?:[A-Z][A-Z_]+, )?HTTP \d{3}\)/g;

/** Text in words: field paths become their labels, plan tiers their names, enum terms words. */
export function inWords(text: string): string {
  return text
    .replace(CODE_SUFFIX, "")
    .replace(FIELD_PATH, (_m, path: string) => `the ${fieldLabel(path)}`)
    .replace(TERM_PATTERN, (term: string) => TERMS[term] ?? term);
}

/** An enum value in words: `PAST_DUE` → "payment overdue", `CANCELED` → "canceled". */
export function enumWords(value: string): string {
  const words = inWords(value);
  return words === value ? value.replace(/_/g, " ").toLowerCase() : words;
}

const sentence = (text: string): string => {
  const trimmed = text.trim();
  if (!trimmed) return trimmed;
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

/** One field's reason as a sentence: `body.cardNumber`, "must be 12 to 19 digits" → "The card number must be 12 to 19 digits." */
export function fieldSentence(field: string, reason: string): string {
  return sentence(`the ${fieldLabel(field)} ${inWords(reason)}`);
}

function fieldReasons(details: unknown): string[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((d: unknown) => {
    const { field, reason } = (d ?? {}) as { field?: unknown; reason?: unknown };
    return typeof field === "string" && typeof reason === "string" ? [fieldSentence(field, reason)] : [];
  });
}

/** Whether the error means "your plan does not include this" (the web opens the upgrade prompt). */
export function isUpgradeRequired(error: ErrorLike): boolean {
  return error.code === "UPGRADE_REQUIRED" || error.message === UPGRADE_REQUIRED_MESSAGE;
}

/** "Your plan doesn't include this", with the plan that does when the error names it. */
export function upgradeSentence(details: unknown): string {
  const [d] = Array.isArray(details) ? (details as { currentPlan?: unknown; requiredPlan?: unknown }[]) : [];
  const required = PLAN_NAMES[d?.requiredPlan as PlanType];
  const current = PLAN_NAMES[d?.currentPlan as PlanType];
  if (!required) return BY_CODE.UPGRADE_REQUIRED!;
  return `Your plan doesn't include this: it needs the ${required} plan${current ? `, and your store is on ${current}` : ""}. Upgrade your plan to use it.`;
}

/** The sentence a person reads for an API error: never a code, HTTP status or field path. */
export function sentenceFor(error: ErrorLike): string {
  const fallback = "There was an error. Please try again later.";
  if (isUpgradeRequired(error)) return upgradeSentence(error.details);
  const fixed = BY_CODE[error.code];
  if (fixed && ALWAYS_FIXED.has(error.code)) return fixed;
  if (error.code === "VALIDATION_FAILED") {
    const reasons = fieldReasons(error.details);
    if (reasons.length) return reasons.slice(0, 3).join(" ");
  }
  const message = error.message && !/^[A-Z][A-Z0-9_]+$/.test(error.message) ? inWords(error.message) : "";
  return message ? sentence(message) : (fixed ?? fallback);
}
