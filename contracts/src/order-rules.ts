import { z } from "zod";
import { defineContract } from "./contract";
import { idSchema } from "./domain";
import { ORDER_ORIGINS, ORDER_ORIGIN_LABELS, SHIPPING_METHODS, SHIPPING_METHOD_LABELS, type OrderOrigin } from "./orders";

// Fulfilment rules (000 §7 /web/order-rules and /actions, screen /fulfillment-rules), in the
// manner of ShipStation's automation rules and Shopify Flow: a store's rules run in order when an
// order arrives; each has typed conditions on the order's fields (no expressions, nothing
// evaluated) and actions. A dry run replays a rule over the last 30 days of orders first.

/** How many rules a store keeps: they run on every order, in order, so the list stays readable. */
export const MAX_ORDER_RULES = 50;

const sku = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(64, "must be at most 64 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "may use only letters, digits, dots, dashes and underscores");
const tag = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "must not be empty")
  .max(40, "must be at most 40 characters")
  .regex(/^[a-z0-9][a-z0-9 _-]*$/, "may use only letters, digits, spaces, dashes and underscores");
const country = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "must be a two-letter country code like US");
const list = <T extends z.ZodType>(item: T, what: string) => z.array(item).min(1, `must list at least one ${what}`).max(50, `must list at most 50 ${what}s`);
const amount = (max: number, unit: string) => z.number().int(`must be a whole number of ${unit}`).min(0, "must be 0 or more").max(max, `must be at most ${max.toLocaleString("en-US")} ${unit}`);

export const COMPARISONS = ["GT", "GTE", "LT", "LTE"] as const;
export type Comparison = (typeof COMPARISONS)[number];
const COMPARISON_WORDS: Record<Comparison, string> = { GT: "more than", GTE: "at least", LT: "less than", LTE: "at most" };

/** One condition on an order: a field, an operator, and the values it takes (000 §7 order-rules). */
export const ruleConditionSchema = z.discriminatedUnion("field", [
  z.strictObject({ field: z.literal("COUNTRY"), op: z.enum(["IN", "NOT_IN"]), values: list(country, "country") }),
  z.strictObject({ field: z.literal("TOTAL"), op: z.enum(COMPARISONS), cents: amount(100_000_000, "cents") }),
  z.strictObject({ field: z.literal("SKU"), op: z.enum(["ANY", "NONE"]), values: list(sku, "SKU") }),
  z.strictObject({ field: z.literal("TAG"), op: z.enum(["HAS", "HAS_NOT"]), value: tag }),
  z.strictObject({ field: z.literal("ORIGIN"), op: z.enum(["IN", "NOT_IN"]), values: list(z.enum(ORDER_ORIGINS), "origin") }),
  z.strictObject({ field: z.literal("WEIGHT"), op: z.enum(COMPARISONS), grams: amount(1_000_000, "grams") }),
]);
export type RuleCondition = z.infer<typeof ruleConditionSchema>;
export const CONDITION_FIELDS = ["COUNTRY", "TOTAL", "SKU", "TAG", "ORIGIN", "WEIGHT"] as const satisfies readonly RuleCondition["field"][];
export const CONDITION_FIELD_LABELS: Record<RuleCondition["field"], string> = {
  COUNTRY: "Shipping country",
  TOTAL: "Order total",
  SKU: "Contains SKU",
  TAG: "Tag",
  ORIGIN: "Sales channel",
  WEIGHT: "Weight",
};

// How the carrier service is chosen: one list with manual orders (they are placed with one).
export { SHIPPING_METHODS, SHIPPING_METHOD_LABELS, type ShippingMethod } from "./orders";

const words = (min: number, max: number, what: string) =>
  z.string().trim().min(min, min === 1 ? "must not be empty" : `must have at least ${min} characters`).max(max, `must be at most ${max} characters`).describe(what);

