import { payments } from "@atelier/contracts";
import { inWords } from "@atelier/contracts/error-sentences";
import { defineTool } from "../tool-spec";
import { cardOnFile, removeCardSummary, retryInvoiceSummary, subscriptionWords } from "./payment-approvals";

const invoiceId = "The invoice id, as listed by list_invoices";
const subscriptionId = "The subscription id, from get_plan's subscription";
const cardId = "The saved card's id, as listed by list_payment_methods";

export const paymentTools = [
  defineTool({
    contract: payments.listCardPaymentInvoices,
    name: "list_invoices",
    description: "List the store's subscription invoices, newest first. Use it for billing history questions.",
    argDescriptions: { page: "Page number, starting at 0", size: "Items per page, 1-100" },
  }),
  defineTool({ contract: payments.getCardPaymentInvoice, name: "get_invoice", description: "Get one subscription invoice. Use it when the user asks about a specific invoice.", argDescriptions: { id: invoiceId } }),
  defineTool({
    contract: payments.retryCardPaymentInvoice,
    name: "retry_invoice_payment",
    description: "Charge an open invoice again, with the default card or a given one. Needs the user's approval. Use it when a payment failed and the user wants to pay now.",
    argDescriptions: { id: invoiceId, paymentMethodId: "Id of a saved card to charge; the default card when omitted" },
    approval: { summary: retryInvoiceSummary, precheck: cardOnFile },
  }),
  defineTool({ contract: payments.getCardPaymentSubscription, name: "get_subscription", description: "Get one subscription: status, pause and cancel state. Prefer get_plan for the plan overview.", argDescriptions: { id: subscriptionId } }),
  defineTool({
    contract: payments.pauseCardPaymentSubscription,
    name: "pause_subscription",
    description: "Pause one subscription by id. Prefer pause_plan for the store's plan. Needs the user's approval.",
    argDescriptions: { id: subscriptionId },
    approval: { summary: async (a, lookup) => `Pause ${await subscriptionWords(a.id, lookup)} (open invoices are ${inWords(String(a.behavior))})` },
  }),
  defineTool({ contract: payments.resumeCardPaymentSubscription, name: "resume_subscription", description: "Resume one paused subscription by id. Prefer resume_plan for the store's plan.", argDescriptions: { id: subscriptionId } }),
  defineTool({
    contract: payments.cancelCardPaymentSubscription,
    name: "cancel_subscription",
    description: "Cancel one subscription by id with the cancellation survey. Prefer cancel_plan for the store's plan. Needs the user's approval.",
    argDescriptions: { id: subscriptionId, reason: "Why the user is leaving", samplesNotOrderedReason: "Why the user did not order samples", suggestions: "Free-text suggestions from the user; empty when none" },
    approval: { summary: async (a, lookup) => `Cancel ${await subscriptionWords(a.id, lookup)}` },
  }),
  defineTool({ contract: payments.getPromotionCode, name: "check_promotion_code", description: "Check a promotion code: whether it is valid and its discount. Use it when the user mentions a promo code.", argDescriptions: { code: "The promotion code, e.g. PRODUCTS10" } }),
  defineTool({
    contract: payments.listPaymentMethods,
    name: "list_payment_methods",
    description: "List the store's saved cards and which one is the default. Use it before paying or when the user asks about cards.",
    argDescriptions: { type: "Payment method type; only card exists", limit: "How many cards to list, at most 10" },
  }),
  defineTool({
    contract: payments.detachPaymentMethod,
    name: "remove_payment_method",
    description: "Remove a saved card. Use it only when the user asks to delete a card.",
    argDescriptions: { id: cardId },
    approval: { summary: removeCardSummary },
  }),
  defineTool({ contract: payments.setDefaultPaymentMethod, name: "set_default_payment_method", description: "Make a saved card the default for plans and AI credits.", argDescriptions: { id: cardId } }),
];
