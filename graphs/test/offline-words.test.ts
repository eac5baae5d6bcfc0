import { describe, expect, it } from "vitest";
import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { createTools, hasTool } from "@atelier/tools";
import { OfflineChatModel } from "../src/models/offline-model";
import { COPILOT_TOOLS } from "../src/copilot/graph";
import { toolTurn } from "./tool-fixture";

// Users read plan names, statuses and results in words: never TIER_2_5, PAST_DUE or INSTRUMENT_DECLINED.

function answerTo(say: string, results: [string, Record<string, unknown>, unknown][]): string {
  const model = new OfflineChatModel({ role: "copilot" }).bindTools(createTools({ apiBaseUrl: "http://127.0.0.1:1" }, COPILOT_TOOLS.filter(hasTool))) as unknown as OfflineChatModel;
  const messages: BaseMessage[] = [new HumanMessage(say), ...results.flatMap(([name, args, result]) => toolTurn(name, args, result))];
  const step = model.decide(messages);
  return "answer" in step ? step.answer : "";
}

const RAW_CODE = /\bTIER_\d|\b[A-Z]{2,}_[A-Z_]+\b|\b(OWNER|ADMIN|ACTIVE|COMPLETED)\b|\b(body|query|params)\.\w/;
const plan = (planType: string, name: string, extra: Record<string, unknown> = {}) => ({ planType, name, priceCents: 5900, subscriptionStatus: "PAST_DUE", upgradeTarget: { planType: "TIER_3", name: "Professional", priceCents: 9900 }, aiCredits: { balance: 120 }, ...extra });
const quote = { amountCents: 4000, prorated: true, daysLeft: 20, periodDays: 30, explanation: "Upgrade from Scaling to Professional: $40.00 difference for the 20 of 30 days left" };

describe("offline answers speak in words, not codes", () => {
  it.each<[string, string, [string, Record<string, unknown>, unknown][]]>([
    ["plan", "show my plan", [["get_plan", {}, plan("TIER_2_5", "Scaling")]]],
    ["free plan", "what plan am I on", [["get_plan", {}, plan("TIER_1", "Free", { priceCents: 0, subscriptionStatus: null, upgradeTarget: { planType: "TIER_2", name: "Beginner", priceCents: 2900 } })]]],
    ["upgrade, declined", "upgrade my plan", [["get_plan", {}, plan("TIER_2_5", "Scaling")], ["get_upgrade_quote", { targetPlan: "TIER_3" }, quote], ["upgrade_plan", { targetPlan: "TIER_3", expectedAmountCents: 4000 }, { result: "INSTRUMENT_DECLINED" }]]],
    ["upgrade, done", "upgrade my plan", [["get_plan", {}, plan("TIER_2_5", "Scaling")], ["get_upgrade_quote", { targetPlan: "TIER_3" }, quote], ["upgrade_plan", { targetPlan: "TIER_3", expectedAmountCents: 4000 }, { result: "COMPLETED" }]]],
    ["credits", "how many credits do I have", [["get_ai_credits", {}, { balance: 120, bundle: "PROFESSIONAL", tiers: [{ credits: 5000, priceCents: 4000 }] }]]],
    ["credits bought, declined", "buy 5000 credits", [["purchase_ai_credits", { credits: 5000 }, { result: "INSTRUMENT_DECLINED", balance: 120 }]]],
    ["credits bought", "buy 5000 credits", [["purchase_ai_credits", { credits: 5000 }, { result: "COMPLETED", balance: 5120 }]]],
    ["invoice retry, declined", "retry my invoice", [["list_invoices", {}, { list: [{ id: "in_1", status: "open", amountCents: 5900 }] }], ["retry_invoice_payment", { id: "in_1" }, { result: "INSTRUMENT_DECLINED" }]]],
    ["store", "what's my store", [["get_my_store", {}, { title: "Kiln & Co", planType: "TIER_2_5", role: "OWNER", user: { email: "owner@example.com" } }]]],
  ])("%s", (_name, say, results) => {
    const answer = answerTo(say, results);
    expect(answer).not.toBe("");
    expect(answer).not.toMatch(RAW_CODE);
  });

  it("names the plan as users know it", () => {
    expect(answerTo("show my plan", [["get_plan", {}, plan("TIER_2_5", "Scaling")]])).toContain("**Scaling**");
    expect(answerTo("what's my store", [["get_my_store", {}, { title: "Kiln & Co", planType: "TIER_2_5", role: "OWNER", user: { email: "o@example.com" } }]])).toContain("Scaling plan");
  });
});
