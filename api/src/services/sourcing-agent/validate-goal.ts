import type { sourcingAgent } from "@atelier/contracts";
import { findCountry } from "../../data/countries";

// What a factory needs before it can quote, per agent variant. The default (design sourcing)
// variant follows what suppliers ask first on an RFQ: what the product is, how many, at what
// price, by when and shipped where. The tariff variant needs what a duty lookup needs; the
// packaging variant needs the packaging itself instead of a finished-goods price.

type GoalValues = sourcingAgent.GoalValues;
type SourcingAgentType = sourcingAgent.SourcingAgentType;
type Field = keyof GoalValues;

const QUESTIONS: Record<string, string> = {
  productDescription: "What is the product? Describe it in a sentence: type, material, size, what makes it yours.",
  quantity: "How many units do you want in the first order?",
  targetUnitPrice: "What price per unit are you aiming for (or what is your total budget)?",
  targetDate: "By when do you need the goods ready (YYYY-MM-DD)?",
  destinationCountryCode: "Which country will the goods ship to?",
  originCountryCode: "Which country will the goods be made in?",
  packagingNeeds: "What packaging do you need (type, material, size, inside or outside printing)?",
};

const REQUIRED: Record<SourcingAgentType, (Field | "priceOrBudget")[]> = {
  default: ["productDescription", "quantity", "priceOrBudget", "targetDate", "destinationCountryCode"],
  tariff: ["productDescription", "originCountryCode", "destinationCountryCode", "targetUnitPrice", "quantity"],
  packaging: ["productDescription", "packagingNeeds", "quantity", "targetDate", "destinationCountryCode"],
};

/** Production plus shipping rarely fits in under two weeks; below that factories decline to quote. */
const MIN_LEAD_DAYS = 14;

function daysFromToday(isoDate: string, today: Date): number {
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((Date.parse(`${isoDate}T00:00:00Z`) - start) / 86_400_000);
}

/** Checks a goal against what a factory needs to quote; pure, so the agent and the API agree. */
export function validateGoal(goal: GoalValues, agentType: SourcingAgentType, today = new Date()): sourcingAgent.GoalValidation {
  const missing: string[] = [];
  const problems: { field: string; reason: string }[] = [];
  const suggestions: string[] = [];

  const description = goal.productDescription?.trim() ?? "";
  const has: Record<string, boolean> = {
    productDescription: description.length > 0,
    quantity: goal.quantity != null,
    targetUnitPrice: goal.targetUnitPrice != null,
    priceOrBudget: goal.targetUnitPrice != null || goal.budget != null,
    targetDate: goal.targetDate != null,
    destinationCountryCode: goal.destinationCountryCode != null,
    originCountryCode: goal.originCountryCode != null,
    packagingNeeds: (goal.packagingNeeds?.trim() ?? "").length > 0,
  };
  const required = REQUIRED[agentType];
  for (const field of required) if (!has[field]) missing.push(field === "priceOrBudget" ? "targetUnitPrice" : field);

  if (description && description.split(/\s+/).length < 3) problems.push({ field: "productDescription", reason: "is too short for a factory to quote: say what it is, what it is made of and its size" });
  if (goal.targetDate) {
    const days = daysFromToday(goal.targetDate, today);
    if (days < 0) problems.push({ field: "targetDate", reason: "is in the past" });
    else if (days < MIN_LEAD_DAYS) problems.push({ field: "targetDate", reason: `is ${days} day(s) away; production and shipping need at least ${MIN_LEAD_DAYS} days` });
  }
  for (const field of ["destinationCountryCode", "originCountryCode"] as const) {
    const code = goal[field];
    if (code && !findCountry(code)) problems.push({ field, reason: `"${code}" is not an ISO 3166 country code` });
  }
  if (goal.quantity != null && goal.targetUnitPrice != null && goal.budget != null && goal.quantity * goal.targetUnitPrice > goal.budget * 1.05) {
    problems.push({ field: "budget", reason: `is below quantity × target unit price (${goal.quantity} × $${goal.targetUnitPrice} = $${(goal.quantity * goal.targetUnitPrice).toFixed(2)})` });
  }

  // The custom-project hints (000 §5) turned into advice on what is still open.
  if (agentType !== "tariff") {
    if (!goal.materials.length) suggestions.push("Name the materials (for example 100% organic cotton, 220 gsm): factories price by material.");
    if (!goal.packagingNeeds) suggestions.push("Say how it should be packed (packaging material and type), or that standard packing is fine.");
    if (!goal.printDetails) suggestions.push("Describe any printing or branding; printing both inside and outside costs more than one side.");
    if (goal.quantity != null && goal.quantity < 300) suggestions.push("More units lower the unit cost: many factories price best from 300 to 500 units.");
    if (!goal.attachments.length) suggestions.push("Attach sketches, reference photos or a tech pack: quotes from pictures are faster and closer.");
  }
  if (!has.targetDate && agentType !== "tariff") suggestions.push("A target completion date lets factories say whether they can make it in time.");
  if (agentType === "tariff" && goal.quantity == null) suggestions.push("Give the MOQ or order quantity to see the total duty and landed cost of the order.");

  const answered = required.filter((f) => has[f]).length;
  const badFields = new Set(problems.map((p) => p.field));
  const usable = required.filter((f) => has[f] && !badFields.has(f === "priceOrBudget" ? "targetUnitPrice" : f)).length;
  return {
    valid: missing.length === 0 && problems.length === 0,
    agentType,
    missing,
    problems,
    questions: missing.map((field) => ({ field, question: QUESTIONS[field] ?? `Please provide ${field}.` })),
    suggestions,
    completeness: Math.round((Math.min(answered, usable) / required.length) * 100) / 100,
  };
}
