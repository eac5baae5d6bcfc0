/** One editable row of the review form. */
export type ReviewField = { key: string; label: string; kind: "text" | "number" | "list" | "readonly"; value: string };

/** The tech pack fields a person fills in even before the agent has written one. */
const BASE_FIELDS: { key: string; kind: ReviewField["kind"] }[] = [
  { key: "productName", kind: "text" },
  { key: "description", kind: "text" },
  { key: "materials", kind: "list" },
  { key: "colors", kind: "text" },
  { key: "sizes", kind: "list" },
  { key: "packaging", kind: "text" },
  { key: "printDetails", kind: "text" },
  { key: "targetUnitPrice", kind: "number" },
  { key: "targetDate", kind: "text" },
];

/** Bookkeeping the API owns: shown, never edited here. */
const READ_ONLY = new Set(["id", "version", "latestVersion", "conversationSid", "createdAt", "updatedAt", "totalQuantity"]);

/** "productName" → "Product name". */
export function labelOf(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function kindOf(key: string, value: unknown): ReviewField["kind"] {
  if (READ_ONLY.has(key)) return "readonly";
  if (typeof value === "number") return "number";
  if (Array.isArray(value)) return value.every((v) => typeof v === "string") ? "list" : "readonly";
  if (value === null || value === undefined || typeof value === "string" || typeof value === "boolean") return BASE_FIELDS.find((f) => f.key === key)?.kind ?? "text";
  return "readonly";
}

function show(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value.join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The form's rows: the base fields first, then whatever else the agent recorded. */
export function reviewFields(form: Record<string, unknown>): ReviewField[] {
  const keys = [...BASE_FIELDS.map((f) => f.key), ...Object.keys(form).filter((k) => !BASE_FIELDS.some((f) => f.key === k))];
  return keys.map((key) => ({ key, label: labelOf(key), kind: kindOf(key, form[key]), value: show(form[key]) }));
}

/** Edits applied to the form: numbers parsed, lists split on commas, empty text cleared to null; a bad number names its field. */
export function applyReviewEdits(form: Record<string, unknown>, fields: ReviewField[]): { form: Record<string, unknown>; errors: Record<string, string> } {
  const next: Record<string, unknown> = { ...form };
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const raw = f.value.trim();
    if (f.kind === "readonly") continue;
    if (f.kind === "number") {
      if (!raw) next[f.key] = null;
      else if (!Number.isFinite(Number(raw)) || Number(raw) < 0) errors[f.key] = "must be a number, 0 or more";
      else next[f.key] = Number(raw);
    } else if (f.kind === "list") next[f.key] = raw ? raw.split(",").map((s) => s.trim()).filter(Boolean) : [];
    else if (!raw && !(f.key in form)) continue;
    else next[f.key] = raw || null;
  }
  return { form: next, errors };
}

/** The price, MOQ and country a person may correct beside the form; null when left empty. */
export function parseFacts(input: { perUnitPrice: string; productMoq: string; countryName: string; countryCode: string }): {
  values: { perUnitPrice: number | null; productMoq: number | null; tariffCountry: { name: string; code: string } | null };
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const price = input.perUnitPrice.trim();
  const moq = input.productMoq.trim();
  const code = input.countryCode.trim().toUpperCase();
  const name = input.countryName.trim();
  if (price && (!Number.isFinite(Number(price)) || Number(price) < 0)) errors.perUnitPrice = "must be a number, 0 or more";
  if (moq && (!Number.isInteger(Number(moq)) || Number(moq) < 1)) errors.productMoq = "must be a whole number, at least 1";
  if ((code || name) && !/^[A-Z]{2}$/.test(code)) errors.countryCode = "must be a two-letter country code like CN";
  return {
    values: {
      perUnitPrice: price && !errors.perUnitPrice ? Number(price) : null,
      productMoq: moq && !errors.productMoq ? Number(moq) : null,
      tariffCountry: code && !errors.countryCode ? { code, name: name || code } : null,
    },
    errors,
  };
}
