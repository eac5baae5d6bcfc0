import EasyPostClient from "@easypost/api";
import type { LabelAddress, TrackingEvent, TrackingStage } from "@atelier/contracts/shipping";
import { addBusinessDays } from "./business-days";
import { CarrierError, type AddressCheck, type CarrierRate, type RateRequest, type ShippingProvider } from "./types";

// EasyPost as a hosted carrier, through its official SDK (@easypost/api): one EasyPost account
// reaches USPS, UPS, FedEx and the rest, so each of its rates is offered under a service code made
// of the carrier and its service ("USPS_PRIORITY"). EasyPost keeps no state we need: a label is
// found again by its tracking code (a tracker names its carrier, which a refund needs).

export type EasyPostOptions = { apiKey: string; /** Another base URL (a local fake in tests); the SDK's default otherwise. */ baseUrl?: string; timeoutMs?: number };

type EpAddress = { name?: string | null; company?: string | null; street1?: string | null; street2?: string | null; city?: string | null; state?: string | null; zip?: string | null; country?: string | null; phone?: string | null; email?: string | null };
type EpRate = { id: string; carrier: string; service: string; rate: string; delivery_days?: number | null; est_delivery_days?: number | null; delivery_date?: string | null };
type EpShipment = { id: string; rates?: EpRate[]; messages?: { carrier?: string; message?: string }[]; usps_zone?: number | string | null; tracking_code?: string | null; selected_rate?: EpRate | null };
type EpTracker = { carrier: string; status: string; tracking_details?: { message?: string; status?: string; datetime?: string; tracking_location?: { city?: string | null; state?: string | null; country?: string | null } | null }[] };
type EpError = { statusCode?: number; message?: string; code?: string; errors?: { field?: string; message?: string }[] };

/** "USPS" and "Priority" → "USPS_PRIORITY": the service code a person picks from the quote. */
export const easyPostServiceCode = (carrier: string, service: string) => `${carrier}_${service}`.toUpperCase().replace(/[^A-Z0-9]+/g, "_");
const words = (service: string) => service.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/_/g, " ");

const STAGES: Record<string, TrackingStage> = { pre_transit: "LABEL_CREATED", in_transit: "IN_TRANSIT", out_for_delivery: "OUT_FOR_DELIVERY", delivered: "DELIVERED", available_for_pickup: "OUT_FOR_DELIVERY" };

function toEasyPost(a: LabelAddress): EpAddress {
  return { name: a.name, street1: a.addressLine1, street2: a.addressLine2 || null, city: a.city, state: a.stateCode || a.state, zip: a.zipCode, country: a.countryCode, phone: a.phone || null, email: a.email || null };
}

function fromEasyPost(a: EpAddress, given: LabelAddress): LabelAddress {
  return { ...given, addressLine1: a.street1 ?? given.addressLine1, addressLine2: a.street2 ?? "", city: a.city ?? given.city, stateCode: a.state ?? given.stateCode, zipCode: a.zip ?? given.zipCode, countryCode: (a.country ?? given.countryCode).toUpperCase() };
}

/** The SDK's error as a sentence; the carrier's own messages when it gave some. */
function carrierError(err: unknown, doing: string): Error {
  const e = err as EpError;
  if (typeof e?.statusCode !== "number") return err instanceof Error ? err : new Error(String(err));
  if (e.statusCode === 401 || e.statusCode === 403) return new Error(`EasyPost refused the API key while ${doing}; check ATELIER_EASYPOST_API_KEY.`);
  if (e.statusCode >= 500 || e.statusCode === 429) return new CarrierError(`EasyPost is not answering right now (${doing}); try again in a few minutes.`);
  const details = (e.errors ?? []).map((d) => d.message).filter(Boolean).join("; ");
  return new CarrierError(`EasyPost could not complete ${doing}: ${details || e.message || "no reason given"}.`);
}

