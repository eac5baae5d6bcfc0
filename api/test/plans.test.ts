import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, plans, stores, type TeamRole } from "@atelier/contracts";
import { spendCredits } from "../src/services/plans/spend-credits";
import { as, registerUser, setPlan, startTestApi, type TestApi, type TestUser } from "./harness";
import { previewStore, teamMember } from "../../test/factories/accounts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const nextYear = new Date().getUTCFullYear() + 1;
const survey = {
  reason: "NOT_READY_TO_START",
  rating: "7-9",
  bookCall: false,
  samplesNotOrderedReason: "DID_NOT_KNOW_TO_ORDER",
  offerAnswer: "NO",
  suggestions: "More templates please",
} as const;

function attach(user: TestUser, cardNumber = "4242424242424242") {
  return as(api, user.token, payments.attachPaymentMethod, { body: { cardNumber, expMonth: 12, expYear: nextYear, cvc: "123", makeDefault: true } });
}

/** A store on Beginner through a real upgrade. */
async function beginner() {
  const user = await registerUser(api);
  await attach(user);
  await as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_2" } });
  return user;
}

function memberOf(owner: TestUser, role: Exclude<TeamRole, "OWNER">) {
  return teamMember(api, owner, role);
}

describe("plan overview and upgrade targets", () => {
  it("shows a new store on Free with Beginner as its upgrade and nothing active", async () => {
    const user = await registerUser(api);
    const plan = await as(api, user.token, plans.getPlanOverview, {});
    expect(plan).toMatchObject({
      planType: "TIER_1",
      name: "Free",
      priceCents: 0,
      upgradeTarget: { planType: "TIER_2", name: "Beginner", priceCents: 2900 },
      subscription: null,
      subscriptionStatus: null,
      isBlueprintActive: false,
      isBlueprintPaused: false,
      missingModuleTypes: ["BEGINNER", "SCALING", "PROFESSIONAL"],
      openInvoice: null,
      defaultPaymentMethod: null,
      aiCredits: { balance: 0 },
      canManageBilling: true,
    });
    expect(plan.modules.every((m) => m.status === "NOT_ACTIVE")).toBe(true);
    expect((await api.raw("GET", "/web/plans/current")).status).toBe(401);
  });

  it.each([
    ["TIER_2", "TIER_3"],
    ["TIER_2_5", "TIER_3"],
  ] as const)("upgrades %s to %s only", async (from, to) => {
    const user = await registerUser(api);
    await setPlan(api, user.store.id, from);
    await attach(user);
    expect((await as(api, user.token, plans.getPlanOverview, {})).upgradeTarget?.planType).toBe(to);
    await expect(as(api, user.token, plans.upgradePlan, { body: { targetPlan: from === "TIER_2" ? "TIER_2_5" : "TIER_2" } })).rejects.toMatchObject({ status: 409 });
    const done = await as(api, user.token, plans.upgradePlan, { body: { targetPlan: to } });
    expect(done).toMatchObject({ result: "COMPLETED", plan: { planType: to, upgradeTarget: null, subscriptionStatus: "ACTIVE" } });
  });

  it("refuses an upgrade past the target, from Professional, or without a card", async () => {
    const user = await registerUser(api);
    await expect(as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_2" } })).rejects.toMatchObject({ status: 409, message: "Add a card before paying." });
    expect((await as(api, user.token, plans.getPlanOverview, {})).subscription).toBeNull();
    await expect(as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_2", paymentMethodId: "pm_missing" } })).rejects.toMatchObject({ status: 404 });
    await attach(user);
    await expect(as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_3" } })).rejects.toMatchObject({ status: 409 });
    await setPlan(api, user.store.id, "TIER_3");
    expect((await as(api, user.token, plans.getPlanOverview, {})).upgradeTarget).toBeNull();
    await expect(as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_3" } })).rejects.toMatchObject({ status: 409 });
    const bad = await api.raw("POST", "/web/plans/current/upgrade", { token: user.token, body: { targetPlan: "GOLD" } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe("body.targetPlan");
    const { rows } = await api.deps.pool.query("SELECT count(*)::int AS n FROM payment_charges WHERE store_id = $1", [user.store.id]);
    expect(rows[0].n).toBe(0);
  });

  it("upgrades Free → Beginner → Professional, keeping the store record and modules current", async () => {
    const user = await registerUser(api);
    await attach(user);
    const first = await as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_2" } });
    expect(first.result).toBe("COMPLETED");
    expect(first.plan.modules).toContainEqual({ moduleType: "BEGINNER", status: "ACTIVE" });
    const me = await as(api, user.token, stores.getMyStore, {});
    expect(me).toMatchObject({ planType: "TIER_2", blueprintSubscriptionId: first.plan.subscription!.id, blueprintSubscriptionStatus: "ACTIVE", isBlueprintActive: true, isBlueprintPaused: false });
    const second = await as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_3" } });
    expect(second.plan.subscription!.id).toBe(first.plan.subscription!.id);
    expect(second.plan.modules).toEqual([
      { moduleType: "BEGINNER", status: "EXPIRED" },
      { moduleType: "SCALING", status: "NOT_ACTIVE" },
      { moduleType: "PROFESSIONAL", status: "ACTIVE" },
    ]);
    expect(second.plan.missingModuleTypes).toEqual(["BEGINNER", "SCALING"]);
    // Moments into Beginner's month, Professional costs the difference for the rest of it, not $99 again.
    const { rows } = await api.deps.pool.query("SELECT amount_cents FROM payment_charges WHERE store_id = $1 ORDER BY created_at", [user.store.id]);
    expect(rows.map((r) => r.amount_cents)).toEqual([2900, 7000]);
  });

  it("answers INSTRUMENT_DECLINED for a declined card, keeps the plan, and reuses the open invoice", async () => {
    const user = await registerUser(api);
    await attach(user, "4000000000000002");
    const declined = await as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_2" } });
    expect(declined).toMatchObject({ result: "INSTRUMENT_DECLINED", plan: { planType: "TIER_1", subscriptionStatus: "INCOMPLETE", isBlueprintActive: false, openInvoice: { id: declined.invoiceId } } });
    expect((await as(api, user.token, stores.getMyStore, {})).planType).toBe("TIER_1");
    await attach(user);
    const paid = await as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_2" } });
    expect(paid).toMatchObject({ result: "COMPLETED", invoiceId: declined.invoiceId, plan: { planType: "TIER_2", openInvoice: null } });
  });

  it("charges once for an upgrade repeated with the same Idempotency-Key", async () => {
    const user = await registerUser(api);
    await attach(user);
    const first = await as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_2" } }, "upgrade-key-1");
    const second = await as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_2" } }, "upgrade-key-1");
    expect(second).toEqual(first);
    const { rows } = await api.deps.pool.query("SELECT count(*)::int AS n FROM payment_charges WHERE store_id = $1", [user.store.id]);
    expect(rows[0].n).toBe(1);
    await expect(as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_2" } }, "upgrade-key-2")).rejects.toMatchObject({ status: 409 });
  });

  it("lets only the owner change billing; an admin reads, CX neither; preview accounts are refused", async () => {
    const owner = await registerUser(api);
    const admin = await memberOf(owner, "ADMIN");
    const cx = await memberOf(owner, "CX");
    expect((await as(api, admin.token, plans.getPlanOverview, {})).canManageBilling).toBe(false);
    await expect(as(api, admin.token, plans.upgradePlan, { body: { targetPlan: "TIER_2" } })).rejects.toMatchObject({ status: 403, code: "FORBIDDEN" });
    await expect(as(api, admin.token, plans.pausePlan, { body: { behavior: "void" } })).rejects.toMatchObject({ status: 403, code: "FORBIDDEN" });
    await expect(as(api, cx.token, plans.getPlanOverview, {})).rejects.toMatchObject({ status: 403 });
    const session = await previewStore(api);
    await expect(as(api, session.token, plans.upgradePlan, { body: { targetPlan: "TIER_2" } })).rejects.toMatchObject({ status: 403, code: "PREVIEW_MODE" });
    await expect(as(api, session.token, plans.cancelPlan, { body: survey })).rejects.toMatchObject({ status: 403, code: "PREVIEW_MODE" });
  });
});

describe("upgrade quotes, proration and scheduled downgrades", () => {
  const DAY = 86_400_000;

  /** Moves the store's subscription period so that `daysLeft` of a 30-day period remain. */
  async function periodWithDaysLeft(user: TestUser, daysLeft: number) {
    const end = new Date(Date.now() + daysLeft * DAY);
    const start = new Date(end.getTime() - 30 * DAY);
    await api.deps.pool.query("UPDATE payment_subscriptions SET current_period_start = $2, current_period_end = $3 WHERE store_id = $1", [user.store.id, start, end]);
    return { start, end };
  }

  it("quotes the charge, the card and the date before an upgrade, and charges exactly the quote", async () => {
    const user = await registerUser(api);
    const card = await attach(user);
    const fresh = await as(api, user.token, plans.getUpgradeQuote, { query: { targetPlan: "TIER_2" } });
    expect(fresh).toMatchObject({ targetPlan: "TIER_2", name: "Beginner", amountCents: 2900, fullPriceCents: 2900, prorated: false, paymentMethod: { id: card.id, last4: "4242" } });
    await as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_2", expectedAmountCents: 2900 } });

    const { end } = await periodWithDaysLeft(user, 12);
    const quote = await as(api, user.token, plans.getUpgradeQuote, { query: { targetPlan: "TIER_3" } });
    // (9900 − 2900) × 12/30 = 2800
    expect(quote).toMatchObject({ targetPlan: "TIER_3", amountCents: 2800, fullPriceCents: 9900, prorated: true, periodEnd: end.toISOString() });
    expect(quote.explanation).toContain("12 of 30 days");
    await expect(as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_3", expectedAmountCents: 9900 } })).rejects.toMatchObject({ status: 409 });
    const done = await as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_3", expectedAmountCents: 2800 } });
    expect(done).toMatchObject({ result: "COMPLETED", plan: { planType: "TIER_3", subscription: { currentPeriodEnd: end.toISOString() } } });

    const history = await as(api, user.token, payments.listCardPaymentInvoices, {});
    expect(history.list.map((i) => [i.reason, i.amountCents, i.status])).toEqual([
      ["UPGRADE_PRORATION", 2800, "paid"],
      ["PLAN_PERIOD", 2900, "paid"],
    ]);
    expect(history.list[0]!.description).toBe("Upgrade from Beginner to Professional: $70.00 difference for the 12 of 30 days left");
    expect(history.list[1]!.description).toBe("Beginner plan, one month");
    const bad = await api.raw("GET", "/web/plans/current/upgrade-quote?targetPlan=GOLD", { token: user.token });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe("query.targetPlan");
  });

  it("schedules a downgrade for the period's end, shows it, and applies it once the period is over", async () => {
    const user = await registerUser(api);
    await attach(user);
    await as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_2" } });
    await as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_3" } });
    const { end } = await periodWithDaysLeft(user, 10);
    const charges = async () => (await api.deps.pool.query("SELECT count(*)::int AS n FROM payment_charges WHERE store_id = $1", [user.store.id])).rows[0].n;
    const before = await charges();

    const scheduled = await as(api, user.token, plans.downgradePlan, { body: { targetPlan: "TIER_2" } });
    expect(scheduled).toMatchObject({ result: "SCHEDULED", plan: { planType: "TIER_3", scheduledChange: { planType: "TIER_2", name: "Beginner", effectiveAt: end.toISOString() } } });
    expect((await as(api, user.token, stores.getMyStore, {})).planType).toBe("TIER_3");
    await expect(as(api, user.token, plans.downgradePlan, { body: { targetPlan: "TIER_3" } })).rejects.toMatchObject({ status: 409 });
    const free = await api.raw("POST", "/web/plans/current/downgrade", { token: user.token, body: { targetPlan: "TIER_1" } });
    expect(free.status).toBe(409);

    await api.deps.pool.query("UPDATE payment_subscriptions SET current_period_end = now() - interval '1 minute' WHERE store_id = $1", [user.store.id]);
    const after = await as(api, user.token, plans.getPlanOverview, {});
    expect(after).toMatchObject({ planType: "TIER_2", scheduledChange: null, subscription: { planType: "TIER_2" } });
    expect((await as(api, user.token, stores.getMyStore, {})).planType).toBe("TIER_2");
    expect(await charges()).toBe(before);
  });
});

describe("pause and resume", () => {
  it("pauses with a behaviour and a resume time, shows it on the store, and resumes", async () => {
    const user = await beginner();
    const resumesAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const paused = await as(api, user.token, plans.pausePlan, { body: { behavior: "keep_as_draft", resumesAt } });
    expect(paused).toMatchObject({ result: "PAUSED", plan: { planType: "TIER_2", isBlueprintPaused: true, isBlueprintActive: true } });
    expect(await as(api, user.token, stores.getMyStore, {})).toMatchObject({
      blueprintSubscriptionBehavior: "keep_as_draft",
      blueprintSubscriptionResumesAt: resumesAt,
      isBlueprintPaused: true,
    });
    await expect(as(api, user.token, plans.pausePlan, { body: { behavior: "void" } })).rejects.toMatchObject({ status: 409 });
    await expect(as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_3" } })).rejects.toMatchObject({ status: 409 });
    const resumed = await as(api, user.token, plans.resumePlan, {});
    expect(resumed).toMatchObject({ result: "PLAN_RESUMED", plan: { isBlueprintPaused: false } });
    expect(await as(api, user.token, stores.getMyStore, {})).toMatchObject({ blueprintSubscriptionPausedAt: null, blueprintSubscriptionBehavior: null, isBlueprintPaused: false });
    await expect(as(api, user.token, plans.resumePlan, {})).rejects.toMatchObject({ status: 409 });
  });

  it("refuses to pause a Free store or with a past resume time", async () => {
    const free = await registerUser(api);
    await expect(as(api, free.token, plans.pausePlan, { body: { behavior: "void" } })).rejects.toMatchObject({ status: 409 });
    await expect(as(api, free.token, plans.resumePlan, {})).rejects.toMatchObject({ status: 409 });
    const user = await beginner();
    const past = await api.raw("POST", "/web/plans/current/pause", { token: user.token, body: { behavior: "void", resumesAt: "2001-01-01T00:00:00Z" } });
    expect(past.status).toBe(400);
    expect(past.body.details[0]).toEqual({ field: "body.resumesAt", reason: "must be in the future" });
    const notDate = await api.raw("POST", "/web/plans/current/pause", { token: user.token, body: { behavior: "void", resumesAt: "next week" } });
    expect(notDate.body.details[0].field).toBe("body.resumesAt");
  });

  it("resumes by itself once the resume time has passed", async () => {
    const user = await beginner();
    const paused = await as(api, user.token, plans.pausePlan, { body: { behavior: "void", resumesAt: new Date(Date.now() + 86_400_000).toISOString() } });
    await api.deps.pool.query("UPDATE payment_subscriptions SET resumes_at = now() - interval '1 minute' WHERE id = $1", [paused.plan.subscription!.id]);
    expect((await as(api, user.token, plans.getPlanOverview, {})).isBlueprintPaused).toBe(false);
    expect((await as(api, user.token, stores.getMyStore, {})).blueprintSubscriptionPausedAt).toBeNull();
  });

  it("applies the pause behaviour to open invoices: void writes them off, keep_as_draft brings them back", async () => {
    for (const [behavior, whilePaused, afterResume] of [
      ["void", "void", "void"],
      ["keep_as_draft", "draft", "open"],
      ["mark_uncollectible", "uncollectible", "uncollectible"],
    ] as const) {
      const user = await beginner();
      await attach(user, "4000000000000002");
      const declined = await as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_3" } });
      expect(declined.plan.openInvoice?.id).toBe(declined.invoiceId);
      await as(api, user.token, plans.pausePlan, { body: { behavior } });
      expect((await as(api, user.token, payments.getCardPaymentInvoice, { params: { id: declined.invoiceId } })).status).toBe(whilePaused);
      await as(api, user.token, plans.resumePlan, {});
      expect((await as(api, user.token, payments.getCardPaymentInvoice, { params: { id: declined.invoiceId } })).status).toBe(afterResume);
      expect((await as(api, user.token, stores.getMyStore, {})).planType).toBe("TIER_2");
    }
  });
});

describe("cancel with the survey", () => {
  it("names every missing or wrong survey answer", async () => {
    const user = await beginner();
    const empty = await api.raw("POST", "/web/plans/current/cancel", { token: user.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(["body.reason", "body.rating", "body.bookCall", "body.samplesNotOrderedReason", "body.offerAnswer"]),
    );
    const wrong = await api.raw("POST", "/web/plans/current/cancel", { token: user.token, body: { ...survey, rating: "11", reason: "BORED" } });
    expect(wrong.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(["body.reason", "body.rating"]));
    expect((await as(api, user.token, plans.getPlanOverview, {})).planType).toBe("TIER_2");
  });

  it("applies 40% off instead of cancelling when the offer is taken", async () => {
    const user = await beginner();
    const kept = await as(api, user.token, plans.cancelPlan, { body: { ...survey, offerAnswer: "YES" } });
    expect(kept).toMatchObject({ result: "OFFER_APPLIED", plan: { planType: "TIER_2", subscriptionStatus: "ACTIVE", subscription: { discountPercent: 40 } } });
    const { rows } = await api.deps.pool.query("SELECT offer_answer, outcome FROM subscription_cancellation_surveys WHERE store_id = $1", [user.store.id]);
    expect(rows).toEqual([{ offer_answer: "YES", outcome: "OFFER_APPLIED" }]);
    await attach(user);
    const upgraded = await as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_3" } });
    const invoice = await as(api, user.token, payments.getCardPaymentInvoice, { params: { id: upgraded.invoiceId } });
    // The prorated difference ($99 − $29 for the whole month left), at 40% off.
    expect(invoice.amountCents).toBe(4200);
  });

  it("cancels, stores every answer, sends the call request, and returns the store to Free", async () => {
    const user = await beginner();
    const res = await as(api, user.token, plans.cancelPlan, { body: { ...survey, bookCall: true, offerAnswer: "MAYBE_LATER" } });
    expect(res).toMatchObject({ result: "CONFIRMED_REQUEST_SENT", plan: { planType: "TIER_1", subscriptionStatus: "CANCELED", isBlueprintActive: false, upgradeTarget: { planType: "TIER_2" } } });
    expect(res.plan.modules).toContainEqual({ moduleType: "BEGINNER", status: "EXPIRED" });
    const { rows } = await api.deps.pool.query(
      "SELECT user_id, reason, rating_bucket, book_call, samples_not_ordered_reason, offer_answer, suggestions, outcome FROM subscription_cancellation_surveys WHERE store_id = $1",
      [user.store.id],
    );
    expect(rows).toEqual([
      {
        user_id: user.user.id,
        reason: "NOT_READY_TO_START",
        rating_bucket: "7-9",
        book_call: true,
        samples_not_ordered_reason: "DID_NOT_KNOW_TO_ORDER",
        offer_answer: "MAYBE_LATER",
        suggestions: "More templates please",
        outcome: "CANCELED",
      },
    ]);
    const mail = await api.deps.pool.query("SELECT kind FROM outbox_messages WHERE store_id = $1 AND kind = 'cancellation_call_request'", [user.store.id]);
    expect(mail.rows.length).toBeGreaterThan(0);
    expect(await as(api, user.token, stores.getMyStore, {})).toMatchObject({ planType: "TIER_1", blueprintSubscriptionStatus: "CANCELED", isBlueprintActive: false });
    await expect(as(api, user.token, plans.cancelPlan, { body: survey })).rejects.toMatchObject({ status: 409 });
    const again = await as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_2" } });
    expect(again.plan.subscription!.id).not.toBe(res.plan.subscription!.id);
  });

  it("refuses to cancel a Free store", async () => {
    const user = await registerUser(api);
    await expect(as(api, user.token, plans.cancelPlan, { body: survey })).rejects.toMatchObject({ status: 409 });
  });
});

describe("AI credits", () => {
  it("offers the Beginner tiers below Professional and the Professional tiers on it", async () => {
    const user = await registerUser(api);
    const credits = await as(api, user.token, plans.getAiCredits, {});
    expect(credits).toMatchObject({ balance: 0, bundle: "BEGINNER", defaultCredits: 1000 });
    expect(credits.tiers.map((t) => t.credits)).toEqual([1000, 2000, 3500, 7000, 10000]);
    await setPlan(api, user.store.id, "TIER_3");
    const pro = await as(api, user.token, plans.getAiCredits, {});
    expect(pro).toMatchObject({ bundle: "PROFESSIONAL", defaultCredits: 5000 });
    expect(pro.tiers).toContainEqual({ credits: 50000, priceCents: 40000 });
  });

  it("buys the default tier, keeps a ledger, and spends down to zero but never below", async () => {
    const user = await registerUser(api);
    await attach(user);
    const bought = await as(api, user.token, plans.purchaseAiCredits, { body: {} });
    expect(bought).toMatchObject({ result: "COMPLETED", credits: 1000, priceCents: 1000, balance: 1000 });
    expect(await spendCredits(api.deps.pool, user.store.id, 300, "Design generation")).toBe(700);
    await expect(spendCredits(api.deps.pool, user.store.id, 701, "Too much")).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(spendCredits(api.deps.pool, user.store.id, 0, "Nothing")).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    expect(await spendCredits(api.deps.pool, user.store.id, 700, "The rest")).toBe(0);
    const ledger = await as(api, user.token, plans.listAiCreditMovements, {});
    expect(ledger.list.map((m) => [m.delta, m.balanceAfter])).toEqual([
      [-700, 0],
      [-300, 700],
      [1000, 1000],
    ]);
    expect(ledger.list[2]!.chargeId).toBe(bought.chargeId);
    expect((await as(api, user.token, plans.getPlanOverview, {})).aiCredits.balance).toBe(0);
  });

  it("adds nothing for a declined card and charges once per Idempotency-Key", async () => {
    const user = await registerUser(api);
    const declinedCard = await attach(user, "4000000000000002");
    const declined = await as(api, user.token, plans.purchaseAiCredits, { body: { credits: 2000, paymentMethodId: declinedCard.id } });
    expect(declined).toMatchObject({ result: "INSTRUMENT_DECLINED", balance: 0 });
    await attach(user);
    const a = await as(api, user.token, plans.purchaseAiCredits, { body: { credits: 2000 } }, "credits-key");
    const b = await as(api, user.token, plans.purchaseAiCredits, { body: { credits: 2000 } }, "credits-key");
    expect(b).toEqual(a);
    expect((await as(api, user.token, plans.getAiCredits, {})).balance).toBe(2000);
    const { rows } = await api.deps.pool.query("SELECT status FROM payment_charges WHERE store_id = $1 ORDER BY created_at", [user.store.id]);
    expect(rows.map((r) => r.status)).toEqual(["failed", "succeeded"]);
  });

  it("refuses a tier outside the store's bundle and keys that don't exist", async () => {
    const user = await registerUser(api);
    await attach(user);
    const pro = await api.raw("POST", "/web/ai-credits/purchase", { token: user.token, body: { credits: 50000 } });
    expect(pro.status).toBe(400);
    expect(pro.body.details[0].field).toBe("body.credits");
    const odd = await api.raw("POST", "/web/ai-credits/purchase", { token: user.token, body: { credits: 1234 } });
    expect(odd.body.details[0].field).toBe("body.credits");
    const extra = await api.raw("POST", "/web/ai-credits/purchase", { token: user.token, body: { credits: 1000, free: true } });
    expect(extra.body.details[0].field).toBe("body.free");
    expect((await as(api, user.token, plans.getAiCredits, {})).balance).toBe(0);
  });
});
