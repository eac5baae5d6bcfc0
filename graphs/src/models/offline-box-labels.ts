import type { ToolResponse } from "@atelier/tools/tool-results";
import { sameInEveryBox } from "@atelier/contracts/receiving-boxes";
import type { Intent, IntentContext } from "./offline-types";
import { call, got } from "./offline-steps";

// Box labels and per-box packing lists of inbound shipments (issue 16): "print the box labels for
// my last shipment", "box lables for RCV-1003", "same in every box for this receiving". The labels
// are a PDF the user downloads from the receiving's page; the assistant says what is on them.

const RCV_TEXT = /\brcv[-\s#]?(\d{4,9})\b/i;
const LABELS = /\b(box|boxes|carton|cartons|parcel)\s+(lab(el|le)s?|stickers?|tags?)\b|\b(lab(el|le)s?|stickers?)\s+(for|of|on)\s+(the\s+|each\s+|every\s+|its\s+)?(box|boxes|carton|cartons)\b/i;
const SAME = /\bsame\b.*\b(every|each|all( the)?)\s+(box|boxes|carton|cartons)\b|\b(split|divide|spread)\b.*\b(evenly|equally)\b.*\b(box|boxes|carton|cartons)\b/i;
const LATEST = /\b(last|latest|newest|most recent|recent)\b/i;

/** The shipment the text names (RCV-1003), or the one on screen. */
function namedSn(text: string, context: IntentContext): string | undefined {
  const n = text.match(RCV_TEXT)?.[1];
  if (n) return `RCV-${n}`;
  const entity = context.screen?.entity;
  return entity?.type === "receiving" && !LATEST.test(text) ? entity.id : undefined;
}

/** The labels in words: pages, what the barcode reads, each box's contents, and where to download. */
export function boxLabelsAnswer(r: ToolResponse<"get_receiving_box_labels">): string {
  const from = r.supplierName ? ` from ${r.supplierName}` : "";
  const head = `The box labels for ${r.sn}${from} are ready: ${r.boxCount} ${r.boxCount === 1 ? "page" : "pages"}, one per box ("Box 1 of ${r.boxCount}"…), each with a barcode of the receiving and box number.`;
  const boxes = r.boxes.slice(0, 5).map((b) => `- Box ${b.number}: ${b.lines.map((l) => `${l.quantity.toLocaleString("en-US")} × ${l.sku}`).join(", ")}`);
  const more = r.boxes.length > 5 ? `- …and ${r.boxes.length - 5} more boxes` : "";
  const unlisted = r.listed ? "" : `No packing list yet, so the labels say the contents are not listed. Say "same in every box for ${r.sn}" or list each box's SKUs on the receiving's page.`;
  return [head, ...boxes, more, unlisted, `Download them from the receiving's page: [box labels for ${r.sn}](/receivings/${r.sn}/details).`].filter(Boolean).join("\n");
}

export const BOX_LABEL_INTENTS: Intent[] = [
  {
    name: "print-box-labels",
    tools: ["get_receiving_box_labels", "list_receivings"],
    examples: ["print the box labels for my last shipment", "box labels for RCV-1003", "i need labels for the boxes of this receiving", "print carton labels for my latest inbound shipment", "box lables for my last shipment pls", "labels for each box of RCV-1001", "where are the box labels for this shipment"],
    match: (t) => LABELS.test(t),
    step: (t, done, _history, context) => {
      const labels = got(done, "get_receiving_box_labels");
      if (labels) return { answer: boxLabelsAnswer(labels.value) };
      const listed = got(done, "list_receivings");
      if (listed) {
        const latest = listed.value.list.find((r) => !r.canceled);
        return latest ? call("get_receiving_box_labels", { sn: latest.sn }) : { answer: "You have no inbound shipments yet, so there are no box labels to print. Announce one on the Receivings screen first." };
      }
      const sn = namedSn(t, context);
      if (sn) return call("get_receiving_box_labels", { sn });
      return call("list_receivings", { filter: "ALL", sort: "-createdAt", size: 5 });
    },
  },
  {
    name: "same-in-every-box",
    tools: ["get_receiving", "update_receiving_boxes"],
    examples: ["same in every box for RCV-1004", "every box holds the same", "split this receiving evenly over its boxes", "put the same in each carton of this shipment"],
    match: (t) => SAME.test(t),
    step: (t, done, _history, context) => {
      const saved = got(done, "update_receiving_boxes");
      if (saved) {
        const r = saved.value;
        const box = r.boxes[0]?.lines.map((l) => `${l.quantity.toLocaleString("en-US")} × ${l.sku}`).join(", ") ?? "";
        return { answer: `Saved the packing list of ${r.sn}: ${r.boxCount === 1 ? "its one box holds" : `each of its ${r.boxCount} boxes holds`} ${box}. Say "print the box labels for ${r.sn}" for the labels.` };
      }
      const r = got(done, "get_receiving");
      if (r) {
        const even = sameInEveryBox(r.value.lines.map((l) => ({ sku: l.sku, expected: l.expected })), r.value.boxCount);
        if ("uneven" in even) return { answer: `The units of ${even.uneven} on ${r.value.sn} don't divide evenly over its ${r.value.boxCount} boxes, so the boxes can't all hold the same. List each box's contents on the receiving's page instead.` };
        return call("update_receiving_boxes", { sn: r.value.sn, boxes: even.boxes });
      }
      const sn = namedSn(t, context);
      return sn ? call("get_receiving", { sn }) : { answer: 'Which shipment? Say its number, e.g. "same in every box for RCV-1004", or ask from its page.' };
    },
  },
];
