import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, purchasing, ApiError } from "@atelier/contracts";
import { REFUND_POLICY } from "@atelier/contracts/purchasing";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { createItem, createSupplier } from "../../test/factories/suppliers";
import { previewStore, teamMember } from "../../test/factories/accounts";
import { createLocalCardPayments, type CardPaymentProvider } from "../src/providers/payments";
import { STALE_CLAIM_MINUTES } from "../src/services/purchasing/pay-invoice";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const VISA = "4242424242424242";
const DECLINED = "4000000000000002";
const nextYear = new Date().getUTCFullYear() + 1;
const card = (number: string) => ({ number, expMonth: 12, expYear: nextYear, cvc: "123" });

type ItemOptions = { moq?: number | null; samplePriceCents?: number | null; priceMinCents?: number | null; priceMaxCents?: number | null; colors?: string; enabled?: boolean };

/** A supplier and one catalog item of its own, with unique names. */
async function seedItem(options: ItemOptions = {}) {
  const tag = crypto.randomUUID().slice(0, 8);
  const supplierId = await createSupplier(api, { name: `Purchasing Test Supplier ${tag}`, employees: 80, productionDaysMin: 10, productionDaysMax: 30, contactEmail: `factory-${tag}@example.com`, enabled: true });
  const item = await createItem(api, supplierId, { title: `Canvas tote ${tag}`, colors: "Navy|#1F2A44|matte;Cream|#F5F0E1|", ...options });
  return { itemId: item.id, supplierId, title: item.title };
}

function createSample(user: TestUser, catalogItemId: string, extra: Partial<{ quantity: number; addToCart: boolean; color: string }> = {}) {
  return as(api, user.token, purchasing.createCreatorOrderItem, { body: { catalogItemId, kind: "SAMPLE", ...extra } });
}

/** A store with one sample in its cart; answers the order item and the cart. */
async function cartWithSample(user?: TestUser) {
  const owner = user ?? (await registerUser(api));
  const { itemId } = await seedItem();
  const item = await createSample(owner, itemId, { addToCart: true });
  const cart = await as(api, owner.token, purchasing.listShoppingCartOrders, {});
  return { owner, item, cart, invoiceId: cart.invoice!.id, itemId };
}

async function chargeCount(storeId: string): Promise<number> {
  const { rows } = await api.deps.pool.query(`SELECT count(*)::int AS n FROM payment_charges WHERE store_id = $1`, [storeId]);
  return rows[0].n;
}

function previewUser() {
  return previewStore(api);
}

function cxMemberOf(owner: TestUser) {
  return teamMember(api, owner, "CX");
}

async function expectError(promise: Promise<unknown>, status: number, field?: string) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).status).toBe(status);
  if (field) expect((err as ApiError).details?.[0]?.field).toBe(field);
  return err as ApiError;
}

