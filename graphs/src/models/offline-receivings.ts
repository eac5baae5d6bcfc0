import type { ToolResponse } from "@atelier/tools/tool-results";
import { DELIVERY_STATUS_LABELS, RECEIVING_STATUS_LABELS } from "@atelier/contracts/receivings";
import type { Intent, IntentContext, Step } from "./offline-types";
import { call, got } from "./offline-steps";
import { parseReason } from "./offline-orders";
import { parseSku } from "./offline-inventory";

// Receivings offline (inbound shipments to the fulfilment center): announce one ("sending 200
// TEE-BLK-M to the warehouse from Ningbo in 3 boxes"), count it at the dock in full or in part with
// damaged units ("RCV-1002 arrived: 12 TEE-BLK-M, 2 damaged"), finish a short one, mark it shipped
// or at the dock, cancel it, and list or show them. Tolerant of the usual typos ("recieve",
// "recievings", "warehose"); "this receiving" is the one on screen.

/** A receiving's number: RCV-1001, rcv 1001. */
const RCV_TEXT = /\brcv[-\s#]?(\d{4,9})\b/i;
/** A receiving named by its number or as the one on screen. */
const NAMED = /\brcv[-\s#]?\d{4,9}\b|\b(this|that) (receiving|reciving|recieving|inbound shipment|shipment|delivery)\b/i;
const RECEIVINGS_WORD = /\b(receivings?|recievings?|recevings?|inbound( shipments?| deliver(y|ies))?|asns?|shipments? (to|for|at) the (warehouse|warehose|fulfil+ment cent(er|re)|fc|dock)|(what'?s|what is|anything) (arriving|coming in))\b/i;
const RECEIVE_WORD = /\b(receive[sd]?|recieve[sd]?|recive[sd]?|arrived|came in|got in|count(ed)?|check(ed)? in|unload(ed)?)\b/i;
const FINISH_WORD = /\b(finish(ed)?|close|done with|nothing (else|more) (is )?coming|rest (is|was) (lost|not coming)|short)\b/i;
const CANCEL_WORD = /\b(cancel+|cancle|cansel|call off)\b/i;
const SEND_WORD = /\b(send(ing)?|ship(ping)?|announce|create|new|make|expect(ing)?|incoming)\b/i;
const WAREHOUSE_WORD = /\b(warehouse|warehose|fulfil+ment cent(er|re)|fulfil+ment|fc|receiving|reciving|inbound|dock)\b/i;
const DAMAGED = /(\d{1,6})\s*(?:(?:were|are|is|was)\s+)?(?:damaged|broken|crushed|torn|ruined|defective)/i;

type Receiving = ToolResponse<"get_receiving">;
type Line = Receiving["lines"][number];

const snOf = (n: string) => `RCV-${n}`;

/** The receiving the text names, or the one on screen for "this receiving". */
function parseSn(text: string, context: IntentContext): string | undefined {
  const n = text.match(RCV_TEXT)?.[1];
  if (n) return snOf(n);
  const entity = context.screen?.entity;
  if (entity?.type === "receiving" && /\b(this|that|the|it|its|it's)\b/i.test(text)) return entity.id;
  return undefined;
}

/** SKU and units pairs as people type them: "200 TEE-BLK-M", "TEE-BLK-M x 50", "50 units of MUG-01". */
export function parseSkuQuantities(text: string): { sku: string; quantity: number }[] {
  const clean = text.replace(RCV_TEXT, " ").replace(/\b\d{4}-\d{2}-\d{2}\b/g, " ");
  const out: { sku: string; quantity: number }[] = [];
  const re = /(\d{1,7}) ?(?:x|×|units?|pcs|pieces)? ?(?:of )?([A-Za-z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)+)|([A-Za-z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)+) ?[x×:] ?(\d{1,7})/g;
  for (const m of clean.matchAll(re)) {
    const sku = parseSku(m[2] ?? m[3] ?? "");
    const quantity = Number(m[1] ?? m[4]);
    if (sku && quantity > 0 && !out.some((o) => o.sku === sku)) out.push({ sku, quantity });
  }
  return out;
}

function lineText(l: Line): string {
  const counted = l.received + l.damaged;
  return `${l.sku} ${counted}/${l.expected}${l.damaged ? ` (${l.damaged} damaged)` : ""}${l.outstanding ? `, ${l.outstanding} still to come` : ""}`;
}

function receivingAnswer(r: Receiving, lead?: string): string {
  const from = r.supplierName ? ` from ${r.supplierName}` : "";
  const state = r.canceled ? `canceled (${r.cancelReason})` : r.closed ? "finished short" : RECEIVING_STATUS_LABELS[r.receivingStatus].toLowerCase();
  const delivery = r.canceled || r.receivingStatus === "RECEIVED" ? "" : `; delivery: ${DELIVERY_STATUS_LABELS[r.deliveryStatus].toLowerCase()}${r.trackingNumber ? ` (${[r.carrier, r.trackingNumber].filter(Boolean).join(" ")})` : ""}`;
  const head = `${lead ?? `Receiving ${r.sn}`}${from}, ${r.boxCount} box${r.boxCount === 1 ? "" : "es"}: ${state}${delivery}.`;
  const lines = r.lines.map((l) => `- ${lineText(l)}`);
  const next = r.totals.outstanding > 0 ? `Say "receive ${r.sn}" when it arrives, or give the counts per SKU.` : "";
  return [head, ...lines, next].filter(Boolean).join("\n");
}

function listAnswer(r: ToolResponse<"list_receivings">, filter: string): string {
  const tab = filter === "ALL" ? "" : filter === "CANCELED" ? " canceled" : ` ${RECEIVING_STATUS_LABELS[filter as keyof typeof RECEIVING_STATUS_LABELS].toLowerCase()}`;
  if (!r.list.length) return `You have no${tab} inbound shipments.`;
  const rows = r.list.slice(0, 10).map((x) => {
    const state = x.canceled ? "canceled" : x.closed ? "finished short" : x.receivingStatus === "RECEIVED" ? "received" : `${RECEIVING_STATUS_LABELS[x.receivingStatus].toLowerCase()}, ${DELIVERY_STATUS_LABELS[x.deliveryStatus].toLowerCase()}`;
    return `- ${x.sn}${x.supplierName ? ` from ${x.supplierName}` : ""}: ${x.totals.expected} units expected, ${x.totals.received} received — ${state}`;
  });
  const more = r.total > 10 ? `…and ${r.total - 10} more.` : "";
  return [`Your${tab} inbound shipments: ${r.total}`, ...rows, more].filter(Boolean).join("\n");
}

/** What to count: the SKUs the text names with their units (and damaged ones), else everything still expected. */
function countsFor(r: Receiving, text: string): { sku: string; received: number; damaged: number }[] {
  const named = parseSkuQuantities(text).filter((p) => r.lines.some((l) => l.sku.toUpperCase() === p.sku));
  const damaged = Number(text.match(DAMAGED)?.[1] ?? 0);
  if (named.length) {
    return named.map((p, i) => {
      const line = r.lines.find((l) => l.sku.toUpperCase() === p.sku)!;
      const broken = i === 0 ? Math.min(damaged, p.quantity) : 0;
      return { sku: line.sku, received: p.quantity - broken, damaged: broken };
    });
  }
  const open = r.lines.filter((l) => l.outstanding > 0);
  // "RCV-1002 arrived, 2 damaged" with one SKU left: the damaged units are that SKU's.
  if (open.length === 1 && damaged > 0) return [{ sku: open[0]!.sku, received: Math.max(0, open[0]!.outstanding - damaged), damaged: Math.min(damaged, open[0]!.outstanding) }];
  return open.map((l) => ({ sku: l.sku, received: l.outstanding, damaged: 0 }));
}

/** The paid purchase the text names by a word of its title (or the only one), among those whose units exist. */
function purchaseFor(list: ToolResponse<"list_order_items">["list"], text: string) {
  const paid = list.filter((i) => ["IN_PRODUCTION", "IN_SUBSCRIPTION", "SHIPPED"].includes(i.status));
  const words = text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 3 && !/^(send|ship|store|stock|order|purchase|production|sample|warehouse|warehose|fulfil+ment|center|centre|with|from|into|the|as|sku)$/.test(w));
  const named = paid.filter((i) => words.some((w) => i.title.toLowerCase().split(/[^a-z0-9]+/).includes(w)));
  return named.length === 1 ? named[0] : !words.length && paid.length === 1 ? paid[0] : named.length > 1 ? named : undefined;
}

const needSn: Step = { answer: 'Which inbound shipment? Give its number, e.g. "receive RCV-1002".' };

export const RECEIVING_INTENTS: Intent[] = [
  {
    name: "store-purchase-at-fulfilment-center",
    tools: ["list_order_items", "store_purchase_at_fulfilment_center"],
    examples: [
      "send my production order of the organic tee to the warehouse as TEE-ORG-SND", "have the supplier deliver the hoodie purchase to the fulfilment center as SKU HOOD-HW-OLV",
      "store my purchase of beanies at the fulfillment center as BEANIE-RIB-MST", "deliver the mug production run to the warehose, sku MUG-CER-12",
    ],
    match: (t) => /\b(purchase|production (order|run)|order from (the )?(supplier|factory)|supplier order|sample order)\b/i.test(t) && WAREHOUSE_WORD.test(t) && /\b(send|deliver|store|stock|ship)\b/i.test(t) && !NAMED.test(t),
    step: (t, done) => {
      const stored = got(done, "store_purchase_at_fulfilment_center");
      if (stored) {
        const r = stored.value.receiving;
        return { answer: r ? receivingAnswer(r, `The purchase will be delivered to the fulfilment center as ${r.sn}; its ${r.totals.expected} units show as incoming. ${r.sn}`) : "Done: the purchase is no longer delivered to the fulfilment center." };
      }
      const list = got(done, "list_order_items");
      if (!list) return call("list_order_items", { tab: /\bsamples?\b/i.test(t) ? "SAMPLES" : /\bproduction\b/i.test(t) ? "PRODUCTION" : "ALL", size: 100 });
      const found = purchaseFor(list.value.list, t);
      if (!found) return { answer: "I found no paid purchase of that name. Purchases must be paid (in production or shipped) before they can be delivered to the fulfilment center." };
      if (Array.isArray(found)) return { answer: `Which purchase? ${found.slice(0, 5).map((i) => `"${i.title}" (${i.quantity} units)`).join(", ")}.` };
      const sku = parseSku(t.replace(/\b(?:as|sku)\b/gi, " "));
      if (!sku) return { answer: `Which SKU should the ${found.quantity} units of "${found.title}" be stocked as? Say e.g. "as TEE-ORG-SND".` };
      return call("store_purchase_at_fulfilment_center", { id: found.id, storedAtFbp: true, sku });
    },
  },
  {
    name: "create-receiving",
    tools: ["create_receiving"],
    examples: [
      "I'm sending 200 TEE-BLK-M to the warehouse", "create a receiving for 50 MUG-01 from Ningbo Knitwear in 3 boxes", "ship 100 CAP-RED to the fulfilment center",
      "new inbound shipment: 40 TEE-BLK-M and 20 MUG-01", "expecting 300 units of TEE-BLK-M at the warehose next week", "announce an ASN for 60 CAP-RED, tracking 1Z999AA10123456784",
    ],
    match: (t) => !RCV_TEXT.test(t) && SEND_WORD.test(t) && (WAREHOUSE_WORD.test(t) || RECEIVINGS_WORD.test(t)) && parseSkuQuantities(t).length > 0 && !/\b(order|customer|return)\b/i.test(t),
    step: (t, done) => {
      const created = got(done, "create_receiving");
      if (created) return { answer: receivingAnswer(created.value, `Announced ${created.value.sn}; its units now show as incoming in your inventory. ${created.value.sn}`) };
      const lines = parseSkuQuantities(t).map((p) => ({ sku: p.sku, expectedQuantity: p.quantity }));
      if (!lines.length) return { answer: 'What is coming, and how many? Say e.g. "sending 200 TEE-BLK-M to the warehouse".' };
      const supplier = t.match(/\bfrom\s+([A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,3})/)?.[1];
      const boxes = t.match(/\b(\d{1,4}) ?(?:boxes|box|cartons?|cases?)\b/i)?.[1];
      const tracking = t.match(/\btracking(?: number)?:? ?#? ?([A-Za-z0-9-]{8,40})\b/i)?.[1];
      const arrival = t.match(/\b(\d{4}-\d{2}-\d{2})\b/)?.[1];
      return call("create_receiving", {
        lines, ...(supplier ? { supplierName: supplier } : {}), ...(boxes ? { boxCount: Number(boxes) } : {}), ...(tracking ? { trackingNumber: tracking.toUpperCase() } : {}), ...(arrival ? { expectedArrival: arrival } : {}),
      });
    },
  },
  {
    name: "receive-receiving",
    tools: ["get_receiving", "receive_receiving"],
    examples: [
      "receive RCV-1003", "RCV-1002 arrived", "recieve everything on rcv 1003", "we got 12 TEE-BLK-M on RCV-1002, 2 damaged", "count RCV-1003 in", "receive this receiving",
      "finish RCV-1002, nothing more is coming", "the shipment RCV-1004 came in with 3 broken", "check in rcv-1003 at the dock",
    ],
    match: (t) => NAMED.test(t) && (RECEIVE_WORD.test(t) || FINISH_WORD.test(t)) && !CANCEL_WORD.test(t),
    step: (t, done, _h, context) => {
      const received = got(done, "receive_receiving");
      if (received) {
        const r = received.value;
        const counted = (received.args.lines as { received?: number; damaged?: number }[] | undefined) ?? [];
        const now = counted.reduce((s, l) => s + (l.received ?? 0), 0);
        const broken = counted.reduce((s, l) => s + (l.damaged ?? 0), 0);
        const lead = `${r.sn}: ${now} unit${now === 1 ? "" : "s"} received and put on hand${broken ? `, ${broken} damaged (not stocked)` : ""}`;
        return { answer: receivingAnswer(r, lead) };
      }
      const sn = parseSn(t, context);
      if (!sn) return needSn;
      const current = got(done, "get_receiving");
      if (!current) return call("get_receiving", { sn });
      const r = current.value;
      if (r.canceled || r.closed || r.receivingStatus === "RECEIVED") return { answer: receivingAnswer(r) };
      const finish = FINISH_WORD.test(t) && !parseSkuQuantities(t).length && !DAMAGED.test(t);
      const lines = finish ? [] : countsFor(r, t);
      return call("receive_receiving", { sn: r.sn, lines, ...(finish || /\b(nothing (else|more)|rest (is|was) (lost|not coming))\b/i.test(t) ? { finish: true } : {}) });
    },
  },
  {
    name: "receiving-delivery",
    tools: ["update_receiving_delivery"],
    examples: ["RCV-1004 shipped with UPS 1Z999AA10123456784", "mark rcv 1004 as shipped", "RCV-1003 is at the dock", "the factory sent RCV-1004, tracking 1Z999AA10123456784"],
    match: (t) => NAMED.test(t) && /\b(shipped|sent|dispatched|on its way|at the dock|reached the (dock|warehouse)|in the queue|in queue)\b/i.test(t) && !CANCEL_WORD.test(t),
    step: (t, done, _h, context) => {
      const moved = got(done, "update_receiving_delivery");
      if (moved) return { answer: receivingAnswer(moved.value) };
      const sn = parseSn(t, context);
      if (!sn) return needSn;
      const dock = /\b(at the dock|reached the (dock|warehouse)|in (the )?queue)\b/i.test(t);
      const tracking = t.match(/\b(1Z[0-9A-Z]{16}|\d{12,22}|[A-Z]{2}\d{9}[A-Z]{2})\b/i)?.[1] ?? t.match(/\btracking(?: number)?:? ?#? ?([A-Za-z0-9-]{8,40})\b/i)?.[1];
      const carrier = t.match(/\b(UPS|USPS|FedEx|DHL|Maersk)\b/i)?.[1];
      return call("update_receiving_delivery", { sn, status: dock ? "IN_QUEUE" : "NOT_YET_DELIVERED", ...(carrier ? { carrier: carrier.toUpperCase() === "FEDEX" ? "FedEx" : carrier.toUpperCase() } : {}), ...(tracking ? { trackingNumber: tracking.toUpperCase() } : {}) });
    },
  },
  {
    name: "cancel-receiving",
    tools: ["cancel_receiving"],
    examples: ["cancel RCV-1004 because the factory split the order", "call off rcv 1004: wrong SKUs", "cancle RCV-1004 since we don't need it"],
    match: (t) => NAMED.test(t) && CANCEL_WORD.test(t),
    step: (t, done, _h, context) => {
      const canceled = got(done, "cancel_receiving");
      if (canceled) return { answer: receivingAnswer(canceled.value) };
      const sn = parseSn(t, context);
      if (!sn) return needSn;
      const reason = parseReason(t);
      return reason ? call("cancel_receiving", { sn, reason }) : { answer: `Why should ${sn} be canceled? Say e.g. "cancel ${sn} because the factory split the order".` };
    },
  },
  {
    name: "get-receiving",
    tools: ["get_receiving"],
    examples: ["what's the status of RCV-1002", "show RCV-1003", "how much of rcv 1002 came in", "what's still missing from this receiving"],
    match: (t) => NAMED.test(t) && !RECEIVE_WORD.test(t) && !CANCEL_WORD.test(t) && !FINISH_WORD.test(t),
    step: (t, done, _h, context) => {
      const r = got(done, "get_receiving");
      if (r) return { answer: receivingAnswer(r.value) };
      const sn = parseSn(t, context);
      return sn ? call("get_receiving", { sn }) : needSn;
    },
  },
  {
    name: "list-receivings",
    tools: ["list_receivings"],
    examples: ["show my receivings", "what's arriving at the warehouse", "which inbound shipments are partly received", "list recievings", "any open receivings?", "canceled receivings", "received shipments to the warehouse"],
    match: (t) => RECEIVINGS_WORD.test(t) && !NAMED.test(t) && parseSkuQuantities(t).length === 0,
    step: (t, done) => {
      const r = got(done, "list_receivings");
      const filter = /\b(partly|partially|partial|short)\b/i.test(t) ? "PARTIAL" : /\bcancel+ed\b/i.test(t) ? "CANCELED" : /\b(open|arriving|coming|waiting|expected|not (yet )?received)\b/i.test(t) ? "NONE" : /\b(received|complete[d]?|done)\b/i.test(t) ? "RECEIVED" : "ALL";
      if (r) return { answer: listAnswer(r.value, String(r.args.filter ?? filter)) };
      return call("list_receivings", { filter, size: 10 });
    },
  },
];
