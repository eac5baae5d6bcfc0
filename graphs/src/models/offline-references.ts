import type { Outcome } from "./offline-types";
import { got, gotAll } from "./offline-steps";

// What "the second one", "that supplier" or "the first three" point at: the last results the
// assistant showed, read back from the thread's tool results in the order the answer listed them.

/** A supplier or catalog item the assistant showed. */
export type Shown = { kind: "SUPPLIER" | "CATALOG_ITEM"; id: string; name: string; supplierId?: string };

const ORDINALS: Record<string, number> = { first: 1, "1st": 1, second: 2, "2nd": 2, third: 3, "3rd": 3, fourth: 4, "4th": 4, fifth: 5, "5th": 5, sixth: 6, "6th": 6, seventh: 7, "7th": 7, eighth: 8, "8th": 8, ninth: 9, tenth: 10, top: 1 };
const COUNTS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** The position a text names: "the second one" → 2, "#3" / "number 3" / "no. 3" → 3, "the last one" → -1. */
export function parseOrdinal(text: string): number | undefined {
  if (/\b(first|top) (two|three|four|five|\d+)\b/i.test(text)) return undefined;
  const word = text.match(/\b(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|sixth|6th|seventh|7th|eighth|8th|ninth|tenth)\b/i)?.[1];
  if (word) return ORDINALS[word.toLowerCase()];
  if (/\b(the )?last (one|supplier|factory|item|product)\b/i.test(text)) return -1;
  const numbered = text.match(/(?:^|\s)(?:#|number |no\.? ?|option )(\d{1,2})\b/i)?.[1];
  return numbered ? Number(numbered) : undefined;
}

/** How many of the first results a text names: "the first three", "top 2", "first 5" → the count. */
export function parseFirstN(text: string): number | undefined {
  const m = text.match(/\b(?:first|top)\s+(two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\b/i)?.[1];
  if (!m) return undefined;
  return COUNTS[m.toLowerCase()] ?? Number(m);
}

function suppliersShown(o: Outcome, turn: Outcome[]): Shown[] | undefined {
  if (o.name === "search_suppliers" || o.name === "search_packaging_suppliers") {
    // A MOQ limit is searched as one call per bucket: the answer merged them, best score first.
    const searches = [...gotAll(turn, "search_suppliers"), ...gotAll(turn, "search_packaging_suppliers")];
    const unique = [...new Map(searches.flatMap((r) => r.value.list).map((s) => [s.id, s])).values()];
    if (!searches[0]?.args.sort) unique.sort((a, b) => (b.score ?? -1) - (a.score ?? -1));
    return unique.map((s) => ({ kind: "SUPPLIER", id: s.id, name: s.name }));
  }
  const visitor = got([o], "search_public_suppliers");
  if (visitor) return visitor.value.list.map((s) => ({ kind: "SUPPLIER", id: s.id, name: s.name }));
  const matched = got([o], "match_factories");
  if (matched) return [...matched.value.inNetwork, ...matched.value.expandedNetwork.slice(0, 5)].map((s) => ({ kind: "SUPPLIER", id: s.id, name: s.name }));
  const profile = got([o], "get_supplier");
  if (profile) return [{ kind: "SUPPLIER", id: profile.value.supplier.id, name: profile.value.supplier.name }];
  return undefined;
}

function itemsShown(o: Outcome): Shown[] | undefined {
  for (const tool of ["search_catalog_items", "match_design_products", "search_catalog_by_image", "search_packaging_items", "search_public_catalog_items"] as const) {
    const found = got([o], tool);
    if (found) return found.value.list.map((i) => ({ kind: "CATALOG_ITEM", id: i.id, name: i.title, supplierId: i.supplierId }));
  }
  const detail = got([o], "get_catalog_item");
  if (detail) return [{ kind: "CATALOG_ITEM", id: detail.value.item.id, name: detail.value.item.title, supplierId: detail.value.supplier.id }];
  const favourites = got([o], "list_favorites");
  if (favourites) return favourites.value.list.flatMap((f): Shown[] => (f.supplier ? [{ kind: "SUPPLIER", id: f.supplier.id, name: f.supplier.name }] : f.item ? [{ kind: "CATALOG_ITEM", id: f.item.id, name: f.item.title }] : []));
  return undefined;
}

/** The results the assistant showed last, in the order it listed them (the newest list or entity of the thread). */
export function lastShown(history: Outcome[]): Shown[] {
  for (let i = history.length - 1; i >= 0; i--) {
    const o = history[i]!;
    if (o.error || o.declined) continue;
    // The calls of one step sit together: bucket searches are merged the way the answer merged them.
    let from = i;
    while (from > 0 && history[from - 1]!.name === o.name) from--;
    const shown = suppliersShown(o, history.slice(from, i + 1)) ?? itemsShown(o);
    if (shown?.length) return shown;
  }
  return [];
}

/** The result a text points at among the last shown: by position, or the only one for "it", "that supplier". */
export function referredEntity(text: string, history: Outcome[]): Shown | undefined {
  const shown = lastShown(history);
  if (!shown.length) return undefined;
  const position = parseOrdinal(text);
  if (position !== undefined) return position === -1 ? shown.at(-1) : shown[position - 1];
  if (shown.length === 1 && /\b(it|that|this|the) ?(one|supplier|factory|vendor|item|product)?\b/i.test(text)) return shown[0];
  return undefined;
}
