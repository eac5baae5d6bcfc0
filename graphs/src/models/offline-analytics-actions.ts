import { formatMeasure } from "@atelier/contracts/analytics/index";
import { screenEntityId } from "@atelier/contracts/agent-context";
import type { Intent, IntentContext, Outcome } from "./offline-types";
import { call, got, last } from "./offline-steps";
import { lastYearRange } from "./offline-analytics";
import { parseOrdinal } from "./offline-references";
import type { ToolResponse } from "@atelier/tools/tool-results";

// From a report, one action (issue 20, agents): the churn-risk segment saved as a customer list
// ("save the churn-risk customers as a list", "make a list of the ones who likely churned", "save
// these customers" on a customer report), and the saved lists read back. Nothing is sent to anyone.
// And a product with many returns asked about with its supplier ("ask the supplier about the returns
// of the linen apron", "open a ticket with the maker about the second one"): the approval names the
// recipient before anything is sent.

const LIST_WORD = /\b(lists?|lsit|segment|audience)\b/i;
const SAVE_WORD = /\b(save|sav|make|create|turn|keep|put|add)\b/i;
const CHURN_WORD = /\b(churn\w*|chrun\w*|at.?risk|about to leave|lapsing|stopp?ed (buying|ordering)|overdue)\b/i;
const THESE_WORD = /\b(these|this|them|those) (customers|people|buyers|segment|row|ones)\b|\bthem\b/i;
const SHOW_LISTS = /\b(show|list|what|which|see|open)\b.*\b(customer )?lists?\b/i;

/** The churn-risk row a request names: likely churned, slightly overdue, or at risk (the default). */
function churnRow(text: string): { key: string; label: string } {
  if (/\b(likely|already|probably)? ?(churned|gone|lost)\b/i.test(text)) return { key: "04", label: "Likely churned" };
  if (/\b(watch|overdue|slightly)\b/i.test(text)) return { key: "02", label: "Watch" };
  return { key: "03", label: "At risk" };
}

