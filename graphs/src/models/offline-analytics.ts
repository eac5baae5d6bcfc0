import { REPORTS, formatMeasure, type ReportResult } from "@atelier/contracts/analytics/index";
import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, IntentContext, Outcome } from "./offline-types";
import { call, got } from "./offline-steps";

// The store's numbers offline (the analytics reports): cohorts, churn risk, "why did AOV drop in
// October?", any report by name ("best sellers", "rfm", "free shipping threshold"), and follow-ups
// ("and last year?"). Every figure in an answer comes from run_report or drill_down_report; when
// they return nothing, the answer says so. Tolerant of the usual typos ("cohrts", "churnning").

type Run = ToolResponse<"run_report">;

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const MONTH_RE = /\b(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?)\b/i;

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The last twelve whole months and this one. */
export function lastYearRange(now = new Date()): { from: string; to: string } {
  return { from: iso(new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), 1))), to: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))) };
}

/** The most recent month with that name that has begun ("October" in November 2026 is October 2026). */
export function monthRange(text: string, now = new Date()): { from: string; to: string; name: string } | undefined {
  const m = text.match(MONTH_RE);
  if (!m) return undefined;
  const index = MONTHS.findIndex((name) => name.startsWith(m[1]!.toLowerCase().slice(0, 3)));
  const yearTyped = text.match(/\b(20\d\d)\b/);
  let year = yearTyped ? Number(yearTyped[1]) : now.getUTCFullYear();
  if (!yearTyped && index > now.getUTCMonth()) year -= 1;
  const from = new Date(Date.UTC(year, index, 1));
  return { from: iso(from), to: iso(new Date(Date.UTC(year, index + 1, 1))), name: `${MONTHS[index]![0]!.toUpperCase()}${MONTHS[index]!.slice(1)} ${year}` };
}

/** Words that name a report, checked in order (the first that matches wins). */
const REPORT_WORDS: [RegExp, string][] = [
  [/\brfm\b|\bsegments?\b/i, "analytics-rfm"],
  [/\bbest.?sell|\btop (products?|items?|sellers?)\b/i, "product-best-item"],
  [/\bcross.?sell|bought together|\bpairs?\b/i, "product-cross-selling-analysis"],
  [/\bfollow.?up purchase|buy next|second order\b/i, "product-follow-up-purchases"],
  [/\breturn rate|\breturns?\b|\breturned\b/i, "product-return-rate"],
  [/\bfree.?shipping\b/i, "free-shipping-threshold"],
  [/\b(marketing )?channels?\b|\bwhere .* come from\b/i, "marketing-channels"],
  [/\brepeat (purchase|rate|customers?)\b|\bcome back\b/i, "analytics-repeat-purchase"],
  [/\btime between (purchases?|orders?)\b|\bhow often\b/i, "analytics-time-between-purchase"],
  [/\b(lifetime value|ltv|clv)\b/i, "analytics-ltv"],
  [/\bpersonas?\b/i, "analytics-customer-persona"],
  [/\bdiscounts?( codes?)?\b/i, "order-discounts"],
  [/\bfulfil+(ment)? (speed|metrics|time)|\bship(ping)? (speed|time)\b/i, "fulfillment-metrics"],
  [/\bbasket size|\bitems per (order|basket)\b/i, "order-items-per-basket"],
  [/\brecovered\b|\bwin.?back\b/i, "analytics-recovered-customers"],
];
const ANALYTICS_WORD = /\b(reports?|analytics|numbers|revenue|sales|aov|average order|best.?sell|rfm|ltv|lifetime value|channels?|free.?shipping|return rate|repeat|personas?|cross.?sell|cohorts?)\b/i;
const COHORT_WORD = /\b(cohorts?|cohrts?|cohots?|coherts?|retention)\b/i;
const CHURN_WORD = /\b(churn\w*|chrun\w*|at.?risk|about to leave|stopp?ed (buying|ordering)|lapsing|lost customers)\b/i;
const AOV_WORD = /\b(aov|average order( value)?|avg order|basket value|order value)\b/i;
const WHY_WORD = /\b(why|what happened|explain|drop(ped)?|fell|fall|down|decline[ds]?|went down|lower)\b/i;
const FOLLOW_UP = /^\s*(and|what about|how about|same for|now)\b.*\b(last year|previous (year|period|month)|the (month|period|year) before|a year ago)\b/i;

