import type { DutyEstimate, FreightGoodsLine } from "@atelier/contracts/shipping";
import type { RequestContext } from "../../../context";
import { AppError } from "../../../errors";
import { getCountryTariff } from "../../sourcing-agent/get-country-tariff";

const usd = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The duty of the declared goods entering the US from the origin's country: per line, the tariff
 * data's rate for its HS code (general rate plus additional programs such as Section 301) times
 * its declared value, which US customs takes as the goods' value. A code the data does not know is
 * a line without a rate and a sentence saying so, never a failed quote.
 */
export async function estimateDuty(ctx: RequestContext, originCountry: string, goods: FreightGoodsLine[]): Promise<DutyEstimate> {
  const lines: DutyEstimate["lines"] = [];
  for (const g of goods) {
    const base = { sku: g.sku.toUpperCase(), hsCode: g.hsCode };
    try {
      const t = await getCountryTariff(ctx, { htsCode: g.hsCode, originCountry, destinationCountry: "US" } as Parameters<typeof getCountryTariff>[1]);
      const dutyCents = Math.round((g.valueCents * t.totalRatePercent) / 100);
      const extra = t.additionalDuties.map((d) => `${d.program} ${d.ratePercent}%`).join(" and ");
      lines.push({
        ...base, description: t.description, ratePercent: t.totalRatePercent, dutyCents,
        note: `${t.totalRatePercent}% of ${usd(g.valueCents)}: general rate ${t.generalRatePercent}%${extra ? ` plus ${extra}` : ""} (HTS ${t.htsCode}).`,
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      lines.push({ ...base, description: g.description, ratePercent: null, dutyCents: null, note: `HS code ${g.hsCode} is not in the tariff data, so its duty is not estimated; check it with your customs broker.` });
    }
  }
  if (!lines.length) return { lines, totalCents: 0, basis: "Name the goods (SKU, HS code, units and value) to estimate the duty US customs will ask for." };
  const totalCents = lines.reduce((sum, l) => sum + (l.dutyCents ?? 0), 0);
  const unknown = lines.filter((l) => l.dutyCents === null).length;
  const basis = `Duty of about ${usd(totalCents)} is paid to US customs when the goods arrive, not with the freight${unknown ? `; ${unknown} line${unknown === 1 ? " has" : "s have"} no rate in the tariff data` : ""}.`;
  return { lines, totalCents, basis };
}
