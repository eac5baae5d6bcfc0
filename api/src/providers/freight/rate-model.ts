import {
  AIR_MINIMUM_CENTS,
  AIR_VOLUME_DIVISOR,
  CONTAINERS,
  FREIGHT_MODE_WORDS,
  FREIGHT_ORIGINS,
  LCL_MINIMUM_CBM,
  type ContainerSize,
  type FreightOption,
  type FreightOriginCode,
} from "@atelier/contracts/shipping";

// The local freight rate model (docs/decisions.md "Freight rate model"), one price per mode:
// - air per chargeable kg: max(actual kg, cm³ ÷ 6000) rounded up to the half kilogram (IATA), with
//   a minimum charge;
// - LCL per revenue ton: max(CBM, metric tons), at least 1, the way consolidators bill W/M;
// - FCL per container: the cheapest mix of 20' and 40' containers whose usable volume and payload
//   hold the cargo.
// Transit is port-to-door calendar days; LCL adds five days of consolidation and deconsolidation.

export type Cargo = { origin: FreightOriginCode; weightKg: number; volumeCbm: number };

const LCL_HANDLING_DAYS = 5;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function originOf(code: FreightOriginCode) {
  return FREIGHT_ORIGINS.find((o) => o.code === code)!;
}

/** max(actual, volume ÷ 6000 cm³/kg), rounded up to the next half kilogram. */
export function chargeableWeightKg(weightKg: number, volumeCbm: number): number {
  const volumetric = (volumeCbm * 1_000_000) / AIR_VOLUME_DIVISOR;
  // round3 first so 0.1 CBM (16.6666… kg) is not pushed up by floating-point noise.
  return Math.ceil(round3(Math.max(weightKg, volumetric)) * 2) / 2;
}

/** Revenue tons: the larger of cubic metres and metric tons, at least the LCL minimum. */
export function revenueTons(weightKg: number, volumeCbm: number): number {
  return round3(Math.max(LCL_MINIMUM_CBM, volumeCbm, weightKg / 1000));
}

/** The cheapest mix of containers holding the cargo's volume and weight, 40' first. */
export function containerMix(weightKg: number, volumeCbm: number, prices: Record<ContainerSize, number>): ContainerSize[] {
  const need = (size: ContainerSize, volume: number, weight: number) => Math.max(Math.ceil(round3(volume / CONTAINERS[size].cbm)), Math.ceil(round3(weight / CONTAINERS[size].kg)));
  let best: { cost: number; mix: ContainerSize[] } | null = null;
  const most40 = need("40'", volumeCbm, weightKg);
  for (let n40 = 0; n40 <= most40; n40++) {
    const volumeLeft = Math.max(0, volumeCbm - n40 * CONTAINERS["40'"].cbm);
    const weightLeft = Math.max(0, weightKg - n40 * CONTAINERS["40'"].kg);
    const n20 = volumeLeft > 0 || weightLeft > 0 ? need("20'", volumeLeft, weightLeft) : 0;
    const cost = n40 * prices["40'"] + n20 * prices["20'"];
    if (!best || cost < best.cost) best = { cost, mix: [...Array<ContainerSize>(n40).fill("40'"), ...Array<ContainerSize>(n20).fill("20'")] };
  }
  return best!.mix;
}

/** The ISO date `days` calendar days after `from`. */
export function addDays(from: Date, days: number): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}

const usd = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const count = (mix: ContainerSize[], size: ContainerSize) => mix.filter((c) => c === size).length;
function containerWords(mix: ContainerSize[]): string {
  return (["40'", "20'"] as const)
    .filter((s) => count(mix, s) > 0)
    .map((s) => `${count(mix, s)} × ${s === "40'" ? "40-foot" : "20-foot"} container${count(mix, s) === 1 ? "" : "s"}`)
    .join(" and ");
}

/** Air, LCL and FCL for the cargo, cheapest first. */
export function rateFreight(cargo: Cargo, shipDate: Date): FreightOption[] {
  const o = originOf(cargo.origin);
  const kg = chargeableWeightKg(cargo.weightKg, cargo.volumeCbm);
  const air = Math.max(AIR_MINIMUM_CENTS, Math.round(kg * o.airPerKgCents));
  const tons = revenueTons(cargo.weightKg, cargo.volumeCbm);
  const lcl = Math.round(tons * o.lclPerCbmCents);
  const mix = containerMix(cargo.weightKg, cargo.volumeCbm, { "20'": o.fcl20Cents, "40'": o.fcl40Cents });
  const fcl = count(mix, "20'") * o.fcl20Cents + count(mix, "40'") * o.fcl40Cents;
  const option = (mode: FreightOption["mode"], priceCents: number, transitDays: number, basis: string, containers: ContainerSize[] = []): FreightOption => ({
    mode, modeName: FREIGHT_MODE_WORDS[mode], priceCents, transitDays, arrivalDate: addDays(shipDate, transitDays), basis, containers,
  });
  return [
    option("AIR", air, o.airDays, air === AIR_MINIMUM_CENTS && kg * o.airPerKgCents < AIR_MINIMUM_CENTS ? `The minimum air charge of ${usd(AIR_MINIMUM_CENTS)} (${kg} kg chargeable).` : `${kg} kg chargeable × ${usd(o.airPerKgCents)} a kg.`),
    option("LCL", lcl, o.seaDays + LCL_HANDLING_DAYS, `${tons} revenue ton${tons === 1 ? "" : "s"} (the larger of cubic metres and metric tons, at least ${LCL_MINIMUM_CBM}) × ${usd(o.lclPerCbmCents)}.`),
    option("FCL", fcl, o.seaDays, `${containerWords(mix)}.`, mix),
  ].sort((a, b) => a.priceCents - b.priceCents || a.transitDays - b.transitDays);
}