export function createEasyPostCarrier(options: EasyPostOptions): ShippingProvider {
  const client = new EasyPostClient(options.apiKey, { baseUrl: options.baseUrl, timeout: options.timeoutMs ?? 20_000 });
  const name = "EasyPost";

  const shipmentFor = async (req: RateRequest, reference?: string): Promise<EpShipment> => {
    const international = req.from.countryCode !== req.to.countryCode;
    // A customs line needs a weight; the form gives the parcel's only, so it is shared across the lines.
    const itemOunces = Math.max(0.1, Math.round(((req.parcel.weightLb * 16) / Math.max(1, req.customs.length)) * 10) / 10);
    const shipment = {
      from_address: toEasyPost(req.from),
      to_address: toEasyPost(req.to),
      // EasyPost weighs in ounces and measures in inches.
      parcel: { weight: Math.round(req.parcel.weightLb * 16 * 10) / 10, length: req.parcel.lengthIn, width: req.parcel.widthIn, height: req.parcel.heightIn },
      ...(international && req.customs.length > 0
        ? { customs_info: { contents_type: "merchandise", customs_certify: true, customs_signer: req.from.name, customs_items: req.customs.map((c) => ({ description: c.description, quantity: c.quantity, value: (c.valueCents / 100).toFixed(2), weight: itemOunces, hs_tariff_number: c.hsCode, origin_country: c.originCountryCode })) } }
        : {}),
      ...(reference ? { reference } : {}),
    };
    try {
      return (await client.Shipment.create(shipment as never)) as unknown as EpShipment;
    } catch (err) {
      throw carrierError(err, "rating the parcel");
    }
  };

  const rateOf = (req: RateRequest, shipment: EpShipment, r: EpRate): CarrierRate => {
    const days = r.delivery_days ?? r.est_delivery_days ?? 0;
    return {
      carrier: name,
      serviceCode: easyPostServiceCode(r.carrier, r.service),
      serviceName: `${r.carrier} ${words(r.service)}`,
      priceCents: Math.round(Number.parseFloat(r.rate) * 100),
      estimatedDays: days,
      deliveryDate: r.delivery_date ? r.delivery_date.slice(0, 10) : addBusinessDays(req.shipDate, days),
      zone: shipment.usps_zone === null || shipment.usps_zone === undefined ? "" : String(shipment.usps_zone),
      billedWeightLb: req.parcel.weightLb,
      surcharges: [],
    };
  };

  const ratesOf = (req: RateRequest, shipment: EpShipment): CarrierRate[] => {
    const rates = (shipment.rates ?? []).map((r) => rateOf(req, shipment, r));
    if (rates.length === 0) {
      const why = (shipment.messages ?? []).map((m) => [m.carrier, m.message].filter(Boolean).join(": ")).filter(Boolean).join("; ");
      throw new CarrierError(`EasyPost has no rates for this parcel${why ? ` (${why})` : ""}.`);
    }
    return rates;
  };

  const tracker = async (trackingNumber: string): Promise<EpTracker> => {
    try {
      return (await client.Tracker.create({ tracking_code: trackingNumber } as never)) as unknown as EpTracker;
    } catch (err) {
      throw carrierError(err, `looking up ${trackingNumber}`);
    }
  };

  return {
    name,
    async rate(req) {
      return ratesOf(req, await shipmentFor(req));
    },
    async buy(req) {
      const shipment = await shipmentFor(req, req.reference);
      const chosen = (shipment.rates ?? []).find((r) => easyPostServiceCode(r.carrier, r.service) === req.serviceCode);
      if (!chosen) throw new CarrierError(`EasyPost has no ${req.serviceCode.toLowerCase().replace(/_/g, " ")} service for this parcel.`);
      let bought: EpShipment;
      try {
        bought = (await client.Shipment.buy(shipment.id, chosen.id)) as unknown as EpShipment;
      } catch (err) {
        throw carrierError(err, "buying the label");
      }
      if (!bought.tracking_code) throw new CarrierError("EasyPost bought the label but returned no tracking number.");
      return { trackingNumber: bought.tracking_code, rate: rateOf(req, shipment, bought.selected_rate ?? chosen) };
    },
    async void(label) {
      const { carrier } = await tracker(label.trackingNumber);
      try {
        const refunds = (await client.Refund.create({ carrier, tracking_codes: [label.trackingNumber] } as never)) as unknown as { status?: string }[];
        return refunds.length > 0 && refunds.every((r) => r.status !== "rejected" && r.status !== "not_applicable");
      } catch (err) {
        const e = err as EpError;
        // EasyPost refuses a refund of a label that was scanned: that is "cannot be voided", not a failure.
        if (e?.statusCode === 422 || e?.statusCode === 400) return false;
        throw carrierError(err, "voiding the label");
      }
    },
    async track(label) {
      const t = await tracker(label.trackingNumber);
      const place = (l: { city?: string | null; state?: string | null; country?: string | null } | null | undefined) => [l?.city, l?.state || l?.country].filter(Boolean).join(", ");
      const events: TrackingEvent[] = [];
      for (const d of t.tracking_details ?? []) {
        const stage = STAGES[d.status ?? ""];
        if (!stage || !d.datetime) continue;
        // The first scan after the label is the carrier accepting the parcel.
        const accepted = stage === "IN_TRANSIT" && !events.some((e) => e.stage === "ACCEPTED" || e.stage === "IN_TRANSIT");
        events.push({ stage: accepted ? "ACCEPTED" : stage, message: d.message ?? words(d.status ?? ""), location: place(d.tracking_location), occurredAt: new Date(d.datetime).toISOString() });
      }
      // EasyPost updates a tracker as scans arrive; looking again hourly is enough until it is delivered.
      return { events, nextCheckAt: t.status === "delivered" ? null : new Date(Date.now() + 3_600_000) };
    },
    async validateAddress(address): Promise<AddressCheck> {
      try {
        const verified = (await client.Address.createAndVerify(toEasyPost(address) as never)) as unknown as EpAddress;
        const normalized = fromEasyPost(verified, address);
        const suggestions = (["addressLine1", "city", "stateCode", "zipCode"] as const)
          .filter((f) => normalized[f] && normalized[f].toUpperCase() !== address[f].toUpperCase())
          .map((f) => ({ field: f, value: normalized[f], message: `The carrier has this as ${normalized[f]}.` }));
        return { valid: true, normalized, problems: [], suggestions };
      } catch (err) {
        const e = err as EpError;
        if (e?.statusCode !== 422 && e?.statusCode !== 400) throw carrierError(err, "checking the address");
        const field = (f?: string) => ({ street1: "addressLine1", street2: "addressLine2", city: "city", state: "stateCode", zip: "zipCode", country: "countryCode" })[f ?? ""] ?? "addressLine1";
        const problems = (e.errors ?? []).map((d) => ({ field: field(d.field), message: d.message ?? "could not be verified" }));
        return { valid: false, normalized: address, problems: problems.length ? problems : [{ field: "addressLine1", message: e.message ?? "The address could not be verified." }], suggestions: [] };
      }
    },
  };
}
