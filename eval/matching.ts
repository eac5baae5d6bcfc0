import type { ArgRule, ExpectedCall, Fact } from "./case-schema";

// The tolerant matching rules of the evaluation set, in one place:
// - text arguments match by words: every word of the rule appears in the argument, singular and
//   plural alike ("mug" matches "ceramic mugs"); search-like arguments (keyword, query, q, search,
//   product, text) must also carry no filler ("do you have phone cases" is not a keyword);
// - numbers match within half a percent (prices), booleans and null as they are;
// - a list rule needs each of its items in the argument (order free), one rule against a list
//   argument needs one matching item;
// - {any}, {not}, {absent}, {present}, {gte}, {lte} and {exact} say the rest;
// - expected calls are an ordered subsequence of the calls made, so extra reads are allowed;
// - answer facts are text the answer contains, ignoring case, spacing, markdown emphasis and
//   thousands separators; {any} accepts one of several phrasings, {not} must be absent.

const SEARCH_ARGS = new Set(["keyword", "query", "q", "search", "product", "text"]);
/** Words a user types around what they want, which never belong in a search. */
const FILLER = new Set(
  ("a an the do does you your have has any some show me find get looking look for i im want wanna need please pls can could would will " +
    "search searching list give tell about what whats which who are is there more other hi hey hello supplier manufacturer factory vendor maker " +
    "cheapest cheap best top rated good that make makes made").split(" "),
);

