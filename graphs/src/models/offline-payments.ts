import { PAYMENT_KIND_WORDS, PAYMENT_ROW_STATUS_WORDS, type PaymentKind } from "@atelier/contracts/fees";
import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, IntentContext } from "./offline-types";
import { call, got, usd } from "./offline-steps";

// The store's payments offline: what it paid in a kind of fee over a period ("what did I pay in
// fulfilment fees last month?"), why a charge was made ("why was I charged $1.50?"), its payouts
// ("how much was my last payout?", "show me this payout") and one card payment ("this payment").
// Distinct from the published fee schedule ("what are your fees", the business settings) and the
// plan's invoices ("billing history"): these read the store's own money.

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const MONTH_WORD = /\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b/i;

const PAID_WORD = /\b(paid|pay|payed|spent|spend|charged|charges|cost me|owe|owing|balance due|billed)\b/i;
const FEE_WORD = /\b(fulfil+ment|fulfil+ing|fullfil+ment|storage|stroage|qc|quality[- ]check|inspection|shipping labels?|labels?|subscription|plan|ai credits?|purchases?|fees?|fess)\b/i;
const PAYOUT_WORD = /\b(pay ?outs?|paid out|deposits?|pay-outs?)\b/i;
const REPORT_WORD = /\b(payments? report|paymnets? report|statement|money report)\b/i;
const SCHEDULE_ASK = /\b(what are (your|the)|how much (does|do|is)|do you charge|does it cost|pricing|price list|cost to|costs? of|rates?|processing fee)\b/i;

/** The kind a request names ("fulfilment fees", "storage", "QC", "my plan"). */
export function parsePaymentKind(text: string): PaymentKind | undefined {
  if (PAYOUT_WORD.test(text)) return "PAYOUT";
  if (/\b(fulfil+ment|fullfil+ment|fulfil+ing|per order)\b/i.test(text)) return "FULFILMENT_FEE";
  if (/\b(storage|stroage|bins?)\b/i.test(text)) return "STORAGE_FEE";
  if (/\b(qc|quality[- ]checks?|inspections?)\b/i.test(text)) return "QC_FEE";
  if (/\b(shipping labels?|labels?)\b/i.test(text)) return "SHIPPING_LABEL";
  if (/\b(ai credits?|credits?)\b/i.test(text)) return "AI_CREDITS";
  if (/\b(subscription|my plan|plan fees?)\b/i.test(text)) return "SUBSCRIPTION";
  if (/\b(purchases?|samples?|production)\b/i.test(text)) return "PURCHASE";
  return undefined;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d = 1) => new Date(Date.UTC(y, m, d));

/** The period a request names, as half-open days: last/this month, week or year, a month by name; none when it names none. */
export function parsePeriod(text: string, now = new Date()): { from: string; to: string; words: string } | undefined {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  if (/\blast month\b|\bprevious month\b/i.test(text)) return { from: day(utc(y, m - 1)), to: day(utc(y, m)), words: `in ${MONTHS[(m + 11) % 12]}` };
  if (/\bthis month\b/i.test(text)) return { from: day(utc(y, m)), to: day(utc(y, m + 1)), words: "this month" };
  if (/\blast year\b/i.test(text)) return { from: day(utc(y - 1, 0)), to: day(utc(y, 0)), words: `in ${y - 1}` };
  if (/\bthis year\b/i.test(text)) return { from: day(utc(y, 0)), to: day(utc(y + 1, 0)), words: `in ${y}` };
  const monday = utc(y, m, now.getUTCDate() - ((now.getUTCDay() + 6) % 7));
  if (/\blast week\b/i.test(text)) return { from: day(new Date(monday.getTime() - 7 * 86_400_000)), to: day(monday), words: "last week" };
  if (/\bthis week\b/i.test(text)) return { from: day(monday), to: day(new Date(monday.getTime() + 7 * 86_400_000)), words: "this week" };
  const named = text.match(MONTH_WORD)?.[1];
  if (named && !/\bmay i\b/i.test(text)) {
    const month = MONTHS.findIndex((name) => name.startsWith(named.toLowerCase().slice(0, 3)));
    const year = month > m ? y - 1 : y;
    return { from: day(utc(year, month)), to: day(utc(year, month + 1)), words: `in ${MONTHS[month]} ${year}` };
  }
  return undefined;
}

/** An amount the user quotes: "$1.50", "1.15 dollars". */
function parseCents(text: string): number | undefined {
  const found = text.match(/\$\s?(\d{1,6}(?:\.\d{1,2})?)\b/) ?? text.match(/\b(\d{1,6}\.\d{2})\b/);
  return found ? Math.round(Number(found[1]) * 100) : undefined;
}