describe("creating order items", () => {
  it("creates a sample at the sample price and a production order priced by quantity tier", async () => {
    const user = await registerUser(api);
    const { itemId, supplierId, title } = await seedItem();
    const sample = await createSample(user, itemId, { color: "navy" });
    // The kind is its own field; the title is the item's, so no screen says "Sample: Sample: …".
    expect(sample).toMatchObject({ kind: "SAMPLE", status: "NOT_PURCHASED", title, quantity: 1, unitPriceCents: 2500, totalCents: 2500, supplierId, refundable: false, allowedStatuses: ["IN_SHOPPING_CART", "CANCELED"] });
    const tiers = [];
    for (const quantity of [100, 300, 1000]) {
      const p = await as(api, user.token, purchasing.createCreatorOrderItem, { body: { catalogItemId: itemId, kind: "PRODUCTION", quantity } });
      tiers.push(p.unitPriceCents);
    }
    expect(tiers).toEqual([800, 600, 400]);
  });

  it("refuses bad input with the field named", async () => {
    const user = await registerUser(api);
    const { itemId } = await seedItem();
    await expectError(as(api, user.token, purchasing.createCreatorOrderItem, { body: { catalogItemId: itemId, kind: "PRODUCTION", quantity: 99 } }), 400, "body.quantity");
    await expectError(createSample(user, itemId, { quantity: 11 }), 400, "body.quantity");
    await expectError(createSample(user, crypto.randomUUID()), 400, "body.catalogItemId");
    await expectError(createSample(user, "not-a-uuid"), 400, "body.catalogItemId");
    await expectError(createSample(user, itemId, { color: "Purple" }), 400, "body.color");
    const raw = await api.raw("POST", "/web/creator-order-items", { token: user.token, body: { catalogItemId: itemId, kind: "SAMPLE", price: 1 } });
    expect(raw.status).toBe(400);
    expect(raw.body.details[0].field).toBe("body.price");
    expect((await api.raw("POST", "/web/creator-order-items", { token: user.token, body: { catalogItemId: itemId, kind: "GIFT" } })).body.details[0].field).toBe("body.kind");
  });

  it("sends custom-quote and withdrawn items elsewhere (409)", async () => {
    const user = await registerUser(api);
    const quoted = await seedItem({ samplePriceCents: null, priceMinCents: null, priceMaxCents: null });
    await expectError(createSample(user, quoted.itemId), 409);
    await expectError(as(api, user.token, purchasing.createCreatorOrderItem, { body: { catalogItemId: quoted.itemId, kind: "PRODUCTION", quantity: 500 } }), 409);
    const withdrawn = await seedItem({ enabled: false });
    await expectError(createSample(user, withdrawn.itemId), 409);
  });

  it("needs a login (401), refuses preview accounts (403) and roles without the purchase permission (403)", async () => {
    const { itemId } = await seedItem();
    expect((await api.raw("POST", "/web/creator-order-items", { body: { catalogItemId: itemId, kind: "SAMPLE" } })).status).toBe(401);
    expect((await api.raw("GET", "/web/creator-order-items")).status).toBe(401);
    const preview = await previewUser();
    const err = await expectError(createSample(preview as unknown as TestUser, itemId), 403);
    expect(err.code).toBe("PREVIEW_MODE");
    const owner = await registerUser(api);
    const cx = await cxMemberOf(owner);
    const denied = await expectError(createSample(cx as unknown as TestUser, itemId), 403);
    expect(denied.code).toBe("FORBIDDEN");
    await expectError(as(api, cx.token, purchasing.listCreatorOrderItems, {}), 403);
  });

  it("creates once per Idempotency-Key", async () => {
    const user = await registerUser(api);
    const { itemId } = await seedItem();
    const key = crypto.randomUUID();
    const a = await as(api, user.token, purchasing.createCreatorOrderItem, { body: { catalogItemId: itemId, kind: "SAMPLE" } }, key);
    const b = await as(api, user.token, purchasing.createCreatorOrderItem, { body: { catalogItemId: itemId, kind: "SAMPLE" } }, key);
    expect(b.id).toBe(a.id);
    expect((await as(api, user.token, purchasing.listCreatorOrderItems, {})).total).toBe(1);
  });
});

