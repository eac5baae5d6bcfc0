import type { Comparison, RuleAction, RuleCondition, RuleDefinition } from "@atelier/contracts/order-rules";

// Evaluating fulfilment rules: plain functions over an order's facts, with no database and no
// expression language (the conditions are typed data), shared by arriving orders, the dry run and
// the benchmark.

/** What a rule can see of an order. SKUs are upper case, tags lower case. */
export type OrderFacts = {
  countryCode: string | null;
  totalCents: number;
  origin: string;
  skus: ReadonlySet<string>;
  tags: ReadonlySet<string>;
  weightGrams: number;
};

export type EvaluableRule = RuleDefinition & { id: string; name: string };

export type RuleMatch<R extends EvaluableRule> = { rule: R; actions: RuleAction[]; tagsAdded: string[] };

function compare(value: number, op: Comparison, bound: number): boolean {
  switch (op) {
    case "GT":
      return value > bound;
    case "GTE":
      return value >= bound;
    case "LT":
      return value < bound;
    case "LTE":
      return value <= bound;
  }
}

export function conditionHolds(c: RuleCondition, o: OrderFacts): boolean {
  switch (c.field) {
    case "COUNTRY": {
      const inList = o.countryCode !== null && c.values.includes(o.countryCode);
      return c.op === "IN" ? inList : !inList;
    }
    case "TOTAL":
      return compare(o.totalCents, c.op, c.cents);
    case "SKU": {
      const any = c.values.some((s) => o.skus.has(s.toUpperCase()));
      return c.op === "ANY" ? any : !any;
    }
    case "TAG":
      return c.op === "HAS" ? o.tags.has(c.value) : !o.tags.has(c.value);
    case "ORIGIN": {
      const inList = (c.values as readonly string[]).includes(o.origin);
      return c.op === "IN" ? inList : !inList;
    }
    case "WEIGHT":
      return compare(o.weightGrams, c.op, c.grams);
  }
}

export function ruleMatches(r: RuleDefinition, o: OrderFacts): boolean {
  return r.match === "ALL" ? r.conditions.every((c) => conditionHolds(c, o)) : r.conditions.some((c) => conditionHolds(c, o));
}

/**
 * Runs the rules in their order over one order. A tag one rule adds is seen by the rules after it
 * (as in ShipStation), so "tag big orders" can feed "hold tagged orders to Canada".
 */
export function evaluateRules<R extends EvaluableRule>(rules: readonly R[], facts: OrderFacts): RuleMatch<R>[] {
  const tags = new Set(facts.tags);
  const seen: OrderFacts = { ...facts, tags };
  const matches: RuleMatch<R>[] = [];
  for (const rule of rules) {
    if (!ruleMatches(rule, seen)) continue;
    const tagsAdded: string[] = [];
    for (const a of rule.actions) {
      if (a.type === "TAG" && !tags.has(a.tag)) {
        tags.add(a.tag);
        tagsAdded.push(a.tag);
      }
    }
    matches.push({ rule, actions: rule.actions, tagsAdded });
  }
  return matches;
}
