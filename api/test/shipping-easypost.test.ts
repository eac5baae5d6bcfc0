import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shipping } from "@atelier/contracts";
import { labelAddressSchema } from "@atelier/contracts/shipping";
import { as, registerUser, startTestApi, testConfig, type TestApi } from "./harness";
import { cardOnFile, labelBody } from "../../test/factories";
import { CarrierError, createEasyPostCarrier } from "../src/providers/shipping";
import { trackLabel } from "../src/services/shipping/track-label";
import { EASYPOST_FAILING_ZIPS as ZIPS, startEasyPostFake, type EasyPostFake } from "./easypost-fake";

// EasyPost as a hosted carrier (issue 17), through its official SDK against a local fake that
// speaks EasyPost's v2 wire format: its rates sit beside the built-in carrier's in a quote, a label
// is bought, tracked and voided through it, and its refusals reach people as sentences.

let fake: EasyPostFake;
let api: TestApi;
beforeAll(async () => {
  fake = await startEasyPostFake();
  api = await startTestApi({ config: testConfig({ shipping: { easyPost: { apiKey: fake.apiKey, baseUrl: `${fake.url}/v2/` } } }) });
});
afterAll(async () => {
  await api?.close();
  await fake?.close();
});

const from = labelAddressSchema.parse({ name: "Atelier Studio", addressLine1: "500 Howard St", city: "San Francisco", stateCode: "CA", zipCode: "94105" });
const to = labelAddressSchema.parse({ name: "Grace Hopper", addressLine1: "1 Main St", city: "Brooklyn", stateCode: "NY", zipCode: "11201" });
const parcel = { weightLb: 2, lengthIn: 10, widthIn: 8, heightIn: 4 };

