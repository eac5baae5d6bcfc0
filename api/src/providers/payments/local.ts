import { conflict, invalid, notFound } from "../../errors";
import * as q from "../../queries/payments";
import { brandOf, chargeOutcomeOf, fingerprintOf, isExpired, passesLuhn } from "./cards";
import type { CardPaymentProvider, Subscription } from "./types";

/**
 * The built-in provider: a real ledger in Postgres (customers, cards, charges, subscriptions,
 * invoices) with test card numbers, so billing works on a fresh machine without an account anywhere.
 */
export function createLocalCardPayments(): CardPaymentProvider {
  const provider: CardPaymentProvider = {
    name: "local",
    publishableKey: "pk_local_atelier",

    async attachPaymentMethod(db, storeId, card, makeDefault) {
      if (!passesLuhn(card.number)) throw invalid("body.cardNumber", "is not a valid card number");
      if (isExpired(card.expMonth, card.expYear)) throw invalid("body.expYear", "the card has expired");
      const customer = await q.ensureCustomer(db, storeId);
      const id = await q.insertPaymentMethod(db, {
        storeId,
        customerId: customer.id,
        brand: brandOf(card.number),
        last4: card.number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
        fingerprint: fingerprintOf(card.number),
        chargeOutcome: chargeOutcomeOf(card.number),
      });
      const current = customer.defaultPaymentMethodId ? await q.getMethod(db, storeId, customer.defaultPaymentMethodId) : null;
      if (makeDefault === "always" || (makeDefault === "if-none" && !current)) await q.setCustomerDefault(db, storeId, id);
      return (await q.getMethod(db, storeId, id))!;
    },

    listPaymentMethods: (db, storeId, limit) => q.listMethods(db, storeId, limit),
    getPaymentMethod: (db, storeId, id) => q.getMethod(db, storeId, id),

    async detachPaymentMethod(db, storeId, id) {
      const method = await q.getMethod(db, storeId, id);
      if (!method || !(await q.markMethodDetached(db, storeId, id))) return null;
      if (method.isDefault) {
        const [next] = await q.listMethods(db, storeId, 1);
        await q.setCustomerDefault(db, storeId, next?.id ?? null);
      }
      return { ...method, isDefault: false };
    },

    async setDefaultPaymentMethod(db, storeId, id) {
      if (!(await q.getMethod(db, storeId, id))) return null;
      await q.setCustomerDefault(db, storeId, id);
      return q.getMethod(db, storeId, id);
    },

    async charge(db, input) {
      const earlier = await q.findChargeByKey(db, input.storeId, input.idempotencyKey);
      if (earlier) return earlier;
      if (!Number.isInteger(input.amountCents) || input.amountCents < 0) throw invalid("amountCents", "must be a whole number of cents, zero or more");
      const customer = await q.ensureCustomer(db, input.storeId);
      const methodId = input.paymentMethodId ?? customer.defaultPaymentMethodId;
      if (!methodId) throw conflict("Add a card before paying.");
      const method = await q.getMethod(db, input.storeId, methodId);
      if (!method) throw notFound("Payment method");
      let discountCents = 0;
      if (input.promotionCode) {
        const code = await q.getPromotionCodeRow(db, input.promotionCode.toUpperCase());
        if (!code?.active) throw invalid("promotionCode", "is not a valid promotion code");
        if (input.appliesTo && code.appliesTo !== input.appliesTo) throw invalid("promotionCode", `applies to ${code.appliesTo}, not ${input.appliesTo}`);
        discountCents = Math.round((input.amountCents * code.percentOff) / 100);
      }
      const declined = method.chargeOutcome === "INSTRUMENT_DECLINED" || isExpired(method.expMonth, method.expYear);
      return q.insertChargeOnce(db, {
        storeId: input.storeId,
        customerId: customer.id,
        paymentMethodId: method.id,
        amountCents: input.amountCents - discountCents,
        discountCents,
        promotionCode: input.promotionCode ? input.promotionCode.toUpperCase() : null,
        description: input.description,
        result: declined ? "INSTRUMENT_DECLINED" : "COMPLETED",
        idempotencyKey: input.idempotencyKey,
      });
    },

    async refund(db, input) {
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw invalid("amountCents", "must be a whole number of cents, more than zero");
      const refund = await q.insertRefundOnce(db, input);
      if (!refund) throw conflict("This payment has nothing left to refund.");
      return refund;
    },

    retrievePromotionCode: (db, code) => q.getPromotionCodeRow(db, code.toUpperCase()),

    async createSubscription(db, storeId, planType) {
      const customer = await q.ensureCustomer(db, storeId);
      return q.insertSubscription(db, storeId, customer.id, planType);
    },

    retrieveSubscription: (db, storeId, id) => q.getSubscription(db, storeId, id),
    latestSubscription: (db, storeId) => q.getLatestSubscription(db, storeId),

    async updateSubscription(db, storeId, id, patch) {
      return found(await q.patchSubscription(db, storeId, id, patch));
    },

    async pauseSubscription(db, storeId, id, behavior, resumesAt) {
      const sub = found(await q.patchSubscription(db, storeId, id, { pauseBehavior: behavior, pausedAt: new Date(), resumesAt }));
      const to = behavior === "keep_as_draft" ? "draft" : behavior === "mark_uncollectible" ? "uncollectible" : "void";
      await q.moveInvoices(db, storeId, id, "open", to);
      return sub;
    },

    async resumeSubscription(db, storeId, id) {
      const before = found(await q.getSubscription(db, storeId, id));
      const sub = found(await q.patchSubscription(db, storeId, id, { pauseBehavior: null, pausedAt: null, resumesAt: null }));
      // Only invoices kept as draft come back; uncollectible and void ones stay written off.
      if (before.pauseBehavior === "keep_as_draft") await q.moveInvoices(db, storeId, id, "draft", "open");
      return sub;
    },

    async cancelSubscription(db, storeId, id) {
      const sub = found(await q.patchSubscription(db, storeId, id, { status: "CANCELED", canceledAt: new Date() }));
      await q.moveInvoices(db, storeId, id, "open", "void");
      await q.moveInvoices(db, storeId, id, "draft", "void");
      return sub;
    },

    createInvoice: (db, input) => q.insertInvoice(db, input),
    retrieveInvoice: (db, storeId, id) => q.getInvoice(db, storeId, id),
    listInvoices: (db, storeId, page) => q.listInvoiceRows(db, storeId, page.limit, page.offset),
    voidOpenInvoices: (db, storeId, subscriptionId) => q.moveInvoices(db, storeId, subscriptionId, "open", "void"),
    openInvoiceOf: (db, storeId, subscriptionId) => q.getOpenInvoice(db, storeId, subscriptionId),

    async payInvoice(db, storeId, id, paymentMethodId) {
      const invoice = await q.getInvoice(db, storeId, id);
      if (!invoice) throw notFound("Invoice");
      if (invoice.status !== "open") throw conflict(`This invoice is ${invoice.status}; only an open invoice can be paid.`);
      const outcome = await provider.charge(db, {
        storeId,
        amountCents: invoice.amountCents,
        description: `Subscription invoice ${invoice.id}`,
        paymentMethodId,
        // One key per attempt: a retry after a decline is a new charge, a replayed attempt is not.
        idempotencyKey: `invoice:${invoice.id}:attempt:${invoice.attemptCount + 1}`,
      });
      return { invoice: await q.recordInvoiceAttempt(db, storeId, id, outcome), outcome };
    },
  };
  return provider;
}

function found(sub: Subscription | null): Subscription {
  if (!sub) throw notFound("Subscription");
  return sub;
}
