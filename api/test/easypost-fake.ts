import crypto from "node:crypto";
import { startJsonFake } from "./json-fake";

// A local EasyPost: the v2 endpoints the adapter calls, in EasyPost's wire format (objects with
// prefixed ids, rates as dollar strings, errors as { error: { code, message, errors } }), with HTTP
// Basic auth by API key. Shipments, trackers and refunds are kept in memory; `scan` moves a parcel on.
// Magic ZIPs of the destination make it fail as EasyPost does: rating to 50300 answers 503 and to
// 42900 answers 429 (rate limited); a refund of a label to 42200 answers 422, to 40000 answers 400,
// and to 50400 answers 503.

/** Destination ZIPs the fake fails on: a shipment's creation, or its label's refund. */
export const EASYPOST_FAILING_ZIPS = { rateUnavailable: "50300", rateLimited: "42900", refund422: "42200", refund400: "40000", refundUnavailable: "50400" } as const;
const RATE_FAILURES: Record<string, [number, string, string]> = {
  "50300": [503, "SERVICE.UNAVAILABLE", "The service is temporarily unavailable. Please try again later."],
  "42900": [429, "RATE_LIMITED", "You have sent too many requests. Please wait and try again."],
};
const REFUND_FAILURES: Record<string, [number, string, string]> = {
  "42200": [422, "REFUND.REJECTED", "The carrier rejected the refund request."],
  "40000": [400, "BAD_REQUEST", "This label is not eligible for a refund."],
  "50400": [503, "SERVICE.UNAVAILABLE", "The service is temporarily unavailable. Please try again later."],
};

