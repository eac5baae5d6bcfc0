import { IMPORT_CHANNEL_NAMES, type ImportChannel } from "@atelier/contracts/sales-channels";
import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, IntentContext, Outcome, Step } from "./offline-types";
import { call, got } from "./offline-steps";

// Sales channels offline: importing the orders of an export file the user uploaded on a connect
// page ("import my shopify orders", "import this file"), how an import went, which rows failed and
// why, and the store's channels ("where do I sell?"). Typos of the platforms' names are read.

type Import = ToolResponse<"list_order_imports">["list"][number];

const IMPORT_WORD = /\b(import(ed|ing|s)?|imprt|improt|inport|bring in|brought in|pull in|upload(ed)?)\b/i;
const ORDERS_WORD = /\b(orders?|ordres?|oders?|files?|csv|exports?|reports?|it|this)\b/i;
const STATUS_WORD = /\b(how did|how's|how is|go|went|status|done|finished|come in|came in|work(ed)?|result|progress|did (my|the))\b/i;
const FAILED_WORD = /\b(fail(ed|ing|s)?|errors?|problems?|wrong|bad rows?|rejected|skipped|didn'?t (import|make it|come in)|could ?n[o']t|missing|why)\b/i;
const CHANNEL_WORD = /\b(sales chan+els?|my chan+els|where (do|can) i sell|sell on|which marketplaces|connect (my )?(shop+ify|amazon|woo ?commerce|instagram|google shopping)|came from (shop+ify|amazon|woo ?commerce))\b/i;

/** The platform a request names, typos included. */
export function parseImportChannel(text: string): ImportChannel | undefined {
  if (/\b(shop+ify|shopfiy|shopfy|shopif)\b/i.test(text)) return "SHOPIFY";
  if (/\b(woo ?commerce|woocomerce|woo)\b/i.test(text)) return "WOOCOMMERCE";
  if (/\b(amazon|amazn|amzn|seller central)\b/i.test(text)) return "AMAZON";
  return undefined;
}

const connectPage = (c: ImportChannel | undefined) => `/fulfillment-services/connect-${(c ?? "SHOPIFY").toLowerCase()}`;
const n = (k: number, what = "order") => `${k.toLocaleString("en-US")} ${what}${k === 1 ? "" : "s"}`;

/** The import the user means: the one on screen, else the newest (of the platform named). */
function onScreen(context: IntentContext): string | undefined {
  return context.screen?.entity?.type === "order_import" ? context.screen.entity.id : undefined;
}

function importLine(i: Import): string {
  return `- ${i.fileName} (${i.channelName}, ${i.createdAt.slice(0, 10)}): ${i.summary}`;
}

