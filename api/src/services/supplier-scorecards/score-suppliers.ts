import { SCORECARD_MIN_EVENTS, durationWords, type ScorecardFigure, type SupplierScorecard } from "@atelier/contracts/supplier-scorecards";
import type { ReceivingDeliveryRow } from "../../queries/receivings/supplier-deliveries";
import type { LinkedVerdictRow } from "../../queries/quality/linked-verdicts";
import type { SupplierPurchaseRow } from "../../queries/purchasing/supplier-purchases";
import type { SupplierReplyTimes } from "../../queries/inbox/supplier-reply-times";

/** A purchase with the day it was promised by: paid day + the longest production time advertised. */
export type PromisedPurchase = SupplierPurchaseRow & { promisedBy: string };

// The scorecard arithmetic, apart from where the rows come from: receivings, purchases and
// inspections already attributed to one supplier become its figures. Pure, so the figures can be
// checked against an independent count in tests.

export type SupplierRecords = {
  supplierId: string | null;
  name: string;
  countryCode: string | null;
  receivings: ReceivingDeliveryRow[];
  purchases: PromisedPurchase[];
  verdicts: LinkedVerdictRow[];
  /** The store's messages to the supplier in the inbox (a run of them is one): how many, and each first reply in seconds. */
  replies: SupplierReplyTimes;
};

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

function figure(good: number, total: number, basis: number, noun: string, enoughWords: string, nouns = `${noun}s`): ScorecardFigure {
  if (basis === 0) return { good, total, basis, rate: null, words: `No ${nouns} yet` };
  if (basis < SCORECARD_MIN_EVENTS) return { good, total, basis, rate: null, words: `Not enough data yet: ${plural(basis, noun, nouns)} so far` };
  return { good, total, basis, rate: total ? good / total : null, words: enoughWords };
}

/** Receivings counted by their expected day; an uncounted one past its day is already late. */
function onTimeReceivings(rows: ReceivingDeliveryRow[], today: string) {
  let good = 0;
  let total = 0;
  for (const r of rows) {
    if (!r.expectedArrival) continue;
    if (r.countedOn) {
      total++;
      if (r.countedOn <= r.expectedArrival) good++;
    } else if (today > r.expectedArrival) total++;
  }
  return { good, total };
}

/** Purchases shipped by their promised day; one still unshipped after it is already late. */
function onTimePurchases(rows: PromisedPurchase[], today: string) {
  let good = 0;
  let total = 0;
  for (const p of rows) {
    if (p.shippedOn) {
      total++;
      if (p.shippedOn <= p.promisedBy) good++;
    } else if (today > p.promisedBy) total++;
  }
  return { good, total };
}

/** The median first reply, with its counts; under the threshold, why there is no figure yet. */
function replyTimeOf(r: SupplierReplyTimes): SupplierScorecard["replyTime"] {
  const answered = r.replySeconds.length;
  const counts = `${answered} of ${plural(r.asked, "message")} answered`;
  if (r.asked === 0) return { medianMinutes: null, answered, asked: 0, words: "No messages to this supplier in your inbox yet" };
  if (answered < SCORECARD_MIN_EVENTS) return { medianMinutes: null, answered, asked: r.asked, words: `Not enough data yet: ${counts}` };
  const sorted = [...r.replySeconds].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const seconds = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const medianMinutes = Math.round(seconds / 6) / 10;
  return { medianMinutes, answered, asked: r.asked, words: `Answers in a median of ${durationWords(medianMinutes)} (${counts})` };
}

const percent = (rate: number) => `${Math.round(rate * 100)} %`;

