import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError, jobs, orders, receivings, shipping } from "@atelier/contracts";
import { QC_INSPECTION_FEE_CENTS } from "@atelier/contracts/shipping";
import { as, registerUser, startTestApi, type TestApi } from "./harness";
import { cardOnFile, createOrder, manualOrderBody, previewStore, stockSku } from "../../test/factories";
import { createLocalCarrier } from "../src/providers/shipping";
import { pdfImages, readCode128 } from "./fixtures/barcode-reader";

// Labels for many orders at once, packing slips and pick lists, through HTTP on a real database:
// a quote with each order's price or problem, a purchase refused at another total, labels bought
// once per Idempotency-Key and merged by the batch job into a PDF whose barcodes scan to the
// tracking numbers, the pick list in bin order, and other stores, bad input and preview accounts.

let api: TestApi;
beforeAll(async () => {
  // Atelier Post scans an hour after purchase: nothing moves while the test reads.
  api = await startTestApi({ providers: { shipping: [createLocalCarrier({ stepMs: 3_600_000 })] } });
});
afterAll(() => api.close());

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

const box = { weight: 2, length: 10, width: 8, height: 4 };
const doc = (token: string, path: string) => fetch(`${api.url}/rest/main/web/standalone-label/-/${path}`, { headers: { authorization: `Bearer ${token}` } });
const pages = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type \/Page\b/g)?.length ?? 0;

