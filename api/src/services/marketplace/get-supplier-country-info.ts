import type { UserContext } from "../../context";
import { findCountry } from "../../data/countries";
import { countryStats } from "../../queries/marketplace/suppliers";

/** Countries with listed suppliers: name, region, count and average tariff. */
export async function getSupplierCountryInfo(ctx: UserContext) {
  const rows = await countryStats(ctx.pool);
  return {
    list: rows.map((r) => {
      const country = findCountry(r.country_code);
      return { countryCode: r.country_code, countryName: country?.name ?? r.country_code, region: country?.region ?? "OA", supplierCount: r.supplier_count, averageTariffRatePercent: Number(r.average_tariff) };
    }),
  };
}