describe("the cart", () => {
  it("adds items, shows the refund policy, removes one line and cancels the rest", async () => {
    const user = await registerUser(api);
    const { itemId } = await seedItem();
    const a = await createSample(user, itemId);
    const b = await createSample(user, itemId, { quantity: 2 });
    const c = await createSample(user, itemId);
    const cart = await as(api, user.token, purchasing.addToCart, { body: { orderItemIds: [a.id, b.id, c.id] } });
    expect(cart.refundPolicy).toBe(REFUND_POLICY);
    expect(cart.invoice).toMatchObject({ status: "OPEN", subtotalCents: 10000, totalCents: 10000, refundPolicy: REFUND_POLICY });
    expect(cart.invoice!.sn).toMatch(/^INV-[A-Z0-9]{20}$/);
    expect(cart.items.map((i) => i.status)).toEqual(["IN_SHOPPING_CART", "IN_SHOPPING_CART", "IN_SHOPPING_CART"]);
    // Already in the cart: adding again is an illegal move.
    await expectError(as(api, user.token, purchasing.addToCart, { body: { orderItemIds: [a.id] } }), 409);

    const lineOfA = cart.invoice!.items.find((l) => l.orderItemId === a.id)!;
    const afterDelete = await as(api, user.token, purchasing.deleteCreatorInvoiceItem, { params: { id: lineOfA.id } });
    expect(afterDelete.invoice!.subtotalCents).toBe(7500);
    expect((await as(api, user.token, purchasing.getCreatorOrderItem, { params: { id: a.id } })).status).toBe("NOT_PURCHASED");
    await expectError(as(api, user.token, purchasing.deleteCreatorInvoiceItem, { params: { id: lineOfA.id } }), 404);

    const cleared = await as(api, user.token, purchasing.deleteShoppingCartOrders, { query: { ids: b.id } });
    expect(cleared.canceled).toBe(1);
    expect((await as(api, user.token, purchasing.getCreatorOrderItem, { params: { id: b.id } })).status).toBe("CANCELED");
    const all = await as(api, user.token, purchasing.deleteShoppingCartOrders, {});
    expect(all).toMatchObject({ canceled: 1, cart: { invoice: null, items: [] } });
    await expectError(as(api, user.token, purchasing.deleteShoppingCartOrders, { query: { ids: a.id } }), 404);
    expect((await api.raw("DELETE", "/web/creator-order-items/shopping-cart-orders?ids=nope", { token: user.token })).body.details[0].field).toBe("query.ids.0");
  });

  it("keeps the invoice line in step when quantity changes and re-prices from the catalogue", async () => {
    const user = await registerUser(api);
    const { itemId } = await seedItem();
    const p = await as(api, user.token, purchasing.createCreatorOrderItem, { body: { catalogItemId: itemId, kind: "PRODUCTION", quantity: 100, addToCart: true } });
    const updated = await as(api, user.token, purchasing.updateCreatorOrderItem, { params: { id: p.id }, body: { quantity: 1000, note: "Logo on front" } });
    expect(updated).toMatchObject({ quantity: 1000, unitPriceCents: 400, note: "Logo on front" });
    expect((await as(api, user.token, purchasing.listShoppingCartOrders, {})).invoice!.subtotalCents).toBe(400_000);
    await api.deps.pool.query(`UPDATE catalog_items SET price_min_cents = 350 WHERE id = $1`, [itemId]);
    const repriced = await as(api, user.token, purchasing.updateCreatorOrderItemPrice, { params: { id: p.id }, body: {} });
    expect(repriced).toMatchObject({ previousUnitPriceCents: 400, item: { unitPriceCents: 350 } });
    expect((await as(api, user.token, purchasing.listShoppingCartOrders, {})).invoice!.subtotalCents).toBe(350_000);
    await expectError(as(api, user.token, purchasing.updateCreatorOrderItemPrice, { params: { id: p.id }, body: { quantity: 5 } }), 400, "body.quantity");
    await expectError(as(api, user.token, purchasing.updateCreatorOrderItem, { params: { id: p.id }, body: {} as never }), 400, "body");
  });

  it("lists by tab and counts every tab", async () => {
    const { owner, invoiceId, item } = await cartWithSample();
    const { itemId } = await seedItem();
    const idle = await createSample(owner, itemId);
    await as(api, owner.token, purchasing.archiveCreatorOrderItem, { params: { id: idle.id }, body: {} });
    await as(api, owner.token, purchasing.createCreatorOrderItem, { body: { catalogItemId: itemId, kind: "PRODUCTION", quantity: 100 } });
    await as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId, card: card(VISA) } });
    const counts = await as(api, owner.token, purchasing.getCreatorOrderItemTabCounts, {});
    expect(counts).toEqual({ ALL: 2, SAMPLES: 1, PRODUCTION: 1, IN_SHOPPING_CART: 0, IN_PRODUCTION: 1, SHIPPED: 0, CANCELED: 0, ARCHIVED: 1 });
    const inProduction = await as(api, owner.token, purchasing.listCreatorOrderItems, { query: { tab: "IN_PRODUCTION" } });
    expect(inProduction.list.map((i) => i.id)).toEqual([item.id]);
    expect((await as(api, owner.token, purchasing.listCreatorOrderItems, { query: { tab: "ARCHIVED" } })).list.map((i) => i.id)).toEqual([idle.id]);
    expect((await as(api, owner.token, purchasing.listCreatorOrderItems, { query: { status: "NOT_PURCHASED" } })).total).toBe(1);
    expect(await as(api, owner.token, purchasing.getInProductionOrderCount, {})).toEqual({ count: 1 });
    expect((await api.raw("GET", "/web/creator-order-items?tab=EVERYTHING", { token: owner.token })).body.details[0].field).toBe("query.tab");
  });
});

