import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError, jobs, shipping } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi } from "./harness";
import { buyLabel, cardOnFile, labelBody, previewStore, stockSku, teamMember } from "../../test/factories";
import { createLocalCarrier, type ShippingProvider } from "../src/providers/shipping";
import { pdfImages, readCode128 } from "./fixtures/barcode-reader";

// Labels through HTTP on a real database: quote with a failing carrier, buy (charged once per
// Idempotency-Key), preflight refusals, duplicate order labels, void with a ledger refund, return
// labels, tracking advanced by the background job, documents, other stores and roles.

let api: TestApi;
const broken: ShippingProvider = { ...createLocalCarrier({ stepMs: 0, name: "Broken Freight" }), rate: async () => { throw new Error("socket hang up"); } };
beforeAll(async () => {
  // Atelier Post scans an hour after purchase, so labels stay voidable; Quick Post scans at once, so tracking runs to delivery.
  api = await startTestApi({ providers: { shipping: [createLocalCarrier({ stepMs: 3_600_000 }), createLocalCarrier({ stepMs: 0, name: "Quick Post" }), broken] } });
});
afterAll(() => api.close());

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

const refunds = async (chargeId: string) => (await api.deps.pool.query("SELECT amount_cents FROM payment_refunds WHERE charge_id = $1", [chargeId])).rows.map((r) => r.amount_cents as number);
const charges = async (storeId: string) => (await api.deps.pool.query("SELECT amount_cents FROM payment_charges WHERE store_id = $1 AND description LIKE '%label%'", [storeId])).rows.map((r) => r.amount_cents as number);