export function normalizeText(value: string): string {
  return value
    .toLowerCase()
    .replace(/[*_`]/g, "")
    .replace(/(\d),(?=\d{3}\b)/g, "$1")
    .replace(/[\s\u00a0]+/g, " ")
    .trim();
}

/** The forms a word may take in singular and plural (mugs, boxes, hoodies, candies). */
const forms = (word: string) => [word, word.replace(/s$/, ""), word.replace(/es$/, ""), word.replace(/ies$/, "y"), word.replace(/ies$/, "ie")];
const sameWord = (a: string, b: string) => forms(a).some((x) => forms(b).includes(x));
const words = (value: string) => normalizeText(value).split(/[^a-z0-9@.+$%]+/).map((w) => w.replace(/^\.+|\.+$/g, "")).filter(Boolean);

function textMatches(actual: string, rule: string, searchLike: boolean): boolean {
  const have = words(actual);
  const need = words(rule);
  if (!need.every((w) => have.some((h) => sameWord(h, w)))) return false;
  if (!searchLike) return true;
  return !have.some((w) => isFiller(w) && !need.some((n) => sameWord(n, w)));
}

const isFiller = (word: string) => forms(word).some((f) => FILLER.has(f));

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isEmpty = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

/** Whether one argument value satisfies its rule (the rules are described at the top of this file). */
export function matchArg(actual: unknown, rule: ArgRule, key = ""): boolean {
  const searchLike = SEARCH_ARGS.has(key.split(".").at(-1) ?? "");
  if (rule === null) return isEmpty(actual);
  if (Array.isArray(rule)) {
    const list = Array.isArray(actual) ? actual : isEmpty(actual) ? [] : [actual];
    return rule.every((r) => list.some((a) => matchArg(a, r, key)));
  }
  if (isObject(rule)) {
    if ("any" in rule) return rule.any.some((r) => matchArg(actual, r, key));
    if ("not" in rule) return !matchArg(actual, rule.not, key);
    if ("absent" in rule) return isEmpty(actual);
    if ("present" in rule) return !isEmpty(actual);
    if ("exact" in rule) return typeof actual === "string" && actual.trim().toLowerCase() === rule.exact.trim().toLowerCase();
    const n = Number(actual);
    if (actual === null || actual === undefined || actual === "" || Number.isNaN(n)) return false;
    if ("gte" in rule) return n >= rule.gte;
    return n <= rule.lte;
  }
  if (Array.isArray(actual)) return actual.some((a) => matchArg(a, rule, key));
  if (typeof rule === "number") {
    const n = typeof actual === "string" ? Number(actual.replace(/[$,]/g, "")) : Number(actual);
    if (actual === null || actual === undefined || Number.isNaN(n)) return false;
    return Math.abs(n - rule) <= Math.abs(rule) * 0.005 + 1e-9;
  }
  if (typeof rule === "boolean") return actual === rule || String(actual).toLowerCase() === String(rule);
  if (actual === null || actual === undefined) return false;
  return textMatches(typeof actual === "string" ? actual : JSON.stringify(actual), rule, searchLike);
}

/** The value at a dotted path (filters.countryCodes, list.0.id). */
export function valueAt(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const part of path.split(".")) {
    if (current === null || current === undefined) return undefined;
    if (Array.isArray(current) && /^\d+$/.test(part)) current = current[Number(part)];
    else if (isObject(current)) current = current[part];
    else return undefined;
  }
  return current;
}

export type ActualCall = { name: string; args: Record<string, unknown> };

/** Which arguments of a call miss their rules, as "path: wanted rule, got value". */
export function argMismatches(call: ActualCall, expected: ExpectedCall): string[] {
  return Object.entries(expected.args ?? {})
    .filter(([path, rule]) => !matchArg(valueAt(call.args, path), rule, path))
    .map(([path, rule]) => `${path}: wanted ${JSON.stringify(rule)}, got ${JSON.stringify(valueAt(call.args, path)) ?? "nothing"}`);
}

const names = (expected: ExpectedCall) => (Array.isArray(expected.name) ? expected.name : [expected.name]);

export type CallVerdict = { toolsOk: boolean; argsOk: boolean; problems: string[] };

/**
 * Checks the calls made in one turn against the expected ones: the expected calls, in order, must be
 * a subsequence of the calls made; an empty expectation means no call at all; forbidden tools
 * must not be called. Tools right but arguments wrong counts as tools ok, arguments not.
 */
export function checkCalls(actual: ActualCall[], expected: ExpectedCall[] | undefined, forbid: string[] = []): CallVerdict {
  const problems: string[] = [];
  const forbidden = actual.filter((c) => forbid.includes(c.name)).map((c) => c.name);
  if (forbidden.length) problems.push(`called ${forbidden.join(", ")}, which this turn must not call`);
  if (expected === undefined) return { toolsOk: !forbidden.length, argsOk: true, problems };
  if (expected.length === 0) {
    if (actual.length) problems.push(`wanted no tool call, got ${actual.map((c) => c.name).join(", ")}`);
    return { toolsOk: !actual.length && !forbidden.length, argsOk: true, problems };
  }
  let toolsOk = !forbidden.length;
  let argsOk = true;
  // Names first (an ordered subsequence), then the arguments of the best candidate for each.
  let from = 0;
  for (const want of expected) {
    const candidates = actual.map((c, i) => ({ c, i })).filter(({ c, i }) => i >= from && names(want).includes(c.name));
    if (!candidates.length) {
      toolsOk = false;
      argsOk = false;
      problems.push(`wanted ${names(want).join(" or ")}, got ${actual.length ? actual.map((c) => c.name).join(", ") : "no tool call"}`);
      continue;
    }
    const exact = candidates.find(({ c }) => argMismatches(c, want).length === 0);
    const chosen = exact ?? candidates[0]!;
    if (!exact) {
      argsOk = false;
      problems.push(`${chosen.c.name} arguments: ${argMismatches(chosen.c, want).join("; ")}`);
    }
    from = chosen.i + 1;
  }
  return { toolsOk, argsOk, problems };
}

/** Which facts the answer misses (or states when it must not). */
export function missingFacts(answer: string, facts: Fact[]): string[] {
  const text = normalizeText(answer);
  const has = (f: string) => text.includes(normalizeText(f));
  // A fact that was one template ({{list_orders.list.0.orderNumber}}) arrives as its value: read it as text.
  return facts
    .map((f) => (typeof f === "object" && f !== null ? f : String(f)))
    .filter((f) => (typeof f === "string" ? !has(f) : "any" in f ? !f.any.some(has) : has(f.not)))
    .map((f) => (typeof f === "string" ? `answer lacks "${f}"` : "any" in f ? `answer lacks any of ${f.any.map((x) => `"${x}"`).join(", ")}` : `answer states "${f.not}"`));
}