/** What a rule does to an order it matches. */
export const ruleActionSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("HOLD"), reason: words(3, 300, "Why the order waits, shown on its hold") }),
  z.strictObject({ type: z.literal("ADD_INSERT"), item: words(1, 120, "What the packer adds to the box, e.g. a thank-you card") }),
  z.strictObject({ type: z.literal("USE_PACKAGING"), packaging: words(1, 120, "The packaging to use, e.g. a gift box") }),
  z.strictObject({ type: z.literal("SHIPPING_METHOD"), method: z.enum(SHIPPING_METHODS) }),
  z.strictObject({ type: z.literal("TAG"), tag }),
  // When the order arrives short: what is in stock ships now, the rest waits as a backorder part.
  z.strictObject({ type: z.literal("SPLIT_BY_STOCK") }),
]);
export type RuleAction = z.infer<typeof ruleActionSchema>;
export const ACTION_TYPES = ["HOLD", "ADD_INSERT", "USE_PACKAGING", "SHIPPING_METHOD", "TAG", "SPLIT_BY_STOCK"] as const satisfies readonly RuleAction["type"][];
export const ACTION_TYPE_LABELS: Record<RuleAction["type"], string> = {
  HOLD: "Put on hold",
  ADD_INSERT: "Add an insert",
  USE_PACKAGING: "Use packaging",
  SHIPPING_METHOD: "Choose the shipping method",
  TAG: "Add a tag",
  SPLIT_BY_STOCK: "Split by stock",
};

export const RULE_MATCHES = ["ALL", "ANY"] as const;

const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const weight = (grams: number) => (grams >= 1000 ? `${(grams / 1000).toLocaleString("en-US", { maximumFractionDigits: 2 })} kg` : `${grams} g`);
const names = (values: readonly string[]) => (values.length <= 1 ? values.join("") : `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`);

/** A condition as a person reads it ("ships to CA or MX"). */
export function conditionSentence(c: RuleCondition): string {
  switch (c.field) {
    case "COUNTRY":
      return `${c.op === "IN" ? "ships to" : "does not ship to"} ${names(c.values)}`;
    case "TOTAL":
      // "At least $0" is every order: the way to say a rule is for all of them.
      if (c.op === "GTE" && c.cents === 0) return "arrives";
      return `totals ${COMPARISON_WORDS[c.op]} ${money(c.cents)}`;
    case "SKU":
      return `${c.op === "ANY" ? "contains" : "contains none of"} ${names(c.values)}`;
    case "TAG":
      return `${c.op === "HAS" ? "is tagged" : "is not tagged"} "${c.value}"`;
    case "ORIGIN":
      return `${c.op === "IN" ? "came from" : "did not come from"} ${names(c.values.map((o: OrderOrigin) => ORDER_ORIGIN_LABELS[o]))}`;
    case "WEIGHT":
      return `weighs ${COMPARISON_WORDS[c.op]} ${weight(c.grams)}`;
  }
}

/** An action as a person reads it ("puts the order on hold: Check the address"). */
export function actionSentence(a: RuleAction): string {
  switch (a.type) {
    case "HOLD":
      return `puts the order on hold: ${a.reason}`;
    case "ADD_INSERT":
      return `adds ${a.item} to the box`;
    case "USE_PACKAGING":
      return `packs it in ${a.packaging}`;
    case "SHIPPING_METHOD":
      return `ships it ${SHIPPING_METHOD_LABELS[a.method]}`;
    case "TAG":
      return `tags it "${a.tag}"`;
    case "SPLIT_BY_STOCK":
      return "ships what is in stock now and keeps the rest as a backorder until stock arrives";
  }
}

/** The whole rule in one sentence: "When an order ships to CA and …, it puts … and tags …". */
export function ruleSentence(r: { match: "ALL" | "ANY"; conditions: RuleCondition[]; actions: RuleAction[] }): string {
  const when = r.conditions.map(conditionSentence).join(r.match === "ALL" ? " and " : " or ");
  const then = r.actions.map(actionSentence);
  return `When an order ${when}, it ${then.length > 1 ? `${then.slice(0, -1).join(", ")} and ${then.at(-1)}` : then[0]}.`;
}