describe("the status machine", () => {
  it("moves cart → charge → production → shipped and refuses every illegal move with 409", async () => {
    const { owner, item, invoiceId } = await cartWithSample();
    await expectError(as(api, owner.token, purchasing.archiveCreatorOrderItem, { params: { id: item.id }, body: {} }), 409);
    await expectError(as(api, owner.token, purchasing.updateCreatorOrderItem, { params: { id: item.id }, body: { status: "SHIPPED" } }), 409);
    const paid = await as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId, card: card(VISA) } });
    expect(paid.result).toBe("COMPLETED");
    const inProduction = await as(api, owner.token, purchasing.getCreatorOrderItem, { params: { id: item.id } });
    expect(inProduction).toMatchObject({ status: "IN_PRODUCTION", allowedStatuses: ["SHIPPED", "IN_SUBSCRIPTION"] });
    expect(inProduction.paidAt).not.toBeNull();
    // Paid items are final: no cancel, no edits, no second cart, no re-pricing.
    await expectError(as(api, owner.token, purchasing.updateCreatorOrderItem, { params: { id: item.id }, body: { status: "CANCELED" } }), 409);
    await expectError(as(api, owner.token, purchasing.updateCreatorOrderItem, { params: { id: item.id }, body: { quantity: 2 } }), 409);
    await expectError(as(api, owner.token, purchasing.addToCart, { body: { orderItemIds: [item.id] } }), 409);
    await expectError(as(api, owner.token, purchasing.updateCreatorOrderItemPrice, { params: { id: item.id }, body: {} }), 409);
    // A sample never becomes a subscription.
    await expectError(as(api, owner.token, purchasing.updateCreatorOrderItem, { params: { id: item.id }, body: { status: "IN_SUBSCRIPTION" } }), 409);
    await expectError(as(api, owner.token, purchasing.updateCreatorOrderItem, { params: { id: item.id }, body: { trackingUrl: "https://track.example.com/1" } }), 400, "body.trackingUrl");
    const shipped = await as(api, owner.token, purchasing.updateCreatorOrderItem, { params: { id: item.id }, body: { status: "SHIPPED", trackingUrl: "https://track.example.com/1Z999" } });
    expect(shipped).toMatchObject({ status: "SHIPPED", trackingUrl: "https://track.example.com/1Z999", allowedStatuses: [] });
    await expectError(as(api, owner.token, purchasing.updateCreatorOrderItem, { params: { id: item.id }, body: { status: "CANCELED" } }), 409);
    // Shipped items can be archived and restored.
    expect((await as(api, owner.token, purchasing.archiveCreatorOrderItem, { params: { id: item.id }, body: {} })).isArchived).toBe(true);
    expect((await as(api, owner.token, purchasing.archiveCreatorOrderItem, { params: { id: item.id }, body: { isArchived: false } })).isArchived).toBe(false);
  });

  it("lets a paid production order repeat as a subscription and end it", async () => {
    const owner = await registerUser(api);
    const { itemId } = await seedItem();
    const p = await as(api, owner.token, purchasing.createCreatorOrderItem, { body: { catalogItemId: itemId, kind: "PRODUCTION", quantity: 100, addToCart: true } });
    const cart = await as(api, owner.token, purchasing.listShoppingCartOrders, {});
    await as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId: cart.invoice!.id, card: card(VISA) } });
    expect((await as(api, owner.token, purchasing.updateCreatorOrderItem, { params: { id: p.id }, body: { status: "IN_SUBSCRIPTION" } })).status).toBe("IN_SUBSCRIPTION");
    expect((await as(api, owner.token, purchasing.updateCreatorOrderItem, { params: { id: p.id }, body: { status: "CANCELED" } })).status).toBe("CANCELED");
  });

  it("cancels an unpaid item and refuses to move it afterwards", async () => {
    const owner = await registerUser(api);
    const { itemId } = await seedItem();
    const s = await createSample(owner, itemId);
    expect((await as(api, owner.token, purchasing.updateCreatorOrderItem, { params: { id: s.id }, body: { status: "CANCELED" } })).status).toBe("CANCELED");
    await expectError(as(api, owner.token, purchasing.addToCart, { body: { orderItemIds: [s.id] } }), 409);
  });
});

