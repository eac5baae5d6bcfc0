import type { ToolResponse } from "@atelier/tools/tool-results";
import { QC_INSPECTION_FEE_CENTS } from "@atelier/contracts/shipping";
import type { Intent, IntentContext } from "./offline-types";
import { call, got } from "./offline-steps";

// Quality checks: "how many units do I inspect from a lot of 1000 at AQL 2.5", "book an inspection
// for PO-1042, 1000 tees", "we found 0 critical, 3 major and 9 minor defects", "did PO-1042 pass".

const AQL_VALUES = ["0.010", "0.015", "0.025", "0.040", "0.065", "0.10", "0.15", "0.25", "0.40", "0.65", "1.0", "1.5", "2.5", "4.0", "6.5", "10"];
const LOT = /\b(?:lot(?: size)?(?: of)?|batch of|of)\s+(\d[\d,]*)|(\d[\d,]*)\s*(?:units?|pcs|pieces|tees?|mugs?|items?)\b/i;
const REFERENCE = /\b([A-Za-z]{2,5}-\d{1,9})\b/;

function lotOf(t: string): number | undefined {
  const m = t.match(LOT);
  const n = m ? Number((m[1] ?? m[2])!.replace(/,/g, "")) : undefined;
  return n && n >= 2 ? n : undefined;
}

/** "aql 2.5" → "2.5", matched to the table's spelling ("4" → "4.0", ".65" → "0.65"). */
function aqlOf(t: string): string | undefined {
  const m = t.match(/\baql\s*(?:of\s*)?(\d*\.?\d+)/i);
  if (!m) return undefined;
  const v = Number(m[1]);
  return AQL_VALUES.find((a) => Number(a) === v);
}

function levelOf(t: string): string | undefined {
  const m = t.match(/\blevel\s*(iii|ii|i|3|2|1)\b/i);
  return m ? ({ "1": "I", "2": "II", "3": "III" }[m[1]!] ?? m[1]!.toUpperCase()) : undefined;
}

function samplingArgs(t: string, lotSize: number): Record<string, unknown> {
  const aql = aqlOf(t);
  const level = levelOf(t);
  return { lotSize, ...(level ? { level } : {}), ...(aql ? { aqlMajor: aql } : {}) };
}

type Plan = ToolResponse<"get_sampling_plan">;
const planLines = (p: Plan) => [
  `Critical (AQL ${p.critical.aql}): inspect ${p.critical.sampleSize}, accept ${p.critical.accept}, reject at ${p.critical.reject}.`,
  `Major (AQL ${p.major.aql}): inspect ${p.major.sampleSize}, accept ${p.major.accept}, reject at ${p.major.reject}.`,
  `Minor (AQL ${p.minor.aql}): inspect ${p.minor.sampleSize}, accept ${p.minor.accept}, reject at ${p.minor.reject}.`,
];