export const ruleDefinitionSchema = z.strictObject({
  match: z.enum(RULE_MATCHES).default("ALL").describe("ALL: every condition must hold; ANY: one is enough"),
  conditions: z.array(ruleConditionSchema).min(1, "must have at least one condition").max(10, "must have at most 10 conditions"),
  actions: z.array(ruleActionSchema).min(1, "must have at least one action").max(5, "must have at most 5 actions"),
});
export type RuleDefinition = z.infer<typeof ruleDefinitionSchema>;

export const orderRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 1-based: rule 1 runs first. */
  position: z.number().int(),
  enabled: z.boolean(),
  match: z.enum(RULE_MATCHES),
  conditions: z.array(ruleConditionSchema),
  actions: z.array(ruleActionSchema),
  /** The rule in words. */
  sentence: z.string(),
  /** How many orders it has acted on since it was created. */
  appliedCount: z.number().int(),
  lastAppliedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderRule = z.infer<typeof orderRuleSchema>;

const ruleParams = z.strictObject({ id: idSchema.describe("The rule's id, from list_order_rules") });
const ruleName = words(1, 80, "The rule's name, e.g. 'Hold orders over $500'");

export const listOrderRules = defineContract({
  id: "listOrderRules",
  method: "GET",
  path: "/web/order-rules",
  summary: `The store's fulfilment rules in the order they run (at most ${MAX_ORDER_RULES}, so the whole list is one page), each with its sentence and how many orders it has acted on; with the number enabled.`,
  tags: ["orders", "order-rules"],
  access: "user",
  response: z.object({ list: z.array(orderRuleSchema), total: z.number().int(), enabled: z.number().int() }),
});

export const listOrderRuleActions = defineContract({
  id: "listOrderRuleActions",
  method: "GET",
  path: "/web/order-rules/actions",
  summary: "What a rule can test and do: the condition fields with their operators, the actions and the shipping methods, each with its name.",
  tags: ["orders", "order-rules"],
  access: "user",
  response: z.object({
    conditions: z.array(z.object({ field: z.enum(CONDITION_FIELDS), label: z.string(), operators: z.array(z.object({ op: z.string(), label: z.string() })) })),
    actions: z.array(z.object({ type: z.enum(ACTION_TYPES), label: z.string() })),
    shippingMethods: z.array(z.object({ method: z.enum(SHIPPING_METHODS), label: z.string() })),
  }),
});

export const getOrderRule = defineContract({
  id: "getOrderRule",
  method: "GET",
  path: "/web/order-rules/:id",
  summary: "One fulfilment rule with its conditions, actions and sentence.",
  tags: ["orders", "order-rules"],
  access: "user",
  params: ruleParams,
  response: orderRuleSchema,
});

export const createOrderRule = defineContract({
  id: "createOrderRule",
  method: "POST",
  path: "/web/order-rules",
  summary: `Adds a fulfilment rule at the end of the list. It starts disabled unless enabled is true, so its dry run can be read first. Names are unique per store (409); at most ${MAX_ORDER_RULES} rules (409). Owners and admins.`,
  tags: ["orders", "order-rules"],
  access: "user",
  status: 201,
  idempotent: true,
  body: ruleDefinitionSchema.extend({ name: ruleName, enabled: z.boolean().default(false).describe("Whether it acts on arriving orders at once") }),
  response: orderRuleSchema,
});

