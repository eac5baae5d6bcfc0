import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, plans, stores, type TeamRole } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { previewStore, teamMember } from "../../test/factories/accounts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const VISA = "4242424242424242";
const MASTERCARD = "5555555555554444";
const DECLINED = "4000000000000002";
const nextYear = new Date().getUTCFullYear() + 1;

function attach(user: TestUser, cardNumber: string, makeDefault = false) {
  return as(api, user.token, payments.attachPaymentMethod, { body: { cardNumber, expMonth: 12, expYear: nextYear, cvc: "123", makeDefault } });
}

const survey = {
  reason: "LOW_FUNDS",
  rating: "4-6",
  bookCall: false,
  samplesNotOrderedReason: "TOO_MUCH_WORK",
  offerAnswer: "NO",
  suggestions: "",
} as const;

/** A store member with the given role, joined through a real invite. */
function memberOf(owner: TestUser, role: Exclude<TeamRole, "OWNER">) {
  return teamMember(api, owner, role);
}

function previewUser() {
  return previewStore(api);
}

describe("card-payment keys and promotion codes", () => {
  it("answers the local provider's publishable key without a login", async () => {
    const keys = await api.client.call(payments.getCardPaymentKeys, {});
    expect(keys).toEqual({ provider: "local", publishableKey: "pk_local_atelier" });
  });

  it("validates PRODUCTS10 and DESIGN50 in any case and refuses unknown codes", async () => {
    const user = await registerUser(api);
    expect(await as(api, user.token, payments.getPromotionCode, { params: { code: "PRODUCTS10" } })).toEqual({ code: "PRODUCTS10", percentOff: 10, appliesTo: "products", active: true });
    expect(await as(api, user.token, payments.getPromotionCode, { params: { code: "design50" } })).toMatchObject({ code: "DESIGN50", percentOff: 50, appliesTo: "design" });
    await expect(as(api, user.token, payments.getPromotionCode, { params: { code: "FREE100" } })).rejects.toMatchObject({ status: 404 });
    expect((await api.raw("GET", "/commons/card-payment/promotion-codes/PRODUCTS10")).status).toBe(401);
  });
});

