import type { Queryable } from "../../db/pool";
import { listMarketItemRows, supplierNamesTaken, type MarketItemRow } from "../../queries/marketplace/category-market";

/** One listed item that fits a kind of product, in dollars. */
export type MarketItem = {
  itemId: string;
  title: string;
  unitPriceMin: number | null;
  unitPriceMax: number | null;
  moq: number | null;
  samplePrice: number | null;
  productionDaysMin: number;
  productionDaysMax: number;
  supplierId: string;
  supplierName: string;
  countryCode: string;
  tariffRatePercent: number;
};

/** The marketplace's figures for a kind of product: what it costs to make there and who makes it. */
export type CategoryMarket = {
  items: MarketItem[];
  supplierCount: number;
  unitPrice: { min: number; max: number; median: number } | null;
  samplePrice: { min: number; max: number } | null;
  moq: { min: number; median: number } | null;
  productionDays: { min: number; max: number } | null;
  tariffRatePercent: { min: number; max: number; average: number } | null;
  topCountries: { countryCode: string; suppliers: number }[];
};

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : 0;
};

function toMarketItem(r: MarketItemRow): MarketItem {
  return {
    itemId: r.item_id, title: r.title, unitPriceMin: dollars(r.price_min_cents), unitPriceMax: dollars(r.price_max_cents), moq: r.moq, samplePrice: dollars(r.sample_price_cents),
    productionDaysMin: r.production_days_min, productionDaysMax: r.production_days_max, supplierId: r.supplier_id, supplierName: r.supplier_name, countryCode: r.country_code, tariffRatePercent: Number(r.tariff_rate_percent),
  };
}

/** Figures from up to 300 listed items matching the words (category titles, item nouns). */
export async function getCategoryMarket(db: Queryable, words: readonly string[]): Promise<CategoryMarket> {
  const items = (await listMarketItemRows(db, words, 300)).map(toMarketItem);
  const prices = items.flatMap((i) => (i.unitPriceMin === null ? [] : [i.unitPriceMin]));
  const maxPrices = items.flatMap((i) => (i.unitPriceMax === null ? [] : [i.unitPriceMax]));
  const samples = items.flatMap((i) => (i.samplePrice === null ? [] : [i.samplePrice]));
  const moqs = items.flatMap((i) => (i.moq === null ? [] : [i.moq]));
  const suppliers = new Map<string, MarketItem>();
  for (const i of items) suppliers.set(i.supplierId, i);
  const countries = new Map<string, number>();
  for (const s of suppliers.values()) countries.set(s.countryCode, (countries.get(s.countryCode) ?? 0) + 1);
  const tariffs = [...suppliers.values()].map((s) => s.tariffRatePercent);
  return {
    items,
    supplierCount: suppliers.size,
    unitPrice: prices.length ? { min: Math.min(...prices), max: Math.max(...maxPrices, ...prices), median: median(prices) } : null,
    samplePrice: samples.length ? { min: Math.min(...samples), max: Math.max(...samples) } : null,
    moq: moqs.length ? { min: Math.min(...moqs), median: median(moqs) } : null,
    productionDays: items.length ? { min: Math.min(...items.map((i) => i.productionDaysMin)), max: Math.max(...items.map((i) => i.productionDaysMax)) } : null,
    tariffRatePercent: tariffs.length ? { min: Math.min(...tariffs), max: Math.max(...tariffs), average: tariffs.reduce((a, b) => a + b, 0) / tariffs.length } : null,
    topCountries: [...countries.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5).map(([countryCode, n]) => ({ countryCode, suppliers: n })),
  };
}

/** Which names a listed supplier already trades under (lower-cased). */
export function supplierNamesInUse(db: Queryable, names: readonly string[]): Promise<string[]> {
  return supplierNamesTaken(db, names);
}