export const updateOrderRule = defineContract({
  id: "updateOrderRule",
  method: "PATCH",
  path: "/web/order-rules/:id",
  summary: "Renames, rewrites, enables or disables a rule; what it did to earlier orders stays. Owners and admins.",
  tags: ["orders", "order-rules"],
  access: "user",
    params: ruleParams,
  body: z
    .strictObject({
      name: ruleName.optional(),
      enabled: z.boolean().optional().describe("true to run it on arriving orders, false to stop"),
      match: z.enum(RULE_MATCHES).optional(),
      conditions: ruleDefinitionSchema.shape.conditions.optional(),
      actions: ruleDefinitionSchema.shape.actions.optional(),
    })
    .refine((b) => Object.values(b).some((v) => v !== undefined), { message: "must change the name, enabled, match, conditions or actions", path: ["name"] }),
  response: orderRuleSchema,
});

export const deleteOrderRule = defineContract({
  id: "deleteOrderRule",
  method: "DELETE",
  path: "/web/order-rules/:id",
  summary: "Deletes a rule; the holds it placed stay (named after it) until someone releases them. Owners and admins.",
  tags: ["orders", "order-rules"],
  access: "user",
  noToolReason: "Agents disable a rule (update_order_rule) rather than delete it; deleting is done on the rules screen.",
  params: ruleParams,
  response: z.object({ deleted: z.literal(true) }),
});

export const reorderOrderRules = defineContract({
  id: "reorderOrderRules",
  method: "PUT",
  path: "/web/order-rules/-/order",
  summary: "Sets the order the rules run in: ruleIds must list every rule of the store exactly once (400 otherwise). Owners and admins.",
  tags: ["orders", "order-rules"],
  access: "user",
    noToolReason: "Reordering is a drag on the rules screen; agents create, dry-run and enable rules.",
  body: z.strictObject({ ruleIds: z.array(idSchema).min(1, "must list at least one rule").max(MAX_ORDER_RULES, `must list at most ${MAX_ORDER_RULES} rules`) }),
  response: z.object({ list: z.array(orderRuleSchema), total: z.number().int(), enabled: z.number().int() }),
});

export const dryRunOrderRuleResponse = z.object({
  sentence: z.string(),
  days: z.number().int(),
  /** Orders placed in those days that were looked at (canceled ones are left out). */
  examined: z.number().int(),
  matched: z.number().int(),
  /** How many of the matched orders the rule would have held. */
  wouldHold: z.number().int(),
  /** How many of the matched orders it would have split by stock: those that arrived short of stock and are not finished. */
  wouldSplit: z.number().int(),
  /** The matched orders, newest first (the first 50). */
  orders: z.array(
    z.object({
      id: z.string(),
      orderNumber: z.number().int(),
      customerName: z.string(),
      countryCode: z.string().nullable(),
      totalCents: z.number().int(),
      placedAt: z.string(),
      /** What the rule would have done to it, in words. */
      effects: z.array(z.string()),
    }),
  ),
});
export type DryRunResult = z.infer<typeof dryRunOrderRuleResponse>;

export const dryRunOrderRule = defineContract({
  id: "dryRunOrderRule",
  method: "POST",
  path: "/web/order-rules/-/dry-run",
  summary: "Replays a rule (a saved one by ruleId, or a draft's match, conditions and actions) over the store's orders of the last 30 days and returns which it would have touched and how, without changing anything.",
  tags: ["orders", "order-rules"],
  access: "user",
  previewAllowed: true,
  body: z
    .strictObject({
      ruleId: idSchema.optional().describe("A saved rule to replay; or give match, conditions and actions of a draft"),
      match: z.enum(RULE_MATCHES).default("ALL"),
      conditions: ruleDefinitionSchema.shape.conditions.optional(),
      actions: ruleDefinitionSchema.shape.actions.optional(),
    })
    .refine((b) => b.ruleId !== undefined || b.conditions !== undefined, { message: "must name a saved rule (ruleId) or give the draft's conditions", path: ["conditions"] })
    .refine((b) => b.ruleId !== undefined || b.actions !== undefined, { message: "must name a saved rule (ruleId) or give the draft's actions", path: ["actions"] }),
  response: dryRunOrderRuleResponse,
});
