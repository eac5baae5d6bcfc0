import type { OrderOrigin } from "@atelier/contracts/orders";
import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, IntentContext, Step } from "./offline-types";
import { call, got, gotAll, usd } from "./offline-steps";

// The store's customer orders offline: list a tab, explain and place holds, release them, notes,
// cancelling. Tolerant of the usual typos ("oder", "hodl", "becuase"); "this order" is the order
// on the user's screen (/order-details/:id sends entity type "order").

const ORDER_WORD = /\b(or?de?rs?|ords?|orer?s?|ordesr?)\b/i;
const HOLD_WORD = /\b(h[oa]ld|hodl|hlod|hols|hlds?|holds|holding|on[- ]?hold|paused?)\b/i;
const RELEASE_WORD = /\b(release|relase|realease|releese|unhold|un-hold|lift|remove the hold|take (it )?off hold|let (it )?ship)\b/i;
const WHY_WORD = /\b(why|wh[yt]y|reason|what'?s (up|wrong|the hold)|how come|explain)\b/i;
const CANCEL_WORD = /\b(cancel+|cancle|cansel)\b/i;
const NOTE_WORD = /\b(nots?e|comment|remark)\b/i;
/** Text that names one order: "#1043", "order 1043" (typos too) or "this order". */
const ORDER_REF_TEXT = /#\s?\d{3,9}\b|\bor?de?r\s*#?\s?\d{3,9}\b|\bthis or?de?r\b/i;
const LIST_WORD = /\b(show|list|lsit|see|which|my|all|find|how many)\b/i;
const SEND_WORD = /\b(ship|send|fulfill?|fullfill?|dispatch)\b/i;
const TRACK_WORD = /\b(where(?:'s| is)?|track(?:ing)?|traking|shipped|delivery status|when will)\b/i;

/** The order the text names (#1043, order 1043, a bare 4-digit number) or, for "this order", the one on screen. */
export function parseOrderRef(text: string, context: IntentContext): string | undefined {
  const numbered = text.match(/#\s?(\d{3,9})\b/) ?? text.match(/\b(?:or?de?r|no\.?|number)\s*#?\s?(\d{3,9})\b/i) ?? text.match(/\b(\d{4,9})\b/);
  if (numbered) return numbered[1];
  const entity = context.screen?.entity;
  if (entity?.type === "order" && /\b(this|that|the|it|its|it's)\b/i.test(text)) return entity.id;
  return undefined;
}

/** The reason after "because", "since", "reason:" or a colon/dash. */
export function parseReason(text: string): string | undefined {
  const m = text.match(/\b(?:because|becuase|becasue|bc|since|as|reason:?|due to)\s+(\S.*)$/i) ?? text.match(/[:—–-]\s+(\S.*)$/);
  const reason = m?.[1]?.trim().replace(/[.!]+$/, "");
  if (!reason || reason.length < 3) return undefined;
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

function parseFilter(text: string): string {
  if (HOLD_WORD.test(text)) return "ON_HOLD";
  if (/\b(returns?|returned)\b/i.test(text)) return "RETURNS";
  if (/\bcancel+ed\b/i.test(text)) return "CANCELED";
  if (/\b(fulfill?ed|shipped|sent|delivered)\b/i.test(text)) return "FULFILLED";
  if (/\bprocessing\b/i.test(text)) return "PROCESSING";
  if (/\b(outstanding|unfulfill?ed|open|new|waiting|to ship|not shipped)\b/i.test(text)) return "OUTSTANDING";
  return "ALL";
}

/** The channel pages whose orders are one origin: "this channel" there. */
const CHANNEL_PAGE_ORIGINS: Record<string, OrderOrigin> = { "/ecommerce-services/wholesale": "MANUAL_WHOLESALE", "/ecommerce-services/own-shop": "SHOPIFY_PLATFORM" };

/** The channel the text names ("wholesale orders", "orders from my own shop", "imported orders"), or the channel page's for "this channel". */
function parseOrigin(text: string, context: IntentContext): OrderOrigin | undefined {
  if (/\b(wholesale|wholesle|wholsale|b2b)\b/i.test(text)) return "MANUAL_WHOLESALE";
  if (/\b(own|atelier) (shop|store)\b|\bstorefront\b|\bfrom my (shop|store)\b/i.test(text)) return "SHOPIFY_PLATFORM";
  if (/\bimported\b/i.test(text)) return "IMPORT";
  if (/\bretail\b/i.test(text)) return "MANUAL_RETAIL";
  if (/\b(this|the) (channel|page)\b|\bhere\b/i.test(text)) return CHANNEL_PAGE_ORIGINS[context.screen?.route ?? ""];
  return undefined;
}

const TAB_WORDS: Record<string, string> = { ON_HOLD: "on hold", RETURNS: "with returns", CANCELED: "canceled", FULFILLED: "fulfilled", PROCESSING: "processing", OUTSTANDING: "outstanding", ALL: "" };

type Order = ToolResponse<"get_order">;
type Hold = Order["holds"][number];

const who = (a: Hold["setBy"]) => (a?.rule ? `the ${a.rule} rule` : a?.userName ?? "someone on your team");
const day = (iso: string) => String(iso).slice(0, 10);
const label = (o: { orderNumber: number | string }) => `#${o.orderNumber}`;

function holdsAnswer(o: Order): string {
  const open = o.holds.filter((h) => !h.releasedAt);
  if (o.processingStatus !== "ON_HOLD" || open.length === 0) {
    const status = o.cancellationState === "CANCELED" ? "canceled" : String(o.processingStatus).toLowerCase().replace("_", " ");
    return `Order ${label(o)} isn't on hold: it's ${status}${o.fulfillmentState === "FULFILLED" ? " and shipped" : ""}.`;
  }
  const lines = open.map((h) => `- ${h.reason} — set by ${who(h.setBy)} on ${day(h.createdAt)}`);
  const tail = open.length > 1 ? `It ships only when all ${open.length} holds are released.` : `Say "release the hold on ${o.orderNumber}" when it's sorted.`;
  return [`Order ${label(o)} (${o.customerName || o.email}, ${usd(o.totalCents)}) is on hold because:`, ...lines, tail].join("\n");
}

/** "wholesale ", "imported ": the origin as a word before "orders". */
const ORIGIN_ADJECTIVES: Record<OrderOrigin, string> = { SHOPIFY_PLATFORM: "own-shop ", SHOPIFY_CREATOR: "Shopify ", IMPORT: "imported ", CART_ROVER: "CartRover ", MANUAL_RETAIL: "manual retail ", MANUAL_WHOLESALE: "wholesale " };

function listAnswer(r: ToolResponse<"list_orders">, filter: string, origin?: OrderOrigin): string {
  const tab = TAB_WORDS[filter] ?? "";
  const kind = origin ? ORIGIN_ADJECTIVES[origin] : "";
  if (!r.list?.length) return `You have no ${kind}orders${tab ? ` ${tab}` : ""}.`;
  const rows = r.list.slice(0, 10).map((o) => `- #${o.orderNumber} — ${o.customerName || o.email}, ${usd(o.totalCents)}, placed ${day(o.placedAt)}${o.openHolds ? `, ${o.openHolds} open hold${o.openHolds > 1 ? "s" : ""}` : ""}`);
  const more = r.total > 10 ? `…and ${r.total - 10} more on the Orders screen.` : "";
  const hint = filter === "ON_HOLD" ? 'Ask "why is #<number> on hold?" for the reasons.' : "";
  return [`Your ${kind}orders${tab ? ` ${tab}` : ""} (${r.total}):`, ...rows, more, hint].filter(Boolean).join("\n");
}

const STAGE_WORDS: Record<string, string> = { SUBMITTED: "sent", ACCEPTED: "accepted", PICKED: "picked", PACKED: "packed", SHIPPED: "shipped" };

function trackingAnswer(o: ToolResponse<"get_order">): string {
  const s = (o.shipments ?? []).at(-1);
  if (!s) {
    if (o.cancellationState === "CANCELED") return `Order ${label(o)} was canceled, so it won't ship.`;
    const status = String(o.processingStatus).toLowerCase().replace("_", " ");
    return `Order ${label(o)} hasn't been sent to the fulfilment center yet (it's ${status}).${o.actions?.fulfil?.allowed ? ` Say "ship order ${o.orderNumber}" to send it.` : o.actions?.fulfil?.reason ? ` ${o.actions.fulfil.reason}` : ""}`;
  }
  if (s.status === "SHIPPED") return `Order ${label(o)} shipped on ${day(s.shippedAt ?? s.updatedAt)} with ${s.carrier} ${s.service}, tracking number ${s.trackingNumber}.`;
  if (s.status === "FAILED") return `The fulfilment center couldn't ship order ${label(o)}: ${s.lastError} Say "ship order ${o.orderNumber}" to send it again.`;
  if (s.status === "CANCELED") return `Order ${label(o)}'s shipment was canceled: ${s.lastError ?? "the order was canceled"}.`;
  const held = o.processingStatus === "ON_HOLD" ? " It's on hold, so the center waits until the hold is released." : "";
  return `Order ${label(o)} is at the fulfilment center: ${STAGE_WORDS[s.status] ?? String(s.status).toLowerCase()} (accepted → picked → packed → shipped).${held}`;
}

const needOrder = (verb: string): Step => ({ answer: `Which order should I ${verb}? Give its number, e.g. "${verb} order 1043".` });

export const ORDER_INTENTS: Intent[] = [
  {
    name: "why-order-on-hold",
    tools: ["get_order", "list_orders"],
    match: (t) => WHY_WORD.test(t) && HOLD_WORD.test(t),
    step: (t, done, _h, context) => {
      const order = got(done, "get_order");
      if (order) return { answer: holdsAnswer(order.value) };
      const listed = got(done, "list_orders");
      if (listed) return { answer: listAnswer(listed.value, "ON_HOLD") };
      const id = parseOrderRef(t, context);
      return id ? call("get_order", { id }) : call("list_orders", { filter: "ON_HOLD", size: 10 });
    },
  },
  {
    name: "release-order-hold",
    tools: ["get_order", "release_order_hold"],
    match: (t) => RELEASE_WORD.test(t) && (ORDER_WORD.test(t) || HOLD_WORD.test(t) || /#\d/.test(t)),
    step: (t, done, _h, context) => {
      const released = gotAll(done, "release_order_hold");
      if (released.length) {
        const o = released.at(-1)!.value;
        const open = o.holds.filter((h) => !h.releasedAt).length;
        return { answer: open ? `Released. Order ${label(o)} still has ${open} open hold${open > 1 ? "s" : ""}, so it stays on hold.` : `Released: order ${label(o)} is back to ${String(o.processingStatus).toLowerCase()} and can ship.` };
      }
      const order = got(done, "get_order");
      const id = parseOrderRef(t, context);
      if (!order) return id ? call("get_order", { id }) : needOrder("release");
      const open = order.value.holds.filter((h) => !h.releasedAt);
      if (!open.length) return { answer: `Order ${label(order.value)} has no open hold.` };
      const words = t.toLowerCase().split(/\W+/).filter((w) => w.length > 3);
      const named = open.filter((h) => words.some((w) => h.reason.toLowerCase().includes(w)));
      const chosen = named.length ? named : open.length === 1 || /\b(all|every|both)\b/i.test(t) ? open : [];
      if (!chosen.length) return { answer: [`Order ${label(order.value)} has ${open.length} open holds — which one?`, ...open.map((h) => `- ${h.reason} (set by ${who(h.setBy)})`), 'Say "release all holds on ' + order.value.orderNumber + '" to release every one.'].join("\n") };
      return { calls: chosen.map((h) => ({ name: "release_order_hold", args: { id: order.value.id, holdId: h.id } })) };
    },
  },
  {
    name: "cancel-order",
    tools: ["cancel_order"],
    match: (t) => CANCEL_WORD.test(t) && (ORDER_WORD.test(t) || /#\d/.test(t)) && !/\b(plan|subscription|account)\b/i.test(t),
    step: (t, done, _h, context) => {
      const canceled = got(done, "cancel_order");
      if (canceled) return { answer: `Order ${label(canceled.value)} is canceled${canceled.value.holds?.length ? " and its holds are released" : ""}.` };
      const id = parseOrderRef(t, context);
      if (!id) return needOrder("cancel");
      const reason = parseReason(t);
      return reason ? call("cancel_order", { id, reason }) : { answer: `Why should order #${id} be canceled? Say e.g. "cancel order ${id} because the customer asked".` };
    },
  },
  {
    name: "hold-order",
    tools: ["hold_order"],
    match: (t) => HOLD_WORD.test(t) && !WHY_WORD.test(t) && !RELEASE_WORD.test(t) && /\b(h[oa]ld|hodl|hlod|put|place|pause)\b/i.test(t) && (ORDER_REF_TEXT.test(t) || /\b\d{4,9}\b/.test(t)),
    step: (t, done, _h, context) => {
      const held = got(done, "hold_order");
      if (held) {
        const open = held.value.holds.filter((h) => !h.releasedAt).length;
        return { answer: `Order ${label(held.value)} is on hold: ${held.args.reason}. It won't ship until ${open > 1 ? `all ${open} holds are` : "the hold is"} released.` };
      }
      const id = parseOrderRef(t, context);
      if (!id) return needOrder("hold");
      const reason = parseReason(t);
      return reason ? call("hold_order", { id, reason }) : { answer: `Why should order #${id} wait? Say e.g. "hold order ${id} because the address looks wrong".` };
    },
  },
  {
    name: "order-note",
    tools: ["add_order_note"],
    match: (t) => NOTE_WORD.test(t) && /\b(add|write|leave|put|make|note)\b/i.test(t) && ORDER_REF_TEXT.test(t),
    step: (t, done, _h, context) => {
      const noted = got(done, "add_order_note");
      if (noted) return { answer: `Noted on order ${label(noted.value)}: "${noted.args.note}".` };
      const id = parseOrderRef(t, context);
      const note = t.match(/(?:saying|:|that)\s+(\S.*)$/i)?.[1]?.trim();
      if (!id) return needOrder("note");
      return note ? call("add_order_note", { id, note }) : { answer: `What should the note on order #${id} say? e.g. "add a note to ${id}: customer called".` };
    },
  },
  {
    name: "send-order-to-fulfilment",
    tools: ["send_order_to_fulfilment"],
    match: (t) => SEND_WORD.test(t) && !TRACK_WORD.test(t) && (ORDER_REF_TEXT.test(t) || /\b\d{4,9}\b/.test(t) || /\b(it|this one)\b/i.test(t)) && !/\b(sample|supplier|invoice|message|email)s?\b/i.test(t),
    step: (t, done, _h, context) => {
      const sent = got(done, "send_order_to_fulfilment");
      if (sent) return { answer: `Order ${label(sent.value)} is on its way to the fulfilment center: it will be accepted, picked, packed and shipped. Ask "where is order ${sent.value.orderNumber}?" for the tracking number.` };
      const id = parseOrderRef(t, context) ?? (context.screen?.entity?.type === "order" ? context.screen.entity.id : undefined);
      return id ? call("send_order_to_fulfilment", { id }) : needOrder("ship");
    },
  },
  {
    name: "track-order",
    tools: ["get_order"],
    match: (t) => TRACK_WORD.test(t) && (ORDER_REF_TEXT.test(t) || /\b\d{4,9}\b/.test(t)),
    step: (t, done, _h, context) => {
      const order = got(done, "get_order");
      if (order) return { answer: trackingAnswer(order.value) };
      const id = parseOrderRef(t, context);
      return id ? call("get_order", { id }) : needOrder("track");
    },
  },
  {
    name: "list-orders",
    tools: ["list_orders"],
    match: (t) => ORDER_WORD.test(t) && LIST_WORD.test(t) && !/\b(sample|production|supplier|cart|purchase)s?\b/i.test(t) && !ORDER_REF_TEXT.test(t),
    step: (t, done, _h, context) => {
      const r = got(done, "list_orders");
      const filter = parseFilter(t);
      const origin = parseOrigin(t, context);
      if (r) return { answer: listAnswer(r.value, String(r.args.filter ?? filter), (r.args.origin as OrderOrigin | undefined) ?? origin) };
      // "biggest order", "smallest orders"; "orders from Henry White" searches by customer.
      const sort = /\b(biggest|largest|highest|most expensive|top)\b/i.test(t) ? { sort: "-total" } : /\b(smallest|lowest|cheapest)\b/i.test(t) ? { sort: "total" } : {};
      const customer = origin ? undefined : t.match(/\borders?\s+(?:from|by|for|of)\s+([A-Z][\w'-]*(?: [A-Z][\w'-]*){0,3}|\S+@\S+)/)?.[1];
      return call("list_orders", { filter, size: 10, ...sort, ...(origin ? { origin } : {}), ...(customer ? { search: customer.slice(0, 100) } : {}) });
    },
  },
  {
    name: "get-order",
    tools: ["get_order"],
    match: (t) => ORDER_REF_TEXT.test(t),
    step: (t, done, _h, context) => {
      const order = got(done, "get_order");
      if (order) {
        const o = order.value;
        const lines = o.lines.map((l) => `- ${l.quantity} × ${l.title} (${l.sku})`);
        const status = o.cancellationState === "CANCELED" ? "canceled" : `${String(o.processingStatus).toLowerCase().replace("_", " ")}, ${String(o.fulfillmentState).toLowerCase()} fulfilled`;
        return { answer: [`Order ${label(o)} — ${o.customerName || o.email}, ${usd(o.totalCents)}, placed ${day(o.placedAt)}; ${status}.`, ...lines, o.processingStatus === "ON_HOLD" ? holdsAnswer(o) : ""].filter(Boolean).join("\n") };
      }
      const id = parseOrderRef(t, context);
      return id ? call("get_order", { id }) : needOrder("show");
    },
  },
];