type Json = Record<string, unknown>;
export type EasyPostFake = { url: string; apiKey: string; requests: { method: string; path: string; body: Json }[]; scan(trackingCode: string, status: "in_transit" | "out_for_delivery" | "delivered"): void; close(): Promise<void> };

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(16).toString("hex")}`;
const SERVICES = [
  { carrier: "USPS", service: "GroundAdvantage", base: 5.4, days: 4 },
  { carrier: "USPS", service: "Priority", base: 8.1, days: 2 },
  { carrier: "UPS", service: "NextDayAir", base: 31.75, days: 1 },
];

export async function startEasyPostFake(apiKey = "EZTK_test_key"): Promise<EasyPostFake> {
  const shipments = new Map<string, Json>();
  const trackers = new Map<string, Json>();
  const requests: EasyPostFake["requests"] = [];
  const server = await startJsonFake((req, send) => {
    const fail = (status: number, code: string, message: string, errors: Json[] = []) => send(status, { error: { code, message, errors } });
    const body = (req.raw ? JSON.parse(req.raw) : {}) as Json;
    const path = req.path;
    requests.push({ method: req.method, path, body });
    const auth = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString();
    if (auth !== `${apiKey}:`) return fail(401, "APIKEY.INACTIVE", "This api key is no longer active. Please use a different api key or reactivate this key.");

    if (req.method === "POST" && path === "/v2/shipments") {
      const s = body.shipment as { to_address: Json; from_address: Json; parcel: { weight: number }; reference?: string };
      const down = RATE_FAILURES[String(s.to_address.zip)];
      if (down) return fail(...down);
      const shp = id("shp");
      // An undeliverable ZIP gets no rates and the carriers' messages, as EasyPost answers.
      const rates = s.to_address.zip === "00000" ? [] : SERVICES.map((v) => ({ id: id("rate"), object: "Rate", mode: "test", shipment_id: shp, carrier: v.carrier, service: v.service, rate: (v.base + s.parcel.weight * 0.05).toFixed(2), currency: "USD", delivery_days: v.days, est_delivery_days: v.days, delivery_date: null, delivery_date_guaranteed: false }));
      const shipment = { id: shp, object: "Shipment", mode: "test", reference: s.reference ?? null, to_address: { id: id("adr"), ...s.to_address }, from_address: { id: id("adr"), ...s.from_address }, parcel: { id: id("prcl"), object: "Parcel", ...s.parcel }, rates, messages: rates.length ? [] : [{ carrier: "USPS", type: "rate_error", message: "Unable to retrieve USPS rates for this ZIP code" }], usps_zone: 8, selected_rate: null, tracking_code: null, postage_label: null, status: "unknown", created_at: new Date().toISOString() };
      shipments.set(shp, shipment);
      return send(201, shipment);
    }
    const buy = /^\/v2\/shipments\/(shp_\w+)\/buy$/.exec(path);
    if (req.method === "POST" && buy) {
      const shipment = shipments.get(buy[1]!);
      if (!shipment) return fail(404, "NOT_FOUND", "The requested resource could not be found.");
      const rate = (shipment.rates as Json[]).find((r) => r.id === (body.rate as Json | undefined)?.id);
      if (!rate) return fail(422, "SHIPMENT.RATE.INVALID", "The rate given is not one of this shipment's rates.", [{ field: "rate", message: "is invalid" }]);
      const trackingCode = `9400${crypto.randomInt(10 ** 9, 10 ** 10 - 1)}${crypto.randomInt(10 ** 9, 10 ** 10 - 1)}`;
      const now = new Date().toISOString();
      trackers.set(trackingCode, { id: id("trk"), object: "Tracker", mode: "test", tracking_code: trackingCode, carrier: rate.carrier, status: "pre_transit", tracking_details: [{ object: "TrackingDetail", message: "Pre-Shipment Info Sent to USPS", status: "pre_transit", datetime: now, source: rate.carrier, tracking_location: { object: "TrackingLocation", city: null, state: null, country: null, zip: null } }], est_delivery_date: null, shipment_id: shipment.id, refunded: false });
      Object.assign(shipment, { selected_rate: rate, tracking_code: trackingCode, status: "unknown", postage_label: { id: id("pl"), object: "PostageLabel", label_url: "https://easypost.example/label.png", label_file_type: "image/png" } });
      return send(200, shipment);
    }
    if (req.method === "POST" && path === "/v2/trackers") {
      const code = String((body.tracker as Json | undefined)?.tracking_code ?? "");
      const tracker = trackers.get(code);
      if (!tracker) return fail(422, "TRACKER.CREATE.ERROR", `Tracking code ${code} is not known to any carrier.`, [{ field: "tracking_code", message: "is invalid" }]);
      return send(200, tracker);
    }
    if (req.method === "POST" && path === "/v2/refunds") {
      const r = body.refund as { carrier: string; tracking_codes: string[] };
      const zip = r.tracking_codes.map((code) => (shipments.get(String(trackers.get(code)?.shipment_id))?.to_address as Json | undefined)?.zip).find((z) => REFUND_FAILURES[String(z)]);
      if (zip) return fail(...REFUND_FAILURES[String(zip)]!);
      return send(201, r.tracking_codes.map((code) => {
        const tracker = trackers.get(code);
        // A label the carrier has scanned is not refunded.
        const refundable = tracker && tracker.carrier === r.carrier && tracker.status === "pre_transit" && !tracker.refunded;
        if (refundable) tracker.refunded = true;
        return { id: id("rfnd"), object: "Refund", mode: "test", tracking_code: code, confirmation_number: null, status: refundable ? "submitted" : "rejected", carrier: r.carrier };
      }));
    }
    if (req.method === "POST" && path === "/v2/addresses/create_and_verify") {
      const a = body.address as Json;
      if (!/^\d{5}(-\d{4})?$/.test(String(a.zip ?? "")) && a.country === "US") return fail(422, "ADDRESS.VERIFY.FAILURE", "Unable to verify address.", [{ code: "E.ADDRESS.NOT_FOUND", field: "zip", message: "Invalid zip code", suggestion: null }]);
      const upper = (v: unknown) => (typeof v === "string" ? v.toUpperCase() : v);
      return send(200, { address: { id: id("adr"), object: "Address", mode: "test", ...a, street1: upper(a.street1), city: upper(a.city), zip: `${String(a.zip).slice(0, 5)}-1234`, verifications: { delivery: { success: true, errors: [] } } } });
    }
    fail(404, "NOT_FOUND", "The requested resource could not be found.");
  });
  return {
    url: server.origin,
    apiKey,
    requests,
    scan(trackingCode, status) {
      const tracker = trackers.get(trackingCode);
      if (!tracker) throw new Error(`no tracker for ${trackingCode}`);
      tracker.status = status;
      (tracker.tracking_details as Json[]).push({ object: "TrackingDetail", message: { in_transit: "Arrived at USPS Regional Facility", out_for_delivery: "Out for Delivery", delivered: "Delivered, In/At Mailbox" }[status], status, datetime: new Date().toISOString(), source: tracker.carrier, tracking_location: { object: "TrackingLocation", city: "BROOKLYN", state: "NY", country: "US", zip: "11201" } });
    },
    close: server.close,
  };
}