/** One supplier's scorecard; `today` is the UTC day (YYYY-MM-DD) deliveries are due against. */
export function scoreSupplier(s: SupplierRecords, today: string): SupplierScorecard {
  const rcv = onTimeReceivings(s.receivings, today);
  const pur = onTimePurchases(s.purchases, today);
  const onTimeReceivingsFig = figure(rcv.good, rcv.total, rcv.total, "receiving", `${rcv.good} of ${plural(rcv.total, "receiving")} counted by their expected day`);
  const onTimePurchasesFig = figure(pur.good, pur.total, pur.total, "purchase", `${pur.good} of ${plural(pur.total, "purchase")} shipped by their promised day`);
  const deliveries = rcv.total + pur.total;
  const onTime = figure(rcv.good + pur.good, deliveries, deliveries, "delivery", `${rcv.good + pur.good} of ${plural(deliveries, "delivery", "deliveries")} on time`, "deliveries");

  const settled = s.receivings.filter((r) => r.settled);
  const expected = settled.reduce((n, r) => n + r.expected, 0);
  const sound = settled.reduce((n, r) => n + r.received, 0);
  const accuracy = figure(sound, expected, settled.length, "fully counted shipment", `${sound.toLocaleString("en-US")} of ${plural(expected, "unit")} expected arrived sound (${plural(settled.length, "shipment")})`);

  const counted = s.receivings.filter((r) => r.received + r.damaged > 0);
  const countedUnits = counted.reduce((n, r) => n + r.received + r.damaged, 0);
  const damagedUnits = counted.reduce((n, r) => n + r.damaged, 0);
  const damage = figure(damagedUnits, countedUnits, counted.length, "counted shipment", `${damagedUnits.toLocaleString("en-US")} of ${plural(countedUnits, "unit")} counted were damaged (${plural(counted.length, "shipment")})`);

  const passed = s.verdicts.filter((v) => v.verdict === "PASS").length;
  const qcPass = figure(passed, s.verdicts.length, s.verdicts.length, "inspection", `${passed} of ${plural(s.verdicts.length, "inspection")} passed`);
  const defectsFound = s.verdicts.reduce((n, v) => n + v.defectsFound, 0);
  const sampled = s.verdicts.reduce((n, v) => n + v.unitsSampled, 0);
  const defects = figure(defectsFound, sampled, s.verdicts.length, "inspection", `${plural(defectsFound, "defect")} in ${plural(sampled, "unit")} sampled (${plural(s.verdicts.length, "inspection")})`);

  const rates = [onTime.rate, accuracy.rate, qcPass.rate].filter((r): r is number => r !== null);
  const reliability = rates.length ? Math.round((rates.reduce((a, b) => a + b, 0) / rates.length) * 100) : null;
  const dealt = [...s.purchases.map((p) => p.paidAt.getTime()), ...s.receivings.map((r) => r.createdAt.getTime())];
  return {
    supplierId: s.supplierId,
    name: s.name,
    countryCode: s.countryCode,
    hasDealings: dealt.length > 0,
    onTime,
    onTimeReceivings: onTimeReceivingsFig,
    onTimePurchases: onTimePurchasesFig,
    accuracy,
    damage,
    qcPass,
    defects,
    replyTime: replyTimeOf(s.replies),
    reliability,
    summary: summaryOf(s.name, dealt.length > 0, reliability, { onTime, accuracy, qcPass }),
    lastDealtAt: dealt.length ? new Date(Math.max(...dealt)).toISOString() : null,
  };
}

function summaryOf(name: string, dealt: boolean, reliability: number | null, f: Record<"onTime" | "accuracy" | "qcPass", ScorecardFigure>): string {
  if (!dealt) return `You haven't bought from or received from ${name} yet, so there is nothing to score.`;
  if (reliability === null) {
    return `Not enough data yet to score ${name}: a score starts after ${SCORECARD_MIN_EVENTS} deliveries, ${SCORECARD_MIN_EVENTS} fully counted shipments or ${SCORECARD_MIN_EVENTS} inspections.`;
  }
  const parts = [
    f.onTime.rate !== null ? `${percent(f.onTime.rate)} on time (${f.onTime.words})` : null,
    f.accuracy.rate !== null ? `${percent(f.accuracy.rate)} of expected units arrived sound` : null,
    f.qcPass.rate !== null ? `${percent(f.qcPass.rate)} of inspections passed (${f.qcPass.words})` : null,
  ].filter(Boolean);
  return `${name} scores ${reliability} out of 100 on your own records: ${parts.join("; ")}.`;
}
