import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent } from "./offline-types";
import { countryName, parseAnyCountry, parseInteger, parseProduct } from "./offline-parse";
import { referredEntity } from "./offline-references";
import { parseDate, parseGoodsCount, parseSort } from "./offline-slots";
import { call, got, usd } from "./offline-steps";

// Intents whose tools existed without a conversation: catalog search, sales figures, what the store
// bought from suppliers, custom projects and supplier reviews.

type Item = ToolResponse<"search_catalog_items">["list"][number];

function itemLine(i: Item): string {
  const price = i.priceMinCents == null ? "price on quote" : `from ${usd(i.priceMinCents)}`;
  return `- **${i.title}** — ${i.supplierName} (${countryName(i.supplierCountryCode)}), ${price}, MOQ ${i.moq ?? "custom quote"}${i.samplePriceCents != null ? `, sample ${usd(i.samplePriceCents)}` : ""}`;
}

/** The search words of a product request, without "search products:", "samples" and sort words. */
function productKeyword(text: string): string | undefined {
  return parseProduct(text.replace(/\b(search|browse|look up|show|list)\s+(the\s+)?(products?|catalog(ue)?|items?)\s*:?/gi, " ").replace(/\b(products?|items?|catalog(ue)?|samples?|stuff|things|goods|sell|sells|selling)\b/gi, " "));
}

const PURCHASE_TABS: [RegExp, string][] = [
  [/\b(in production|being made|still (being )?(made|produced)|production)\b/i, "IN_PRODUCTION"],
  [/\b(shipped|on (its|their) way|delivered)\b/i, "SHIPPED"],
  [/\bsamples?\b/i, "SAMPLES"],
  [/\bcancel+ed\b/i, "CANCELED"],
];

function purchasesAnswer(r: ToolResponse<"list_order_items">, supplier: string | undefined): string {
  const rows = supplier ? r.list.filter((i) => (i.supplierName ?? "").toLowerCase().includes(supplier.toLowerCase())) : r.list;
  if (!rows.length) return supplier ? `You haven't ordered anything from ${supplier} yet.` : "No orders to suppliers in that list yet. Add a sample to your cart to start.";
  const lines = rows.slice(0, 10).map((i) => `- ${i.title} — ${i.kind === "SAMPLE" ? "sample" : "production"}, ${i.quantity} × ${usd(i.unitPriceCents)}${i.supplierName ? ` from ${i.supplierName}` : ""}: ${i.status.toLowerCase().replace(/_/g, " ")}${i.trackingUrl ? ` (tracking: ${i.trackingUrl})` : ""}`);
  return [supplier ? `What you ordered from ${supplier}:` : "Your orders to suppliers:", ...lines].join("\n");
}

function salesAnswer(s: ToolResponse<"get_sales_stats">): string {
  if (!s.orderCount) return "No sales yet: once your store takes its first order, I'll show revenue, order count and the trend here.";
  const change = s.salesChangePercent == null ? "" : ` (${s.salesChangePercent >= 0 ? "up" : "down"} ${Math.abs(s.salesChangePercent).toFixed(0)}% on the 30 days before)`;
  return [
    `Last 30 days: ${usd(s.last30Days.salesCents)} from ${s.last30Days.orderCount} order${s.last30Days.orderCount === 1 ? "" : "s"}${change}.`,
    `All time: ${usd(s.lifetimeSalesCents)} from ${s.orderCount} orders, ${usd(s.averageOrderValueCents)} on average.`,
  ].join("\n");
}

function projectTitle(text: string): string | undefined {
  const named = text.match(/\b(?:project|request|rfp)\s+(?:for|called|named|:)\s+(?:an?\s+|the\s+)?([^,.;!?]{2,120})/i)?.[1] ?? parseProduct(text.replace(/\b(start|create|new|open|begin|make|custom|projects?|requests?|draft)\b/gi, " "));
  const title = named?.replace(/\s+(?:with|by|of|for)\s.*$/i, "").trim();
  return title ? title.charAt(0).toUpperCase() + title.slice(1) : undefined;
}

/** "What products does the first one sell", "what do they make?": a supplier's range. */
const SUPPLIER_RANGE = /\bwhat (?:(?:products?|items?|else|kind of (?:products?|things?)) )?(?:does|do|can) (?:the (?:first|second|third|fourth|fifth|last|\d+(?:st|nd|rd|th)) (?:one|supplier|factory)|they|this (?:supplier|factory)|that (?:supplier|factory)|it)\s+(?:sell|make|offer|carry|produce)\b/i;

