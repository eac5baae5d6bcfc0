/**
 * A query string of plain `name=value` pairs (names of letters, digits and `_`, each once, no
 * brackets) parsed as Express's "extended" parser (qs) parses it, without qs: a list request's query
 * is parsed on every request, and qs's general parse was 11–16 µs of a tab request's CPU
 * (docs/benchmarks.md, oapi14). Anything else (brackets, repeated or encoded names, a name that is
 * also an Object property) is left to qs: undefined.
 */
export function parseSimpleQuery(query: string | null | undefined): Record<string, string> | undefined {
  // A URL without `?` has no query string at all (null): qs answers {} for it, as for "".
  if (query === "" || query === null || query === undefined) return {};
  const parsed: Record<string, string> = {};
  let from = 0;
  let pairs = 0;
  while (from <= query.length) {
    // qs stops reading at its parameter limit.
    if (++pairs > QS_PARAMETER_LIMIT) return undefined;
    let to = query.indexOf("&", from);
    if (to === -1) to = query.length;
    const eq = query.indexOf("=", from);
    if (eq === -1 || eq > to) return undefined;
    const name = query.slice(from, eq);
    if (!SIMPLE_NAME.test(name) || name in parsed || name in Object.prototype) return undefined;
    const value = query.slice(eq + 1, to);
    if (BRACKET.test(value)) return undefined;
    parsed[name] = decodeValue(value);
    from = to + 1;
  }
  return parsed;
}

const QS_PARAMETER_LIMIT = 1000;
const SIMPLE_NAME = /^[A-Za-z0-9_]+$/;
// qs reads brackets in a value's pair too (`a=b]=c`), and an encoded one once decoded: all left to it.
const BRACKET = /[[\]]|%5[bd]/i;

/** qs's decoding of a value: `+` is a space, then percent-decoding, or the text as it is when that fails. */
function decodeValue(value: string): string {
  const spaced = value.includes("+") ? value.replace(/\+/g, " ") : value;
  if (!spaced.includes("%")) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    // qs keeps a malformed escape as written; so does this parse.
    return spaced;
  }
}
