import { SERVICE_NAMES, type ServiceCode } from "@atelier/contracts/shipping";
import { findCountry } from "../../data/countries";
import { addBusinessDays } from "./business-days";
import { CarrierError, type CarrierRate, type ParcelLbIn, type RateRequest } from "./types";

// The local carrier's rate sheet (Karrio's `Rating.resolve`: prices from stored zones and
// surcharges, no carrier call). Every figure is here so a rate can be checked by hand:
//   billed lb = ceil(max(actual lb, dimensional lb)), at least 1; dimensional lb = L×W×H / 139,
//   counted only for a parcel over one cubic foot (1,728 in³), as USPS does;
//   price = base[zone] + perLb[zone] × (billed lb − 1) + surcharges.

export const CARRIER_NAME = "Atelier Post";
export const DIM_DIVISOR = 139;
export const DIM_MIN_CUBIC_INCHES = 1728;
/** Larger than this is oversize (a surcharge): longest side over 48 in or length + girth over 105 in. */
export const OVERSIZE = { longestIn: 48, lengthPlusGirthIn: 105, surchargeCents: 1500 };
/** Larger or heavier than this the carrier takes nothing. */
export const LIMITS = { weightLb: 150, longestIn: 108, lengthPlusGirthIn: 165 };
export const REMOTE_SURCHARGE_CENTS = 450;
/** Alaska, Hawaii, Guam and Puerto Rico by ZIP prefix. */
const REMOTE_PREFIXES: [number, number][] = [[6, 9], [967, 969], [995, 999]];

type Sheet = { base: readonly number[]; perLb: readonly number[]; days: readonly number[] };

/** Domestic zones 1–8, cents and business days. */
export const DOMESTIC_SHEETS: Record<Exclude<ServiceCode, "INTERNATIONAL">, Sheet> = {
  GROUND: { base: [700, 750, 800, 850, 900, 975, 1050, 1150], perLb: [40, 45, 55, 65, 75, 90, 105, 120], days: [1, 2, 2, 3, 3, 4, 5, 5] },
  TWO_DAY: { base: [1200, 1300, 1400, 1500, 1650, 1800, 1950, 2100], perLb: [90, 100, 115, 130, 145, 160, 175, 190], days: [2, 2, 2, 2, 2, 2, 2, 2] },
  OVERNIGHT: { base: [2600, 2800, 3000, 3300, 3600, 3900, 4200, 4500], perLb: [180, 200, 220, 240, 260, 280, 300, 320], days: [1, 1, 1, 1, 1, 1, 1, 1] },
};
/** International zones: 1 neighbours (Canada, Mexico), 2 Europe, 3 the rest of the world. */
export const INTERNATIONAL_SHEET = { base: [2500, 3200, 3800], perLb: [400, 550, 700], days: [5, 7, 10] };

const zip3 = (zip: string) => Number(zip.replace(/\D/g, "").slice(0, 3));

/**
 * The domestic zone between two US ZIP codes: 1 within the same three-digit area, otherwise 2 plus
 * the distance between their first digits (the national areas run east to west), at most 8.
 */
export function domesticZone(fromZip: string, toZip: string): number {
  if (zip3(fromZip) === zip3(toZip)) return 1;
  const a = Number(fromZip.trim()[0]);
  const b = Number(toZip.trim()[0]);
  return Math.min(8, 2 + Math.abs(a - b));
}

export function internationalZone(countryCode: string): 1 | 2 | 3 {
  if (countryCode === "CA" || countryCode === "MX") return 1;
  if (countryCode === "GB" || findCountry(countryCode)?.region === "EU") return 2;
  return 3;
}

export function isRemoteZip(zip: string): boolean {
  const p = zip3(zip);
  return REMOTE_PREFIXES.some(([lo, hi]) => p >= lo && p <= hi);
}

export function dimensionalWeightLb(p: ParcelLbIn): number {
  const volume = p.lengthIn * p.widthIn * p.heightIn;
  return volume > DIM_MIN_CUBIC_INCHES ? volume / DIM_DIVISOR : 0;
}

export function billedWeightLb(p: ParcelLbIn): number {
  return Math.max(1, Math.ceil(Math.max(p.weightLb, dimensionalWeightLb(p)) - 1e-9));
}

function measures(p: ParcelLbIn) {
  const sides = [p.lengthIn, p.widthIn, p.heightIn].sort((a, b) => b - a);
  return { longest: sides[0]!, lengthPlusGirth: sides[0]! + 2 * (sides[1]! + sides[2]!) };
}

function surchargesFor(p: ParcelLbIn, remote: boolean): CarrierRate["surcharges"] {
  const list: CarrierRate["surcharges"] = [];
  const m = measures(p);
  if (m.longest > OVERSIZE.longestIn || m.lengthPlusGirth > OVERSIZE.lengthPlusGirthIn) list.push({ name: "Oversize", amountCents: OVERSIZE.surchargeCents });
  if (remote) list.push({ name: "Remote area", amountCents: REMOTE_SURCHARGE_CENTS });
  return list;
}

function rateOf(service: ServiceCode, sheet: { base: number; perLb: number; days: number }, zone: string, billed: number, surcharges: CarrierRate["surcharges"], shipDate: Date): CarrierRate {
  const priceCents = sheet.base + sheet.perLb * (billed - 1) + surcharges.reduce((n, s) => n + s.amountCents, 0);
  return { carrier: CARRIER_NAME, serviceCode: service, serviceName: SERVICE_NAMES[service], priceCents, estimatedDays: sheet.days, deliveryDate: addBusinessDays(shipDate, sheet.days), zone, billedWeightLb: billed, surcharges };
}

/** Every service of the local carrier for a parcel; a CarrierError when it carries none. */
export function rateSheetQuote(req: RateRequest): CarrierRate[] {
  if (req.from.countryCode !== "US") throw new CarrierError(`${CARRIER_NAME} ships only from the United States.`);
  const m = measures(req.parcel);
  if (req.parcel.weightLb > LIMITS.weightLb) throw new CarrierError(`${CARRIER_NAME} takes parcels up to ${LIMITS.weightLb} lb; book freight for heavier ones.`);
  if (m.longest > LIMITS.longestIn || m.lengthPlusGirth > LIMITS.lengthPlusGirthIn) throw new CarrierError(`${CARRIER_NAME} takes parcels up to ${LIMITS.longestIn} in long and ${LIMITS.lengthPlusGirthIn} in in length plus girth.`);
  const billed = billedWeightLb(req.parcel);
  if (req.to.countryCode !== "US") {
    const zone = internationalZone(req.to.countryCode);
    const i = zone - 1;
    const sheet = { base: INTERNATIONAL_SHEET.base[i]!, perLb: INTERNATIONAL_SHEET.perLb[i]!, days: INTERNATIONAL_SHEET.days[i]! };
    return [rateOf("INTERNATIONAL", sheet, `International ${zone}`, billed, surchargesFor(req.parcel, false), req.shipDate)];
  }
  const zone = domesticZone(req.from.zipCode, req.to.zipCode);
  const remote = isRemoteZip(req.to.zipCode);
  const surcharges = surchargesFor(req.parcel, remote);
  return (Object.keys(DOMESTIC_SHEETS) as (keyof typeof DOMESTIC_SHEETS)[]).map((service) => {
    const s = DOMESTIC_SHEETS[service];
    // Remote areas are a day further for every service.
    const days = s.days[zone - 1]! + (remote ? 1 : 0);
    return rateOf(service, { base: s.base[zone - 1]!, perLb: s.perLb[zone - 1]!, days }, `Zone ${zone}`, billed, surcharges, req.shipDate);
  });
}
