import { describe, expect, it } from "vitest";
import { labelAddressSchema, gramsToPounds, qcSamplingPlan } from "@atelier/contracts/shipping";
import { codeLetterFor, samplingPlan, verdictOf, type Aql } from "@atelier/contracts/aql";
import { s10CheckDigit } from "../src/providers/fulfilment/local-carrier";
import { checkAddress } from "../src/providers/shipping/local-address-check";
import { newTrackingNumber } from "../src/providers/shipping/local-carrier";
import { rateSheetQuote, domesticZone } from "../src/providers/shipping/rate-sheet";
import { addBusinessDays } from "../src/providers/shipping/business-days";
import { renderLabelZpl } from "../src/services/shipping/documents/render-zpl";
import { renderLabelsPdf } from "../src/services/shipping/documents/render-pdf";
import { pdfImages, readCode128 } from "./fixtures/barcode-reader";

// The local carrier's rate sheet against prices worked out by hand from the sheet's own figures
// (rate-sheet.ts): price = base[zone] + perLb[zone] × (billed lb − 1) + surcharges.

const addr = (zipCode: string, countryCode = "US", stateCode = "CA") => labelAddressSchema.parse({ name: "A", addressLine1: "1 St", city: "C", stateCode, zipCode, countryCode });
const monday = new Date("2026-11-23T12:00:00Z");
const quote = (toZip: string, parcel: [number, number, number, number], countryCode = "US") =>
  rateSheetQuote({ from: addr("94105"), to: addr(toZip, countryCode, countryCode === "US" ? "NY" : ""), parcel: { weightLb: parcel[0], lengthIn: parcel[1], widthIn: parcel[2], heightIn: parcel[3] }, customs: [], shipDate: monday });
const prices = (rates: ReturnType<typeof quote>) => Object.fromEntries(rates.map((r) => [r.serviceCode, r.priceCents]));

describe("the local carrier's rate sheet", () => {
  it("zones from ZIP prefixes: same three digits is zone 1, else 2 + the distance between first digits, at most 8", () => {
    expect(domesticZone("94105", "94107")).toBe(1);
    expect(domesticZone("94105", "90210")).toBe(2);
    expect(domesticZone("94105", "60601")).toBe(5);
    expect(domesticZone("94105", "11201")).toBe(8);
  });

  it("prices every domestic service by zone and billed weight", () => {
    // zone 8, 2 lb: ground 1150 + 120, two-day 2100 + 190, overnight 4500 + 320
    const far = quote("11201", [2, 10, 8, 4]);
    expect(prices(far)).toEqual({ GROUND: 1270, TWO_DAY: 2290, OVERNIGHT: 4820 });
    expect(far.find((r) => r.serviceCode === "GROUND")).toMatchObject({ zone: "Zone 8", estimatedDays: 5, deliveryDate: "2026-11-30", billedWeightLb: 2 });
    // zone 1, 1.2 lb billed as 2 lb: 700 + 40
    expect(prices(quote("94107", [1.2, 10, 8, 4])).GROUND).toBe(740);
  });

  it("bills a box over one cubic foot by its dimensional weight (L×W×H / 139, rounded up)", () => {
    // 20×20×20 = 8000 in³ → 57.55 lb → 58 lb; zone 1 ground 700 + 40 × 57
    const r = quote("94107", [5, 20, 20, 20]).find((x) => x.serviceCode === "GROUND")!;
    expect(r).toMatchObject({ billedWeightLb: 58, priceCents: 2980 });
    // 12×12×12 = 1728 in³ is not over a cubic foot: actual weight
    expect(quote("94107", [3, 12, 12, 12]).find((x) => x.serviceCode === "GROUND")!.billedWeightLb).toBe(3);
  });

  it("adds the oversize and remote-area surcharges", () => {
    // 50 in long: oversize 1500; 5000 in³ → 36 lb; zone 1 ground 700 + 40 × 35 + 1500
    const big = quote("94107", [10, 50, 10, 10]).find((x) => x.serviceCode === "GROUND")!;
    expect(big).toMatchObject({ priceCents: 3600, surcharges: [{ name: "Oversize", amountCents: 1500 }] });
    // Anchorage 99501: zone 2, ground 750 + 45 + 450 remote, one day more
    const remote = quote("99501", [2, 10, 8, 4]).find((x) => x.serviceCode === "GROUND")!;
    expect(remote).toMatchObject({ priceCents: 1245, estimatedDays: 3, surcharges: [{ name: "Remote area", amountCents: 450 }] });
  });

  it("prices international parcels by country group and refuses what it cannot carry", () => {
    expect(prices(quote("K1A 0B1", [2, 10, 8, 4], "CA"))).toEqual({ INTERNATIONAL: 2900 });
    expect(prices(quote("SW1A 1AA", [2, 10, 8, 4], "GB"))).toEqual({ INTERNATIONAL: 3750 });
    expect(prices(quote("100-0001", [2, 10, 8, 4], "JP"))).toEqual({ INTERNATIONAL: 4500 });
    expect(() => quote("94107", [200, 10, 8, 4])).toThrow(/up to 150 lb/);
    expect(() => quote("94107", [10, 120, 10, 10])).toThrow(/108 in long/);
  });

  it("counts delivery dates in business days", () => {
    expect(addBusinessDays(new Date("2026-11-27T10:00:00Z"), 1)).toBe("2026-11-30"); // Friday + 1 → Monday
    expect(addBusinessDays(new Date("2026-11-28T10:00:00Z"), 2)).toBe("2026-12-01"); // Saturday counts from Monday
  });

  it("issues S10 tracking numbers whose check digit verifies", () => {
    for (let i = 0; i < 50; i++) {
      const t = newTrackingNumber();
      expect(t).toMatch(/^LS\d{9}US$/);
      expect(Number(t[10])).toBe(s10CheckDigit(t.slice(2, 10)));
    }
  });

  it("converts grams to pounds by the spec's rule", () => {
    expect(gramsToPounds(1000)).toBe(2.2);
    expect(gramsToPounds(453.59237)).toBe(1);
    expect(gramsToPounds(250)).toBe(0.55);
  });
});

