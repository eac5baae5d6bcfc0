import type { OrderFactsRow } from "../../queries/order-rules/order-facts";
import type { OrderFacts } from "./evaluate-rules";

export function toFacts(o: OrderFactsRow): OrderFacts {
  return { countryCode: o.countryCode, totalCents: o.totalCents, origin: o.origin, skus: new Set(o.skus), tags: new Set(o.tags), weightGrams: o.weightGrams };
}
