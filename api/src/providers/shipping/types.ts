import type { CustomsItem, LabelAddress, TrackingEvent } from "@atelier/contracts/shipping";

// The shipping provider interface (Karrio's gateway shape: rate, buy, void, track, validate an
// address). The built-in local carrier implements it offline; hosted carriers would implement the
// same five calls over their HTTP APIs.

/** A parcel in the carrier's units: pounds and inches, not rounded. */
export type ParcelLbIn = { weightLb: number; lengthIn: number; widthIn: number; heightIn: number };

export type RateRequest = {
  from: LabelAddress;
  to: LabelAddress;
  parcel: ParcelLbIn;
  customs: CustomsItem[];
  /** The day the parcel is handed over; delivery dates count business days from it. */
  shipDate: Date;
};

export type CarrierRate = {
  carrier: string;
  serviceCode: string;
  serviceName: string;
  priceCents: number;
  estimatedDays: number;
  deliveryDate: string;
  zone: string;
  billedWeightLb: number;
  surcharges: { name: string; amountCents: number }[];
};

export type BuyRequest = RateRequest & { serviceCode: string; reference: string };

export type PurchasedLabel = { trackingNumber: string; rate: CarrierRate };

/** What the carrier has seen of a parcel so far, oldest first, and when it expects the next scan. */
export type TrackingReport = { events: TrackingEvent[]; nextCheckAt: Date | null };

export type AddressCheck = {
  valid: boolean;
  normalized: LabelAddress;
  problems: { field: string; message: string }[];
  suggestions: { field: string; value: string; message: string }[];
};

/** A carrier's refusal a person can read (no rates for this parcel, a service it does not run…). */
export class CarrierError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CarrierError";
  }
}

export type ShippingProvider = {
  /** The carrier's name as people see it on rates and labels. */
  name: string;
  /** Every service this carrier offers for the parcel; throws CarrierError when it can carry none. */
  rate(request: RateRequest): Promise<CarrierRate[]>;
  /** Buys a label for one service; the reference ties a retry to the same purchase. */
  buy(request: BuyRequest): Promise<PurchasedLabel>;
  /** Cancels an unused label; false when the carrier has already scanned it. */
  void(label: { trackingNumber: string; createdAt: Date }): Promise<boolean>;
  /** The parcel's scans so far. */
  track(label: { trackingNumber: string; createdAt: Date; from: LabelAddress; to: LabelAddress }): Promise<TrackingReport>;
  validateAddress(address: LabelAddress): Promise<AddressCheck>;
};