describe("paying an invoice", () => {
  it("leaves the items in the cart when the card is declined, then pays with another card", async () => {
    const { owner, item, invoiceId } = await cartWithSample();
    const declined = await as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId, card: card(DECLINED) } }, crypto.randomUUID());
    expect(declined.result).toBe("INSTRUMENT_DECLINED");
    expect(declined.invoice).toMatchObject({ status: "OPEN", paidAt: null });
    const after = await as(api, owner.token, purchasing.getCreatorOrderItem, { params: { id: item.id } });
    expect(after).toMatchObject({ status: "IN_SHOPPING_CART", paidAt: null });
    // A declined card is never kept, so it can never become the default that later payments use.
    expect((await as(api, owner.token, payments.listPaymentMethods, {})).list).toEqual([]);
    const ok = await as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId, card: card(VISA) } }, crypto.randomUUID());
    expect(ok.result).toBe("COMPLETED");
    expect(ok.invoice).toMatchObject({ status: "PAID", totalCents: 2500 });
    expect(await chargeCount(owner.store.id)).toBe(2);
    // Saving a card is a choice: without saveCard the card paid and was not kept.
    expect((await as(api, owner.token, payments.listPaymentMethods, {})).list).toEqual([]);
  });

  it("keeps a card paid with at checkout only when asked, and never a declined one", async () => {
    const { owner, invoiceId } = await cartWithSample();
    const declined = await as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId, card: card(DECLINED), saveCard: true } }, crypto.randomUUID());
    expect(declined.result).toBe("INSTRUMENT_DECLINED");
    expect((await as(api, owner.token, payments.listPaymentMethods, {})).list).toEqual([]);
    await as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId, card: card(VISA), saveCard: true } }, crypto.randomUUID());
    const saved = await as(api, owner.token, payments.listPaymentMethods, {});
    expect(saved.list.map((m) => [m.last4, m.isDefault])).toEqual([["4242", true]]);

    // A later saved card does not take the default over.
    const { itemId } = await seedItem();
    await createSample(owner, itemId, { addToCart: true });
    const next = (await as(api, owner.token, purchasing.listShoppingCartOrders, {})).invoice!.id;
    await as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId: next, card: card("5555555555554444"), saveCard: true } }, crypto.randomUUID());
    const both = await as(api, owner.token, payments.listPaymentMethods, {});
    expect(both.list.map((m) => [m.last4, m.isDefault]).sort()).toEqual([["4242", true], ["4444", false]]);
  });

  it("charges once for a double-submitted payment with the same Idempotency-Key and answers the same", async () => {
    const { owner, invoiceId } = await cartWithSample();
    const key = crypto.randomUUID();
    const body = { invoiceId, card: card(VISA) };
    const [a, b] = await Promise.all([
      as(api, owner.token, purchasing.payCreatorInvoice, { body }, key),
      as(api, owner.token, purchasing.payCreatorInvoice, { body }, key),
    ]);
    const c = await as(api, owner.token, purchasing.payCreatorInvoice, { body }, key);
    expect(a.result).toBe("COMPLETED");
    expect(b.chargeId).toBe(a.chargeId);
    expect(c.chargeId).toBe(a.chargeId);
    expect(await chargeCount(owner.store.id)).toBe(1);
    // A new key on a paid invoice is a conflict, not a second charge.
    await expectError(as(api, owner.token, purchasing.payCreatorInvoice, { body }, crypto.randomUUID()), 409);
    expect(await chargeCount(owner.store.id)).toBe(1);
  });

  it("pays with the default saved card, and refuses a store without one before holding anything", async () => {
    const { owner, item, invoiceId } = await cartWithSample();
    await expectError(as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId } }), 409);
    expect((await as(api, owner.token, purchasing.getCreatorOrderItem, { params: { id: item.id } })).status).toBe("IN_SHOPPING_CART");
    await expectError(as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId, paymentMethodId: "pm_missing" } }), 404);
    await as(api, owner.token, payments.attachPaymentMethod, { body: { cardNumber: VISA, expMonth: 12, expYear: nextYear, cvc: "123", makeDefault: true } });
    expect((await as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId } })).result).toBe("COMPLETED");
  });

  it("validates the card and the promotion code with the field named", async () => {
    const { owner, invoiceId } = await cartWithSample();
    await expectError(as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId, card: card("4242424242424241") } }), 400, "body.card.number");
    await expectError(as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId, card: { ...card(VISA), expYear: 2001 } } }), 400, "body.card.expYear");
    await expectError(as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId, card: { ...card(VISA), cvc: "1" } } }), 400, "body.card.cvc");
    await expectError(as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId, card: card(VISA), promotionCode: "DESIGN50" } }), 400, "body.promotionCode");
    await expectError(as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId, card: card(VISA), paymentMethodId: "pm_x" } }), 400, "body.card");
    await expectError(as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId: "x", card: card(VISA) } }), 400, "body.invoiceId");
  });

  it("applies PRODUCTS10 once per store and counts what is left", async () => {
    const { owner, invoiceId } = await cartWithSample();
    expect(await as(api, owner.token, purchasing.getPromotionCodeCount, {})).toEqual({ count: 1, codes: ["PRODUCTS10"], usedCount: 0 });
    const paid = await as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId, card: card(VISA), promotionCode: "products10" } });
    expect(paid.invoice).toMatchObject({ subtotalCents: 2500, discountCents: 250, totalCents: 2250, promotionCode: "PRODUCTS10" });
    expect(await as(api, owner.token, purchasing.getPromotionCodeCount, {})).toEqual({ count: 0, codes: [], usedCount: 1 });
    const second = await cartWithSample(owner);
    await expectError(as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId: second.invoiceId, card: card(VISA), promotionCode: "PRODUCTS10" } }), 400, "body.promotionCode");
  });

  it("captures a PayPal-style order once per order id", async () => {
    const { owner, invoiceId } = await cartWithSample();
    await as(api, owner.token, payments.attachPaymentMethod, { body: { cardNumber: VISA, expMonth: 12, expYear: nextYear, cvc: "123", makeDefault: true } });
    const a = await as(api, owner.token, purchasing.capturePaypalPayment, { body: { invoiceId, paypalOrderId: "PAYPAL-ORDER-12345" } });
    const b = await as(api, owner.token, purchasing.capturePaypalPayment, { body: { invoiceId, paypalOrderId: "PAYPAL-ORDER-12345" } });
    expect(a).toMatchObject({ result: "COMPLETED", invoice: { status: "PAID" } });
    expect(b.chargeId).toBe(a.chargeId);
    expect(await chargeCount(owner.store.id)).toBe(1);
    await expectError(as(api, owner.token, purchasing.capturePaypalPayment, { body: { invoiceId, paypalOrderId: "bad id!" } }), 400, "body.paypalOrderId");
  });

  it("records a paid item's purchase event once and refuses unpaid items", async () => {
    const { owner, item, invoiceId } = await cartWithSample();
    await expectError(as(api, owner.token, purchasing.recordOrderItemPurchaseEvent, { params: { id: item.id } }), 409);
    await as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId, card: card(VISA) } });
    const first = await as(api, owner.token, purchasing.recordOrderItemPurchaseEvent, { params: { id: item.id } });
    const again = await as(api, owner.token, purchasing.recordOrderItemPurchaseEvent, { params: { id: item.id } });
    expect(first.recorded).toBe(true);
    expect(again).toEqual({ recorded: false, purchaseEventAt: first.purchaseEventAt });
  });
});

