// Valid requests built from the contracts themselves, for tests that walk every contract (the
// fuzz test mutates one field of a valid body; the preview test needs requests that would pass
// validation). Each value is checked against its own schema, so refinements and regexes that JSON
// Schema cannot express are honoured; nothing here is a hand-written copy of a contract.
import type { z } from "zod";
import { buildPath, type Contract } from "@atelier/contracts";

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Marks "no candidate fits"; undefined is a real value (an absent field). */
export const NO_SAMPLE = Symbol("no sample");
type Sample = unknown;

// Ordered so the first accepted value is an ordinary one; formats come from the contracts' own
// regexes (UUIDs, country codes, dates, HS codes, invoice numbers, time zones, data URLs).
const STRINGS = [
  "sample",
  "Sample text",
  "00000000-0000-4000-8000-000000000000",
  "fuzz-sample@example.com",
  "https://example.com/sample",
  "US",
  "2031-01-15",
  "2031-03-01",
  "2031-01-15T00:00:00Z",
  "123",
  "+15555550100",
  "12345",
  "INV-00000001",
  "4242424242424242",
  "021000021",
  "6109.10",
  "UTC",
  "sample-slug",
  "sampleKey",
  "ABCDEF123",
  "sample-token-0123456789abcdef",
  "data:image/png;base64,iVBORw0KGgo=",
  "/rest/main/upload/files/00000000-0000-4000-8000-000000000000",
  "sample.png",
  "CH00000000000000000000000000000000",
  "a",
];
const NUMBERS = [1, 3, 12, 5, 0, 10, 100, 1000, 2031, 5000, 0.5];
const LEAVES: unknown[] = [...STRINGS, ...NUMBERS, true, false, null];

function accepts(schema: z.ZodType, value: unknown): boolean {
  return schema.safeParse(value).success;
}

function firstAccepted(schema: z.ZodType, candidates: Iterable<unknown>): Sample {
  for (const c of candidates) if (accepts(schema, c)) return c;
  return NO_SAMPLE;
}

/** A value the schema accepts, with only required object keys; NO_SAMPLE when none is found. */
export function sample(schema: z.ZodType, depth = 0): Sample {
  if (depth > 12) return NO_SAMPLE;
  const def = defOf(schema);
  const inner = (key: string) => def[key] as z.ZodType;
  switch (def.type) {
    case "optional":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return check(schema, sample(inner("innerType"), depth + 1));
    case "nullable": {
      const value = check(schema, sample(inner("innerType"), depth + 1));
      return value !== NO_SAMPLE ? value : check(schema, null);
    }
    case "pipe": {
      // A transform's output may still be refused (digits only, then a length): try plain values too.
      const value = check(schema, sample(inner("in"), depth + 1));
      return value !== NO_SAMPLE ? value : firstAccepted(schema, LEAVES);
    }
    case "lazy":
      return sample((def.getter as () => z.ZodType)(), depth + 1);
    case "enum":
      return firstAccepted(schema, Object.values(def.entries as Record<string, unknown>));
    case "literal":
      return firstAccepted(schema, def.values as unknown[]);
    case "object":
      return sampleObject(schema, def.shape as Record<string, z.ZodType>, depth);
    case "array": {
      const element = sample(inner("element"), depth + 1);
      if (element === NO_SAMPLE) return firstAccepted(schema, [[]]);
      return firstAccepted(schema, [[element], [], [element, element], Array.from({ length: 5 }, () => element)]);
    }
    case "tuple": {
      const items = (def.items as z.ZodType[]).map((s) => sample(s, depth + 1));
      return items.includes(NO_SAMPLE) ? NO_SAMPLE : check(schema, items);
    }
    case "record": {
      const key = sample(inner("keyType"), depth + 1);
      const value = sample(inner("valueType"), depth + 1);
      const filled = key === NO_SAMPLE || value === NO_SAMPLE ? [] : [{ [String(key)]: value }];
      return firstAccepted(schema, [{}, ...filled]);
    }
    case "union": {
      for (const option of def.options as z.ZodType[]) {
        const value = check(schema, sample(option, depth + 1));
        if (value !== NO_SAMPLE) return value;
      }
      return firstAccepted(schema, LEAVES);
    }
    case "intersection": {
      const left = sample(inner("left"), depth + 1);
      const right = sample(inner("right"), depth + 1);
      if (left === NO_SAMPLE || right === NO_SAMPLE) return NO_SAMPLE;
      return check(schema, typeof left === "object" && typeof right === "object" ? { ...left, ...right } : left);
    }
    default:
      return firstAccepted(schema, LEAVES);
  }
}

function check(schema: z.ZodType, value: Sample): Sample {
  return value !== NO_SAMPLE && accepts(schema, value) ? value : NO_SAMPLE;
}

function sampleObject(schema: z.ZodType, shape: Record<string, z.ZodType>, depth: number): Sample {
  const required: Record<string, unknown> = {};
  const all: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const value = sample(field, depth + 1);
    const optional = accepts(field, undefined);
    if (value === NO_SAMPLE) {
      if (!optional) return NO_SAMPLE;
      continue;
    }
    all[key] = value;
    if (!optional) required[key] = value;
  }
  // Object-level refinements ("exactly one of", "at least one of") may want some optional keys.
  const singles = Object.entries(all).filter(([k]) => !(k in required)).map(([k, v]) => ({ ...required, [k]: v }));
  // Refinements across fields ("to after from") want two fields to differ: try one field's other values.
  const varied = function* () {
    for (const base of [required, all]) for (const [key, field] of Object.entries(shape)) for (const alt of LEAVES) if (key in base && accepts(field, alt)) yield { ...base, [key]: alt };
  };
  return firstAccepted(schema, [required, ...singles, all, ...varied()]);
}

/** Query and params travel as text: numbers and booleans become strings, arrays repeat the key. */
export function asUrlValues(value: Record<string, unknown>): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
  );
}

export type SampleRequest = { path: string; params: Record<string, string>; query: Record<string, string | string[]>; body: unknown };

/**
 * A request every part of which the contract accepts: params of the right shape in the path,
 * the required query keys, and a body with its required fields. Throws when no such request is
 * found, naming the part, so a new contract the sampler cannot serve fails loudly.
 */
export function sampleRequest(contract: Contract): SampleRequest {
  const part = (name: "params" | "query" | "body", schema: z.ZodType | undefined): unknown => {
    if (!schema) return undefined;
    const value = sample(schema);
    if (value === NO_SAMPLE) throw new Error(`No valid ${name} found for ${contract.method} ${contract.path}`);
    return value;
  };
  const params = asUrlValues((part("params", contract.params) as Record<string, unknown> | undefined) ?? {}) as Record<string, string>;
  const query = asUrlValues((part("query", contract.query) as Record<string, unknown> | undefined) ?? {});
  // What the server parses is the text form, so that is what must pass.
  if (contract.params && !accepts(contract.params, params)) throw new Error(`Params of ${contract.path} do not survive the URL: ${JSON.stringify(params)}`);
  if (contract.query && !accepts(contract.query, query)) throw new Error(`Query of ${contract.path} does not survive the URL: ${JSON.stringify(query)}`);
  return { path: buildPath(contract.path, params), params, query, body: part("body", contract.body) };
}

/** The request's path with its query string. */
export function withQuery(path: string, query: Record<string, string | string[]>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const one of Array.isArray(v) ? v : [v]) qs.append(k, one);
  const text = qs.toString();
  return text ? `${path}?${text}` : path;
}
