import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, Outcome, Step } from "./offline-types";
import { parsePeriod } from "./offline-payments";
import { call, got } from "./offline-steps";

// The two export files offline: the financial report ("download the financial report for last
// month", "csv of my fees in october") and the returns ("export my returns for October", "csv of
// refunds this month"), then "is it ready?". The period is read as the payments report reads it;
// with none named, the last 30 days. Typos of export/download/returns/financial are tolerated.

type Export = ToolResponse<"export_returns">;

const EXPORT_WORD = /\b(export|exprot|exort|expot|download|downlaod|donwload|dowload|csv|spreadsheet|excel|file)\b/i;
const RETURN_WORD = /\b(returns?|retruns?|reutrns?|rma|refunds?|refudns?|rfunds?)\b/i;
const MONEY_WORD = /\b(financ(e|ial)|finacial|financal|fincancial|payments?|paymnets?|fees?|fess|charges|payouts?|money|accounting|bookkeeping|statement)\b/i;
const READY_ASK = /\b(ready|done|finished|is it (there|done)|where is (it|the file|my file)|how is (it|the export) going|progress)\b/i;

const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The period the words name, or the last 30 days up to today (the dialog's own default). */
function periodOf(text: string, now = new Date()): { from: string; to: string } {
  const named = parsePeriod(text, now);
  if (named) return { from: named.from, to: named.to };
  const tomorrow = new Date(Date.parse(`${day(now)}T00:00:00Z`) + DAY_MS);
  return { from: day(new Date(tomorrow.getTime() - 30 * DAY_MS)), to: day(tomorrow) };
}

/** What to say of an export just started or read: its sentence, and where the file is. */
function exportAnswer(e: Export, justStarted: boolean): string {
  if (e.status === "completed") return `${e.summary} Use the Download CSV button on the card to save it.`;
  if (e.status === "failed" || e.status === "cancelled") return e.summary;
  const summary = `${e.summary.charAt(0).toLowerCase()}${e.summary.slice(1)}`;
  return `${justStarted ? "I've started it" : "Not yet"}: ${summary} The card shows its progress and a Download CSV button once the file is ready.`;
}

function exportStep(start: "export_financial_report" | "export_returns", text: string, done: Outcome[], now: Date | undefined): Step {
  const started = got(done, start);
  if (started) return { answer: exportAnswer(started.value, true) };
  return call(start, periodOf(text, now));
}

const lastExport = (history: Outcome[]) => [...history].reverse().find((o) => (o.name === "export_returns" || o.name === "export_financial_report") && !o.error && !o.declined);

export const ORDER_EXPORT_INTENTS: Intent[] = [
  {
    name: "export-returns",
    tools: ["export_returns"],
    examples: [
      "export my returns for October", "csv of refunds this month", "download last month's returns", "exprot returns for september", "can I get a spreadsheet of my returns",
      "download the returns report", "export the rma list for last month", "i need a csv of all refunds in october", "retruns export for this month please", "excel file of returns last year",
    ],
    match: (t) => EXPORT_WORD.test(t) && RETURN_WORD.test(t) && !/\b(settings?|window|policy)\b/i.test(t),
    step: (t, done, _history, { now }) => exportStep("export_returns", t, done, now),
  },
  {
    name: "export-financial-report",
    tools: ["export_financial_report"],
    examples: [
      "download the financial report for last month", "export my payments for october", "csv of my fees this month", "financal report export", "download my payments report as a spreadsheet",
      "i need a file of all charges for my accountant", "export the financial report for september", "dowload finacial report last month", "excel export of my payouts this year", "give me a csv of fees and payouts",
    ],
    match: (t) => EXPORT_WORD.test(t) && MONEY_WORD.test(t) && !RETURN_WORD.test(t),
    step: (t, done, _history, { now }) => exportStep("export_financial_report", t, done, now),
  },
  {
    name: "export-ready",
    tools: ["get_financial_export", "get_returns_export"],
    examples: ["is it ready?", "is the export done", "is my file ready yet", "how is the export going", "where is the csv", "is the download ready"],
    applies: (history) => Boolean(lastExport(history)),
    match: (t) => READY_ASK.test(t) && !/\b(order|receiving|shipment|label)\b/i.test(t),
    step: (_t, done, history) => {
      const read = got(done, "get_returns_export") ?? got(done, "get_financial_export");
      if (read) return { answer: exportAnswer(read.value, false) };
      const returnsFile = lastExport(history)!.name === "export_returns";
      const started = returnsFile ? got(history, "export_returns") : got(history, "export_financial_report");
      if (!started) return { answer: "I couldn't find the export I started. Ask me to export it again." };
      return call(returnsFile ? "get_returns_export" : "get_financial_export", { id: started.value.id });
    },
  },
];
