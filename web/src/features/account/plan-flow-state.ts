import { payments } from "../../api/contracts";

const { RATING_BUCKETS } = payments;
type Reason = (typeof payments.CANCELLATION_REASONS)[number];
type SamplesReason = (typeof payments.SAMPLES_NOT_ORDERED_REASONS)[number];
type OfferAnswer = (typeof payments.OFFER_ANSWERS)[number];

/** Plan management steps (000 §2.7). */
export type PlanStep = "OVERVIEW" | "MANAGE_PLAN" | "VERIFY_PAUSE" | "VERIFY_CANCEL" | "PLAN_RESUMED" | "CONFIRMED_REQUEST_SENT";

/** Where each step may go next; anything else is refused, so a screen never shows an impossible step. */
export const PLAN_TRANSITIONS: Record<PlanStep, PlanStep[]> = {
  // A paused plan's overview leads with "Resume my plan".
  OVERVIEW: ["MANAGE_PLAN", "PLAN_RESUMED"],
  MANAGE_PLAN: ["OVERVIEW", "VERIFY_PAUSE", "VERIFY_CANCEL", "PLAN_RESUMED"],
  VERIFY_PAUSE: ["MANAGE_PLAN", "CONFIRMED_REQUEST_SENT"],
  VERIFY_CANCEL: ["MANAGE_PLAN", "CONFIRMED_REQUEST_SENT"],
  PLAN_RESUMED: ["OVERVIEW"],
  CONFIRMED_REQUEST_SENT: ["OVERVIEW"],
};

export function canMove(from: PlanStep, to: PlanStep): boolean {
  return PLAN_TRANSITIONS[from].includes(to);
}

/** Survey steps in order (000 §4): reason, rating, book call, samples, the offer, suggestions, then the final button. */
export const SURVEY_STEPS = ["reason", "rating", "bookCall", "samplesNotOrderedReason", "offerAnswer", "suggestions"] as const;
export type SurveyStep = (typeof SURVEY_STEPS)[number];

export const REASON_LABELS: Record<Reason, string> = {
  NOT_READY_TO_START: "I'm not ready to start",
  UNSURE_WHAT_TO_CREATE: "I'm unsure what to create",
  PRODUCT_NOT_FOUND: "I couldn't find the product I wanted",
  SUPPLIER_DID_NOT_REPLY: "A supplier didn't reply",
  LOW_FUNDS: "I'm low on funds",
  NEED_HELP: "I need help",
};

export const SAMPLES_LABELS: Record<SamplesReason, string> = {
  DID_NOT_KNOW_TO_ORDER: "I didn't know I should order samples",
  UNABLE_TO_FIND_PRODUCTS: "I was unable to find products",
  ORDERED_AND_WANTS_TO_CANCEL: "I did order samples and want to cancel",
  SUPPLIER_DID_NOT_RESPOND: "The supplier didn't respond",
  TOO_MUCH_WORK: "It was too much work",
};

export const OFFER_LABELS: Record<OfferAnswer, string> = { YES: "Yes, keep my plan at 40% off", MAYBE_LATER: "Maybe later", NO: "No thanks" };

export { RATING_BUCKETS };

/**
 * The steps a survey shows given the answers so far: someone who answered "did order samples"
 * still gets the offer; someone who took the offer skips the suggestions (nothing to cancel).
 */
export function visibleSurveySteps(answers: { offerAnswer?: string }): SurveyStep[] {
  return answers.offerAnswer === "YES" ? SURVEY_STEPS.filter((s) => s !== "suggestions") : [...SURVEY_STEPS];
}