describe("labels for selected orders, packing slips and pick lists", () => {
  it("quotes, buys once at the confirmed total, merges the labels into a PDF that scans, and lists what to pick by bin", async () => {
    const owner = await registerUser(api);
    await cardOnFile(api, owner.token);
    await stockSku(api, owner.token, "MUG-1", 10, { bin: "B-02", title: "Stoneware mug" });
    await stockSku(api, owner.token, "TEE-1", 10, { bin: "A-01", title: "Heavyweight tee" });
    const first = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "MUG-1", quantity: 2 }, { sku: "TEE-1", quantity: 1 }]) });
    const second = await as(api, owner.token, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "TEE-1", quantity: 3 }]) });
    await createOrder(api, owner.store.id, { orderNumber: 5001, cancellationState: "CANCELED" });
    const numbers = [first.orderNumber, second.orderNumber, 5001];

    const quote = await as(api, owner.token, shipping.quoteOrderLabels, { body: { orderNumbers: numbers, parcel: box } });
    expect(quote).toMatchObject({ carrier: "Atelier Post", serviceName: "Ground", readyCount: 2 });
    expect(quote.lines).toEqual([
      { orderNumber: first.orderNumber, recipient: "Ada Lovelace", place: "Oakland, CA", priceCents: expect.any(Number), problem: null },
      { orderNumber: second.orderNumber, recipient: "Ada Lovelace", place: "Oakland, CA", priceCents: expect.any(Number), problem: null },
      { orderNumber: 5001, recipient: "Buyer 5001", place: "Oakland, CA", priceCents: null, problem: "Order 5001 is canceled." },
    ]);
    expect(quote.totalCents).toBe(quote.lines[0]!.priceCents! * 2);

    const moved = await failure(as(api, owner.token, shipping.createOrderLabels, { body: { orderNumbers: numbers, parcel: box, expectedTotalCents: quote.totalCents - 1 } }));
    expect(moved.status).toBe(409);
    expect(moved.message).toMatch(/These 2 labels now cost \$.+ in all, not \$/);

    const bought = await as(api, owner.token, shipping.createOrderLabels, { body: { orderNumbers: numbers, parcel: box, expectedTotalCents: quote.totalCents } }, "order-labels-1");
    expect(bought.labels.map((l) => l.orderNumber)).toEqual([first.orderNumber, second.orderNumber]);
    expect(bought.failed).toEqual([{ orderNumber: 5001, message: "Order 5001 is canceled." }]);
    expect(bought.totalCents).toBe(quote.totalCents);
    const again = await as(api, owner.token, shipping.createOrderLabels, { body: { orderNumbers: numbers, parcel: box, expectedTotalCents: quote.totalCents } }, "order-labels-1");
    expect(again).toEqual(bought);
    const charged = await api.deps.pool.query("SELECT count(*)::int AS n FROM payment_charges WHERE store_id = $1", [owner.store.id]);
    expect(charged.rows[0].n).toBe(2);

    await vi.waitFor(async () => expect((await as(api, owner.token, jobs.getJob, { params: { id: bought.jobId! } })).status).toBe("completed"), { timeout: 30_000, interval: 100 });
    const merged = Buffer.from(await (await doc(owner.token, `batches/${bought.jobId}/document`)).arrayBuffer());
    expect(pdfImages(merged).map(readCode128).sort()).toEqual(bought.labels.map((l) => l.trackingNumber).sort());

    // Now that they have labels, the two orders are refused a second one.
    const requote = await as(api, owner.token, shipping.quoteOrderLabels, { body: { orderNumbers: [first.orderNumber], parcel: box } });
    expect(requote.lines[0]!.problem).toMatch(new RegExp(`Order ${first.orderNumber} already has label ${bought.labels[0]!.trackingNumber}`));
    expect((await failure(as(api, owner.token, shipping.createOrderLabels, { body: { orderNumbers: [first.orderNumber], parcel: box, expectedTotalCents: 0 } }))).status).toBe(409);

    const pick = await as(api, owner.token, shipping.getPickList, { query: { orders: numbers.join(",") } });
    expect(pick).toEqual({
      orderCount: 2,
      unitCount: 6,
      lines: [
        { bin: "A-01", sku: "TEE-1", title: "Heavyweight tee", quantity: 4, orderNumbers: [first.orderNumber, second.orderNumber] },
        { bin: "B-02", sku: "MUG-1", title: "Stoneware mug", quantity: 2, orderNumbers: [first.orderNumber] },
      ],
    });

    const slips = await doc(owner.token, `packing-slips/document?orders=${first.orderNumber},${second.orderNumber}`);
    expect([slips.status, slips.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    const slipsPdf = Buffer.from(await slips.arrayBuffer());
    expect(pages(slipsPdf)).toBe(2);
    expect(pdfImages(slipsPdf).map(readCode128).sort()).toEqual([String(first.orderNumber), String(second.orderNumber)].sort());
    const pickPdf = await doc(owner.token, `pick-list/document?orders=${numbers.join(",")}`);
    expect(pickPdf.status).toBe(200);
    const pickText = Buffer.from(await pickPdf.arrayBuffer());
    expect(pickText.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pages(pickText)).toBe(1);
  }, 120_000);

  it("keeps other stores' orders to themselves, refuses bad input with the field and preview accounts' purchases", async () => {
    const owner = await registerUser(api);
    await createOrder(api, owner.store.id, { orderNumber: 7001 });
    const other = await registerUser(api);
    await cardOnFile(api, other.token);
    const body = { orderNumbers: [7001], parcel: box };
    for (const call of [
      () => as(api, other.token, shipping.quoteOrderLabels, { body }),
      () => as(api, other.token, shipping.createOrderLabels, { body: { ...body, expectedTotalCents: 1270 } }),
      () => as(api, other.token, shipping.getPickList, { query: { orders: "7001" } }),
    ]) {
      const err = await failure(call());
      expect([err.status, err.message]).toEqual([404, "Order 7001 was not found"]);
    }
    expect((await doc(other.token, "packing-slips/document?orders=7001")).status).toBe(404);
    expect((await doc(other.token, "pick-list/document?orders=7001")).status).toBe(404);
    expect((await fetch(`${api.url}/rest/main/web/standalone-label/-/pick-list/document?orders=7001`)).status).toBe(401);

    const field = async (p: Promise<unknown>) => (await failure(p)).details?.[0];
    expect(await field(as(api, owner.token, shipping.quoteOrderLabels, { body: { ...body, orderNumbers: [] } }))).toMatchObject({ field: "body.orderNumbers", reason: "must name at least one order" });
    expect(await field(as(api, owner.token, shipping.quoteOrderLabels, { body: { ...body, orderNumbers: [1.5] } }))).toMatchObject({ field: "body.orderNumbers.0" });
    expect(await field(as(api, owner.token, shipping.quoteOrderLabels, { body: { ...body, parcel: { ...box, weight: 0 } } }))).toMatchObject({ field: "body.parcel.weight", reason: "must be more than 0" });
    expect(await field(as(api, owner.token, shipping.quoteOrderLabels, { body: { ...body, serviceCode: "TELEPORT" } }))).toMatchObject({ field: "body.serviceCode" });
    expect(await field(as(api, owner.token, shipping.createOrderLabels, { body: body as never }))).toMatchObject({ field: "body.expectedTotalCents" });
    expect(await field(as(api, owner.token, shipping.getPickList, { query: { orders: "7001,abc" } }))).toMatchObject({ field: "query.orders" });
    const badDoc = await doc(owner.token, "pick-list/document?orders=abc");
    expect(badDoc.status).toBe(400);
    expect(((await badDoc.json()) as { details: { field: string }[] }).details[0]!.field).toBe("query.orders");

    const preview = await previewStore(api);
    await createOrder(api, preview.store.id, { orderNumber: 8001 });
    expect((await as(api, preview.token, shipping.quoteOrderLabels, { body: { orderNumbers: [8001], parcel: box } })).readyCount).toBe(1);
    expect((await as(api, preview.token, shipping.getPickList, { query: { orders: "8001" } })).unitCount).toBe(2);
    const blocked = await failure(as(api, preview.token, shipping.createOrderLabels, { body: { orderNumbers: [8001], parcel: box, expectedTotalCents: 0 } }));
    expect([blocked.status, blocked.message]).toEqual([403, "Preview mode can't take this action."]);
  });

  it("books quality inspections from the sampling tables at the confirmed fee, reports them once with a verdict and photos, links receivings, and keeps them to the store", async () => {
    const owner = await registerUser(api);
    const fee = QC_INSPECTION_FEE_CENTS;
    const plan = await as(api, owner.token, shipping.getSamplingPlan, { query: { lotSize: 1000 } as never });
    expect(plan).toMatchObject({ codeLetter: "J", sampleSize: 200, major: { sampleSize: 80, accept: 5, reject: 6 }, minor: { accept: 7, reject: 8 } });
    // No card: nothing booked, nothing charged.
    const noCard = await failure(as(api, owner.token, shipping.createQcInspection, { body: { reference: "PO-1042", product: "Tee", lotSize: 1000, expectedFeeCents: fee } }));
    expect([noCard.status, noCard.message]).toEqual([409, "Add a card before paying."]);
    await cardOnFile(api, owner.token);
    const wrongFee = await failure(as(api, owner.token, shipping.createQcInspection, { body: { reference: "PO-1042", product: "Tee", lotSize: 1000, expectedFeeCents: 100 } }));
    expect([wrongFee.status, wrongFee.message]).toEqual([409, "An inspection costs $299.00, not $1.00; confirm the fee again before booking."]);
    const qcCharges = async () => (await api.deps.pool.query("SELECT amount_cents FROM payment_charges WHERE store_id = $1 AND description LIKE 'Quality inspection%'", [owner.store.id])).rows.map((r) => r.amount_cents as number);
    expect(await qcCharges()).toEqual([]);

    const booked = await as(api, owner.token, shipping.createQcInspection, { body: { reference: "PO-1042", product: "Heavyweight tee, black", lotSize: 1000, aqlMajor: "1.5", expectedFeeCents: fee } }, "qc-1");
    expect(booked).toMatchObject({ status: "BOOKED", stage: "PRE_SHIPMENT", level: "II", plan: { major: { aql: "1.5", accept: 3, reject: 4 } }, found: null, verdict: null, feeCents: fee, receiving: null, photos: [] });
    expect((await as(api, owner.token, shipping.createQcInspection, { body: { reference: "PO-1042", product: "Heavyweight tee, black", lotSize: 1000, aqlMajor: "1.5", expectedFeeCents: fee } }, "qc-1")).id).toBe(booked.id);
    expect(await qcCharges()).toEqual([fee]);

    // "RCV-<number>" links the inspection to that receiving; the receiving lists its inspections.
    const receiving = await as(api, owner.token, receivings.createReceiving, { body: { supplierName: "Jingdezhen Ceramics", lines: [{ sku: "MUG-QC", title: "Stoneware mug", expectedQuantity: 300 }] } });
    const other = await as(api, owner.token, shipping.createQcInspection, { body: { reference: receiving.sn.toLowerCase(), product: "Stoneware mug", lotSize: 300, stage: "RECEIVING", expectedFeeCents: fee } });
    expect(other).toMatchObject({ reference: receiving.sn, receiving: { id: receiving.id, number: Number(receiving.sn.slice(4)), supplierName: "Jingdezhen Ceramics" } });
    expect((await as(api, owner.token, shipping.listQcInspections, { query: { receivingId: receiving.id } as never })).list.map((i) => i.id)).toEqual([other.id]);
    expect(await qcCharges()).toEqual([fee, fee]);

    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`defect ${Date.now()}`)]);
    const upload = async (token: string, name: string, bytes: Buffer) => {
      const form = new FormData();
      form.append("file", new Blob([bytes]), name);
      const res = await fetch(`${api.url}/rest/main/upload`, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const photo = await upload(owner.token, "loose-thread.png", png);
    const passed = await as(api, owner.token, shipping.reportQcInspection, { params: { id: booked.id }, body: { critical: 0, major: 3, minor: 7, notes: "Loose threads on 3 units", photoIds: [photo] } });
    expect(passed).toMatchObject({ status: "REPORTED", verdict: "PASS", found: { critical: 0, major: 3, minor: 7 }, classVerdicts: { critical: "PASS", major: "PASS", minor: "PASS" } });
    expect(passed.photos).toEqual([{ id: photo, fileName: "loose-thread.png", url: `/rest/main/upload/files/${photo}/loose-thread.png` }]);
    const served = await fetch(`${api.url}${passed.photos[0]!.url}`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    const again = await failure(as(api, owner.token, shipping.reportQcInspection, { params: { id: booked.id }, body: { critical: 5, major: 0, minor: 0 } }));
    expect([again.status, again.message]).toEqual([409, "The inspection of PO-1042 was already reported; its verdict stands."]);
    const failed = await as(api, owner.token, shipping.reportQcInspection, { params: { id: other.id }, body: { critical: 1, major: 0, minor: 0 } });
    expect(failed).toMatchObject({ verdict: "FAIL", classVerdicts: { critical: "FAIL", major: "PASS" }, photos: [] });

    expect((await as(api, owner.token, shipping.listQcInspections, {})).list.map((i) => i.reference)).toEqual([receiving.sn, "PO-1042"]);
    expect((await as(api, owner.token, shipping.listQcInspections, { query: { search: "tee" } })).list.map((i) => i.id)).toEqual([booked.id]);
    expect((await as(api, owner.token, shipping.getQcInspection, { params: { id: other.id } })).verdict).toBe("FAIL");

    const stranger = await registerUser(api);
    for (const call of [() => as(api, stranger.token, shipping.getQcInspection, { params: { id: booked.id } }), () => as(api, stranger.token, shipping.reportQcInspection, { params: { id: other.id }, body: { critical: 0, major: 0, minor: 0 } })]) {
      expect((await failure(call())).status).toBe(404);
    }
    expect((await as(api, stranger.token, shipping.listQcInspections, {})).total).toBe(0);
    expect((await as(api, stranger.token, shipping.listQcInspections, { query: { receivingId: receiving.id } as never })).total).toBe(0);
    // Another store's picture and another store's receiving are not this store's to use.
    await cardOnFile(api, stranger.token);
    const theirs = await as(api, stranger.token, shipping.createQcInspection, { body: { reference: "PO-9", product: "Cap", lotSize: 50, expectedFeeCents: fee } });
    const field = async (p: Promise<unknown>) => (await failure(p)).details?.[0];
    expect(await field(as(api, stranger.token, shipping.reportQcInspection, { params: { id: theirs.id }, body: { critical: 0, major: 0, minor: 0, photoIds: [photo] } }))).toEqual({ field: "body.photoIds.0", reason: "is not a picture this store uploaded" });
    expect(await field(as(api, stranger.token, shipping.createQcInspection, { body: { reference: receiving.sn, product: "Mug", lotSize: 50, expectedFeeCents: fee } }))).toMatchObject({ field: "body.reference", reason: `names no receiving of this store; ${receiving.sn} does not exist` });
    const pdf = await upload(stranger.token, "report.pdf", Buffer.from("%PDF-1.4\n%%EOF\n"));
    expect(await field(as(api, stranger.token, shipping.reportQcInspection, { params: { id: theirs.id }, body: { critical: 0, major: 0, minor: 0, photoIds: [pdf] } }))).toEqual({ field: "body.photoIds.0", reason: "is report.pdf, not a picture" });
    expect((await as(api, stranger.token, shipping.getQcInspection, { params: { id: theirs.id } })).status).toBe("BOOKED");

    expect(await field(as(api, owner.token, shipping.getSamplingPlan, { query: { lotSize: 1 } as never }))).toMatchObject({ field: "query.lotSize", reason: "must be at least 2 units" });
    expect(await field(as(api, owner.token, shipping.getSamplingPlan, { query: { lotSize: 100, aqlMajor: "3" } as never }))).toMatchObject({ field: "query.aqlMajor" });
    expect(await field(as(api, owner.token, shipping.createQcInspection, { body: { reference: "", product: "Tee", lotSize: 100, expectedFeeCents: fee } as never }))).toMatchObject({ field: "body.reference", reason: "must not be empty" });
    expect(await field(as(api, owner.token, shipping.createQcInspection, { body: { reference: "PO-1", product: "Tee", lotSize: 100, level: "IV", expectedFeeCents: fee } as never }))).toMatchObject({ field: "body.level" });
    expect(await field(as(api, owner.token, shipping.createQcInspection, { body: { reference: "PO-1", product: "Tee", lotSize: 100 } as never }))).toMatchObject({ field: "body.expectedFeeCents", reason: "must be the fee in cents" });
    expect(await field(as(api, owner.token, shipping.reportQcInspection, { params: { id: other.id }, body: { critical: -1, major: 0, minor: 0 } }))).toMatchObject({ field: "body.critical", reason: "must be 0 or more" });
    expect(await field(as(api, owner.token, shipping.reportQcInspection, { params: { id: other.id }, body: { critical: 0, major: 0, minor: 0, photoIds: ["x"] } }))).toMatchObject({ field: "body.photoIds.0", reason: "must be the id of an uploaded picture" });
    expect(await field(as(api, owner.token, shipping.getQcInspection, { params: { id: "nope" } }))).toMatchObject({ field: "params.id" });
    expect(await qcCharges()).toEqual([fee, fee]);

    const preview = await previewStore(api);
    expect((await as(api, preview.token, shipping.getSamplingPlan, { query: { lotSize: 500 } as never })).codeLetter).toBe("H");
    expect((await failure(as(api, preview.token, shipping.createQcInspection, { body: { reference: "PO-1", product: "Tee", lotSize: 100, expectedFeeCents: fee } }))).status).toBe(403);
  });
});