type Report = ToolResponse<"get_payments_report">;
type Row = Report["list"][number];

function rowLine(r: Row): string {
  const when = r.occurredAt.slice(0, 10);
  const refunded = r.refundedCents > 0 ? `, ${usd(r.refundedCents)} refunded` : "";
  return `- ${when}: ${r.description} — ${usd(r.amountCents)} (${PAYMENT_ROW_STATUS_WORDS[r.status].toLowerCase()}${refunded})`;
}

function reportAnswer(r: Report, kind: PaymentKind | undefined, words: string): string {
  const due = r.balanceDueCents > 0 ? `\nBalance due now: ${usd(r.balanceDueCents)} (taken from your next payout, or charged once a card works).${r.payableCents > 0 ? ' Say "pay it" to pay it now with your card.' : ""}` : "";
  if (kind) {
    const total = r.totals[kind];
    if (r.total === 0) return `No ${PAYMENT_KIND_WORDS[kind].toLowerCase()} ${words}.${due}`;
    const verb = kind === "PAYOUT" ? "You were paid out" : "You paid";
    const lines = [`${verb} ${usd(total)} in ${PAYMENT_KIND_WORDS[kind].toLowerCase()} ${words} (${r.total} ${r.total === 1 ? "entry" : "entries"}):`, ...r.list.slice(0, 8).map(rowLine)];
    if (r.total > 8) lines.push(`…and ${r.total - 8} more on the payments report.`);
    return lines.join("\n") + due;
  }
  const kinds = (Object.entries(r.totals) as [PaymentKind, number][]).filter(([, cents]) => cents !== 0);
  if (kinds.length === 0) return `Nothing was paid or paid out ${words}.${due}`;
  return [`Your payments ${words}:`, ...kinds.map(([k, cents]) => `- ${PAYMENT_KIND_WORDS[k]}: ${usd(cents)}`)].join("\n") + due;
}

function feeReason(r: Row): string {
  if (r.kind === "FULFILMENT_FEE") return `the fulfilment fee for order #${r.orderNumber}: the fulfilment center charges it once for each order it ships ($1.50, or $1.15 on the Professional plan)`;
  if (r.kind === "STORAGE_FEE") return `a storage fee: ${r.description.replace(/^Storage fee for /, "")}`;
  return r.description;
}

function payoutAnswer(p: ToolResponse<"get_payout_record">): string {
  const week = `${p.periodStart.slice(0, 10)} to ${new Date(Date.parse(p.periodEnd) - 86_400_000).toISOString().slice(0, 10)}`;
  const lines = [
    `Your payout of ${p.paidAt.slice(0, 10)} was ${usd(p.netCents)}: ${p.orderCount} storefront ${p.orderCount === 1 ? "sale" : "sales"} from ${week} came to ${usd(p.grossCents)}, less ${usd(p.processingCents)} payment processing (5%)${p.feesCents ? ` and ${usd(p.feesCents)} in fees that were due` : ""}.`,
  ];
  for (const f of p.fees.slice(0, 5)) lines.push(`- ${f.description}: ${usd(f.amountCents)}`);
  return lines.join("\n");
}

function paymentAnswer(p: ToolResponse<"get_payment_record">): string {
  const card = p.card ? ` on the ${p.card.brand === "unknown" ? "card" : p.card.brand.charAt(0).toUpperCase() + p.card.brand.slice(1)} ending ${p.card.last4}` : "";
  const head = p.succeeded ? `${usd(p.amountCents)} was charged${card} on ${p.createdAt.slice(0, 10)}` : `A charge of ${usd(p.amountCents)}${card} on ${p.createdAt.slice(0, 10)} was declined`;
  const what = p.fees.length ? ` for ${p.fees.map((f) => (f.orderNumber !== null ? `order #${f.orderNumber}'s fulfilment` : f.receivingSn ? `storage after ${f.receivingSn}` : f.description)).join(", ")}` : ` — ${p.description}`;
  const refunds = p.refundedCents > 0 ? ` ${usd(p.refundedCents)} of it was refunded (${p.refunds.map((r) => r.reason).join("; ")}).` : "";
  return `${head}${what} (${PAYMENT_KIND_WORDS[p.kind].toLowerCase()}).${refunds}`;
}

const onScreen = (context: IntentContext, type: "payout" | "payment_record") => (context.screen?.entity?.type === type ? context.screen.entity.id : undefined);
const yearAgo = () => day(new Date(Date.now() - 365 * 86_400_000));

