import { orderRules } from "@atelier/contracts";
import { defineTool } from "../tool-spec";

// Fulfilment rules (the /fulfillment-rules screen): rules that hold, tag, add inserts, choose the
// shipping method of arriving orders or split them by stock, with a dry run over the last 30 days before enabling.

const ruleId = "The rule's id, from list_order_rules; 'this rule' is the rule on the user's screen";
const conditions =
  'The conditions, each one of: {field:"COUNTRY",op:"IN"|"NOT_IN",values:["CA"]}, {field:"TOTAL",op:"GT"|"GTE"|"LT"|"LTE",cents:50000}, {field:"SKU",op:"ANY"|"NONE",values:["TEE-BLK-M"]}, {field:"TAG",op:"HAS"|"HAS_NOT",value:"vip"}, {field:"ORIGIN",op:"IN"|"NOT_IN",values:["MANUAL_WHOLESALE"]}, {field:"WEIGHT",op:"GT"|"GTE"|"LT"|"LTE",grams:2000}';
const actions =
  'What it does, each one of: {type:"HOLD",reason:"…"}, {type:"ADD_INSERT",item:"a thank-you card"}, {type:"USE_PACKAGING",packaging:"a gift box"}, {type:"SHIPPING_METHOD",method:"ECONOMY"|"STANDARD"|"EXPEDITED"|"OVERNIGHT"}, {type:"TAG",tag:"vip"}, {type:"SPLIT_BY_STOCK"} (an order arriving short ships what is in stock now and the rest as a backorder when stock arrives; for every order use the condition {field:"TOTAL",op:"GTE",cents:0})';

export const orderRuleTools = [
  defineTool({
    contract: orderRules.listOrderRules,
    name: "list_order_rules",
    description: "List the store's fulfilment rules in the order they run, each with its sentence, whether it is enabled and how many orders it has acted on. Use it for 'what rules do I have', 'which rule holds orders to Canada'.",
  }),
  defineTool({
    contract: orderRules.listOrderRuleActions,
    name: "list_order_rule_actions",
    description: "What a fulfilment rule can test (country, total, SKU, tag, sales channel, weight) and do (hold, add an insert, use packaging, choose the shipping method, tag, split by stock).",
  }),
  defineTool({
    contract: orderRules.getOrderRule,
    name: "get_order_rule",
    description: "Get one fulfilment rule: its conditions, actions, sentence and position.",
    argDescriptions: { id: ruleId },
  }),
  defineTool({
    contract: orderRules.createOrderRule,
    name: "create_order_rule",
    description:
      "Create a fulfilment rule that acts on orders as they arrive. It is saved disabled unless the user asked to enable it: dry-run it first (dry_run_order_rule) and tell the user what it would have touched. Owners and admins.",
    argDescriptions: { name: "A short name, e.g. 'Hold orders over $500'", match: "ALL (default: every condition) or ANY (one is enough)", conditions, actions, enabled: "true only when the user asked to turn it on now" },
  }),
  defineTool({
    contract: orderRules.updateOrderRule,
    name: "update_order_rule",
    description: "Enable, disable, rename or rewrite a fulfilment rule. Use enabled:true to turn it on, enabled:false to stop it. Orders it already acted on keep what it did.",
    argDescriptions: { id: ruleId, name: "New name", enabled: "true to turn it on, false to turn it off", match: "ALL or ANY", conditions, actions },
  }),
  defineTool({
    contract: orderRules.dryRunOrderRule,
    name: "dry_run_order_rule",
    description:
      "Replay a rule over the last 30 days of orders without changing anything: how many orders it would have touched, held and split by stock, and the first 50 of them. Give ruleId for a saved rule, or match, conditions and actions for a draft.",
    argDescriptions: { ruleId: "A saved rule's id (or give a draft instead)", match: "ALL or ANY (draft)", conditions: `(draft) ${conditions}`, actions: `(draft) ${actions}` },
  }),
];
