import type { ToolResponse } from "@atelier/tools/tool-results";
import { TICKET_STATUS_LABELS, TICKET_TYPE_LABELS, type TicketType } from "@atelier/contracts/warehouse-tickets";
import type { Intent, IntentContext } from "./offline-types";
import { call, got } from "./offline-steps";
import { parseOrderRef } from "./offline-orders";

// Warehouse tickets offline (the store's questions to its fulfilment center): open one about an
// order ("open a ticket about this order, the mug arrived broken", "tell the warehouse #1043 never
// arrived"), ask where tickets stand ("what's the status of my ticket", "has the warehouse
// answered WT-1002?") and close one. Tolerant of the usual typos ("tiket", "warehose").

const TICKET_TEXT = /\bwt[-\s#]?(\d{4,9})\b/i;
const TICKET_WORD = /\b(tickets?|tikets?|tickts?|tickest|support (request|case)|case with the (warehouse|warehose))\b/i;
const WAREHOUSE_WORD = /\b(warehouse|warehose|wharehouse|fulfil+ment cent(er|re)|3pl|fc)\b/i;
const OPEN_WORD = /\b(open|raise|file|create|start|submit|log|tell|ask|report|complain)\b/i;
const STATUS_WORD = /\b(status|stand|where (are|is)|answer(ed)?|repl(y|ied)|respon(d|ded|se)|heard back|news|update|what did|show|list|my)\b/i;
const CLOSE_WORD = /\b(close|closed|resolve|resolved|settled|done with)\b/i;

/** The type a request means, by the words people use for each of 000 §4's eight. */
const TYPE_WORDS: [TicketType, RegExp][] = [
  ["WHOLESALE_ATTACHMENT_PACKING_SLIP", /\bpacking[- ]?slip\b/i],
  ["WHOLESALE_ORDER_REQUIREMENTS", /\b(requirements?|routing guide|pallet|carton label|po number)\b/i],
  ["BROKEN", /\b(broken|broke|damaged|crushed|cracked|smashed|torn)\b/i],
  ["MISSING_WRONG_ITEMS", /\b(missing|wrong (item|size|colou?r|product)s?|not in the (box|parcel)|sent the wrong)\b/i],
  ["LOST_DELAYED", /\b(lost|delayed|late|never (arrived|came)|hasn'?t (arrived|moved)|stuck|not delivered)\b/i],
  ["RETURN_EXCHANGE", /\b(return|exchange|swap)\b/i],
  ["CANCELED_REFUND", /\b(cancel+(ed|led)?|refund)\b/i],
  ["RELEASE_HOLD", /\b(hold|release|on hold)\b/i],
];

export function parseTicketType(text: string): TicketType | undefined {
  return TYPE_WORDS.find(([, re]) => re.test(text))?.[0];
}

/** The ticket the text names (WT-1001), or the one on screen for "this ticket". */
function parseTicketSn(text: string, context: IntentContext): string | undefined {
  const n = text.match(TICKET_TEXT)?.[1];
  if (n) return `WT-${n}`;
  const entity = context.screen?.entity;
  if (entity?.type === "warehouse_ticket" && /\b(this|that|the|it)\b/i.test(text)) return entity.id;
  return undefined;
}

/** What the warehouse should read: the words after a colon or dash, else the whole request. */
function messageOf(text: string): string {
  const after = text.split(/[:—–]\s*|\s-\s/).slice(1).join(" ").trim();
  return (after.length >= 3 ? after : text).slice(0, 4000);
}

type Ticket = ToolResponse<"get_warehouse_ticket">;

function ticketLine(t: ToolResponse<"list_warehouse_tickets">["list"][number]): string {
  const about = t.orderNumber !== null ? ` about order #${t.orderNumber}` : "";
  const last = t.lastMessage ? ` — latest from ${t.lastMessage.author === "WAREHOUSE" ? "the warehouse" : "you"}: "${t.lastMessage.excerpt}"` : "";
  return `- ${t.sn} (${TICKET_TYPE_LABELS[t.type].toLowerCase()}${about}): ${TICKET_STATUS_LABELS[t.status].toLowerCase()}${last}`;
}

function ticketAnswer(t: Ticket, lead: string): string {
  const about = t.orderNumber !== null ? ` about order #${t.orderNumber}` : "";
  const warehouse = [...t.messages].reverse().find((m) => m.author === "WAREHOUSE");
  const reply = warehouse ? `The warehouse answered: "${warehouse.body}"` : "The warehouse has not answered yet; its answer will show in the ticket.";
  return `${lead} ${t.sn}${about} (${TICKET_TYPE_LABELS[t.type].toLowerCase()}): ${TICKET_STATUS_LABELS[t.status].toLowerCase()}. ${reply}`;
}

export const WAREHOUSE_TICKET_INTENTS: Intent[] = [
  {
    name: "open-warehouse-ticket",
    tools: ["open_warehouse_ticket"],
    examples: [
      "open a ticket about this order, the mug arrived broken", "raise a tiket with the warehouse: order 1043 never arrived", "tell the warehouse #1043 is missing the black tee",
      "file a ticket for order 1540, the customer wants to exchange the size", "ask the fulfilment center to cancel order 1539 and refund it", "open a warehose ticket about this order: please release the hold",
    ],
    match: (t) => (TICKET_WORD.test(t) || WAREHOUSE_WORD.test(t)) && OPEN_WORD.test(t) && !TICKET_TEXT.test(t) && !/\b(status|answered|replied)\b/i.test(t),
    step: (t, done, _history, context) => {
      const opened = got(done, "open_warehouse_ticket");
      if (opened) return { answer: ticketAnswer(opened.value, "I opened ticket") };
      const type = parseTicketType(t);
      const order = parseOrderRef(t, context) ?? (context.screen?.entity?.type === "order" ? context.screen.entity.id : undefined);
      if (!order && type !== "WHOLESALE_ORDER_REQUIREMENTS") return { answer: 'Which order is the ticket about? Say e.g. "open a ticket about order 1043: the parcel is lost".' };
      if (!type) return { answer: "What is the ticket about: a return or exchange, missing or wrong items, a lost or delayed parcel, a broken item, a cancellation or refund, releasing a hold, or a wholesale packing slip or requirements?" };
      const subject = `${TICKET_TYPE_LABELS[type]}${order && /^\d+$/.test(order) ? `: order #${order}` : ""}`;
      return call("open_warehouse_ticket", { type, ...(order ? { orderId: order } : {}), subject, message: messageOf(t) });
    },
  },
  {
    name: "close-warehouse-ticket",
    tools: ["close_warehouse_ticket"],
    examples: ["close WT-1001", "ticket WT-1002 is resolved, close it", "we're done with this ticket", "close tiket wt 1003"],
    match: (t) => CLOSE_WORD.test(t) && (TICKET_TEXT.test(t) || TICKET_WORD.test(t)),
    step: (t, done, _history, context) => {
      const closed = got(done, "close_warehouse_ticket");
      if (closed) return { answer: `Closed ${closed.value.sn}.` };
      const sn = parseTicketSn(t, context);
      if (!sn) return { answer: 'Which ticket should I close? Give its number, e.g. "close WT-1001".' };
      return call("close_warehouse_ticket", { sn });
    },
  },
  {
    name: "warehouse-ticket-status",
    tools: ["list_warehouse_tickets", "get_warehouse_ticket"],
    examples: [
      "what's the status of my ticket?", "has the warehouse answered WT-1001?", "any news on my tikets", "did the fulfilment center reply to my ticket about order 1043",
      "show my warehouse tickets", "what did the warehose say about WT-1002",
    ],
    match: (t) => (TICKET_WORD.test(t) || TICKET_TEXT.test(t) || (WAREHOUSE_WORD.test(t) && /\b(answer(ed)?|repl(y|ied)|respond(ed)?|say|said)\b/i.test(t))) && (STATUS_WORD.test(t) || TICKET_TEXT.test(t)) && !CLOSE_WORD.test(t),
    step: (t, done, _history, context) => {
      const one = got(done, "get_warehouse_ticket");
      if (one) return { answer: ticketAnswer(one.value, "Ticket") };
      const list = got(done, "list_warehouse_tickets");
      if (list) {
        const r = list.value;
        if (!r.list.length) return { answer: "You have no tickets with the warehouse. Say \"open a ticket about order 1043\" to ask it something." };
        const more = r.total > r.list.length ? `…and ${r.total - r.list.length} more on the tickets screen.` : "";
        return { answer: [`Your tickets with the warehouse (${r.counts.OPEN} waiting for it, ${r.counts.ANSWERED} answered):`, ...r.list.map(ticketLine), more].filter(Boolean).join("\n") };
      }
      const sn = parseTicketSn(t, context);
      if (sn) return call("get_warehouse_ticket", { sn });
      const order = parseOrderRef(t, context);
      return call("list_warehouse_tickets", { size: 5, ...(order ? { orderId: order } : {}) });
    },
  },
];
