import type { Intent, Outcome } from "./offline-types";
import { call, got, usd } from "./offline-steps";

// Paying the balance due offline: "pay what I owe", "settle my balance", and "pay it" once the
// balance was just shown. The step reads the payments report for the amount (payableCents) so the
// approval names the amount and the card; the tool's precheck answers when nothing can be paid.
// Asking what is owed ("what do I owe?") stays the payments report's.

const PAY = /\b(pay|settle|clear|cover)\b/i;
const OWED = /\b(balance|owe|owing|owed|due|outstanding fees|fees? (?:i|you) (?:owe|charged)|what i owe)\b/i;
/** "pay it", "ok pay that now", "yes, settle it": only right after the balance was on the table. */
const PAY_IT = /^(?:(?:ok(?:ay)?|yes|yeah|sure|great|then)[,.!]? )*(?:pay|settle|clear) (?:it|that|this|them)(?: (?:now|off|please|with my card))*[.!]?$/i;

/** Whether the last thing the assistant read was the store's money (so "it" is the balance). */
const afterPayments = (history: Outcome[]) => ["get_payments_report", "get_payout_record", "get_payment_record"].includes([...history].reverse().find((o) => !o.error && !o.declined)?.name ?? "");

function payStep(_t: string, done: Outcome[]) {
  const paid = got(done, "pay_balance_due");
  if (paid) return { answer: paid.value.message };
  const report = got(done, "get_payments_report");
  if (!report) return call("get_payments_report", { size: 1 });
  const r = report.value;
  if (r.payableCents === 0) {
    return { answer: r.balanceDueCents > 0 ? `Your fees of ${usd(r.balanceDueCents)} are being charged to your card right now, so there is nothing to pay by hand.` : "You have no balance due, so there is nothing to pay." };
  }
  return call("pay_balance_due", { amountCents: r.payableCents });
}

export const BALANCE_INTENTS: Intent[] = [
  {
    name: "pay-balance",
    tools: ["get_payments_report", "pay_balance_due"],
    examples: [
      "pay what I owe", "settle my balance", "pay my balance due now", "pay off my fees", "clear my balance", "pay the balance with my card",
      "pay teh balance due", "setle my balnce", "i want to pay my outstanding fees", "charge my card for what I owe", "pay the fulfilment center what I owe",
    ],
    match: (t) => PAY.test(t) && OWED.test(t) && !/\b(cart|invoice|label|credits?|plan|supplier|quote|order #?\d)\b/i.test(t),
    step: payStep,
  },
  {
    name: "pay-balance-follow-up",
    tools: ["get_payments_report", "pay_balance_due"],
    examples: ["pay it", "ok pay it now", "yes settle it", "pay that"],
    match: (t) => PAY_IT.test(t.trim().replace(/\s+/g, " ")),
    applies: afterPayments,
    step: payStep,
  },
];