describe("the EasyPost carrier", () => {
  it("rates through the SDK in ounces, names each service by carrier, and turns refusals into sentences", async () => {
    const carrier = createEasyPostCarrier({ apiKey: fake.apiKey, baseUrl: `${fake.url}/v2/` });
    const rates = await carrier.rate({ from, to, parcel, customs: [], shipDate: new Date("2026-11-27T12:00:00Z") });
    expect(rates.map((r) => [r.serviceCode, r.serviceName, r.priceCents, r.estimatedDays])).toEqual([
      ["USPS_GROUNDADVANTAGE", "USPS Ground Advantage", 700, 4],
      ["USPS_PRIORITY", "USPS Priority", 970, 2],
      ["UPS_NEXTDAYAIR", "UPS Next Day Air", 3335, 1],
    ]);
    expect(rates[1]!.deliveryDate).toBe("2026-12-01");
    expect(fake.requests.at(-1)).toMatchObject({ method: "POST", path: "/v2/shipments", body: { shipment: { parcel: { weight: 32, length: 10 }, to_address: { street1: "1 Main St", state: "NY", zip: "11201", country: "US" } } } });

    const nowhere = carrier.rate({ from, to: { ...to, zipCode: "00000" }, parcel, customs: [], shipDate: new Date() });
    await expect(nowhere).rejects.toThrow(CarrierError);
    await expect(nowhere).rejects.toThrow("EasyPost has no rates for this parcel (USPS: Unable to retrieve USPS rates for this ZIP code).");
    const wrongKey = createEasyPostCarrier({ apiKey: "EZTK_wrong", baseUrl: `${fake.url}/v2/` });
    await expect(wrongKey.rate({ from, to, parcel, customs: [], shipDate: new Date() })).rejects.toThrow("EasyPost refused the API key while rating the parcel; check ATELIER_EASYPOST_API_KEY.");

    expect(await carrier.validateAddress(to)).toMatchObject({ valid: true, normalized: { addressLine1: "1 MAIN ST", zipCode: "11201-1234" }, suggestions: expect.arrayContaining([{ field: "zipCode", value: "11201-1234", message: "The carrier has this as 11201-1234." }]) });
    expect(await carrier.validateAddress({ ...to, zipCode: "1120" })).toMatchObject({ valid: false, problems: [{ field: "zipCode", message: "Invalid zip code" }] });
  });

  it("is quoted beside the built-in carrier, buys a label charged through the ledger, tracks it to delivery and voids only an unscanned one", async () => {
    const owner = await registerUser(api);
    await cardOnFile(api, owner.token);
    const quote = await as(api, owner.token, shipping.quoteShippingLabel, { body: labelBody() });
    const priority = quote.rates.find((r) => r.carrier === "EasyPost" && r.serviceCode === "USPS_PRIORITY")!;
    expect(priority).toMatchObject({ serviceName: "USPS Priority", priceCents: 970 });
    expect(quote.rates.some((r) => r.carrier === "Atelier Post")).toBe(true);

    const label = await as(api, owner.token, shipping.createShippingLabel, { body: { ...labelBody(), carrier: "EasyPost", serviceCode: "usps_priority", expectedPriceCents: 970 } }, "easypost-buy-1");
    expect(label).toMatchObject({ carrier: "EasyPost", serviceCode: "USPS_PRIORITY", serviceName: "USPS Priority", priceCents: 970, status: "PURCHASED" });
    expect(label.trackingNumber).toMatch(/^9400\d{20}$/);
    expect((await api.deps.pool.query("SELECT amount_cents FROM payment_charges WHERE store_id = $1", [owner.store.id])).rows).toEqual([{ amount_cents: 970 }]);

    fake.scan(label.trackingNumber, "in_transit");
    expect(await trackLabel(api.deps, owner.store.id, label.id)).toEqual({ status: "IN_TRANSIT" });
    const voiding = await as(api, owner.token, shipping.voidShippingLabel, { params: { id: label.id } }).then(() => null, (e: Error) => e);
    expect(voiding?.message).toMatch(/has been scanned by the carrier, so it can no longer be voided/);
    fake.scan(label.trackingNumber, "delivered");
    expect(await trackLabel(api.deps, owner.store.id, label.id)).toEqual({ status: "DELIVERED" });
    const tracked = await as(api, owner.token, shipping.getShippingLabel, { params: { id: label.id } });
    expect(tracked.events.map((e) => [e.stage, e.location])).toEqual([["LABEL_CREATED", "San Francisco, CA"], ["ACCEPTED", "BROOKLYN, NY"], ["DELIVERED", "BROOKLYN, NY"]]);

    const unscanned = await as(api, owner.token, shipping.createShippingLabel, { body: { ...labelBody(), carrier: "EasyPost", serviceCode: "USPS_GROUNDADVANTAGE", expectedPriceCents: 700 } }, "easypost-buy-2");
    expect((await as(api, owner.token, shipping.voidShippingLabel, { params: { id: unscanned.id } })).status).toBe("VOIDED");
    // The refund names the carrier the tracker reports; EasyPost rejects one for a scanned parcel.
    expect(fake.requests.filter((r) => r.path === "/v2/refunds").map((r) => r.body)).toEqual([{ refund: { carrier: "USPS", tracking_codes: [unscanned.trackingNumber] } }]);
    const carrier = createEasyPostCarrier({ apiKey: fake.apiKey, baseUrl: `${fake.url}/v2/` });
    expect(await carrier.void({ trackingNumber: label.trackingNumber, createdAt: new Date() })).toBe(false);
  });

  it("asks to try again later when EasyPost is down or limits the rate, and takes a refused refund as a label that can't be voided", async () => {
    const carrier = createEasyPostCarrier({ apiKey: fake.apiKey, baseUrl: `${fake.url}/v2/` });
    const request = (zipCode: string) => ({ from, to: { ...to, zipCode }, parcel, customs: [], shipDate: new Date(), serviceCode: "USPS_PRIORITY", reference: `ref-${zipCode}` });
    for (const zipCode of [ZIPS.rateUnavailable, ZIPS.rateLimited]) {
      const down = carrier.rate(request(zipCode));
      await expect(down).rejects.toThrow(CarrierError);
      await expect(down).rejects.toThrow("EasyPost is not answering right now (rating the parcel); try again in a few minutes.");
    }
    // A 422 or a 400 on a refund is EasyPost saying no: the label stays bought, nothing fails.
    for (const zipCode of [ZIPS.refund422, ZIPS.refund400]) {
      const { trackingNumber } = await carrier.buy(request(zipCode));
      expect(await carrier.void({ trackingNumber, createdAt: new Date() })).toBe(false);
    }
    const { trackingNumber } = await carrier.buy(request(ZIPS.refundUnavailable));
    await expect(carrier.void({ trackingNumber, createdAt: new Date() })).rejects.toThrow("EasyPost is not answering right now (voiding the label); try again in a few minutes.");
    expect(fake.requests.filter((r) => r.path === "/v2/refunds").slice(-3).map((r) => (r.body.refund as { tracking_codes: string[] }).tracking_codes.length)).toEqual([1, 1, 1]);
  });
});
