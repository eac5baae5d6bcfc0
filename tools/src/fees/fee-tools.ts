import { fees } from "@atelier/contracts";
import { defineTool } from "../tool-spec";

// The store's money with the platform: the payments report (fees, card payments, payouts) and its
// two records. Reads only: fees are charged by the fulfilment center's work, never by a tool.

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
];