const SAYS_PROJECT = /\b(custom )?projects?\b|\brfps?\b|\bcustom (request|order)s?\b/i;

export const CATALOG_INTENTS: Intent[] = [
  {
    name: "sales",
    tools: ["get_sales_stats"],
    examples: ["how are my sales", "how r my sales lookin", "revenue this month", "how much have I sold", "sales figures", "how is the store doing", "what's my average order value", "how many orders did I get last month", "show my sales stats"],
    match: (t) => (/\b(sales|revenue|sold|turnover|earnings|aov|average order)\b/i.test(t) || /\b(how much (did|have|do) (i|we) sell|(am i|are we) selling|selling (more|less|better|worse))\b/i.test(t)) && !/\bsales channels?\b/i.test(t),
    step: (_t, done) => {
      const stats = got(done, "get_sales_stats");
      return stats ? { answer: salesAnswer(stats.value) } : call("get_sales_stats");
    },
  },
  {
    name: "purchases",
    tools: ["list_order_items"],
    examples: ["what did I order from Jiale Garment?", "which orders are still in production", "my sample orders", "show my purchases from suppliers", "what have I bought", "where are my samples", "has my production order shipped", "list my production orders"],
    match: (t) => /\b((order(ed)?|buy|bought|purchased?|get|got) from|bought|purchased|my purchases|my samples|sample orders?|production orders?|in production|being made)\b/i.test(t),
    step: (t, done) => {
      const items = got(done, "list_order_items");
      const supplier = t.match(/\b(?:ordered|bought|purchased|purchase|order|buy|get|got) from\s+([A-Z][\w&' -]{1,60}?)\s*(?:[?.!,]|$)/i)?.[1]?.trim();
      if (items) return { answer: purchasesAnswer(items.value, supplier) };
      const tab = PURCHASE_TABS.find(([re]) => re.test(t))?.[1] ?? "ALL";
      return call("list_order_items", { tab, size: 50 });
    },
  },
  {
    name: "custom-projects",
    tools: ["list_custom_projects"],
    examples: ["list my custom projects", "show my projects", "my custom requests", "what projects do I have", "status of my rfps"],
    match: (t) => SAYS_PROJECT.test(t) && /\b(list|show|my|what|which|status|see)\b/i.test(t) && !/\b(start|create|new|begin)\b/i.test(t),
    step: (_t, done) => {
      const r = got(done, "list_custom_projects");
      if (!r) return call("list_custom_projects", {});
      if (!r.value.list.length) return { answer: "You have no custom project yet. Say e.g. \"start a project for a skincare box\" to draft one." };
      return { answer: [`Your custom projects (${r.value.total}):`, ...r.value.list.map((p) => `- ${p.title || "Untitled"} — ${p.formStage.toLowerCase()}${p.quantity ? `, ${p.quantity} units` : ""}`)].join("\n") };
    },
  },
  {
    name: "create-custom-project",
    tools: ["create_custom_project"],
    examples: ["start a project for a skincare box", "create a custom project for embroidered caps", "new custom request: 500 printed tote bags", "I want something made to order", "draft a request for custom packaging"],
    match: (t) => SAYS_PROJECT.test(t) && /\b(start|create|new|begin|draft|open)\b/i.test(t),
    step: (t, done) => {
      const created = got(done, "create_custom_project");
      if (created) return { answer: `Drafted **${created.value.title || "your project"}**. Nobody is contacted until you submit it: add details (quantity, colours, print, date), then say "submit my project".` };
      const title = projectTitle(t);
      if (!title) return { answer: "What should the project make? e.g. \"start a project for a skincare box, 500 units by June\"." };
      const quantity = parseGoodsCount(t);
      const date = parseDate(t);
      const type = /\b(packag|box|mailer|label|tissue)/i.test(t) ? "RFP_PACKAGING" : /\b(design|photo|service|branding)\b/i.test(t) ? "RFP_SERVICES" : "RFP_PRODUCT";
      return call("create_custom_project", { title: title.slice(0, 120), catalogItemType: type, description: t.slice(0, 5000), ...(quantity ? { quantity } : {}), ...(date ? { targetCompletionDate: date } : {}) });
    },
  },
  {
    name: "supplier-reviews",
    tools: ["list_supplier_reviews"],
    examples: ["what do people say about the second one", "reviews of this supplier", "show the reviews for the first supplier", "is the third one any good", "ratings of that factory"],
    // "top rated t-shirt manufacturers" is a search sorted by rating, not a supplier's reviews.
    match: (t) => /\b(reviews?|ratings?|rated|what do (people|others|customers) say)\b/i.test(t) && !/\b(write|leave|post|add|update|edit)\b/i.test(t) && !/\b(top|best|highest|well)[- ]rated\b/i.test(t),
    step: (t, done, history, context) => {
      const r = got(done, "list_supplier_reviews");
      if (r) {
        const named = referredEntity(t, history);
        const who = named?.kind === "SUPPLIER" ? named.name : undefined;
        if (!r.value.list.length) return { answer: `No reviews yet for ${who ?? "this supplier"}.` };
        return { answer: [who ? `Reviews of ${who}:` : "Reviews:", ...r.value.list.slice(0, 5).map((v) => `- ${v.rating}/5${v.body ? ` — "${v.body.slice(0, 200)}"` : ""}`)].join("\n") };
      }
      const pointed = referredEntity(t, history);
      const screen = context.screen?.entity?.type === "supplier" ? context.screen.entity.id : undefined;
      const supplierId = pointed?.kind === "SUPPLIER" ? pointed.id : pointed?.supplierId ?? screen;
      return supplierId ? call("list_supplier_reviews", { supplierId }) : { answer: "Which supplier? Search first and say e.g. \"reviews of the first one\", or ask on the supplier's page." };
    },
  },
  {
    name: "search-products",
    tools: ["search_catalog_items"],
    roles: ["copilot"],
    examples: ["search products: hoodie embroidery", "cheapest tote bag samples", "do you have phone cases", "show me products like ceramic mugs", "find items for candles", "browse the catalog for tote bags", "any blank hoodies in the catalog"],
    match: (t) => (/\b(products?|items?|catalog(ue)?|do you (have|sell|carry)|samples)\b/i.test(t) && /\b(search|find|show|browse|list|any|have|sell|carry|cheapest|look)\b/i.test(t)) || SUPPLIER_RANGE.test(t),
    step: (t, done, history, context) => {
      const found = got(done, "search_catalog_items");
      if (found && found.args.supplierId) {
        if (!found.value.list.length) return { answer: "This supplier has no product in the catalog yet." };
        const who = found.value.list[0]!.supplierName;
        return { answer: [`What ${who} sells (${found.value.total}):`, ...found.value.list.slice(0, 8).map(itemLine), "Say \"add a sample of the first one to my cart\" or \"tell me more about the second one\"."].join("\n") };
      }
      if (!found && SUPPLIER_RANGE.test(t)) {
        // "What products does the first one sell", "what do they sell?" on a supplier's page: that supplier's items.
        const pointed = referredEntity(t, history);
        const screen = context.screen?.entity?.type === "supplier" ? context.screen.entity.id : undefined;
        const supplierId = pointed?.kind === "SUPPLIER" ? pointed.id : pointed?.supplierId ?? screen;
        if (supplierId) return call("search_catalog_items", { supplierId, size: 10 });
      }
      if (found) {
        const keyword = String(found.args.keyword ?? "your search");
        if (!found.value.list.length) return { answer: `No product in the catalog matches "${keyword}" yet. Try other words, or ask me to find suppliers who make it.` };
        return { answer: [`Products for "${keyword}":`, ...found.value.list.slice(0, 8).map(itemLine), "Say \"add a sample of the first one to my cart\" or \"tell me more about the second one\"."].join("\n") };
      }
      const keyword = productKeyword(t);
      if (!keyword) return { answer: "Which product? e.g. \"search products: embroidered hoodies\"." };
      const country = parseAnyCountry(t);
      const size = Math.min(20, parseInteger(t.match(/\b(?:top|first)\s+\d+/i)?.[0] ?? "") ?? 10);
      return call("search_catalog_items", { keyword: keyword.slice(0, 200), size, ...(parseSort(t) === "cheapest" ? { sort: "productionMinPrice" } : {}), ...(country ? { countryCodes: [country] } : {}) });
    },
  },
];