/** The customer report on screen, when the user says "these customers". */
function screenCustomerReport(context: IntentContext): string | undefined {
  const route = context.screen?.route?.replace(/^\//, "");
  return route && ["analytics-churn-risk", "analytics-rfm", "analytics-customer-persona", "analytics-base-zone"].includes(route) ? route : undefined;
}

function errorOf(done: Outcome[], name: string): string | undefined {
  const o = last(done, name as "save_customer_list");
  return o?.error ? o.error.message : undefined;
}

export const ANALYTICS_ACTION_INTENTS: Intent[] = [
  {
    name: "analytics-save-customer-list",
    tools: ["run_report", "save_customer_list"],
    examples: [
      "save the churn-risk customers as a list", "make a list of the customers at risk of churning", "turn the at risk segment into a customer list",
      "create a list of customers who likely churned", "sav the chrun risk customers as a list", "save these customers as a list",
    ],
    match: (t) => SAVE_WORD.test(t) && LIST_WORD.test(t) && (CHURN_WORD.test(t) || THESE_WORD.test(t)),
    step: (t, done, _history, context) => {
      const reportId = CHURN_WORD.test(t) ? "analytics-churn-risk" : screenCustomerReport(context) ?? "analytics-churn-risk";
      const range = lastYearRange(context.now);
      const r = got(done, "run_report");
      if (!r) return call("run_report", { reportId, ...range });
      const saved = got(done, "save_customer_list");
      if (saved) {
        const l = saved.value;
        return { answer: `Saved the list “${l.name}”: ${l.customerCount} customers from the ${l.segmentLabel} row of ${l.reportTitle}, as of ${l.asOf.slice(0, 10)}. Nothing was sent to them; open /analytics-churn-risk to see the list and its customers.` };
      }
      const failed = errorOf(done, "save_customer_list");
      if (failed) return { answer: `I couldn't save the list: ${failed}` };
      const wanted = reportId === "analytics-churn-risk" ? churnRow(t) : undefined;
      const row = wanted ? r.value.rows.find((x) => x.key === wanted.key) : [...r.value.rows].sort((a, b) => (b.values.customers ?? 0) - (a.values.customers ?? 0))[0];
      if (!row || !(row.values.customers ?? 0)) {
        return { answer: `No customers are in the ${wanted?.label ?? "report's"} group as of ${r.value.params.asOf.slice(0, 10)}, so there is no list to save.` };
      }
      return call("save_customer_list", { reportId, params: { from: r.value.params.from, to: r.value.params.to, asOf: r.value.params.asOf }, key: row.key });
    },
  },
  {
    name: "analytics-customer-lists",
    tools: ["list_customer_lists"],
    examples: ["show my customer lists", "which customer lists have I saved", "what lists do i have", "open my saved lists of customers"],
    match: (t) => SHOW_LISTS.test(t) && /\bcustomer|saved\b/i.test(t) && !SAVE_WORD.test(t),
    step: (_t, done) => {
      const lists = got(done, "list_customer_lists");
      if (!lists) return call("list_customer_lists", { size: 10 });
      if (lists.value.total === 0) return { answer: "You have no saved customer lists yet. Say \"save the churn-risk customers as a list\" to make one from the churn-risk report." };
      const lines = lists.value.list.map((l) => `- ${l.name}: ${formatMeasure(l.customerCount, "count")} customers (${l.segmentLabel}, ${l.reportTitle}, as of ${l.asOf.slice(0, 10)})`);
      return { answer: [`Your saved customer lists (${lists.value.total}):`, ...lines, "They are listed on /analytics-churn-risk."].join("\n") };
    },
  },
];

const ASK_WORD = /\b(ask|contact|tell|write|message|email|complain|raise|open|start|talk|reach)\b/i;
const RETURNS_WORD = /\b(returns?|returned|retruns?|reutrns?|sent back|coming back|comes back|come back)\b/i;
const MAKER_WORD = /\b(supplier|suplier|supplier's|maker|factory|manufacturer|vendor|ticket|warehouse)\b/i;

/**
 * The product a request names among the return-rate report's rows: by name, by position, else the
 * product whose row is open on screen ("this product"), else the most returned.
 */
function returnProduct(text: string, rows: { key: string; values: Record<string, number | null> }[], onScreen?: string): string | undefined {
  const withReturns = rows.filter((r) => (r.values.returnedUnits ?? 0) > 0);
  const lower = text.toLowerCase();
  const named = [...withReturns].sort((a, b) => b.key.length - a.key.length).find((r) => lower.includes(r.key.toLowerCase()));
  if (named) return named.key;
  const n = parseOrdinal(text);
  if (n !== undefined) return (n === -1 ? withReturns.at(-1) : withReturns[n - 1])?.key;
  if (onScreen && rows.some((r) => r.key === onScreen)) return onScreen;
  return withReturns[0]?.key;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The range of the report on screen when its address has one, else the last twelve months. */
function screenRange(context: IntentContext): { from: string; to: string } {
  const q = context.screen?.query ?? {};
  return q.from && q.to && DAY.test(q.from) && DAY.test(q.to) && q.from < q.to ? { from: q.from, to: q.to } : lastYearRange(context.now);
}

const WHY_WORD = /\b(why|how come|so (high|many|much|often|bad)|explain|what'?s (going on|wrong|up)|reason)\b/i;
const PRODUCT_WORD = /\b(products?|prodcuts?|items?|this one|it)\b/i;

/** Why a product comes back: its figures against every product's, and the orders with its returns. */
function productReturnsAnswer(product: string, r: ToolResponse<"run_report">, drill: ToolResponse<"drill_down_report"> | undefined): string {
  const row = r.rows.find((x) => x.key === product);
  const p = `${r.params.from} to ${r.params.to}`;
  if (!row || !(row.values.returnedUnits ?? 0)) return `${product} had no returns from ${p}${row ? ` (${formatMeasure(row.values.units ?? 0, "count")} units sold)` : ""}, so there is nothing to explain in these dates.`;
  const rate = row.values.returnRate ?? 0;
  const all = r.totals.returnRate ?? 0;
  const rank = r.rows.filter((x) => (x.values.returnRate ?? 0) > rate).length + 1;
  const orders = drill?.orders?.list.slice(0, 5).map((o) => `- order #${o.orderNumber} on ${o.placedAt.slice(0, 10)}, ${o.customerName || "a guest"}, ${formatMeasure(o.totalCents, "money")}`) ?? [];
  return [
    `${product}: ${formatMeasure(row.values.returnedUnits ?? 0, "count")} of ${formatMeasure(row.values.units ?? 0, "count")} units came back from ${p} (${formatMeasure(rate, "percent")}, ${formatMeasure(row.values.returnedValue ?? 0, "money")}), against ${formatMeasure(all, "percent")} for all products; it ranks ${rank} of ${r.rows.length} by return rate.`,
    orders.length ? `The orders with its returns (${drill?.orders?.total ?? orders.length} in all, newest first):` : "",
    ...orders,
    "The store records how many units came back, not why: the customers' reasons are on each order's return. To ask its supplier about it, say \"ask the supplier about this product's returns\".",
  ].filter(Boolean).join("\n");
}

export const RETURN_QUESTION_INTENTS: Intent[] = [
  {
    name: "analytics-ask-about-returns",
    tools: ["run_report", "draft_return_question", "ask_about_returns"],
    examples: [
      "ask the supplier about the returns of this product", "open a ticket with the supplier about the most returned product",
      "tell the maker the second one gets returned too much", "contact the factory about returns", "ask suplier about retruns on the top product",
    ],
    match: (t) => ASK_WORD.test(t) && RETURNS_WORD.test(t) && MAKER_WORD.test(t),
    step: (t, done, _history, context) => {
      const range = screenRange(context);
      const sent = got(done, "ask_about_returns");
      if (sent) {
        const to = sent.value.recipient.kind === "SUPPLIER" ? `${sent.value.recipient.name} in your inbox` : `the fulfilment center as ticket ${sent.value.reference}`;
        return { answer: `Sent to ${to}, with the return figures. Their answer will come to ${sent.value.recipient.kind === "SUPPLIER" ? "/inbox/messages" : "/fulfillment-services/warehouse-tickets"}.` };
      }
      const declined = last(done, "ask_about_returns");
      if (declined?.declined) return { answer: "Nothing was sent." };
      if (declined?.error) return { answer: `I couldn't send it: ${declined.error.message}` };
      const draft = got(done, "draft_return_question");
      if (draft) {
        const d = draft.value;
        return call("ask_about_returns", { product: d.product, from: d.figures.from, to: d.figures.to, asOf: d.figures.asOf, recipient: d.recipient.kind, message: d.message });
      }
      const failed = errorOf(done, "draft_return_question");
      if (failed) return { answer: `I couldn't prepare the question: ${failed}` };
      const report = got(done, "run_report");
      if (!report) return call("run_report", { reportId: "product-return-rate", ...range });
      const product = returnProduct(t, report.value.rows, screenEntityId(context.screen, "report_product"));
      if (!product) return { answer: `No product had returns between ${report.value.params.from} and ${report.value.params.to}, so there is nothing to ask a supplier about.` };
      return call("draft_return_question", { product, from: report.value.params.from, to: report.value.params.to, asOf: report.value.params.asOf });
    },
  },
  {
    // "Why are this product's returns so high?" with a product's row open on a product report: its
    // return figures against every product's and the orders behind its returns. Nothing is sent.
    name: "analytics-product-returns",
    tools: ["run_report", "drill_down_report"],
    examples: [
      "why are this product's returns so high?", "why does this product get returned so much", "why is the return rate of this item so high",
      "why do ppl send this one back", "why r the retruns so high on this product", "explain the returns of the linen apron",
    ],
    match: (t) => RETURNS_WORD.test(t) && WHY_WORD.test(t) && PRODUCT_WORD.test(t),
    step: (t, done, _history, context) => {
      const report = got(done, "run_report");
      if (!report) return call("run_report", { reportId: "product-return-rate", ...screenRange(context) });
      const { from, to, asOf } = report.value.params;
      const product = returnProduct(t, report.value.rows, screenEntityId(context.screen, "report_product"));
      if (!product) return { answer: `No product had returns from ${from} to ${to}, so there is nothing to explain.` };
      const drill = got(done, "drill_down_report");
      const row = report.value.rows.find((x) => x.key === product);
      if (!drill && (row?.values.returnedUnits ?? 0) > 0) return call("drill_down_report", { reportId: "product-return-rate", from, to, asOf, key: product, measure: "returnedUnits", size: 5 });
      return { answer: productReturnsAnswer(product, report.value, drill?.value) };
    },
  },
];
