import type { ToolResponse } from "@atelier/tools/tool-results";
import { dollars, REFUND_DESTINATION_LABELS, RETURN_STATUS_LABELS } from "@atelier/contracts/returns";
import type { Intent, Step } from "./offline-types";
import { call, got } from "./offline-steps";
import { parseOrderRef, parseReason } from "./offline-orders";

// Returns offline: open a return for an order's shipped units ("return the mug from order 1043"),
// refund it ("refund #1043 to store credit": a return of everything returnable, then the refund,
// which the user approves with the amount and the customer), receive, cancel and list returns.
// Tolerant of the usual typos ("retrun", "refudn", "stor credit"); "this order" is the one on screen.

const RETURN_WORD = /\b(return(s|ed|ing)?|retrun(s|ed)?|reutrn(s)?|retunr(s)?|rma(s)?|send(s|ing)? (it |them )?back|bring(s|ing)? (it |them )?back)\b/i;
const REFUND_WORD = /\b(refund(s|ed)?|refudn|refnud|refun|money back|reimburse)\b/i;
const CREDIT_WORD = /\b(store[- ]?credit|stor credit|store creidt|as credit|in credit|gift card)\b/i;
const RECEIVE_WORD = /\b(receive[sd]?|recieve[sd]?|recive[sd]?|arrived|came back|got (it|them) back|is back|are back|checked in)\b/i;
const CANCEL_WORD = /\b(cancel+|cancle|cansel|void)\b/i;
/** A return's number: RMA-1001, rma 1001. */
const RMA_TEXT = /\brma[-\s#]?(\d{4,9})\b/i;

type Order = ToolResponse<"get_order">;
type Return = ToolResponse<"get_return">;

const rmaOf = (t: string) => t.match(RMA_TEXT)?.[1];
const handle = (n: string) => `RMA-${n}`;

/** The order's lines that can still come back, narrowed to what the text names (a SKU or a word of the title). */
function returnableLines(o: Order, text: string): { sku: string; title: string; quantity: number }[] {
  const open = o.lines.map((l) => ({ sku: l.sku, title: l.title, quantity: l.fulfilledQuantity - l.returnedQuantity })).filter((l) => l.quantity > 0);
  const words = text.toLowerCase().split(/[^a-z0-9-]+/).filter((w) => w.length > 2 && !/^(the|from|order|return|retrun|refund|customer|wants|with|and|for|this|that|store|credit|because)$/.test(w));
  const named = open.filter((l) => words.some((w) => l.sku.toLowerCase() === w || l.title.toLowerCase().split(/[^a-z0-9]+/).some((tw) => tw === w || tw === w.replace(/s$/, ""))));
  const lines = named.length ? named : open;
  const n = text.replace(/#\s?\d+|\b\d{4,9}\b|rma[-\s#]?\d+/gi, " ").match(/\b(\d{1,4})\b/)?.[1];
  return n && lines.length === 1 ? [{ ...lines[0]!, quantity: Math.min(Number(n), lines[0]!.quantity) }] : lines;
}

function returnAnswer(r: Return): string {
  const what = r.lines.map((l) => `${l.quantity} × ${l.title} (${l.sku})`).join(", ");
  const to = `${r.customerName}'s ${REFUND_DESTINATION_LABELS[r.refundDestination].toLowerCase()}`;
  if (r.status === "RECEIVED") {
    return r.refund ? `Return ${r.handle} of order #${r.orderNumber} is complete: ${what} received and ${dollars(r.refund.amountCents)} refunded to ${to}.` : `Return ${r.handle} of order #${r.orderNumber} is complete: ${what} received; nothing was left to refund.`;
  }
  if (r.status === "CANCELED") return `Return ${r.handle} of order #${r.orderNumber} is canceled: ${r.cancelReason}. Nothing was refunded.`;
  const state = r.status === "SHIPPING" ? "is on its way back" : "is open";
  return `Return ${r.handle} of order #${r.orderNumber} ${state}: ${what}. Receiving it refunds ${dollars(r.expectedRefundCents)} to ${to}. Say "receive ${r.handle}" when it arrives.`;
}

function listAnswer(r: ToolResponse<"list_returns">, filter: string): string {
  const tab = filter === "ALL" ? "" : ` ${RETURN_STATUS_LABELS[filter as keyof typeof RETURN_STATUS_LABELS].toLowerCase()}`;
  if (!r.list.length) return `You have no returns${tab ? ` that are${tab}` : ""}.`;
  const rows = r.list.slice(0, 10).map((x) => `- ${x.handle} — order #${x.orderNumber}, ${x.customerName}: ${RETURN_STATUS_LABELS[x.status].toLowerCase()}${x.refund ? `, refunded ${dollars(x.refund.amountCents)}` : x.status === "CANCELED" ? "" : `, ${dollars(x.expectedRefundCents)} to refund`}`);
  const more = r.total > 10 ? `…and ${r.total - 10} more.` : "";
  return [`Your returns${tab ? ` (${tab.trim()})` : ""}: ${r.total}`, ...rows, more].filter(Boolean).join("\n");
}

const needOrder: Step = { answer: 'Which order is coming back? Give its number, e.g. "return the mug from order 1043".' };

export const RETURN_INTENTS: Intent[] = [
  {
    name: "create-return",
    tools: ["get_order", "create_return", "receive_return"],
    examples: [
      "return the mug from order 1043", "the customer wants to return 2 TEE-BLK-M from #1043", "refund #1043 to store credit", "refund order 1043", "retrun the tote from order 1043",
      "start a return for order 1043 because it arrived chipped", "make an RMA for #1043", "customer is sending back the candle from 1043", "refudn #1043 as store credit", "open a return for this order",
    ],
    match: (t) => (RETURN_WORD.test(t) || REFUND_WORD.test(t)) && !RMA_TEXT.test(t) && !CANCEL_WORD.test(t) && !/\b(show|list|which|how many|open returns|my returns)\b/i.test(t) && /#\s?\d|\b\d{4,9}\b|\bthis or?de?r\b/i.test(t),
    step: (t, done, _h, context) => {
      const refunded = got(done, "receive_return");
      if (refunded) return { answer: returnAnswer(refunded.value) };
      const created = got(done, "create_return");
      if (created) return REFUND_WORD.test(t) ? call("receive_return", { id: created.value.handle }) : { answer: returnAnswer(created.value) };
      const order = got(done, "get_order");
      if (!order) {
        const id = parseOrderRef(t, context);
        return id ? call("get_order", { id }) : needOrder;
      }
      const o = order.value;
      if (o.cancellationState === "CANCELED") return { answer: `Order #${o.orderNumber} was canceled, so there is nothing to return.` };
      const lines = returnableLines(o, t);
      if (!lines.length) return { answer: o.fulfillmentState === "NONE" ? `Nothing of order #${o.orderNumber} has shipped yet, so nothing can come back; cancel the order instead.` : `Every shipped unit of order #${o.orderNumber} is already in a return.` };
      const reason = parseReason(t) ?? (REFUND_WORD.test(t) ? "Refund requested" : "Requested by the customer");
      return call("create_return", {
        orderId: o.id, lines: lines.map((l) => ({ sku: l.sku, quantity: l.quantity })), reason, ...(CREDIT_WORD.test(t) ? { refundDestination: "STORE_CREDIT" } : {}),
      });
    },
  },
  {
    name: "receive-return",
    tools: ["receive_return"],
    examples: ["receive RMA-1001", "RMA-1002 arrived", "the return rma 1003 came back", "recieve return RMA-1001 and refund", "mark RMA-1004 as received", "RMA-1001 is back, dont restock it"],
    match: (t) => Boolean(rmaOf(t)) && (RECEIVE_WORD.test(t) || REFUND_WORD.test(t)),
    step: (t, done) => {
      const received = got(done, "receive_return");
      if (received) return { answer: returnAnswer(received.value) };
      const n = rmaOf(t);
      if (!n) return { answer: 'Which return arrived? Say e.g. "receive RMA-1001".' };
      return call("receive_return", { id: handle(n), ...(/\b(don'?t|do not|no|without) restock/i.test(t) ? { restock: false } : {}) });
    },
  },
  {
    name: "cancel-return",
    tools: ["cancel_return"],
    examples: ["cancel RMA-1001 because the customer kept it", "void return RMA-1002: wrong order", "cancle rma 1003 since they changed their mind"],
    match: (t) => Boolean(rmaOf(t)) && CANCEL_WORD.test(t),
    step: (t, done) => {
      const canceled = got(done, "cancel_return");
      if (canceled) return { answer: returnAnswer(canceled.value) };
      const n = rmaOf(t)!;
      const reason = parseReason(t);
      return reason ? call("cancel_return", { id: handle(n), reason }) : { answer: `Why should ${handle(n)} be canceled? Say e.g. "cancel ${handle(n)} because the customer kept it".` };
    },
  },
  {
    name: "get-return",
    tools: ["get_return"],
    examples: ["what's the status of RMA-1001", "show RMA-1002", "where is return rma 1003", "how much will RMA-1001 refund"],
    match: (t) => Boolean(rmaOf(t)) && !RECEIVE_WORD.test(t) && !CANCEL_WORD.test(t),
    step: (t, done) => {
      const r = got(done, "get_return");
      return r ? { answer: returnAnswer(r.value) } : call("get_return", { id: handle(rmaOf(t)!) });
    },
  },
  {
    name: "list-returns",
    tools: ["list_returns"],
    examples: ["show my returns", "which returns are open", "returns on their way back", "list completed returns", "any retruns waiting?", "canceled returns", "returns of order 1043"],
    match: (t) => /\b(returns|retruns|rmas)\b/i.test(t) && !RMA_TEXT.test(t) && !/\borders\b/i.test(t) && !/\b(setting|policy|fee)s?\b/i.test(t),
    step: (t, done, _h, context) => {
      const r = got(done, "list_returns");
      const filter = /\b(on (their|its) way|shipping|in transit)\b/i.test(t) ? "SHIPPING" : /\b(complete[d]?|received|refunded|done)\b/i.test(t) ? "RECEIVED" : /\bcancel+ed\b/i.test(t) ? "CANCELED" : /\b(open|waiting|new|pending|created)\b/i.test(t) ? "CREATED" : "ALL";
      if (r) return { answer: listAnswer(r.value, String(r.args.filter ?? filter)) };
      const orderId = /#\s?\d|\b\d{4,9}\b|\bthis or?de?r\b/i.test(t) ? parseOrderRef(t, context) : undefined;
      return call("list_returns", { filter, size: 10, ...(orderId ? { orderId } : {}) });
    },
  },
];
