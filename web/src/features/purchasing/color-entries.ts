import { MAX_COLOR_ENTRIES, formatColorEntries, parseColorEntries, type ColorEntry } from "@atelier/contracts/projects";

/** One row of the colour editor; hex may be half typed while editing. */
export type ColorRow = { name: string; hex: string; variant: string };

export const EMPTY_ROW: ColorRow = { name: "", hex: "#000000", variant: "" };

/** The editor's rows for a stored colour text; text that does not parse keeps its reason and no rows. */
export function rowsFromText(text: string): { rows: ColorRow[]; error: string | null } {
  const parsed = parseColorEntries(text);
  return parsed.ok ? { rows: parsed.colors, error: null } : { rows: [], error: parsed.reason };
}

/**
 * Checks the rows and writes them as the spec's text (name|hex|variant;…). Blank rows are
 * skipped; a separator inside a name or variant would split the entry, so it is refused here.
 */
export function textFromRows(rows: ColorRow[]): { ok: true; text: string; colors: ColorEntry[] } | { ok: false; reason: string } {
  const filled = rows.map((r) => ({ name: r.name.trim(), hex: r.hex.trim(), variant: r.variant.trim() })).filter((r) => r.name || r.variant);
  for (const [i, r] of filled.entries()) {
    if (/[|;]/.test(r.name) || /[|;]/.test(r.variant)) return { ok: false, reason: `colour ${i + 1} must not contain | or ;` };
  }
  if (filled.length > MAX_COLOR_ENTRIES) return { ok: false, reason: `at most ${MAX_COLOR_ENTRIES} colours` };
  const text = formatColorEntries(filled);
  const parsed = parseColorEntries(text);
  return parsed.ok ? { ok: true, text: formatColorEntries(parsed.colors), colors: parsed.colors } : { ok: false, reason: parsed.reason };
}
