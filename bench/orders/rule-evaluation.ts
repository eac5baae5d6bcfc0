// Rule evaluation speed (issue 16 target: ≤ 1 ms per order with 50 rules). The evaluator is the
// one arriving orders and the dry run use; 50 rules mix every condition field, ALL and ANY, and
// tags that later rules read. Prints the mean and p99 time per order over 100,000 orders.
import { performance } from "node:perf_hooks";
import type { RuleAction, RuleCondition } from "@atelier/contracts/order-rules";
import { evaluateRules, type EvaluableRule, type OrderFacts } from "../../api/src/services/order-rules/evaluate-rules";

const COUNTRIES = ["US", "CA", "GB", "AU", "DE", "FR", "MX", "JP"];
const ORIGINS = ["SHOPIFY_PLATFORM", "SHOPIFY_CREATOR", "IMPORT", "MANUAL_RETAIL", "MANUAL_WHOLESALE"] as const;
let seed = 42;
const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

function condition(i: number): RuleCondition {
  switch (i % 6) {
    case 0:
      return { field: "COUNTRY", op: i % 4 ? "IN" : "NOT_IN", values: [pick(COUNTRIES), pick(COUNTRIES)] };
    case 1:
      return { field: "TOTAL", op: "GT", cents: 1000 + Math.floor(rand() * 50_000) };
    case 2:
      return { field: "SKU", op: "ANY", values: Array.from({ length: 5 }, () => `SKU-${Math.floor(rand() * 2000)}`) };
    case 3:
      return { field: "TAG", op: "HAS", value: `tag-${i % 10}` };
    case 4:
      return { field: "ORIGIN", op: "IN", values: [pick(ORIGINS)] };
    default:
      return { field: "WEIGHT", op: "LT", grams: Math.floor(rand() * 5000) };
  }
}

const rules: EvaluableRule[] = Array.from({ length: 50 }, (_, i) => ({
  id: `r${i}`,
  name: `Rule ${i}`,
  match: i % 3 ? "ALL" : "ANY",
  conditions: [condition(i), condition(i + 1), condition(i + 2)],
  actions: [{ type: "TAG", tag: `tag-${(i + 1) % 10}` }, ...(i % 5 === 0 ? [{ type: "HOLD", reason: "Review" } satisfies RuleAction] : [])],
}));

const orders: OrderFacts[] = Array.from({ length: 100_000 }, () => ({
  countryCode: pick(COUNTRIES),
  totalCents: Math.floor(rand() * 60_000),
  origin: pick(ORIGINS),
  skus: new Set(Array.from({ length: 1 + Math.floor(rand() * 4) }, () => `SKU-${Math.floor(rand() * 2000)}`)),
  tags: new Set(rand() < 0.2 ? ["tag-3"] : []),
  weightGrams: Math.floor(rand() * 6000),
}));

for (const o of orders.slice(0, 5000)) evaluateRules(rules, o);
const times: number[] = [];
let matched = 0;
const start = performance.now();
for (const o of orders) {
  const t = performance.now();
  matched += evaluateRules(rules, o).length;
  times.push(performance.now() - t);
}
const total = performance.now() - start;
times.sort((a, b) => a - b);
const mean = total / orders.length;
const p99 = times[Math.floor(times.length * 0.99)]!;
console.log(`rule evaluation: ${orders.length.toLocaleString("en-US")} orders × ${rules.length} rules in ${total.toFixed(0)} ms; mean ${(mean * 1000).toFixed(1)} µs/order, p99 ${(p99 * 1000).toFixed(1)} µs/order; ${(matched / orders.length).toFixed(1)} rules matched per order`);
console.log(`target ≤ 1 ms per order: ${p99 <= 1 ? "met" : "missed"}`);