describe("payment methods", () => {
  it("attaches cards keeping only brand, last 4, expiry and a fingerprint; the first is the default", async () => {
    const user = await registerUser(api);
    const visa = await attach(user, "4242 4242 4242 4242");
    expect(visa).toMatchObject({ type: "card", brand: "visa", last4: "4242", expMonth: 12, expYear: nextYear, isDefault: true });
    const mc = await attach(user, MASTERCARD);
    expect(mc).toMatchObject({ brand: "mastercard", last4: "4444", isDefault: false });
    const again = await attach(user, VISA);
    expect(again.fingerprint).toBe(visa.fingerprint);
    const list = await as(api, user.token, payments.listPaymentMethods, {});
    expect(list.list.map((m) => m.id)).toEqual([again.id, mc.id, visa.id]);
    expect(list.defaultPaymentMethodId).toBe(visa.id);
    const { rows } = await api.deps.pool.query("SELECT row_to_json(pm)::text AS row FROM payment_methods pm WHERE store_id = $1", [user.store.id]);
    for (const r of rows) expect(r.row).not.toContain("424242424242");
  });

  it("caps the list at 10 and refuses other types or limits", async () => {
    const user = await registerUser(api);
    for (let i = 0; i < 11; i++) await attach(user, VISA);
    expect((await as(api, user.token, payments.listPaymentMethods, {})).list).toHaveLength(10);
    expect((await as(api, user.token, payments.listPaymentMethods, { query: { limit: 3 } })).list).toHaveLength(3);
    const tooMany = await api.raw("GET", "/commons/card-payment/payment-methods?limit=11", { token: user.token });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details[0].field).toBe("query.limit");
    const bank = await api.raw("GET", "/commons/card-payment/payment-methods?type=bank", { token: user.token });
    expect(bank.status).toBe(400);
    expect(bank.body.details[0].field).toBe("query.type");
  });

  it("names the field of a bad card", async () => {
    const user = await registerUser(api);
    const luhn = await api.raw("POST", "/commons/card-payment/payment-methods", { token: user.token, body: { cardNumber: "4242424242424241", expMonth: 1, expYear: nextYear, cvc: "123" } });
    expect(luhn.status).toBe(400);
    expect(luhn.body.details[0]).toEqual({ field: "body.cardNumber", reason: "is not a valid card number" });
    const expired = await api.raw("POST", "/commons/card-payment/payment-methods", { token: user.token, body: { cardNumber: VISA, expMonth: 1, expYear: 2001, cvc: "123" } });
    expect(expired.status).toBe(400);
    expect(expired.body.details[0].field).toBe("body.expYear");
    const shape = await api.raw("POST", "/commons/card-payment/payment-methods", { token: user.token, body: { cardNumber: "abc", expMonth: 13, expYear: nextYear, cvc: "1" } });
    expect(shape.status).toBe(400);
    expect(shape.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(["body.cardNumber", "body.expMonth", "body.cvc"]));
    const extra = await api.raw("POST", "/commons/card-payment/payment-methods", { token: user.token, body: { cardNumber: VISA, expMonth: 1, expYear: nextYear, cvc: "123", name: "x" } });
    expect(extra.body.details[0].field).toBe("body.name");
  });

  it("detaches a card, moving the default to the newest remaining one, and sets a default", async () => {
    const user = await registerUser(api);
    const first = await attach(user, VISA);
    const second = await attach(user, MASTERCARD);
    const detached = await as(api, user.token, payments.detachPaymentMethod, { params: { id: first.id } });
    expect(detached.defaultPaymentMethodId).toBe(second.id);
    await expect(as(api, user.token, payments.detachPaymentMethod, { params: { id: first.id } })).rejects.toMatchObject({ status: 404 });
    const third = await attach(user, VISA);
    expect(third.isDefault).toBe(false);
    expect(await as(api, user.token, payments.setDefaultPaymentMethod, { params: { id: third.id } })).toMatchObject({ id: third.id, isDefault: true });
    expect((await as(api, user.token, payments.listPaymentMethods, {})).defaultPaymentMethodId).toBe(third.id);
  });

  it("never shows or changes another store's cards", async () => {
    const owner = await registerUser(api);
    const other = await registerUser(api);
    const card = await attach(owner, VISA);
    await expect(as(api, other.token, payments.detachPaymentMethod, { params: { id: card.id } })).rejects.toMatchObject({ status: 404 });
    await expect(as(api, other.token, payments.setDefaultPaymentMethod, { params: { id: card.id } })).rejects.toMatchObject({ status: 404 });
    expect((await as(api, other.token, payments.listPaymentMethods, {})).list).toEqual([]);
    await expect(as(api, other.token, plans.purchaseAiCredits, { body: { paymentMethodId: card.id } })).rejects.toMatchObject({ status: 404 });
    expect((await as(api, owner.token, payments.listPaymentMethods, {})).list).toHaveLength(1);
  });

  it("refuses preview accounts, logged-out callers and roles without billing rights", async () => {
    const preview = await previewUser();
    const res = await api.raw("POST", "/commons/card-payment/payment-methods", { token: preview.token, body: { cardNumber: VISA, expMonth: 1, expYear: nextYear, cvc: "123" } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "PREVIEW_MODE", message: "Preview mode can't take this action." });
    expect((await api.raw("POST", "/commons/card-payment/payment-methods", { body: { cardNumber: VISA, expMonth: 1, expYear: nextYear, cvc: "123" } })).status).toBe(401);
    const owner = await registerUser(api);
    const admin = await memberOf(owner, "ADMIN");
    expect((await as(api, admin.token, payments.listPaymentMethods, {})).list).toEqual([]);
    await expect(as(api, admin.token, payments.attachPaymentMethod, { body: { cardNumber: VISA, expMonth: 1, expYear: nextYear, cvc: "123" } })).rejects.toMatchObject({ status: 403, code: "FORBIDDEN" });
    const cx = await memberOf(owner, "CX");
    await expect(as(api, cx.token, payments.listPaymentMethods, {})).rejects.toMatchObject({ status: 403, code: "FORBIDDEN" });
  });
});