export const PAYMENT_INTENTS: Intent[] = [
  {
    name: "payout-record",
    tools: ["get_payments_report", "get_payout_record"],
    examples: [
      "how much was my last payout?", "show me this payout", "what was in my latest payout", "how much did you pay me last week", "when is my payout, how much was the last one",
      "explain this payout", "last payot amount", "what fees came out of my payout",
    ],
    match: (t) => PAYOUT_WORD.test(t) || /\b(payot|paid me|pay me)\b/i.test(t),
    step: (_t, done, _history, context) => {
      const record = got(done, "get_payout_record");
      if (record) return { answer: payoutAnswer(record.value) };
      const shown = onScreen(context, "payout");
      if (shown) return call("get_payout_record", { id: shown });
      const list = got(done, "get_payments_report");
      if (list) {
        const latest = list.value.list[0];
        if (!latest?.payoutRecordId) return { answer: "You have had no payouts in the last year. Payouts come each Monday for the week before's storefront sales, less 5% processing and any fees due." };
        return call("get_payout_record", { id: latest.payoutRecordId });
      }
      return call("get_payments_report", { kind: "PAYOUT", from: yearAgo(), size: 1 });
    },
  },
  {
    name: "payment-record",
    tools: ["get_payment_record"],
    examples: ["what was this payment for?", "which card paid this", "show me this charge", "was this payment refunded?", "explain charge ch_123abc"],
    match: (t) => /\bch_[a-z0-9]{6,}\b/i.test(t) || (/\b(this|that)\s+(payment|charge)\b/i.test(t)),
    step: (t, done, _history, context) => {
      const record = got(done, "get_payment_record");
      if (record) return { answer: paymentAnswer(record.value) };
      const id = t.match(/\b(ch_[a-z0-9]{6,})\b/i)?.[1] ?? onScreen(context, "payment_record");
      if (!id) return { answer: 'Which payment? Open it from the payments report, or ask "why was I charged $1.50?".' };
      return call("get_payment_record", { id });
    },
  },
  {
    name: "why-charged",
    tools: ["get_payments_report"],
    examples: ["why was I charged $1.50?", "what is this $1.15 charge", "why did you charge me 1.00", "what's the $1 fee on my card", "why was i billed $299", "wat is this charge of $1.50"],
    match: (t) => /\b(why|what)\b/i.test(t) && /\b(charged?|charges|billed|fee|taken|debit(ed)?)\b/i.test(t) && parseCents(t) !== undefined && !SCHEDULE_ASK.test(t),
    step: (t, done) => {
      const cents = parseCents(t);
      const r = got(done, "get_payments_report");
      if (!r) return call("get_payments_report", { from: day(new Date(Date.now() - 90 * 86_400_000)), size: 100 });
      const rows = r.value.list.filter((row) => row.kind !== "PAYOUT" && (cents === undefined || row.amountCents === cents));
      if (rows.length === 0) return { answer: `I found no charge of ${cents === undefined ? "that amount" : usd(cents)} in the last 90 days. The payments report lists every fee and card payment.` };
      const first = rows[0]!;
      const others = rows.length > 1 ? `\nThere ${rows.length === 2 ? "is 1 more charge" : `are ${rows.length - 1} more charges`} of that amount in the last 90 days:\n${rows.slice(1, 6).map(rowLine).join("\n")}` : "";
      return { answer: `On ${first.occurredAt.slice(0, 10)}, ${usd(first.amountCents)} was ${first.kind === "FULFILMENT_FEE" || first.kind === "STORAGE_FEE" ? "" : "paid for "}${feeReason(first)} (${PAYMENT_ROW_STATUS_WORDS[first.status].toLowerCase()}).${others}` };
    },
  },
  {
    name: "payments-report",
    tools: ["get_payments_report"],
    examples: [
      "what did I pay in fulfilment fees last month?", "how much have i spent on storage fees this year", "show my payments report", "what do I owe the fulfilment center",
      "total fees paid in october", "payments report for last month", "fulfilment fess last month", "how much did qc inspections cost me this year", "what did I pay for my plan last year",
      "how much did i pay in fees this week", "how much did storage fees cost me in march", "what have my storage fees cost me so far", "what did fulfilment cost me in september",
    ],
    match: (t) => REPORT_WORD.test(t) || (PAID_WORD.test(t) && FEE_WORD.test(t) && !SCHEDULE_ASK.test(t) && !/\b(invoices?|billing history|receipts?)\b/i.test(t)) || /\bwhat do i owe\b|\bbalance due\b/i.test(t),
    step: (t, done, _history, { now }) => {
      const kind = parsePaymentKind(t);
      const period = parsePeriod(t, now);
      const r = got(done, "get_payments_report");
      if (r) return { answer: reportAnswer(r.value, kind, period?.words ?? "in the last 30 days") };
      return call("get_payments_report", { ...(kind ? { kind } : {}), ...(period ? { from: period.from, to: period.to } : {}), size: 20 });
    },
  },
];