describe("address validation by country", () => {
  const check = (a: Record<string, string>) => checkAddress(labelAddressSchema.parse({ name: "A", addressLine1: "1 St", city: "C", ...a }));
  it("normalises and accepts good addresses", () => {
    expect(check({ stateCode: "ca", zipCode: "941071234", phone: "(415) 555-0132" }).normalized).toMatchObject({ stateCode: "CA", state: "California", zipCode: "94107-1234", phone: "+14155550132" });
    expect(check({ countryCode: "ca", zipCode: "k1a0b1", stateCode: "ON" })).toMatchObject({ valid: true, normalized: { zipCode: "K1A 0B1", countryCode: "CA", country: "Canada" } });
    expect(check({ countryCode: "GB", zipCode: "sw1a1aa", phone: "020 7946 0958" }).normalized).toMatchObject({ zipCode: "SW1A 1AA", phone: "+442079460958" });
    expect(check({ countryCode: "NL", zipCode: "1011ab" }).normalized.zipCode).toBe("1011 AB");
    expect(check({ countryCode: "JP", zipCode: "1000001" }).normalized.zipCode).toBe("100-0001");
    expect(check({ countryCode: "DE", zipCode: "10115" }).valid).toBe(true);
  });
  it("names what is wrong and suggests fixes", () => {
    expect(check({ stateCode: "ZZ", zipCode: "94107" }).problems).toEqual([{ field: "stateCode", message: "ZZ is not a state of United States." }]);
    const named = check({ stateCode: "", state: "new york", zipCode: "10001" });
    expect(named).toMatchObject({ valid: true, normalized: { stateCode: "NY" }, suggestions: [{ field: "stateCode", value: "NY" }] });
    expect(check({ stateCode: "CA", zipCode: "9410" }).problems[0]!.message).toMatch(/not a postcode of United States; it looks like 94107/);
    expect(check({ countryCode: "CA", stateCode: "ON", zipCode: "12345" }).problems[0]!.field).toBe("zipCode");
    expect(check({ countryCode: "DE", zipCode: "1011" }).problems[0]!.field).toBe("zipCode");
    expect(check({ stateCode: "CA", zipCode: "94107", phone: "123" }).problems[0]!.field).toBe("phone");
    expect(check({ countryCode: "XX", country: "Germany", zipCode: "10115" }).suggestions).toEqual([{ field: "countryCode", value: "DE", message: "Did you mean Germany (DE)?" }]);
  });
});

