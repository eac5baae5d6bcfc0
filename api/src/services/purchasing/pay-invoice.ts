import crypto from "node:crypto";
import type { PaymentResult } from "@atelier/contracts/payments";
import type { RequestContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { AppError, conflict, invalid, notFound } from "../../errors";
import { isExpired, passesLuhn } from "../../providers/payments/cards";
import * as q from "../../queries/purchasing";

export type CardDetails = { number: string; expMonth: number; expYear: number; cvc: string };

export type PayInput = {
  storeId: string;
  invoiceId: string;
  payer: "STORE" | "PUBLIC";
  method: "CARD" | "PAYPAL";
  /** The request's Idempotency-Key (or the PayPal order id); a fresh one per call when absent. */
  idempotencyKey?: string;
  paymentMethodId?: string;
  card?: CardDetails;
  /** Keep `card` on the store after a successful charge; a declined card is never kept. */
  saveCard?: boolean;
  promotionCode?: string;
  /** Where a bad card or code is reported: `body` gives `body.card.number`, `body.promotionCode`. */
  fieldPrefix: string;
};

export type PayOutcome = { result: PaymentResult; chargeId: string };

/**
 * How long a pending payment attempt may sit unsettled before another call may take its claim over.
 * A charge takes seconds; this long without settling means the process died between claim and settle.
 */
export const STALE_CLAIM_MINUTES = 10;

/** The only promotion code for sourcing purchases; once per store (docs/decisions.md). */
export const PURCHASE_PROMOTION_CODES = ["PRODUCTS10"] as const;

/**
 * Pays an invoice in three steps so no transaction is open during the provider call:
 * claim (invoice and items → CHARGE_PENDING, an attempt row under the key), charge (the
 * provider, idempotent by the same key), settle (COMPLETED → paid and IN_PRODUCTION; declined →
 * back in the cart). A replay with the same key finds its attempt: a settled one answers as
 * before, a pending one is charged again under the same provider key, which cannot charge twice.
 */
export async function payInvoice(ctx: RequestContext, input: PayInput): Promise<PayOutcome> {
  const { payments } = ctx.providers;
  const key = input.idempotencyKey ?? crypto.randomUUID();
  const promotionCode = input.promotionCode ? await checkPromotionCode(ctx, input) : undefined;
  if (input.card) checkCard(input.card, `${input.fieldPrefix}.card`);

  const claim = await withTransaction(ctx.pool, async (tx) => {
    const invoice = await q.getInvoice(tx, input.storeId, input.invoiceId, true);
    if (!invoice) throw notFound("Invoice");
    const earlier = await q.findPayment(tx, invoice.id, key);
    if (earlier) {
      // A same-key retry drives a pending attempt again: it is alive, not stale.
      if (earlier.status === "PENDING") await q.touchPayment(tx, earlier.id);
      return { payment: earlier, invoice, fresh: false, promotionCode: invoice.promotionCode ?? undefined };
    }
    if (invoice.status === "PAID") throw conflict("This invoice is already paid.");
    if (invoice.status === "VOID") throw conflict("This invoice is void.");
    if (invoice.status === "CHARGE_PENDING") {
      // Another attempt holds the invoice. Once it has not moved for STALE_CLAIM_MINUTES its process
      // is taken for dead and this call takes the claim over under the same provider key.
      const takenOver = await q.takeOverStalePayment(tx, { invoiceId: invoice.id, staleMinutes: STALE_CLAIM_MINUTES, method: input.method, payer: input.payer, idempotencyKey: key });
      if (!takenOver) throw conflict("A payment for this invoice is in progress.");
      ctx.log.warn({ invoiceId: invoice.id, paymentId: takenOver.id }, "took over a stale payment claim");
      // The takeover finishes the stalled attempt on its terms: the provider key, and so the
      // charge, are the original claim's, and so is its promotion code.
      return { payment: takenOver, invoice, fresh: true, promotionCode: invoice.promotionCode ?? undefined };
    }
    const items = await q.invoiceOrderItems(tx, invoice.id);
    if (!items.length) throw conflict("This invoice has no items to pay for.");
    const moved = await q.moveOrderItems(tx, input.storeId, items.map((i) => i.orderItemId), ["IN_SHOPPING_CART"], "CHARGE_PENDING");
    if (moved.length !== items.length) throw conflict("Some items of this invoice are no longer in the cart. Reload the cart and try again.");
    await q.setInvoiceState(tx, invoice.id, { status: "CHARGE_PENDING", promotionCode: promotionCode ?? null });
    const payment = await q.insertPayment(tx, {
      invoiceId: invoice.id,
      storeId: input.storeId,
      method: input.method,
      payer: input.payer,
      idempotencyKey: key,
      providerKey: `creator-invoice:${invoice.id}:${key}`,
      amountCents: items.reduce((sum, i) => sum + i.amountCents, 0),
    });
    return { payment, invoice, fresh: true, promotionCode };
  });
  if (claim.payment.status !== "PENDING") return { result: claim.payment.status, chargeId: claim.payment.chargeId! };

  let paymentMethodId = input.paymentMethodId;
  // A new card is charged as a card that is never the default; it stays only when the store asked
  // to save it and the charge went through (a declined card kept as the default declined every
  // later payment). A public payer's card never stays.
  let newCard: string | null = null;
  let keepCard = false;
  let outcome;
  try {
    if (input.card) {
      const method = await payments.attachPaymentMethod(ctx.pool, input.storeId, input.card, "never");
      paymentMethodId = method.id;
      newCard = method.id;
    }
    outcome = await payments.charge(ctx.pool, {
      storeId: input.storeId,
      amountCents: claim.payment.amountCents,
      description: `Sourcing invoice ${claim.invoice.sn}`,
      paymentMethodId,
      idempotencyKey: claim.payment.providerKey,
      promotionCode: claim.promotionCode,
      appliesTo: claim.promotionCode ? "products" : undefined,
    });
    keepCard = Boolean(newCard && input.saveCard && input.payer === "STORE" && outcome.result === "COMPLETED");
    if (keepCard) await keepSavedCard(ctx, input.storeId, newCard!);
  } catch (err) {
    // The provider refused before charging (no card, unknown card, bad code): nothing was taken under
    // this provider key (a charge made under it would have been returned instead), so the claim is
    // released. Any other failure leaves the attempt pending for a same-key retry or a takeover.
    if (err instanceof AppError && claim.fresh) await releaseClaim(ctx, input.storeId, claim.invoice.id, claim.payment.id);
    throw err;
  } finally {
    if (newCard && !keepCard) {
      // Failing to drop it only leaves a card that is never the default, so it is logged, not thrown.
      await payments.detachPaymentMethod(ctx.pool, input.storeId, newCard).catch((err: unknown) => ctx.log.warn({ err }, "could not drop a card used once at checkout"));
    }
  }
  return settle(ctx, input.storeId, claim.invoice.id, claim.payment.providerKey, outcome);
}

/**
 * Records the provider's outcome on the attempt that owns the provider key now: the claimant's,
 * or the one that took it over (both got the same outcome, the provider being idempotent by key).
 */
async function settle(ctx: RequestContext, storeId: string, invoiceId: string, providerKey: string, outcome: { result: PaymentResult; chargeId: string; amountCents: number; discountCents: number }): Promise<PayOutcome> {
  return withTransaction(ctx.pool, async (tx) => {
    await q.getInvoice(tx, storeId, invoiceId, true);
    const current = await q.lockPaymentByProviderKey(tx, invoiceId, providerKey);
    if (!current) throw conflict("This payment attempt was replaced; reload the invoice to see its status.");
    if (current.status !== "PENDING") return { result: current.status, chargeId: current.chargeId! };
    const paymentId = current.id;
    const items = (await q.invoiceOrderItems(tx, invoiceId)).map((i) => i.orderItemId);
    if (outcome.result === "COMPLETED") {
      await q.moveOrderItems(tx, storeId, items, ["CHARGE_PENDING"], "IN_PRODUCTION");
      await q.setInvoiceState(tx, invoiceId, { status: "PAID", paidAmountCents: outcome.amountCents, discountCents: outcome.discountCents, chargeId: outcome.chargeId });
    } else {
      await q.moveOrderItems(tx, storeId, items, ["CHARGE_PENDING"], "IN_SHOPPING_CART");
      await q.setInvoiceState(tx, invoiceId, { status: "OPEN", promotionCode: null });
    }
    await q.finishPayment(tx, paymentId, outcome.result, outcome.chargeId);
    return { result: outcome.result, chargeId: outcome.chargeId };
  });
}

/** A card saved at checkout becomes the default only when the store has no default card. */
async function keepSavedCard(ctx: RequestContext, storeId: string, methodId: string): Promise<void> {
  const { payments } = ctx.providers;
  const methods = await payments.listPaymentMethods(ctx.pool, storeId, 10);
  if (!methods.some((m) => m.isDefault)) await payments.setDefaultPaymentMethod(ctx.pool, storeId, methodId);
}

async function releaseClaim(ctx: RequestContext, storeId: string, invoiceId: string, paymentId: string): Promise<void> {
  await withTransaction(ctx.pool, async (tx) => {
    await q.getInvoice(tx, storeId, invoiceId, true);
    // Gone means another call took the claim over meanwhile: the invoice is its to settle now.
    if (!(await q.deletePayment(tx, paymentId))) return;
    const items = (await q.invoiceOrderItems(tx, invoiceId)).map((i) => i.orderItemId);
    await q.moveOrderItems(tx, storeId, items, ["CHARGE_PENDING"], "IN_SHOPPING_CART");
    await q.setInvoiceState(tx, invoiceId, { status: "OPEN", promotionCode: null });
  });
}

function checkCard(card: CardDetails, prefix: string): void {
  if (!passesLuhn(card.number)) throw invalid(`${prefix}.number`, "is not a valid card number");
  if (isExpired(card.expMonth, card.expYear)) throw invalid(`${prefix}.expYear`, "the card has expired");
}

async function checkPromotionCode(ctx: RequestContext, input: PayInput): Promise<string> {
  const code = input.promotionCode!.toUpperCase();
  const field = `${input.fieldPrefix}.promotionCode`;
  const found = await ctx.providers.payments.retrievePromotionCode(ctx.pool, code);
  if (!found?.active || !(PURCHASE_PROMOTION_CODES as readonly string[]).includes(code)) throw invalid(field, "is not a promotion code for sourcing purchases");
  if ((await q.countPromotionCodeUses(ctx.pool, input.storeId, code)) > 0) throw invalid(field, "has already been used by this store");
  return code;
}
