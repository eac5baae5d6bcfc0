import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchasing } from "@atelier/contracts";
import { as, startTestApi, testConfig, type TestApi } from "../../api/test/harness";
import { newClient, send } from "./clients";
import { card, cartWithSample, DECLINED, VISA } from "./fixtures";

// Issue 14, item 7: 30 declined cards on /public-pay-invoice/:sn were all tried, no login, no 429.
const publicPay = { declinesBeforeLock: 5, lockHours: 24, perClientPerMinute: 40 };
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ config: testConfig({ publicPay }) });
});
afterAll(() => api.close());

const pay = (target: TestApi, sn: string, number: string, from = newClient()) => send(`${target.url}/rest/main/app/creator-invoice-payments/${sn}`, { card: card(number) }, {}, from);
const charges = async (storeId: string) => (await api.deps.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM payment_charges WHERE store_id = $1", [storeId])).rows[0]!.n;

describe("public invoice payments", () => {
  it("lock an invoice after 5 declined cards, whoever sends them, and say why and until when", async () => {
    const { owner, sn } = await cartWithSample(api);
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await pay(api, sn, DECLINED));
    expect(answers.slice(0, 5).map((a) => a.body.result)).toEqual(Array(5).fill("INSTRUMENT_DECLINED"));
    expect(answers.slice(5).every((a) => a.status === 429)).toBe(true);
    expect(answers.at(-1)!.body.message).toBe("This invoice no longer takes cards here after 5 declined cards. It opens again in 24 hours, or Test store can pay it from their account.");
    expect(await charges(owner.store.id)).toBe(5);
    // A good card is refused too while locked: a tester holding one must not learn which work.
    expect((await pay(api, sn, VISA)).status).toBe(429);
  });

  it("open again after the lock period, and the owner can pay while it is locked", async () => {
    const { sn, invoiceId } = await cartWithSample(api);
    for (let i = 0; i < 5; i++) await pay(api, sn, DECLINED);
    expect((await pay(api, sn, VISA)).status).toBe(429);
    await api.deps.pool.query("UPDATE creator_invoice_payments SET created_at = created_at - interval '25 hours' WHERE invoice_id = $1", [invoiceId]);
    expect((await pay(api, sn, DECLINED)).body.result).toBe("INSTRUMENT_DECLINED");

    const other = await cartWithSample(api);
    for (let i = 0; i < 5; i++) await pay(api, other.sn, DECLINED);
    const paid = await as(api, other.owner.token, purchasing.payCreatorInvoice, { body: { invoiceId: other.invoiceId, card: card(VISA) } });
    expect(paid.result).toBe("COMPLETED");
  });

  it("limit payment attempts per client address across invoices", async () => {
    const limited = await startTestApi({ config: testConfig({ publicPay: { ...publicPay, perClientPerMinute: 3 } }) });
    try {
      const from = newClient();
      const invoices = await Promise.all([1, 2, 3, 4].map(() => cartWithSample(limited)));
      const answers = [];
      for (const { sn } of invoices) answers.push(await pay(limited, sn, DECLINED, from));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
      expect(answers[3]!.body.message).toBe("Too many payment attempts from this connection. Please wait a minute and try again.");
      // Another client is not held back.
      expect((await pay(limited, invoices[3]!.sn, DECLINED)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