function detailAnswer(d: ToolResponse<"get_order_import">, problemsAsked: boolean): string {
  const lines = [`${d.fileName} (${d.channelName}): ${d.summary}`];
  if (d.status === "QUEUED" || d.status === "RUNNING") lines.push("It is still running; the connect page shows its progress.");
  if (d.problems.length) {
    lines.push(problemsAsked ? "These rows could not be imported:" : "Rows that could not be imported:");
    lines.push(...d.problems.slice(0, 8).map((p) => `- Line ${p.rowNumber}: ${p.message}`));
    if (d.problemCount > 8) lines.push(`…and ${d.problemCount - 8} more in the problem report (download it on the connect page).`);
    lines.push("Mend them and import the file again: orders already imported are skipped.");
  } else if (problemsAsked && d.status === "COMPLETED") lines.push("Every row was read: nothing failed.");
  if (d.orders.length && !problemsAsked) lines.push(`Imported orders: ${d.orders.slice(0, 8).map((o) => `#${o.orderNumber} (${o.externalId})`).join(", ")}${d.orders.length > 8 ? "…" : ""}.`);
  return lines.join("\n");
}

/** Reads the import meant (on screen, else the newest listed), then answers with it. */
function readImport(t: string, done: Outcome[], context: IntentContext, problemsAsked: boolean): Step {
  const one = got(done, "get_order_import");
  if (one) return { answer: detailAnswer(one.value, problemsAsked) };
  const id = onScreen(context);
  if (id) return call("get_order_import", { id });
  const listed = got(done, "list_order_imports");
  const channel = parseImportChannel(t);
  if (!listed) return call("list_order_imports", { size: 5, ...(channel ? { channel } : {}) });
  const newest = listed.value.list[0];
  if (!newest) return { answer: `You haven't imported any ${channel ? `${IMPORT_CHANNEL_NAMES[channel]} ` : ""}orders yet. Upload the export file on ${connectPage(channel)}.` };
  return call("get_order_import", { id: newest.id });
}

export const SALES_CHANNEL_INTENTS: Intent[] = [
  {
    name: "order-import-problems",
    tools: ["list_order_imports", "get_order_import"],
    examples: [
      "which orders failed to import?", "why did some rows fail", "show me the import errors", "what went wrong with the import", "which rows couldn't be imported",
      "why didnt order 1003 come in from shopify", "import problems", "what failed in my amazon import",
    ],
    match: (t) => (IMPORT_WORD.test(t) || /\brows?\b/i.test(t)) && FAILED_WORD.test(t),
    step: (t, done, _history, context) => readImport(t, done, context, true),
  },
  {
    name: "order-import-status",
    tools: ["list_order_imports", "get_order_import"],
    examples: ["how did the import go?", "did my shopify orders come in?", "is the import done", "status of my amazon import", "how many orders were imported", "did the file import work", "how did the imprt go"],
    match: (t) => IMPORT_WORD.test(t) && STATUS_WORD.test(t) && !FAILED_WORD.test(t),
    step: (t, done, _history, context) => {
      if (onScreen(context) || got(done, "get_order_import")) return readImport(t, done, context, false);
      const listed = got(done, "list_order_imports");
      if (!listed) return call("list_order_imports", { size: 5, ...(parseImportChannel(t) ? { channel: parseImportChannel(t) } : {}) });
      const r = listed.value;
      if (!r.list.length) return { answer: `You haven't imported any orders yet. Upload an export file on ${connectPage(parseImportChannel(t))}.` };
      return { answer: [`Your latest import${r.list.length === 1 ? "" : "s"}:`, ...r.list.slice(0, 5).map(importLine)].join("\n") };
    },
  },
  {
    name: "import-orders-file",
    tools: ["list_order_imports", "import_orders_file", "list_sales_channels", "read_shop_orders"],
    examples: [
      "import my shopify orders", "import this file", "bring in my amazon orders", "import the orders from the file i uploaded", "imprt my woocommerce orders", "go ahead and import it",
      "pull in the orders from my shopify export", "import the amazon order report", "import the orders from my shop", "pull the new orders from my shopfiy store",
    ],
    match: (t) => IMPORT_WORD.test(t) && ORDERS_WORD.test(t) && !STATUS_WORD.test(t) && !FAILED_WORD.test(t),
    step: (t, done, _history, context) => {
      const started = got(done, "import_orders_file");
      if (started) {
        const i = started.value;
        const fromShop = i.source === "SHOP";
        const already = fromShop ? `The orders read from your ${i.channelName} shop were` : `The ${i.channelName} export ${i.fileName} was`;
        if (i.status === "COMPLETED" || i.status === "FAILED") return { answer: `${already} already imported: ${i.summary}` };
        const what = fromShop ? `${n(i.orderCount)} read from your ${i.channelName} shop` : `the ${i.channelName} export ${i.fileName}: ${n(i.orderCount)} in ${n(i.rowCount, "row")}`;
        return { answer: `I started importing ${what}. Orders already imported will be skipped, and ${fromShop ? "orders" : "rows"} that can't be read are listed when it finishes. Ask me "how did the import go?" in a moment.` };
      }
      const channel = parseImportChannel(t);
      const id = onScreen(context);
      if (id) return call("import_orders_file", { importId: id });
      const listed = got(done, "list_order_imports");
      if (!listed) return call("list_order_imports", { size: 10, ...(channel ? { channel } : {}) });
      const waiting = listed.value.list.find((i) => i.status === "UPLOADED");
      if (waiting) return call("import_orders_file", { importId: waiting.id });
      // No file waiting: a Shopify shop connected to Atelier is read through its API instead, then imported like a file.
      const read = got(done, "read_shop_orders");
      if (read) return call("import_orders_file", { importId: read.value.id });
      if (channel === undefined || channel === "SHOPIFY") {
        const channels = got(done, "list_sales_channels");
        if (!channels) return call("list_sales_channels", {});
        if (channels.value.channels.some((c) => c.key === "shopify" && c.connectedShop)) return call("read_shop_orders", { channel: "SHOPIFY" });
      }
      const name = channel ? IMPORT_CHANNEL_NAMES[channel] : "Shopify, WooCommerce or Amazon";
      return { answer: `There's no uploaded file waiting to be imported. Export your orders from ${name} and upload the file on ${connectPage(channel)}${channel ? "" : " (or the WooCommerce or Amazon page)"}: the page shows how to export it, and then I can import it.` };
    },
  },
  {
    name: "list-sales-channels",
    tools: ["list_sales_channels"],
    examples: ["what sales channels do i have", "where do i sell", "can i connect amazon", "show my channels", "how many orders came from shopify", "which marketplaces can i sell on", "my sales chanels"],
    match: (t) => CHANNEL_WORD.test(t) && !IMPORT_WORD.test(t) && !/\bmarketing\b/i.test(t),
    step: (_t, done) => {
      const r = got(done, "list_sales_channels");
      if (!r) return call("list_sales_channels", {});
      return { answer: ["Your sales channels:", ...r.value.channels.map((c) => `- ${c.name}: ${c.status} (${c.path})`)].join("\n") };
    },
  },
];
