import { ORDER_ORIGINS, type OrderOrigin } from "@atelier/contracts/orders";
import type { OrderRule, RuleAction, RuleCondition, ShippingMethod } from "@atelier/contracts/order-rules";

// The rule editor's form rows (every value typed as text) and their conversion to the contract's
// conditions and actions; a row that can't convert says why in a sentence.

export type ConditionRow = { field: RuleCondition["field"]; op: string; value: string };
export type ActionRow = { type: RuleAction["type"]; value: string };
export type Draft = { name: string; match: "ALL" | "ANY"; enabled: boolean; conditions: ConditionRow[]; actions: ActionRow[] };

export const OPERATORS: Record<RuleCondition["field"], { op: string; label: string }[]> = {
  COUNTRY: [{ op: "IN", label: "is one of" }, { op: "NOT_IN", label: "is none of" }],
  TOTAL: [{ op: "GT", label: "is more than" }, { op: "GTE", label: "is at least" }, { op: "LT", label: "is less than" }, { op: "LTE", label: "is at most" }],
  SKU: [{ op: "ANY", label: "includes any of" }, { op: "NONE", label: "includes none of" }],
  TAG: [{ op: "HAS", label: "is" }, { op: "HAS_NOT", label: "is not" }],
  ORIGIN: [{ op: "IN", label: "is" }, { op: "NOT_IN", label: "is not" }],
  WEIGHT: [{ op: "GT", label: "is more than" }, { op: "LT", label: "is less than" }, { op: "GTE", label: "is at least" }, { op: "LTE", label: "is at most" }],
};

export const VALUE_HINTS: Record<RuleCondition["field"], string> = {
  COUNTRY: "Country codes, e.g. CA, MX",
  TOTAL: "Dollars, e.g. 500",
  SKU: "SKUs, e.g. TEE-BLK-M, CAP-RED",
  TAG: "A tag, e.g. vip",
  ORIGIN: "",
  WEIGHT: "Grams, e.g. 2000",
};

export const ACTION_HINTS: Record<RuleAction["type"], string> = {
  HOLD: "Why it waits, e.g. Check the address",
  ADD_INSERT: "e.g. a thank-you card",
  USE_PACKAGING: "e.g. a gift box",
  SHIPPING_METHOD: "",
  TAG: "e.g. vip",
  SPLIT_BY_STOCK: "",
};

export const emptyDraft = (): Draft => ({ name: "", match: "ALL", enabled: false, conditions: [{ field: "TOTAL", op: "GT", value: "" }], actions: [{ type: "HOLD", value: "" }] });

const list = (v: string) => v.split(/[,\s]+/).map((s) => s.trim()).filter(Boolean);

/** The saved rule as editable rows. */
export function draftOf(r: OrderRule): Draft {
  const conditions = r.conditions.map((c): ConditionRow => {
    switch (c.field) {
      case "TOTAL":
        return { field: c.field, op: c.op, value: String(c.cents / 100) };
      case "WEIGHT":
        return { field: c.field, op: c.op, value: String(c.grams) };
      case "TAG":
        return { field: c.field, op: c.op, value: c.value };
      default:
        return { field: c.field, op: c.op, value: c.values.join(", ") };
    }
  });
  const actions = r.actions.map((a): ActionRow => ({ type: a.type, value: a.type === "HOLD" ? a.reason : a.type === "ADD_INSERT" ? a.item : a.type === "USE_PACKAGING" ? a.packaging : a.type === "SHIPPING_METHOD" ? a.method : a.type === "TAG" ? a.tag : "" }));
  return { name: r.name, match: r.match, enabled: r.enabled, conditions, actions };
}

/** The rows as the contract's conditions, or the sentence saying which row is wrong. */
export function conditionsOf(rows: ConditionRow[]): RuleCondition[] | string {
  const out: RuleCondition[] = [];
  for (const [i, r] of rows.entries()) {
    const n = `Condition ${i + 1}`;
    const op = r.op as never;
    switch (r.field) {
      case "TOTAL": {
        const dollars = Number(r.value);
        if (!r.value.trim() || !Number.isFinite(dollars) || dollars < 0) return `${n}: enter an amount in dollars, like 500.`;
        out.push({ field: "TOTAL", op, cents: Math.round(dollars * 100) });
        break;
      }
      case "WEIGHT": {
        const grams = Number(r.value);
        if (!r.value.trim() || !Number.isInteger(grams) || grams < 0) return `${n}: enter a weight in whole grams, like 2000.`;
        out.push({ field: "WEIGHT", op, grams });
        break;
      }
      case "TAG":
        if (!r.value.trim()) return `${n}: enter a tag.`;
        out.push({ field: "TAG", op, value: r.value.trim() });
        break;
      case "ORIGIN": {
        const origin = ORDER_ORIGINS.find((o) => o === r.value) as OrderOrigin | undefined;
        if (!origin) return `${n}: choose a sales channel.`;
        out.push({ field: "ORIGIN", op, values: [origin] });
        break;
      }
      case "COUNTRY":
      case "SKU": {
        const values = list(r.value);
        if (!values.length) return `${n}: enter at least one ${r.field === "COUNTRY" ? "country code" : "SKU"}.`;
        out.push(r.field === "COUNTRY" ? { field: "COUNTRY", op, values: values.map((v) => v.toUpperCase()) } : { field: "SKU", op, values });
        break;
      }
    }
  }
  return out;
}

/** The rows as the contract's actions, or the sentence saying which row is wrong. */
export function actionsOf(rows: ActionRow[]): RuleAction[] | string {
  const out: RuleAction[] = [];
  for (const [i, r] of rows.entries()) {
    const v = r.value.trim();
    // A split needs nothing more: it acts on what is in stock when the order arrives.
    if (r.type === "SPLIT_BY_STOCK") {
      out.push({ type: "SPLIT_BY_STOCK" });
      continue;
    }
    if (!v) return `Action ${i + 1}: ${r.type === "SHIPPING_METHOD" ? "choose a shipping method" : "fill in what it does"}.`;
    if (r.type === "HOLD") out.push({ type: "HOLD", reason: v });
    else if (r.type === "ADD_INSERT") out.push({ type: "ADD_INSERT", item: v });
    else if (r.type === "USE_PACKAGING") out.push({ type: "USE_PACKAGING", packaging: v });
    else if (r.type === "SHIPPING_METHOD") out.push({ type: "SHIPPING_METHOD", method: v as ShippingMethod });
    else out.push({ type: "TAG", tag: v });
  }
  return out;
}