describe("a payment whose process stops between claim and settle", () => {
  // The card processor is the one outside service here: the real local provider, made to fail the
  // way a crash or a lost connection does, before it charges or after it has charged.
  let fault: "none" | "before-charge" | "after-charge" = "none";
  let flaky: TestApi;
  beforeAll(async () => {
    const real = createLocalCardPayments();
    const payments: CardPaymentProvider = {
      ...real,
      async charge(db, input) {
        const mode = fault;
        fault = "none";
        if (mode === "before-charge") throw new Error("connection reset before the charge");
        const outcome = await real.charge(db, input);
        if (mode === "after-charge") throw new Error("process died after the charge");
        return outcome;
      },
    };
    flaky = await startTestApi({ providers: { payments } });
  });
  afterAll(() => flaky.close());

  const pay = (token: string, invoiceId: string, key: string) => as(flaky, token, purchasing.payCreatorInvoice, { body: { invoiceId, card: card(VISA) } }, key);
  const ageClaims = (invoiceId: string, minutes: number) =>
    api.deps.pool.query("UPDATE creator_invoice_payments SET updated_at = now() - make_interval(mins => $2) WHERE invoice_id = $1 AND status = 'PENDING'", [invoiceId, minutes]);
  const itemStatus = async (token: string, id: string) => (await as(api, token, purchasing.getCreatorOrderItem, { params: { id } })).status;

  it("refuses a second payment under another Idempotency-Key with 409 while the first is pending", async () => {
    const { owner, item, invoiceId } = await cartWithSample();
    fault = "before-charge";
    await expectError(pay(owner.token, invoiceId, crypto.randomUUID()), 500);
    expect(await itemStatus(owner.token, item.id)).toBe("CHARGE_PENDING");
    const second = await expectError(pay(owner.token, invoiceId, crypto.randomUUID()), 409);
    expect(second.code).toBe("CONFLICT");
    expect(second.message).toMatch(/payment for this invoice is in progress/);
    // Just short of the limit the claim still counts as alive.
    await ageClaims(invoiceId, STALE_CLAIM_MINUTES - 1);
    await expectError(pay(owner.token, invoiceId, crypto.randomUUID()), 409);
    expect(await chargeCount(owner.store.id)).toBe(0);
  });

  it("lets a claim left pending longer than the limit be taken over, charging once", async () => {
    const { owner, item, invoiceId } = await cartWithSample();
    const firstKey = crypto.randomUUID();
    fault = "before-charge";
    await expectError(pay(owner.token, invoiceId, firstKey), 500);
    await ageClaims(invoiceId, STALE_CLAIM_MINUTES + 1);
    const paid = await pay(owner.token, invoiceId, crypto.randomUUID());
    expect(paid).toMatchObject({ result: "COMPLETED", invoice: { status: "PAID", totalCents: 2500 } });
    expect(await itemStatus(owner.token, item.id)).toBe("IN_PRODUCTION");
    expect(await chargeCount(owner.store.id)).toBe(1);
    const { rows } = await api.deps.pool.query("SELECT status FROM creator_invoice_payments WHERE invoice_id = $1", [invoiceId]);
    expect(rows).toEqual([{ status: "COMPLETED" }]);
    // The first caller's retry finds the invoice paid: a conflict, not a second charge.
    await expectError(pay(owner.token, invoiceId, firstKey), 409);
    expect(await chargeCount(owner.store.id)).toBe(1);
  });

  it("finds the charge a dead claim already made instead of charging again", async () => {
    const { owner, invoiceId } = await cartWithSample();
    fault = "after-charge";
    await expectError(pay(owner.token, invoiceId, crypto.randomUUID()), 500);
    expect(await chargeCount(owner.store.id)).toBe(1);
    const { rows: charged } = await api.deps.pool.query("SELECT id FROM payment_charges WHERE store_id = $1", [owner.store.id]);
    await ageClaims(invoiceId, STALE_CLAIM_MINUTES + 1);
    const paid = await pay(owner.token, invoiceId, crypto.randomUUID());
    expect(paid).toMatchObject({ result: "COMPLETED", chargeId: charged[0].id, invoice: { status: "PAID" } });
    expect(await chargeCount(owner.store.id)).toBe(1);
  });

  it("finishes a stalled claim on its own terms: the promotion code it was made with is the one charged and recorded", async () => {
    const { owner, invoiceId } = await cartWithSample();
    fault = "before-charge";
    await expectError(as(flaky, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId, card: card(VISA), promotionCode: "PRODUCTS10" } }, crypto.randomUUID()), 500);
    await ageClaims(invoiceId, STALE_CLAIM_MINUTES + 1);
    // The takeover names no code: the claim's code still applies, so what is recorded is what was charged.
    const paid = await pay(owner.token, invoiceId, crypto.randomUUID());
    expect(paid).toMatchObject({ result: "COMPLETED", invoice: { status: "PAID", subtotalCents: 2500, discountCents: 250, totalCents: 2250, promotionCode: "PRODUCTS10" } });
    const { rows } = await api.deps.pool.query("SELECT amount_cents FROM payment_charges WHERE store_id = $1", [owner.store.id]);
    expect(rows).toEqual([{ amount_cents: 2250 }]);
  });

  it("keeps a claim alive while its own key retries it, and settles it on that retry", async () => {
    const { owner, invoiceId } = await cartWithSample();
    const key = crypto.randomUUID();
    fault = "before-charge";
    await expectError(pay(owner.token, invoiceId, key), 500);
    await ageClaims(invoiceId, STALE_CLAIM_MINUTES + 1);
    fault = "before-charge";
    await expectError(pay(owner.token, invoiceId, key), 500);
    // The same-key retry marked the claim alive again: another key must wait.
    await expectError(pay(owner.token, invoiceId, crypto.randomUUID()), 409);
    expect((await pay(owner.token, invoiceId, key)).result).toBe("COMPLETED");
    expect(await chargeCount(owner.store.id)).toBe(1);
  });
});