describe("label documents", () => {
  const label = {
    carrier: "Atelier Post", serviceName: "Ground", trackingNumber: "LS123456785US", fromAddress: addr("94105"), toAddress: addr("11201", "US", "NY"),
    billedWeightLb: 2, zone: "Zone 8", deliveryDate: "2026-11-30", isReturn: false, orderNumber: 1042, notes: "Fragile ^ handle ~ with care", createdAt: monday,
  };
  it("renders ZPL with a Code 128 of the tracking number and no stray control characters", () => {
    const zpl = renderLabelZpl(label);
    expect(zpl.startsWith("^XA")).toBe(true);
    expect(zpl.trim().endsWith("^XZ")).toBe(true);
    expect(zpl).toContain("^BCN,250,N,N,N^FDLS123456785US^FS");
    expect(zpl).toContain("Fragile   handle   with care");
  });
  it("renders PDFs at 4×6 and letter size", async () => {
    for (const [size, box] of [["4x6", "288 432"], ["letter", "612 792"]] as const) {
      const pdf = await renderLabelsPdf([label], size);
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      expect(pdf.toString("latin1")).toContain(`/MediaBox [0 0 ${box}]`);
    }
  });
  it("prints a Code 128 that a barcode reader decodes to the tracking number, on every page of a batch", async () => {
    const tracking = [newTrackingNumber(), newTrackingNumber(), "LS123456785US"];
    for (const size of ["4x6", "letter"] as const) {
      const pdf = await renderLabelsPdf(tracking.map((trackingNumber) => ({ ...label, trackingNumber })), size);
      expect(pdfImages(pdf).map(readCode128).sort()).toEqual([...tracking].sort());
    }
  });
});

describe("ISO 2859-1 sampling plans (general inspection, single sampling, normal)", () => {
  it("gives the sample size code letter of Table 1 by lot size and level", () => {
    const cases: [number, "I" | "II" | "III", string][] = [[2, "II", "A"], [8, "II", "A"], [9, "II", "B"], [50, "II", "D"], [51, "II", "E"], [500, "II", "H"], [501, "II", "J"], [1200, "II", "J"], [1201, "II", "K"], [3200, "I", "H"], [10_000, "III", "M"], [35_001, "II", "N"], [500_001, "II", "Q"], [500_001, "III", "R"]];
    for (const [lot, level, letter] of cases) expect(`${lot} ${level} ${codeLetterFor(lot, level)}`).toBe(`${lot} ${level} ${letter}`);
  });
  it("gives Table 2-A's sample size, Ac and Re, following its arrows", () => {
    const plan = (lot: number, aql: Aql) => {
      const p = samplingPlan(lot, "II", aql);
      return `${p.sampleSize} ${p.accept}/${p.reject}`;
    };
    // 501–1200 units: letter J, 80 units.
    expect(["0.40", "0.65", "1.0", "1.5", "2.5", "4.0", "6.5"].map((a) => plan(1000, a as Aql))).toEqual(["125 1/2", "80 1/2", "80 2/3", "80 3/4", "80 5/6", "80 7/8", "80 10/11"]);
    // 3,201–10,000: L, 200 units; 281–500: H, 50 units.
    expect(["1.5", "2.5", "4.0"].map((a) => plan(5000, a as Aql))).toEqual(["200 7/8", "200 10/11", "200 14/15"]);
    expect(["2.5", "4.0"].map((a) => plan(400, a as Aql))).toEqual(["50 3/4", "50 5/6"]);
    // 151–280 is G (32): 0.65 points up to F (20, 0/1), 1.0 down to H (50, 1/2).
    expect([plan(200, "0.65"), plan(200, "1.0"), plan(200, "2.5")]).toEqual(["20 0/1", "50 1/2", "32 2/3"]);
    expect(plan(1_000_000, "0.010")).toBe("1250 0/1");
    // A sample larger than the lot inspects every unit.
    expect(plan(5, "0.65")).toBe("5 0/1");
  });
  it("inspects the largest class sample and decides each class by its acceptance number", () => {
    const p = qcSamplingPlan(1000, "II", { critical: "0.065", major: "2.5", minor: "4.0" });
    expect(p).toEqual({ codeLetter: "J", sampleSize: 200, critical: { aql: "0.065", sampleSize: 200, accept: 0, reject: 1 }, major: { aql: "2.5", sampleSize: 80, accept: 5, reject: 6 }, minor: { aql: "4.0", sampleSize: 80, accept: 7, reject: 8 } });
    expect([verdictOf(p.major, 5), verdictOf(p.major, 6)]).toEqual(["PASS", "FAIL"]);
  });
});
