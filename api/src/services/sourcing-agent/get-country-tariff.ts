import type { QueryOf, sourcingAgent } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import { queryWords } from "../../text/query-words";
import { findCountry } from "../../data/countries";
import { DOMESTIC_FREIGHT_USD_PER_KG, FREIGHT_USD_PER_KG } from "../../data/tariffs/dataset";
import { invalid, notFound } from "../../errors";
import { findAdditionalDuties, findTariffLineByCode, searchTariffLines, tariffDestinations, type TariffLineRow } from "../../queries/sourcing-agent/tariffs";
import { ensureTariffDataset } from "./tariff-dataset";
import { rankTariffLines } from "./tariff-classification";

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

function country(code: string, field: string) {
  const c = findCountry(code);
  if (!c) throw invalid(field, `"${code}" is not an ISO 3166 country code`);
  return c;
}

/** Words for the full-text query: letters and digits only, so no user text reaches tsquery syntax. */

/**
 * Duty and landed cost per unit. US customs values goods at their FOB price, so duty is the unit
 * price times the total rate; landed cost adds the duty and a freight estimate (unit weight of
 * the line × a per-kg rate by origin region) unless the caller gives their own freight.
 */
export async function getCountryTariff(ctx: RequestContext, query: QueryOf<typeof sourcingAgent.getCountryTariff>) {
  await ensureTariffDataset(ctx.pool);
  const origin = country(query.originCountry, "query.originCountry");
  const destination = country(query.destinationCountry, "query.destinationCountry");
  const known = await tariffDestinations(ctx.pool);
  if (!known.includes(destination.code)) {
    throw notFound(`Tariff data for imports into ${destination.name} (tariffs are known for imports into ${known.join(", ") || "no country yet"})`);
  }

  let line: TariffLineRow | null;
  let alternatives: TariffLineRow[] = [];
  if (query.htsCode) {
    line = await findTariffLineByCode(ctx.pool, query.htsCode.replace(/\./g, ""), destination.code);
    if (!line) throw notFound(`HTS code ${query.htsCode}`);
  } else {
    const words = queryWords(query.product!, { minLength: 2, max: 20 });
    if (!words.length) throw invalid("query.product", "must contain letters or digits");
    // The text search's best dozen, re-ranked by construction, fibre and value (tariff-classification.ts).
    const found = await searchTariffLines(ctx.pool, query.product!, words, destination.code, 12);
    if (!found.length) throw notFound(`A tariff line matching "${query.product}" (try another word for the product, or an HTS code)`);
    const ranked = rankTariffLines(query.product!, query.perUnitPrice ?? null, found).slice(0, 5);
    [line, ...alternatives] = ranked as [TariffLineRow, ...TariffLineRow[]];
  }

  const domestic = origin.code === destination.code;
  const duties = domestic ? [] : await findAdditionalDuties(ctx.pool, line.hts_code, destination.code, origin.code);
  const generalRate = domestic ? 0 : Number(line.general_rate_percent);
  const additionalRate = duties.reduce((sum, d) => sum + Number(d.rate_percent), 0);
  const totalRate = round(generalRate + additionalRate, 4);

  const weight = Number(line.unit_weight_kg);
  const perKg = domestic ? DOMESTIC_FREIGHT_USD_PER_KG : (FREIGHT_USD_PER_KG[origin.region] ?? 1.5);
  const freight = query.freightPerUnit ?? round(weight * perKg, 4);
  const freightBasis =
    query.freightPerUnit !== undefined
      ? "Freight per unit as given."
      : `Estimate: ${weight} kg per unit × $${perKg.toFixed(2)}/kg ${domestic ? "domestic trucking" : `sea/road freight from ${origin.region}`}; pass freightPerUnit to use your own quote.`;

  const quantity = query.quantity ?? query.moq ?? 1;
  const price = query.perUnitPrice ?? null;
  const dutyPerUnit = price === null ? null : round((price * totalRate) / 100, 4);
  const landed = price === null ? null : round(price + (price * totalRate) / 100 + freight, 4);
  const asOf = [line.as_of, ...duties.map((d) => d.as_of)].sort().at(-1)!;
  return {
    product: query.product ?? null,
    htsCode: line.hts_code,
    description: line.description,
    originCountry: { code: origin.code, name: origin.name },
    destinationCountry: { code: destination.code, name: destination.name },
    generalRatePercent: generalRate,
    additionalDuties: duties.map((d) => ({ program: d.program, ratePercent: Number(d.rate_percent), htsPrefix: d.hts_prefix, source: d.source, asOf: d.as_of })),
    additionalRatePercent: round(additionalRate, 4),
    totalRatePercent: totalRate,
    perUnitPrice: price,
    quantity,
    dutyPerUnit,
    freightPerUnit: freight,
    freightBasis,
    landedCostPerUnit: landed,
    totalDuty: price === null ? null : round((price * totalRate * quantity) / 100, 2),
    totalLandedCost: price === null ? null : round((price + (price * totalRate) / 100 + freight) * quantity, 2),
    asOf,
    source: [line.source, ...new Set(duties.map((d) => d.source))].join("; "),
    alternatives: alternatives.map((a) => ({ htsCode: a.hts_code, description: a.description, generalRatePercent: Number(a.general_rate_percent) })),
  };
}