describe("charges", () => {
  it("charges once per idempotency key and returns the first charge on a repeat", async () => {
    const user = await registerUser(api);
    await attach(user, VISA);
    const provider = api.deps.providers.payments;
    const input = { storeId: user.store.id, amountCents: 2500, description: "Sample order", idempotencyKey: "order-1" };
    const first = await provider.charge(api.deps.pool, input);
    const second = await provider.charge(api.deps.pool, { ...input, amountCents: 9999 });
    expect(first.result).toBe("COMPLETED");
    expect(second).toEqual(first);
    const [a, b] = await Promise.all([provider.charge(api.deps.pool, { ...input, idempotencyKey: "order-2" }), provider.charge(api.deps.pool, { ...input, idempotencyKey: "order-2" })]);
    expect(a.chargeId).toBe(b.chargeId);
    const { rows } = await api.deps.pool.query("SELECT idempotency_key, amount_cents, currency, status FROM payment_charges WHERE store_id = $1 ORDER BY idempotency_key", [user.store.id]);
    expect(rows).toEqual([
      { idempotency_key: "order-1", amount_cents: 2500, currency: "USD", status: "succeeded" },
      { idempotency_key: "order-2", amount_cents: 2500, currency: "USD", status: "succeeded" },
    ]);
  });

  it("declines 4000000000000002 and records the failed charge", async () => {
    const user = await registerUser(api);
    const card = await attach(user, DECLINED);
    const outcome = await api.deps.providers.payments.charge(api.deps.pool, { storeId: user.store.id, amountCents: 100, description: "x", paymentMethodId: card.id, idempotencyKey: "k" });
    expect(outcome.result).toBe("INSTRUMENT_DECLINED");
    const { rows } = await api.deps.pool.query("SELECT status, result FROM payment_charges WHERE id = $1", [outcome.chargeId]);
    expect(rows).toEqual([{ status: "failed", result: "INSTRUMENT_DECLINED" }]);
  });

  it("applies a promotion code only to what it covers", async () => {
    const user = await registerUser(api);
    await attach(user, VISA);
    const provider = api.deps.providers.payments;
    const design = await provider.charge(api.deps.pool, { storeId: user.store.id, amountCents: 1000, description: "Design", idempotencyKey: "d", promotionCode: "DESIGN50", appliesTo: "design" });
    expect(design).toMatchObject({ result: "COMPLETED", amountCents: 500, discountCents: 500 });
    await expect(provider.charge(api.deps.pool, { storeId: user.store.id, amountCents: 1000, description: "Design", idempotencyKey: "p", promotionCode: "PRODUCTS10", appliesTo: "design" })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("refuses to charge a store with no card", async () => {
    const user = await registerUser(api);
    await expect(as(api, user.token, plans.purchaseAiCredits, { body: {} })).rejects.toMatchObject({ status: 409 });
  });
});

describe("invoices and subscriptions", () => {
  it("leaves a declined upgrade's invoice open, and a retry with a good card pays it and upgrades", async () => {
    const user = await registerUser(api);
    await attach(user, DECLINED);
    const declined = await as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_2" } });
    expect(declined.result).toBe("INSTRUMENT_DECLINED");
    const invoice = await as(api, user.token, payments.getCardPaymentInvoice, { params: { id: declined.invoiceId } });
    expect(invoice).toMatchObject({ status: "open", attemptCount: 1, amountCents: 2900, currency: "USD", planType: "TIER_2" });
    const again = await as(api, user.token, payments.retryCardPaymentInvoice, { params: { id: invoice.id }, body: {} });
    expect(again.result).toBe("INSTRUMENT_DECLINED");
    const good = await attach(user, VISA);
    const paid = await as(api, user.token, payments.retryCardPaymentInvoice, { params: { id: invoice.id }, body: { paymentMethodId: good.id } });
    expect(paid).toMatchObject({ result: "COMPLETED", invoice: { status: "paid", attemptCount: 3, chargeId: paid.chargeId } });
    expect(await as(api, user.token, stores.getMyStore, {})).toMatchObject({ planType: "TIER_2", blueprintSubscriptionStatus: "ACTIVE", isBlueprintActive: true });
    await expect(as(api, user.token, payments.retryCardPaymentInvoice, { params: { id: invoice.id }, body: {} })).rejects.toMatchObject({ status: 409 });
    const list = await as(api, user.token, payments.listCardPaymentInvoices, {});
    expect(list).toMatchObject({ total: 1, list: [{ id: invoice.id }] });
  });

  it("retrieves, pauses, resumes and cancels a subscription by id", async () => {
    const user = await registerUser(api);
    await attach(user, VISA);
    const upgraded = await as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_2" } });
    const id = upgraded.plan.subscription!.id;
    expect(await as(api, user.token, payments.getCardPaymentSubscription, { params: { id } })).toMatchObject({ id, status: "ACTIVE", planType: "TIER_2", isPaused: false });
    const bad = await api.raw("POST", `/commons/card-payment/subscriptions/${id}/pause`, { token: user.token, body: { behavior: "delete" } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe("body.behavior");
    const paused = await as(api, user.token, payments.pauseCardPaymentSubscription, { params: { id }, body: { behavior: "mark_uncollectible" } });
    expect(paused).toMatchObject({ isPaused: true, pauseBehavior: "mark_uncollectible", resumesAt: null });
    await expect(as(api, user.token, payments.pauseCardPaymentSubscription, { params: { id }, body: { behavior: "void" } })).rejects.toMatchObject({ status: 409 });
    expect(await as(api, user.token, payments.resumeCardPaymentSubscription, { params: { id } })).toMatchObject({ isPaused: false, pausedAt: null });
    await expect(as(api, user.token, payments.resumeCardPaymentSubscription, { params: { id } })).rejects.toMatchObject({ status: 409 });
    const canceled = await as(api, user.token, payments.cancelCardPaymentSubscription, { params: { id }, body: survey });
    expect(canceled).toMatchObject({ result: "CONFIRMED_REQUEST_SENT", subscription: { status: "CANCELED", isActive: false } });
    expect((await as(api, user.token, stores.getMyStore, {})).planType).toBe("TIER_1");
    await expect(as(api, user.token, payments.cancelCardPaymentSubscription, { params: { id }, body: survey })).rejects.toMatchObject({ status: 409 });
  });

  it("never shows or changes another store's invoices and subscriptions", async () => {
    const owner = await registerUser(api);
    const other = await registerUser(api);
    await attach(owner, DECLINED);
    const declined = await as(api, owner.token, plans.upgradePlan, { body: { targetPlan: "TIER_2" } });
    const subId = declined.plan.subscription!.id;
    await attach(other, VISA);
    await expect(as(api, other.token, payments.getCardPaymentInvoice, { params: { id: declined.invoiceId } })).rejects.toMatchObject({ status: 404 });
    await expect(as(api, other.token, payments.retryCardPaymentInvoice, { params: { id: declined.invoiceId }, body: undefined })).rejects.toMatchObject({ status: 404 });
    await expect(as(api, other.token, payments.getCardPaymentSubscription, { params: { id: subId } })).rejects.toMatchObject({ status: 404 });
    await expect(as(api, other.token, payments.pauseCardPaymentSubscription, { params: { id: subId }, body: { behavior: "void" } })).rejects.toMatchObject({ status: 404 });
    await expect(as(api, other.token, payments.resumeCardPaymentSubscription, { params: { id: subId } })).rejects.toMatchObject({ status: 404 });
    await expect(as(api, other.token, payments.cancelCardPaymentSubscription, { params: { id: subId }, body: survey })).rejects.toMatchObject({ status: 404 });
    expect((await as(api, other.token, payments.listCardPaymentInvoices, {})).total).toBe(0);
    expect((await as(api, owner.token, payments.getCardPaymentInvoice, { params: { id: declined.invoiceId } })).attemptCount).toBe(1);
  });
});