function fig(result: ReportResult, key: string, value: number | null | undefined): string {
  const m = result.report.measures.find((x) => x.key === key);
  return m ? formatMeasure(value ?? null, m.format) : String(value ?? "–");
}

/** The report the screen shows, when the user is on one. */
function screenReport(context: IntentContext): string | undefined {
  const route = context.screen?.route?.replace(/^\//, "");
  return REPORTS.some((r) => r.id === route) ? route : undefined;
}

/** A report's top rows and totals in a few lines, with its notes. */
function summary(r: Run, title = r.report.title): string {
  const def = r.report;
  const primary = def.measures.find((m) => m.key === def.primary)!;
  const second = def.measures.find((m) => m.key !== primary.key);
  const rows = [...r.rows].filter((x) => (x.values[primary.key] ?? 0) !== 0);
  const top = def.dimension.kind === "time" ? rows.slice(-6) : rows.slice(0, 6);
  if (top.length === 0) return `${title} from ${r.params.from} to ${r.params.to}: no orders match, so there is nothing to show yet.`;
  const lines = top.map((x) => `- ${x.label}: ${primary.label.toLowerCase()} ${fig(r, primary.key, x.values[primary.key])}${second ? `, ${second.label.toLowerCase()} ${fig(r, second.key, x.values[second.key])}` : ""}`);
  const total = r.totals[primary.key];
  return [
    `${title} from ${r.params.from} to ${r.params.to}${total !== null && total !== undefined && def.dimension.kind === "time" ? ` (${primary.label.toLowerCase()} ${fig(r, primary.key, total)} in all)` : ""}:`,
    ...lines,
    ...r.notes,
    `Open /${def.id} to see every row and click a number for the orders behind it.`,
  ].join("\n");
}

function cohortAnswer(r: Run): string {
  const rows = r.rows.filter((x) => (x.values.customers ?? 0) > 0);
  if (rows.length === 0) return "No customer placed a first order in the last twelve months, so there are no cohorts to compare yet.";
  const withM1 = rows.slice(0, -1);
  const best = [...withM1].sort((a, b) => (b.values.m1 ?? 0) - (a.values.m1 ?? 0))[0];
  const recent = rows.slice(-4);
  const lines = recent.map((x) => `- ${x.label}: ${fig(r, "customers", x.values.customers)} new customers, ${fig(r, "m1", x.values.m1)} ordered again the next month, ${fig(r, "cohortRevenue", x.values.cohortRevenue)} revenue to date`);
  return [
    `Your cohorts (customers grouped by their first-order month), ${r.params.from} to ${r.params.to}:`,
    ...lines,
    best ? `The best month-1 retention was the ${best.label} cohort: ${fig(r, "m1", best.values.m1)} of its ${fig(r, "customers", best.values.customers)} customers came back the next month.` : "",
    "Open /analytics-cohorts and click a cell to see the customers behind it.",
  ].filter(Boolean).join("\n");
}

function churnAnswer(r: Run, d: ToolResponse<"drill_down_report"> | undefined): string {
  const at = r.rows.find((x) => x.key === "03");
  const gone = r.rows.find((x) => x.key === "04");
  const watch = r.rows.find((x) => x.key === "02");
  const who = d?.customers?.list.slice(0, 5).map((c) => `- ${c.name || c.email}: ${c.ordersCount} orders, ${formatMeasure(c.revenueCents, "money")} so far, last order ${c.lastOrderAt?.slice(0, 10) ?? "unknown"}`) ?? [];
  return [
    `As of ${r.params.asOf.slice(0, 10)}: ${fig(r, "customers", at?.values.customers ?? 0)} customers are at risk (1.5–3 times their usual gap since their last order, ${fig(r, "revenueAtStake", at?.values.revenueAtStake ?? 0)} spent so far), ${fig(r, "customers", watch?.values.customers ?? 0)} are slightly overdue and ${fig(r, "customers", gone?.values.customers ?? 0)} have likely churned.`,
    who.length ? `Most valuable at-risk customers (${d?.customers?.total ?? 0} in all):` : "",
    ...who,
    "Open /analytics-churn-risk and click the At risk row to see them all.",
  ].filter(Boolean).join("\n");
}

function aovAnswer(month: string, overview: Run, channels: Run | undefined, drill: ToolResponse<"drill_down_report"> | undefined): string {
  const now = overview.totals.aov;
  const before = overview.comparison?.totals.aov;
  if (!now || !overview.totals.orders) return `There were no orders in ${month}, so there is no average order value to explain.`;
  const pct = before ? Math.round(((now - before) / before) * 1000) / 10 : null;
  const dir = pct === null ? "" : pct < 0 ? `down ${Math.abs(pct)}%` : pct > 0 ? `up ${pct}%` : "unchanged";
  const lines = [`Average order value in ${month}: ${fig(overview, "aov", now)} over ${fig(overview, "orders", overview.totals.orders)} orders${before ? `, ${dir} from ${fig(overview, "aov", before)} in the month before (${fig(overview, "orders", overview.comparison?.totals.orders)} orders)` : ""}.`];
  if (channels) {
    const prev = new Map((channels.comparison?.rows ?? []).map((x) => [x.key, x.values]));
    const moves = channels.rows
      .filter((x) => (x.values.orders ?? 0) > 0)
      .map((x) => ({ x, was: prev.get(x.key) }))
      .map(({ x, was }) => `- ${x.label}: ${fig(channels, "orders", x.values.orders)} orders at ${fig(channels, "aov", x.values.aov)}${was ? ` (before: ${fig(channels, "orders", was.orders)} at ${fig(channels, "aov", was.aov)})` : " (new this month)"}`);
    lines.push("By channel (a shift toward lower-value channels lowers the average):", ...moves.slice(0, 6));
  }
  const orders = drill?.orders;
  if (orders?.list.length) {
    const low = [...orders.list].sort((a, b) => a.totalCents - b.totalCents).slice(0, 3).map((o) => `#${o.orderNumber} (${formatMeasure(o.totalCents, "money")}, ${o.customerName})`);
    lines.push(`Among the month's latest orders, the smallest were ${low.join(", ")}; the ${orders.total} orders behind the figure open from the ${month} row on /analytics.`);
  }
  return lines.join("\n");
}

/** The latest run_report of earlier turns, for "and last year?". */
function previousRun(history: Outcome[]) {
  return got(history, "run_report");
}

export const ANALYTICS_INTENTS: Intent[] = [
  {
    name: "analytics-follow-up",
    tools: ["run_report"],
    examples: ["and last year?", "what about the previous period?", "and the same month last year", "how about a year ago?", "now compare with the period before"],
    match: (t) => FOLLOW_UP.test(t),
    step: (t, done, history) => {
      const r = got(done, "run_report");
      if (r) {
        const c = r.value.comparison;
        const def = r.value.report;
        const p = def.measures.find((m) => m.key === def.primary)!;
        const lines = def.measures.slice(0, 4).map((m) => `- ${m.label}: ${fig(r.value, m.key, r.value.totals[m.key])}${c ? ` against ${fig(r.value, m.key, c.totals[m.key])}` : ""}`);
        return { answer: [`${def.title}, ${r.value.params.from} to ${r.value.params.to}${c ? ` compared with ${c.from} to ${c.to}` : ""}:`, ...lines, ...r.value.notes.filter((n) => n.startsWith(p.label))].join("\n") };
      }
      const before = previousRun(history);
      if (!before) return { answer: "Which report should I compare? Ask e.g. \"how did revenue do in October?\" first." };
      const yearly = /\byear\b/i.test(t);
      return call("run_report", { ...before.args, compare: yearly ? "PREVIOUS_YEAR" : "PREVIOUS_PERIOD" });
    },
  },
  {
    name: "analytics-why-aov",
    tools: ["run_report", "drill_down_report"],
    examples: ["why did AOV drop in October?", "why was my average order value lower in march", "what happened to aov in september", "explain the avg order value decline in may", "why did my average order go down in oct"],
    match: (t) => AOV_WORD.test(t) && WHY_WORD.test(t),
    step: (t, done, _history, { now }) => {
      const month = monthRange(t, now) ?? { ...lastMonth(now), name: "the last month" };
      const runs = done.filter((o) => o.name === "run_report");
      const overview = runs.length > 0 ? got([runs[0]!], "run_report") : undefined;
      if (!overview) return call("run_report", { reportId: "analytics", from: month.from, to: month.to, compare: "PREVIOUS_PERIOD" });
      const channels = runs.length > 1 ? got([runs[1]!], "run_report") : undefined;
      if (!channels) return call("run_report", { reportId: "marketing-channels", from: month.from, to: month.to, compare: "PREVIOUS_PERIOD" });
      const drill = got(done, "drill_down_report");
      const key = overview.value.rows[0]?.key;
      if (!drill && key && overview.value.totals.orders) return call("drill_down_report", { reportId: "analytics", from: month.from, to: month.to, key, size: 50 });
      return { answer: aovAnswer(month.name, overview.value, channels.value, drill?.value) };
    },
  },
  {
    name: "analytics-cohorts",
    tools: ["run_report"],
    examples: ["how are my cohorts doing", "show me cohort retention", "how r my cohrts", "do customers from last spring come back?", "retention by first order month"],
    match: (t) => COHORT_WORD.test(t),
    step: (_t, done, _history, { now }) => {
      const r = got(done, "run_report");
      return r ? { answer: cohortAnswer(r.value) } : call("run_report", { reportId: "analytics-cohorts", ...lastYearRange(now) });
    },
  },
  {
    name: "analytics-churn-risk",
    tools: ["run_report", "drill_down_report"],
    examples: ["who's at risk of churning", "which customers are about to leave", "show me churn risk", "customers who stopped buying", "who is likley to chrun"],
    match: (t) => CHURN_WORD.test(t),
    step: (_t, done, _history, { now }) => {
      const r = got(done, "run_report");
      if (!r) return call("run_report", { reportId: "analytics-churn-risk", ...lastYearRange(now) });
      const d = got(done, "drill_down_report");
      const at = r.value.rows.find((x) => x.key === "03");
      if (!d && at && (at.values.customers ?? 0) > 0) return call("drill_down_report", { reportId: "analytics-churn-risk", ...lastYearRange(now), key: "03", size: 5 });
      return { answer: churnAnswer(r.value, d?.value) };
    },
  },
  {
    name: "analytics-run-report",
    tools: ["run_report"],
    examples: ["show me my best sellers", "what's my rfm breakdown", "which marketing channels bring the most revenue", "what free shipping threshold should I set", "what's the return rate per product", "repeat purchase rate", "show this report", "give me the numbers for this report"],
    match: (t) => REPORT_WORDS.some(([re]) => re.test(t)) && ANALYTICS_WORD.test(t),
    step: (t, done, _history, context) => {
      const r = got(done, "run_report");
      if (r) return { answer: summary(r.value) };
      const named = REPORT_WORDS.find(([re]) => re.test(t))?.[1];
      const reportId = named ?? screenReport(context) ?? "analytics";
      const month = monthRange(t, context.now);
      return call("run_report", { reportId, ...(month ? { from: month.from, to: month.to } : lastYearRange(context.now)) });
    },
  },
];

function lastMonth(now = new Date()): { from: string; to: string } {
  return { from: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))), to: iso(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))) };
}
