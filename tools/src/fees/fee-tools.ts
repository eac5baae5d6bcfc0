import { fees } from "@atelier/contracts";
import { defineTool, type ApprovalLookup } from "../tool-spec";

// The store's money with the platform: the payments report (fees, card payments, payouts) and its
// two records, and paying the balance due. Fees are charged by the fulfilment center's work; the
// one write here pays what is already due, after the owner approves the amount and the card.

const usd = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const balanceNow = (lookup: ApprovalLookup) => lookup(fees.getPaymentsReport, { query: { size: 1 } });

/** Approvals only for what can succeed: a card, a balance, and the amount still the balance. */
async function balancePrecheck(a: Record<string, unknown>, lookup: ApprovalLookup): Promise<string | undefined> {
  const r = await balanceNow(lookup);
  if (!r) return undefined;
  if (r.payableCents === 0) return r.balanceDueCents > 0 ? "Your fees are being charged to your card right now, so there is nothing to pay by hand." : "You have no balance due, so there is nothing to pay.";
  if (!r.defaultCard) return `There is no default card on this store, so the balance of ${usd(r.payableCents)} can't be paid yet. Add a card in your billing settings, then ask me again.`;
  if (a.amountCents !== r.payableCents) return `Your balance due is ${usd(r.payableCents)}. Ask me to pay that amount.`;
  return undefined;
}

const period = {
  from: "First day of the period, YYYY-MM-DD (default 30 days ago); 'last month' is the first of last month",
  to: "The day AFTER the last day, YYYY-MM-DD (the period is half-open); 'last month' ends on the first of this month",
};

export const feeTools = [
  defineTool({
    contract: fees.getPaymentsReport,
    name: "get_payments_report",
    description:
      "The store's payments in a period, newest first, with the total of each kind: FULFILMENT_FEE ($1.50 per order shipped by the fulfilment center, $1.15 on Professional), STORAGE_FEE ($1 per bin per SKU for 12 months), QC_FEE, PURCHASE, SUBSCRIPTION, SHIPPING_LABEL, AI_CREDITS, and PAYOUT (storefront sales paid out less 5% processing and any balance due). Each row says what it was for (the order or receiving). Use it for 'what did I pay in fulfilment fees last month', 'why was I charged $1.50', 'how much was my last payout', 'what do I owe'.",
    argDescriptions: { ...period, kind: "Optional: only one kind (FULFILMENT_FEE, STORAGE_FEE, QC_FEE, PURCHASE, SUBSCRIPTION, SHIPPING_LABEL, AI_CREDITS or PAYOUT)", page: "Page number, starting at 0", size: "Rows per page, 1-100" },
  }),
  defineTool({
    contract: fees.getPayoutRecord,
    name: "get_payout_record",
    description: "One payout: the week of storefront sales it pays (each order with its 5% processing), the fees due taken from it, and the net paid. 'this payout' is the one on the user's screen; otherwise take the id from get_payments_report (kind PAYOUT).",
    argDescriptions: { id: "The payout's id (payoutRecordId in the payments report)" },
  }),
  defineTool({
    contract: fees.getPaymentRecord,
    name: "get_payment_record",
    description: "One card payment: amount, card brand and last 4 digits, what it paid for (the fee's order or receiving), and refunds. 'this payment' is the one on the user's screen; otherwise take the id from get_payments_report (paymentRecordId).",
    argDescriptions: { id: "The card payment's id (paymentRecordId in the payments report, like ch_…)" },
  }),
  defineTool({
    contract: fees.payBalanceDue,
    name: "pay_balance_due",
    description:
      "Pay the store's balance due (fees the card did not cover) now with the default card. Needs the user's approval. Read get_payments_report first and pass its payableCents as amountCents. Use it for 'pay what I owe', 'settle my balance', 'pay it' after the balance was shown. A declined card changes nothing; say the answer's message.",
    argDescriptions: { amountCents: "payableCents from get_payments_report: the balance the user is paying, in cents" },
    approval: {
      summary: async (a, lookup) => {
        const r = await balanceNow(lookup);
        const card = r?.defaultCard ? `your ${fees.cardEnding(r.defaultCard)}` : "your default card";
        return `Pay your balance due of ${usd(Number(a.amountCents))} with ${card}`;
      },
      precheck: balancePrecheck,
    },
  }),
];