describe("shipping labels", () => {
  it("quotes every carrier's services cheapest first, a failing carrier as a message, with the preflight checks", async () => {
    const owner = await registerUser(api);
    const q = await as(api, owner.token, shipping.quoteShippingLabel, { body: labelBody({ parcel: { weight: 1, length: 20, width: 20, height: 20 } }) });
    expect(q.messages).toEqual([{ carrier: "Broken Freight", message: "Broken Freight did not answer; its rates are missing from this quote." }]);
    expect(q.rates.map((r) => `${r.carrier} ${r.serviceCode}`)).toEqual(["Atelier Post GROUND", "Quick Post GROUND", "Atelier Post TWO_DAY", "Quick Post TWO_DAY", "Atelier Post OVERNIGHT", "Quick Post OVERNIGHT"]);
    expect(q.rates[0]).toMatchObject({ priceCents: 1150 + 120 * 57, billedWeightLb: 58, zone: "Zone 8" });
    expect(q.dimensionalWeightLb).toBe(57.55);
    expect(q.checks).toEqual([expect.objectContaining({ level: "WARNING", field: "parcel", message: expect.stringMatching(/billed by its size: 57.55 lb dimensional weight against 1.00 lb actual/) })]);
    const intl = await as(api, owner.token, shipping.quoteShippingLabel, { body: labelBody({ toAddress: { name: "Ada", addressLine1: "10 Downing St", city: "London", zipCode: "SW1A 2AA", countryCode: "GB", country: "United Kingdom" } }) });
    expect(intl.checks).toEqual([expect.objectContaining({ level: "ERROR", field: "customs" })]);
  });

  it("buys a label once per Idempotency-Key, charged through the ledger, and lists, searches and tracks it", async () => {
    const owner = await registerUser(api);
    await cardOnFile(api, owner.token);
    // A stocked SKU: its first label gives its inventory item the unit weight rules and preflight read.
    await stockSku(api, owner.token, "TEE-1", 5);
    const label = await buyLabel(api, owner.token, { orderNumber: 1001, expectedPriceCents: 1270, sku: "TEE-1" }, "buy-key-1");
    expect(label).toMatchObject({ status: "PURCHASED", carrier: "Atelier Post", serviceName: "Ground", priceCents: 1270, zone: "Zone 8", orderNumber: 1001 });
    expect(label.trackingNumber).toMatch(/^LS\d{9}US$/);
    expect(label.toAddress).toMatchObject({ country: "United States of America", countryCode: "US", zipCode: "11201" });
    expect(label.fromAddress.phone).toBe("+14155550132");
    expect(label.events.map((e) => e.stage)).toEqual(["LABEL_CREATED"]);
    const again = await buyLabel(api, owner.token, { orderNumber: 1001, expectedPriceCents: 1270, sku: "TEE-1" }, "buy-key-1");
    expect(again.id).toBe(label.id);
    expect(await charges(owner.store.id)).toEqual([1270]);
    expect((await api.deps.pool.query("SELECT weight_grams FROM inventory_items WHERE store_id = $1 AND sku = 'TEE-1'", [owner.store.id])).rows).toEqual([{ weight_grams: 907 }]);

    const dup = await failure(buyLabel(api, owner.token, { orderNumber: 1001 }));
    expect(dup.status).toBe(409);
    expect(dup.message).toMatch(/Order 1001 already has label LS/);
    const priceMoved = await failure(buyLabel(api, owner.token, { expectedPriceCents: 999 }));
    expect(priceMoved.status).toBe(409);
    expect(priceMoved.message).toMatch(/ground price is now \$12.70, not \$9.99/);
    const heavier = await as(api, owner.token, shipping.quoteShippingLabel, { body: labelBody({ sku: "tee-1", parcel: { weight: 5, length: 10, width: 8, height: 4 } }) });
    expect(heavier.checks[0]!.message).toMatch(/TEE-1 shipped at 2.00 lb before; this parcel says 5.00 lb/);

    const fast = await buyLabel(api, owner.token, { carrier: "Quick Post", serviceCode: "TWO_DAY", toAddress: { name: "Linus Pauling", addressLine1: "9 Elm", city: "Portland", stateCode: "OR", zipCode: "97201" } });
    await vi.waitFor(async () => expect((await as(api, owner.token, shipping.getShippingLabel, { params: { id: fast.id } })).status).toBe("DELIVERED"), { timeout: 10_000, interval: 50 });
    const tracked = await as(api, owner.token, shipping.getShippingLabel, { params: { id: fast.id } });
    expect(tracked.events.map((e) => e.stage)).toEqual(["LABEL_CREATED", "ACCEPTED", "IN_TRANSIT", "OUT_FOR_DELIVERY", "DELIVERED"]);
    expect(tracked.events.at(-1)!.location).toBe("Portland, OR");

    const all = await as(api, owner.token, shipping.listShippingLabels, {});
    expect(all.total).toBe(2);
    expect((await as(api, owner.token, shipping.listShippingLabels, { query: { search: "pauling" } })).list.map((l) => l.id)).toEqual([fast.id]);
    expect((await as(api, owner.token, shipping.listShippingLabels, { query: { search: label.trackingNumber.slice(0, 8) } })).list.map((l) => l.id)).toEqual([label.id]);
    expect((await as(api, owner.token, shipping.listShippingLabels, { query: { status: "DELIVERED" } })).list.map((l) => l.id)).toEqual([fast.id]);
    expect((await as(api, owner.token, shipping.listShippingLabels, { query: { sort: "priceCents", size: 1 } })).list.map((l) => l.id)).toEqual([label.id]);

    const pdf = await fetch(`${api.url}/rest/main/web/standalone-label/${label.id}/document?format=pdf-4x6`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const pdfBytes = Buffer.from(await pdf.arrayBuffer());
    expect(pdfBytes.subarray(0, 5).toString()).toBe("%PDF-");
    // A real barcode reader scans the bought label's barcode back to its tracking number.
    expect(pdfImages(pdfBytes).map(readCode128)).toEqual([label.trackingNumber]);
    const zpl = await fetch(`${api.url}/rest/main/web/standalone-label/${label.id}/document?format=zpl`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(await zpl.text()).toContain(`^FD${label.trackingNumber}^FS`);
    expect((await fetch(`${api.url}/rest/main/web/standalone-label/${label.id}/document?format=png`, { headers: { authorization: `Bearer ${owner.token}` } })).status).toBe(400);
    expect((await fetch(`${api.url}/rest/main/web/standalone-label/${label.id}/document`)).status).toBe(401);
  });

  it("voids an unscanned label with a refund in the ledger, refuses a scanned one, and buys return labels with the addresses swapped", async () => {
    const owner = await registerUser(api);
    await cardOnFile(api, owner.token);
    const label = await buyLabel(api, owner.token, { orderNumber: 7 });
    const ret = await as(api, owner.token, shipping.createReturnLabel, { params: { id: label.id }, body: { expectedPriceCents: 1270 } });
    expect(ret).toMatchObject({ isReturn: true, returnOfId: label.id, serviceCode: "GROUND", priceCents: 1270, notes: `Return of ${label.trackingNumber}` });
    expect(ret.fromAddress.name).toBe("Grace Hopper");
    expect(ret.toAddress.name).toBe("Atelier Studio");

    const voided = await as(api, owner.token, shipping.voidShippingLabel, { params: { id: label.id } }, "void-1");
    expect(voided).toMatchObject({ status: "VOIDED", refundedCents: 1270 });
    expect(await refunds(label.chargeId)).toEqual([1270]);
    expect((await failure(as(api, owner.token, shipping.voidShippingLabel, { params: { id: label.id } }))).status).toBe(409);
    expect(await refunds(label.chargeId)).toEqual([1270]);
    // Voided, the order may have a new label.
    expect((await buyLabel(api, owner.token, { orderNumber: 7 })).orderNumber).toBe(7);
    const printVoided = await fetch(`${api.url}/rest/main/web/standalone-label/${label.id}/document`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(printVoided.status).toBe(409);

    // Quick Post scans at once: the carrier refuses the void whether or not the tracking job (which any
    // API on the shared test database may run) has recorded the scan yet.
    const scanned = await buyLabel(api, owner.token, { carrier: "Quick Post" });
    const late = await failure(as(api, owner.token, shipping.voidShippingLabel, { params: { id: scanned.id } }));
    expect(late.status).toBe(409);
    expect(late.message).toMatch(/scanned by the carrier/);
  });

  it("refuses bad input with the field and the reason, a declined card and missing customs with sentences", async () => {
    const owner = await registerUser(api);
    const noCard = await failure(buyLabel(api, owner.token));
    expect([noCard.status, noCard.message]).toEqual([409, "Add a card before paying."]);
    await cardOnFile(api, owner.token, "4000000000000002");
    const declined = await failure(buyLabel(api, owner.token));
    expect(declined.status).toBe(409);
    expect(declined.message).toMatch(/declined/);

    const field = async (p: Promise<unknown>) => (await failure(p)).details?.[0];
    expect(await field(as(api, owner.token, shipping.quoteShippingLabel, { body: labelBody({ parcel: { weight: 0, length: 1, width: 1, height: 1 } }) }))).toMatchObject({ field: "body.parcel.weight", reason: "must be more than 0" });
    expect(await field(as(api, owner.token, shipping.quoteShippingLabel, { body: labelBody({ parcel: { weight: 1, length: 1, width: 1, height: 1, mass_unit: "stone" as never } }) }))).toMatchObject({ field: "body.parcel.mass_unit" });
    expect(await field(as(api, owner.token, shipping.quoteShippingLabel, { body: { ...labelBody(), toAddress: { ...labelBody().toAddress, zipCode: "" } } }))).toMatchObject({ field: "body.toAddress.zipCode", reason: "must not be empty" });
    expect(await field(as(api, owner.token, shipping.quoteShippingLabel, { body: { ...labelBody(), extra: 1 } as never }))).toMatchObject({ field: "body.extra" });
    expect(await field(buyLabel(api, owner.token, { toAddress: { ...labelBody().toAddress, stateCode: "ZZ" } }))).toMatchObject({ field: "body.toAddress.stateCode", reason: "The recipient's address: ZZ is not a state of United States." });
    expect(await field(buyLabel(api, owner.token, { serviceCode: "TELEPORT" }))).toMatchObject({ field: "body.serviceCode" });
    expect(await field(buyLabel(api, owner.token, { carrier: "Nope" }))).toMatchObject({ field: "body.carrier" });
    expect(await field(buyLabel(api, owner.token, { toAddress: { name: "Ada", addressLine1: "10 Downing St", city: "London", zipCode: "SW1A 2AA", countryCode: "GB" } }))).toMatchObject({ field: "body.customs" });
    expect(await field(as(api, owner.token, shipping.listShippingLabels, { query: { status: "LOST" as never } }))).toMatchObject({ field: "query.status" });
    expect(await field(as(api, owner.token, shipping.getShippingLabel, { params: { id: "nope" } }))).toMatchObject({ field: "params.id" });
    expect(await field(as(api, owner.token, shipping.validateAddress, { body: { address: { ...labelBody().toAddress, countryCode: "USA" } } }))).toMatchObject({ field: "body.address.countryCode" });
    const checked = await as(api, owner.token, shipping.validateAddress, { body: { address: { ...labelBody().toAddress, zipCode: "1120" } } });
    expect(checked).toMatchObject({ valid: false, problems: [{ field: "zipCode" }] });
    expect(await charges(owner.store.id)).toEqual([1270]);
  });

  it("merges a batch of 100 labels into one PDF in a background job with progress, and refuses voided or foreign labels", async () => {
    const owner = await registerUser(api);
    await cardOnFile(api, owner.token);
    const first = await buyLabel(api, owner.token);
    // 99 more labels like the first (buying each through the API would only repeat what the other tests prove).
    await api.deps.pool.query(
      `INSERT INTO shipping_labels (store_id, carrier, service_code, service_name, tracking_number, price_cents, estimated_days, delivery_date, zone, billed_weight_lb, from_address, to_address, parcel, charge_id)
       SELECT store_id, carrier, service_code, service_name, 'LS' || lpad(n::text, 8, '0') || '0US', price_cents, estimated_days, delivery_date, zone, billed_weight_lb, from_address, to_address, parcel, charge_id
         FROM shipping_labels, generate_series(1, 99) n WHERE id = $1`,
      [first.id],
    );
    const ids = (await as(api, owner.token, shipping.listShippingLabels, { query: { size: 100 } })).list.map((l) => l.id);
    expect(ids).toHaveLength(100);
    const batch = await as(api, owner.token, shipping.createLabelBatch, { body: { labelIds: ids } }, "batch-1");
    expect(batch.labelCount).toBe(100);
    await vi.waitFor(async () => expect((await as(api, owner.token, jobs.getJob, { params: { id: batch.jobId } })).status).toBe("completed"), { timeout: 60_000, interval: 100 });
    const job = await as(api, owner.token, jobs.getJob, { params: { id: batch.jobId } });
    expect(job).toMatchObject({ progress: { percent: 100 }, result: { labelCount: 100, format: "pdf-4x6" } });
    const res = await fetch(`${api.url}/rest/main/web/standalone-label/-/batches/${batch.jobId}/document`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    const pdf = Buffer.from(await res.arrayBuffer()).toString("latin1");
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(100);

    const other = await registerUser(api);
    expect((await fetch(`${api.url}/rest/main/web/standalone-label/-/batches/${batch.jobId}/document`, { headers: { authorization: `Bearer ${other.token}` } })).status).toBe(404);
    expect((await failure(as(api, other.token, shipping.createLabelBatch, { body: { labelIds: [first.id] } }))).details?.[0]).toMatchObject({ field: "body.labelIds" });
    expect((await failure(as(api, owner.token, shipping.createLabelBatch, { body: { labelIds: [] } }))).details?.[0]).toMatchObject({ field: "body.labelIds" });
    await as(api, owner.token, shipping.voidShippingLabel, { params: { id: first.id } });
    expect((await failure(as(api, owner.token, shipping.createLabelBatch, { body: { labelIds: [first.id] } }))).status).toBe(409);
  }, 120_000);

  it("keeps each store's labels to itself, enforces roles and refuses preview accounts", async () => {
    const owner = await registerUser(api);
    await cardOnFile(api, owner.token);
    const label = await buyLabel(api, owner.token);
    const other = await registerUser(api);
    await cardOnFile(api, other.token);
    // One at a time: a refusal made before the test awaits it would be an unhandled rejection.
    for (const call of [
      () => as(api, other.token, shipping.getShippingLabel, { params: { id: label.id } }),
      () => as(api, other.token, shipping.voidShippingLabel, { params: { id: label.id } }),
      () => as(api, other.token, shipping.createReturnLabel, { params: { id: label.id }, body: {} }),
    ]) expect((await failure(call())).status).toBe(404);
    expect((await as(api, other.token, shipping.listShippingLabels, {})).total).toBe(0);
    expect((await fetch(`${api.url}/rest/main/web/standalone-label/${label.id}/document`, { headers: { authorization: `Bearer ${other.token}` } })).status).toBe(404);

    const cx = await teamMember(api, owner, "CX");
    expect((await as(api, cx.token, shipping.listShippingLabels, {})).total).toBe(1);

    const preview = await previewStore(api);
    expect((await as(api, preview.token, shipping.quoteShippingLabel, { body: labelBody() })).rates.length).toBeGreaterThan(0);
    const blocked = await failure(buyLabel(api, preview.token));
    expect([blocked.status, blocked.message]).toEqual([403, "Preview mode can't take this action."]);
    expect((await failure(as(api, preview.token, shipping.voidShippingLabel, { params: { id: label.id } }))).status).toBe(403);
  });
});
