import { PLAN_NAMES, plans, type PlanType } from "@atelier/contracts";
import { inWords } from "@atelier/contracts/error-sentences";
import { defineTool } from "../tool-spec";
import { buyCreditsSummary, cardOnFile, cardWords } from "../payments/payment-approvals";

const paymentMethodId = "Id of a saved card to charge; the default card when omitted";

export const planTools = [
  defineTool({
    contract: plans.getPlanOverview,
    name: "get_plan",
    description: "Get the store's plan: tier and name, monthly price, upgrade target, subscription status, pause state, open invoice and AI credit balance. Use it for 'show my plan', 'what plan am I on', 'can I upgrade'.",
  }),
  defineTool({
    contract: plans.getUpgradeQuote,
    name: "get_upgrade_quote",
    description: "Get what an upgrade would charge now (the prorated difference mid-period), the card it charges and the period it covers. Use it before upgrade_plan and tell the user the amount.",
    argDescriptions: { targetPlan: "The plan to upgrade to (the upgrade target get_plan names)" },
  }),
  defineTool({
    contract: plans.upgradePlan,
    name: "upgrade_plan",
    description: "Upgrade the plan to its upgrade target (get_plan tells which), charging a saved card the amount get_upgrade_quote gave. Needs the user's approval. Use it only when the user asks to upgrade.",
    argDescriptions: {
      targetPlan: "The plan to upgrade to; must be the current plan's upgrade target (TIER_2 from TIER_1, TIER_3 from TIER_2 or TIER_2_5)",
      paymentMethodId,
      expectedAmountCents: "The amountCents of get_upgrade_quote that the user agreed to; the upgrade is refused if the price changed",
    },
    approval: {
      summary: async (a, lookup) =>
        `Upgrade the plan to ${PLAN_NAMES[a.targetPlan as PlanType] ?? String(a.targetPlan)} and charge ${typeof a.expectedAmountCents === "number" ? `$${(a.expectedAmountCents / 100).toFixed(2)} to ` : ""}${await cardWords(a.paymentMethodId, lookup)}`,
      precheck: cardOnFile,
    },
  }),
  defineTool({
    contract: plans.downgradePlan,
    name: "downgrade_plan",
    description: "Schedule a move to a lower paid plan at the end of the paid period (nothing is charged or refunded now). Needs the user's approval. For Free, use cancel_plan.",
    argDescriptions: { targetPlan: "The lower paid plan: TIER_2 or TIER_2_5" },
    approval: { summary: (a) => `Move to ${PLAN_NAMES[a.targetPlan as PlanType] ?? String(a.targetPlan)} at the end of the paid period` },
  }),
  defineTool({
    contract: plans.pausePlan,
    name: "pause_plan",
    description: "Pause the plan's subscription. Needs the user's approval. Use it when the user asks to pause billing.",
    approval: { summary: (a) => `Pause the plan (open invoices are ${inWords(String(a.behavior))}${a.resumesAt ? `, resuming ${String(a.resumesAt)}` : ""})` },
  }),
  defineTool({
    contract: plans.resumePlan,
    name: "resume_plan",
    description: "Resume a paused plan. Use it when the user asks to resume or unpause their subscription.",
  }),
  defineTool({
    contract: plans.cancelPlan,
    name: "cancel_plan",
    description: "Cancel the plan with the cancellation survey answers (ask the user each one; never invent them). Needs the user's approval.",
    argDescriptions: { reason: "Why the user is leaving", samplesNotOrderedReason: "Why the user did not order samples", suggestions: "Free-text suggestions from the user; empty when none" },
    approval: { summary: (a) => (a.offerAnswer === "YES" ? "Keep the plan at 40% off for 3 months" : "Cancel the plan and return to Free") },
  }),
  defineTool({
    contract: plans.getAiCredits,
    name: "get_ai_credits",
    description: "Get the AI credit balance and the credit tiers the store may buy. Use it for 'how many credits do I have'.",
  }),
  defineTool({
    contract: plans.listAiCreditMovements,
    name: "list_ai_credit_movements",
    description: "List AI credit purchases and spending, newest first. Use it when the user asks where their credits went.",
    argDescriptions: { page: "Page number, starting at 0", size: "Items per page, 1-100" },
  }),
  defineTool({
    contract: plans.purchaseAiCredits,
    name: "purchase_ai_credits",
    description: "Buy a tier of AI credits with a saved card. Needs the user's approval. Use it only when the user asks to buy credits.",
    argDescriptions: { paymentMethodId },
    approval: { summary: buyCreditsSummary, precheck: cardOnFile },
  }),
];