describe("invoices, shipping addresses and financing", () => {
  it("asks for a shipping address on paid invoices until one is set", async () => {
    const { owner, invoiceId } = await cartWithSample();
    await as(api, owner.token, purchasing.payCreatorInvoice, { body: { invoiceId, card: card(VISA) } });
    const before = await as(api, owner.token, purchasing.improveShippingAddress, {});
    expect(before.invoices.map((i) => i.id)).toEqual([invoiceId]);
    const address = { name: "Ada Maker", line1: "1 Market St", city: "San Francisco", state: "california", postalCode: "94105", countryCode: "us", phone: "+1 415 555 0100" };
    const set = await as(api, owner.token, purchasing.setInvoiceShippingAddress, { params: { id: invoiceId }, body: address });
    expect(set.shippingAddress).toMatchObject({ state: "CA", countryCode: "US", line2: null });
    expect((await as(api, owner.token, purchasing.improveShippingAddress, {})).count).toBe(0);
    await expectError(as(api, owner.token, purchasing.setInvoiceShippingAddress, { params: { id: invoiceId }, body: { ...address, state: null } }), 400, "body.state");
    await expectError(as(api, owner.token, purchasing.setInvoiceShippingAddress, { params: { id: invoiceId }, body: { ...address, countryCode: "ZZ" } }), 400, "body.countryCode");
    await expectError(as(api, owner.token, purchasing.setInvoiceShippingAddress, { params: { id: invoiceId }, body: { ...address, postalCode: "" } }), 400, "body.postalCode");
    const listed = await as(api, owner.token, purchasing.listCreatorInvoices, { query: { status: "PAID" } });
    expect(listed.list.map((i) => i.id)).toEqual([invoiceId]);
    expect((await as(api, owner.token, purchasing.getCreatorInvoice, { params: { id: invoiceId } })).publicPayPath).toMatch(/^\/public-pay-invoice\/INV-/);
  });

  it("quotes the financing fee schedule", async () => {
    const user = await registerUser(api);
    const quote = await as(api, user.token, purchasing.calcFinancingFee, { body: { amountCents: 100_000, termMonths: 6 } });
    expect(quote).toEqual({ amountCents: 100_000, termMonths: 6, feePercent: 6, feeCents: 6000, totalCents: 106_000, monthlyPaymentCents: 17_667, terms: [{ termMonths: 3, feePercent: 3 }, { termMonths: 6, feePercent: 6 }, { termMonths: 12, feePercent: 10 }] });
    await expectError(as(api, user.token, purchasing.calcFinancingFee, { body: { amountCents: 9_999, termMonths: 3 } }), 400, "body.amountCents");
    await expectError(as(api, user.token, purchasing.calcFinancingFee, { body: { amountCents: 100_000, termMonths: 5 as 3 } }), 400, "body.termMonths");
    await expectError(as(api, user.token, purchasing.calcFinancingFee, { body: { termMonths: 3 } }), 400, "body.invoiceId");
    const { owner, invoiceId } = await cartWithSample();
    // The $25 sample is below the financing minimum.
    await expectError(as(api, owner.token, purchasing.calcFinancingFee, { body: { invoiceId, termMonths: 3 } }), 400, "body.invoiceId");
  });
});

