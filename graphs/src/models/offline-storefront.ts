import type { ToolName } from "@atelier/tools";
import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, Outcome } from "./offline-types";
import { parseKeyword, saysSupplier, supplierLine } from "./offline-marketplace";
import { countryName, parseAnyCountry } from "./offline-parse";
import { UNREADABLE_ANSWER, call, lastResponse, usd } from "./offline-steps";

// The storefront chatbot's marketplace, for visitors who may have no account: public supplier and
// product search. Everything else a visitor asks goes to the help centre.

const ASKS_TO_SEE = /\b(show|find|search|list|who|any|looking|need|recommend|suggest|browse|see|want|get)\b/i;
const SIGN_UP = "Open a card for the full profile; sign up free to message suppliers or order samples.";

/** The search words of a visitor's request, without the framing ("products like", "suppliers of"). */
export function visitorKeyword(text: string): string | undefined {
  return parseKeyword(text.replace(/\b(products?|items?|goods|things|stuff|catalog(ue)?|similar to|such as|like|who (sells?|makes?)|sell|carry|stock)\b/gi, " "));
}

function searchArgs(text: string): Record<string, unknown> | undefined {
  const keyword = visitorKeyword(text);
  const country = parseAnyCountry(text);
  if (!keyword && !country) return undefined;
  return { size: 5, ...(keyword ? { keyword } : {}), ...(country ? { countryCodes: [country] } : {}) };
}

type PublicItem = ToolResponse<"search_public_catalog_items">["list"][number];
type PublicSupplier = ToolResponse<"search_public_suppliers">["list"][number];
type Found<R> = { outcome: Outcome; list: R[] } | "unreadable" | undefined;

/** A search's rows, read through its contract. */
function rows<R>(found: { outcome: Outcome; value: { list: R[] } } | "unreadable" | undefined): Found<R> {
  return found && found !== "unreadable" ? { outcome: found.outcome, list: found.value.list } : found;
}

function productLine(i: PublicItem): string {
  const sample = i.samplePriceCents == null ? "sample on quote" : `sample ${usd(i.samplePriceCents)}`;
  return `- **${i.title}** — ${i.supplierName} (${countryName(i.supplierCountryCode)}), ${sample}, MOQ ${i.moq ?? "custom quote"}`;
}

const what = (o: Outcome) => (o.args.keyword ? `"${o.args.keyword}"` : "your search") + (Array.isArray(o.args.countryCodes) ? ` in ${o.args.countryCodes.map((c) => countryName(String(c))).join(", ")}` : "");

/**
 * A visitor's public search: the answer once the tool has run, else the call with the words and
 * country of the request, else a question for what to search.
 */
function visitorSearchStep<R>(tool: ToolName, rowsOf: (done: Outcome[]) => Found<R>, heading: string, noun: string, lineOf: (row: R) => string, askWhat: string): Intent["step"] {
  return (t, done) => {
    const found = rowsOf(done);
    if (found === "unreadable") return { answer: UNREADABLE_ANSWER };
    if (found) {
      if (!found.list.length) return { answer: `No ${noun} on the marketplace matches ${what(found.outcome)} yet. Try other words, or ask me how to get started.` };
      return { answer: [`${heading} ${what(found.outcome)}:`, ...found.list.map(lineOf), SIGN_UP].join("\n") };
    }
    const args = searchArgs(t);
    return args ? call(tool, args) : { answer: askWhat };
  };
}

/** Visitor requests that show the marketplace; they sit before the help-centre catch-all. */
export const STOREFRONT_INTENTS: Intent[] = [
  {
    name: "visitor-suppliers",
    tools: ["search_public_suppliers"],
    roles: ["storefront-chat"],
    match: (t) => (saysSupplier(t) || /\b(someone|somebody|anyone) (to|who (can )?)(make|produce|manufacture|sew|print)\b/i.test(t)) && (ASKS_TO_SEE.test(t) || /\b(suppliers?|manufacturers?|factor(y|ies)|makers?|vendors?) (of|for)\b/i.test(t)),
    step: visitorSearchStep("search_public_suppliers", (done) => rows(lastResponse(done, "search_public_suppliers")), "Suppliers for", "supplier", (s: PublicSupplier) => supplierLine(s), 'Which product should the suppliers make? e.g. "show me suppliers of leather bags".'),
  },
  {
    name: "visitor-products",
    tools: ["search_public_catalog_items"],
    roles: ["storefront-chat"],
    match: (t) => !saysSupplier(t) && ((/\b(products?|items?|goods|catalog(ue)?)\b/i.test(t) && (ASKS_TO_SEE.test(t) || /\b(like|similar to)\b/i.test(t))) || /\bdo you (have|sell|carry|stock)\b/i.test(t)),
    step: visitorSearchStep("search_public_catalog_items", (done) => rows(lastResponse(done, "search_public_catalog_items")), "Products like", "product", productLine, 'What kind of product? e.g. "find products like ceramic mugs".'),
  },
];