function countOf(t: string, word: string): number | undefined {
  const m = t.match(new RegExp(`(\\d+|no|zero)\\s+${word}`, "i"));
  if (!m) return undefined;
  return /^(no|zero)$/i.test(m[1]!) ? 0 : Number(m[1]);
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
/** The inspection open on the quality control screen (?inspection=<id>), for "this inspection". */
const openedInspection = (c: IntentContext) => (c.screen?.entity?.type === "qc_inspection" ? c.screen.entity.id : undefined);
/** The receiving on screen (/receivings/RCV-1003/details), for "inspect this receiving". */
const receivingOnScreen = (c: IntentContext) => (c.screen?.entity?.type === "receiving" && /^RCV-\d+$/i.test(c.screen.entity.id) ? c.screen.entity.id.toUpperCase() : undefined);

type Inspection = ToolResponse<"get_qc_inspection">;
function reportLines(r: Inspection): string {
  const why = r.classVerdicts ? DEFECT_WORDS.filter(([k]) => r.classVerdicts![k] === "FAIL").map(([k, w]) => `${r.found![k]} ${w} (accept ${r.plan[k].accept})`) : [];
  const photos = r.photos.length ? ` ${r.photos.length} defect photo${r.photos.length === 1 ? "" : "s"} in the report.` : "";
  const receiving = r.receiving
    ? ` It is the inspection of receiving RCV-${r.receiving.number}${r.receiving.supplierName ? ` from ${r.receiving.supplierName}` : ""}.`
    : r.purchase ? ` It is the inspection of your purchase ${r.purchase.title}${r.purchase.supplierName ? ` from ${r.purchase.supplierName}` : ""}.` : "";
  if (!r.found) return `The inspection of ${r.reference} (${r.product}) is booked and waits for its report: inspect ${r.plan.sampleSize} of ${r.lotSize} units.${receiving}`;
  return `The inspection of ${r.reference} (${r.product}) ${verdictWords(r.verdict)}: ${r.found.critical} critical, ${r.found.major} major, ${r.found.minor} minor defects in ${r.plan.sampleSize} units.${why.length ? ` Over the limit: ${why.join(", ")}.` : ""}${photos}${receiving}`;
}

const verdictWords = (v: string | null) => (v === "PASS" ? "passed" : v === "FAIL" ? "failed" : "not reported yet");

export const QUALITY_INTENTS: Intent[] = [
  {
    name: "report-qc-inspection",
    tools: ["report_qc_inspection", "list_qc_inspections"],
    examples: ["we found 0 critical, 3 major and 9 minor defects", "record the inspection: 1 critical 2 major 4 minor", "inspection result for PO-1042: no critical, 2 major, 5 minor", "report 3 major defects and 7 minor", "the inspector found 2 majr and 1 minor defect"],
    match: (t) => /\b(critical|major|majr|minor)\b/i.test(t) && /\b(defects?|found|inspections?|inspector|report)\b/i.test(t) && /\d|\bno\b|\bzero\b/i.test(t) && !/\baql\b/i.test(t),
    step: (t, done, _history, context) => {
      const reported = got(done, "report_qc_inspection");
      if (reported) return { answer: reportLines(reported.value) };
      const counts = { critical: countOf(t, "critical") ?? 0, major: countOf(t, "(?:major|majr)") ?? 0, minor: countOf(t, "minor") ?? 0 };
      const opened = openedInspection(context);
      if (opened && !REFERENCE.test(t)) return call("report_qc_inspection", { id: opened, ...counts });
      const listed = got(done, "list_qc_inspections");
      if (!listed) {
        const ref = t.match(REFERENCE)?.[1];
        return call("list_qc_inspections", { status: "BOOKED", size: 1, ...(ref ? { search: ref } : {}) });
      }
      const target = listed.value.list[0];
      if (!target) return { answer: "There is no booked inspection waiting for a report. Book one first, e.g. \"book an inspection for PO-1042, 1000 tees\"." };
      return call("report_qc_inspection", { id: target.id, ...counts });
    },
  },
  {
    name: "book-qc-inspection",
    tools: ["book_qc_inspection"],
    examples: ["book an inspection for PO-1042, 1000 tees", "book a pre-shipment inspection of PO-77, lot of 500 mugs", "schedule a quality check for PO-12 2000 units", "book qc for rcv-9 300 pieces at receiving", "bok an inspectoin for PO-5 800 units", "book a quality check of this receiving, 300 mugs", "how much does an inspection cost"],
    match: (t) => (/\b(book|bok|schedule|arrange)\b/i.test(t) && /\b(inspections?|inspectoin|qc|quality (check|control|inspection))\b/i.test(t)) || (/\b(cost|price|fee|how much)\b/i.test(t) && /\b(inspections?|qc|quality checks?)\b/i.test(t)),
    step: (t, done, _history, context) => {
      const booked = got(done, "book_qc_inspection");
      if (booked) {
        const b = booked.value;
        return { answer: [`Booked: inspection of ${b.reference} (${b.product}), ${b.lotSize} units, code letter ${b.plan.codeLetter}; inspect ${b.plan.sampleSize} units. ${dollars(b.feeCents)} was charged to your card.`, ...planLines(b.plan), "Tell me the defects found when it is done."].join("\n") };
      }
      const fee = dollars(QC_INSPECTION_FEE_CENTS);
      if (!/\b(book|bok|schedule|arrange)\b/i.test(t)) return { answer: `An inspection costs ${fee}, charged to your card when you book it. Say e.g. "book an inspection for PO-1042, 1000 tees" and I'll ask you to confirm before anything is charged.` };
      const reference = t.match(REFERENCE)?.[1]?.toUpperCase() ?? (/\bthis\b/i.test(t) ? receivingOnScreen(context) : undefined);
      const lotSize = lotOf(t);
      if (!reference || !lotSize) return { answer: `Which order and how many units? Say e.g. "book an inspection for PO-1042, 1000 tees". An inspection costs ${fee}.` };
      const product = t.match(/\d[\d,]*\s+([A-Za-z][A-Za-z ]{1,60}?)(?:\s+at\b|[.,!?]|$)/)?.[1]?.trim();
      const stage = /receiv/i.test(t) || reference.startsWith("RCV-") ? "RECEIVING" : /during/i.test(t) ? "DURING_PRODUCTION" : /pre-?production/i.test(t) ? "PRE_PRODUCTION" : "PRE_SHIPMENT";
      return call("book_qc_inspection", { reference, product: product && !/^(units?|pcs|pieces)$/i.test(product) ? product : `Lot of ${reference}`, stage, ...samplingArgs(t, lotSize), expectedFeeCents: QC_INSPECTION_FEE_CENTS });
    },
  },
  {
    name: "sampling-plan",
    tools: ["get_sampling_plan"],
    examples: ["how many units should I inspect from a lot of 1000", "aql 2.5 sample size for 5000 units", "sampling plan for a lot of 800 pieces level III", "what is the sample size for 1200 pcs at aql 1.5", "smaple size for a lot of 500", "acceptance number for lot 3000 aql 4"],
    match: (t) => /\b(sample size|smaple|sampling|aql|inspect|acceptance)\b/i.test(t) && /\d/.test(t) && !/\b(book|schedule)\b/i.test(t),
    step: (t, done) => {
      const p = got(done, "get_sampling_plan");
      if (p) {
        const lot = (p.args.lotSize as number).toLocaleString("en-US");
        return { answer: [`For a lot of ${lot} units (level ${String(p.args.level ?? "II")}, code letter ${p.value.codeLetter}), inspect ${p.value.sampleSize} units:`, ...planLines(p.value)].join("\n") };
      }
      const lotSize = lotOf(t) ?? Number(t.match(/\b(\d{2,8})\b/)?.[1]);
      return lotSize >= 2 ? call("get_sampling_plan", samplingArgs(t, lotSize)) : { answer: 'How many units are in the lot? Say e.g. "sample size for a lot of 1000 at AQL 2.5".' };
    },
  },
  {
    name: "list-qc-inspections",
    tools: ["list_qc_inspections", "get_qc_inspection"],
    examples: ["show my inspections", "did PO-1042 pass", "quality check results", "which inspections failed", "my qc reports", "shwo inspections", "did this inspection pass?", "what did the inspector find on this one", "which inspections are still waiting for a report", "show the failed qc checks"],
    match: (t) => /\b(inspections?|qc|quality checks?|inspector)\b/i.test(t) && /\b(show|list|my|did|which|results?|pass|passed|pased|fail|failed|find|found)\b/i.test(t),
    step: (t, done, _history, context) => {
      const one = got(done, "get_qc_inspection");
      if (one) return { answer: reportLines(one.value) };
      const opened = openedInspection(context);
      if (opened && /\b(this|it)\b/i.test(t) && !REFERENCE.test(t)) return call("get_qc_inspection", { id: opened });
      const r = got(done, "list_qc_inspections");
      if (!r) {
        const ref = t.match(REFERENCE)?.[1];
        // "which inspections failed" filters on the server; "did PO-1042 pass" asks about one reference.
        const verdict = ref ? undefined : /\b(fail(ed|ing)?|rejected)\b/i.test(t) ? "FAIL" : /\b(pass(ed)?|pased|approved)\b/i.test(t) ? "PASS" : /\b(pending|waiting|not reported|open)\b/i.test(t) ? "PENDING" : undefined;
        return call("list_qc_inspections", { size: 10, ...(ref ? { search: ref } : {}), ...(verdict ? { verdict } : {}) });
      }
      if (!r.value.list.length) return { answer: r.args.verdict ? `No inspection ${r.args.verdict === "PENDING" ? "is waiting for its report" : r.args.verdict === "FAIL" ? "failed" : "passed"}.` : "No inspection yet. Book one, e.g. \"book an inspection for PO-1042, 1000 tees\"." };
      return { answer: [`${r.value.total} inspection${r.value.total === 1 ? "" : "s"}:`, ...r.value.list.map((i) => `- ${i.reference} (${i.product}), ${i.lotSize} units: ${verdictWords(i.verdict)}`)].join("\n") };
    },
  },
];

const DEFECT_WORDS = [["critical", "critical"], ["major", "major"], ["minor", "minor"]] as const;