describe("public pay by invoice number", () => {
  it("shows the summary and pays without login; the payer's card is not kept", async () => {
    const { owner, item, cart } = await cartWithSample();
    const sn = cart.invoice!.sn;
    const summary = await api.client.call(purchasing.getPublicInvoice, { params: { sn } });
    expect(summary).toMatchObject({ sn, status: "OPEN", storeTitle: "Test store", totalCents: 2500, refundPolicy: REFUND_POLICY });
    expect(JSON.stringify(summary)).not.toContain(item.id);
    const declined = await api.client.call(purchasing.payPublicInvoice, { params: { sn }, body: { card: card(DECLINED) } });
    expect(declined).toMatchObject({ result: "INSTRUMENT_DECLINED", invoice: { status: "OPEN" } });
    const key = crypto.randomUUID();
    const paid = await api.client.call(purchasing.payPublicInvoice, { params: { sn }, body: { card: card(VISA) } }, { idempotencyKey: key });
    const replay = await api.client.call(purchasing.payPublicInvoice, { params: { sn }, body: { card: card(VISA) } }, { idempotencyKey: key });
    expect(paid).toMatchObject({ result: "COMPLETED", invoice: { status: "PAID" } });
    expect(replay.chargeId).toBe(paid.chargeId);
    expect(await chargeCount(owner.store.id)).toBe(2);
    expect((await as(api, owner.token, purchasing.getCreatorOrderItem, { params: { id: item.id } })).status).toBe("IN_PRODUCTION");
    expect(await as(api, owner.token, payments.listPaymentMethods, { query: {} })).toMatchObject({ list: [] });
    await expectError(api.client.call(purchasing.payPublicInvoice, { params: { sn }, body: { card: card(VISA) } }), 409);
  });

  it("answers 404 for an unknown number and 400 for a malformed one", async () => {
    await expectError(api.client.call(purchasing.getPublicInvoice, { params: { sn: "INV-AAAAAAAAAAAAAAAAAAAA" } }), 404);
    await expectError(api.client.call(purchasing.payPublicInvoice, { params: { sn: "INV-AAAAAAAAAAAAAAAAAAAA" }, body: { card: card(VISA) } }), 404);
    await expectError(api.client.call(purchasing.getPublicInvoice, { params: { sn: "inv;drop" } }), 400, "params.sn");
    const { cart } = await cartWithSample();
    await expectError(api.client.call(purchasing.payPublicInvoice, { params: { sn: cart.invoice!.sn }, body: {} as never }), 400, "body.card");
  });
});

describe("tenant isolation", () => {
  it("never lets another store see or change this store's order items and invoices", async () => {
    const { owner, item, invoiceId, cart } = await cartWithSample();
    const other = await registerUser(api);
    const id = item.id;
    const lineId = cart.invoice!.items[0]!.id;
    await expectError(as(api, other.token, purchasing.getCreatorOrderItem, { params: { id } }), 404);
    await expectError(as(api, other.token, purchasing.updateCreatorOrderItem, { params: { id }, body: { note: "mine now" } }), 404);
    await expectError(as(api, other.token, purchasing.archiveCreatorOrderItem, { params: { id }, body: {} }), 404);
    await expectError(as(api, other.token, purchasing.updateCreatorOrderItemPrice, { params: { id }, body: {} }), 404);
    await expectError(as(api, other.token, purchasing.recordOrderItemPurchaseEvent, { params: { id } }), 404);
    await expectError(as(api, other.token, purchasing.addToCart, { body: { orderItemIds: [id] } }), 404);
    await expectError(as(api, other.token, purchasing.deleteCreatorInvoiceItem, { params: { id: lineId } }), 404);
    await expectError(as(api, other.token, purchasing.deleteShoppingCartOrders, { query: { ids: id } }), 404);
    await expectError(as(api, other.token, purchasing.getCreatorInvoice, { params: { id: invoiceId } }), 404);
    await expectError(as(api, other.token, purchasing.payCreatorInvoice, { body: { invoiceId, card: card(VISA) } }), 404);
    await expectError(as(api, other.token, purchasing.capturePaypalPayment, { body: { invoiceId, paypalOrderId: "PAYPAL-OTHER-1" } }), 404);
    await expectError(as(api, other.token, purchasing.calcFinancingFee, { body: { invoiceId, termMonths: 3 } }), 404);
    await expectError(
      as(api, other.token, purchasing.setInvoiceShippingAddress, { params: { id: invoiceId }, body: { name: "X", line1: "1 St", city: "Rome", postalCode: "00100", countryCode: "FR" } }),
      404,
    );
    expect((await as(api, other.token, purchasing.listCreatorOrderItems, {})).total).toBe(0);
    expect((await as(api, other.token, purchasing.listShoppingCartOrders, {})).invoice).toBeNull();
    expect((await as(api, other.token, purchasing.listCreatorInvoices, {})).total).toBe(0);
    expect(await chargeCount(owner.store.id)).toBe(0);
    expect((await as(api, owner.token, purchasing.getCreatorOrderItem, { params: { id } })).note).toBe("");
  });
});
