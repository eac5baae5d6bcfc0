import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { allContracts, buildPath, isMutating, type Contract } from "@atelier/contracts";
import { sampleRequest, withQuery, type SampleRequest } from "./contract-samples";
import { footprintChanges, startIsolatedApi, tableFootprint, type IsolatedApi } from "./isolated-api";
import { flushSearchLogs } from "../api/src/services/marketplace/search-log";
import { pick, seededRandom, type Rand } from "./fuzz-random";
import { signUp } from "./factories";

// Every contract's params, query and body fed wrong types, huge strings, unknown keys, seeded
// random values and bad JSON, as the store's own owner on the top plan. Each malformed part is
// sent twice: beside an unknown key (the strict-key check refuses it), and alone in an otherwise
// valid request, so the wrong value itself is what the API must refuse. The API must never answer
// 5xx, must answer 4xx whenever the contract refuses the request, and must write nothing: every
// table of the public schema keeps its rows. The database is the file's own, so no other test's
// writes show up in that comparison.

/** Override with FUZZ_SEED=<n> to explore; a failure names the seed that found it. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
const UNKNOWN = "__fuzzUnknownKey";

let api: IsolatedApi;
let token: string;
beforeAll(async () => {
  api = await startIsolatedApi();
  const session = await signUp(api.client, api.deps.pool, { email: "fuzz-owner@example.com", password: "correct-horse-battery", storeName: "Fuzz store", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" });
  token = session.token;
  await api.deps.pool.query("UPDATE stores SET plan_type = 'TIER_3' WHERE id = $1", [session.store.id]);
}, 120_000);
afterAll(() => api?.close());


// Characters that break naive code: quotes, NUL and other controls, surrogates, RTL marks, SQL and HTML.
const NASTY = ["'", '"', "\\", "\u0000", "\u0007", "\n", "\u202e", "\ud83d\ude00", "\ud800", "%", "%00", "<script>", "'; DROP TABLE users; --", "${x}", "../", "\uffff", "é", " "];

function randomString(rand: Rand): string {
  const length = Math.floor(rand() * 40);
  let s = "";
  while (s.length < length) s += rand() < 0.3 ? pick(rand, NASTY) : String.fromCharCode(32 + Math.floor(rand() * 95));
  return s;
}

function randomNumber(rand: Rand): number {
  return pick(rand, [() => Math.floor((rand() - 0.5) * 2 ** 53), () => (rand() - 0.5) * 1e6, () => 1e300 * (rand() < 0.5 ? -1 : 1), () => -0, () => rand() * 1e-300, () => 2 ** 31, () => -1])();
}

function randomJson(rand: Rand, depth = 0): unknown {
  const kinds = depth > 2 ? ["string", "number", "boolean", "null"] : ["string", "number", "boolean", "null", "array", "object"];
  switch (pick(rand, kinds)) {
    case "string":
      return randomString(rand);
    case "number":
      return randomNumber(rand);
    case "boolean":
      return rand() < 0.5;
    case "null":
      return null;
    case "array":
      return Array.from({ length: Math.floor(rand() * 4) }, () => randomJson(rand, depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: Math.floor(rand() * 4) }, () => [randomString(rand) || "k", randomJson(rand, depth + 1)]));
  }
}

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; enum?: unknown[]; anyOf?: JsonSchema[] };

function schemaOf(s: z.ZodType | undefined): JsonSchema {
  if (!s) return {};
  return z.toJSONSchema(s, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

function typesOf(s: JsonSchema): string[] {
  if (s.anyOf) return s.anyOf.flatMap(typesOf);
  if (Array.isArray(s.type)) return s.type;
  return s.type ? [s.type] : [];
}

function jsonTypeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

/** Whether a field declared with these JSON types takes a value of this type (integers are numbers). */
function typeFits(accepted: string[], type: string): boolean {
  return accepted.includes(type) || (type === "integer" && accepted.includes("number"));
}

const HUGE = "x".repeat(100_000);
const WRONG: Record<string, unknown[]> = {
  string: [12345, { nested: true }, ["a"], true],
  number: ["not-a-number", { n: 1 }, [1], "Infinity"],
  integer: ["1.5x", 1.5, { n: 1 }, -1e20],
  boolean: ["maybe", 2, {}],
  array: ["not-an-array", 5, { a: 1 }],
  object: ["not-an-object", 7, [1, 2]],
  null: ["null-string", 0],
};

/** Values of a type the field does not declare: fixed ones per type, then seeded random ones. */
function wrongValuesFor(prop: JsonSchema, rand: Rand, perType: number, randomCount: number): unknown[] {
  const accepted = typesOf(prop);
  const values: unknown[] = [];
  for (const [type, list] of Object.entries(WRONG)) {
    if (typeFits(accepted, type) || (type === "number" && accepted.includes("integer"))) continue;
    values.push(...list.slice(0, perType));
  }
  for (let tries = 0, found = 0; tries < 20 && found < randomCount; tries++) {
    const v = randomJson(rand);
    if (accepted.length && typeFits(accepted, jsonTypeOf(v))) continue;
    values.push(v);
    found++;
  }
  if (accepted.includes("string")) values.push(HUGE);
  if (prop.enum) values.push("NOT_ONE_OF_THEM");
  return values;
}

type Probe = { what: string; path: string; query: Record<string, string | string[]>; body: string | undefined; refused: boolean };

/** Whether the contract (or the edge's NUL rule) refuses this request; the server must then answer 4xx. */
function contractRefuses(contract: Contract, params: Record<string, string>, query: Record<string, unknown>, body: unknown): boolean {
  // Postgres cannot store U+0000, so the API refuses it anywhere in a request (api/src/http/validate.ts).
  if (JSON.stringify([params, query, body ?? null]).includes("\\u0000")) return true;
  const refuses = (schema: z.ZodType | undefined, value: unknown, empty: boolean) => (schema ? !schema.safeParse(value).success : !empty);
  const emptyObject = (v: unknown) => v === undefined || (typeof v === "object" && v !== null && Object.keys(v).length === 0);
  return refuses(contract.params, params, true) || refuses(contract.query, query, emptyObject(query)) || refuses(contract.body, body, emptyObject(body));
}

function probesFor(contract: Contract, valid: SampleRequest, rand: Rand): Probe[] {
  const validParams = valid.params;
  const probes: Probe[] = [];
  const add = (what: string, parts: { params?: Record<string, string>; query?: Record<string, string | string[]>; body?: unknown; rawBody?: string }) => {
    const params = parts.params ?? validParams;
    const query = parts.query ?? valid.query;
    const body = "body" in parts ? parts.body : valid.body;
    const refused = parts.rawBody !== undefined || contractRefuses(contract, params, query, body);
    // A mutation the contract accepts would be a real write: only malformed ones are sent.
    if (!refused && isMutating(contract)) return;
    const text = parts.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    probes.push({ what, path: buildPath(contract.path, params), query, body: contract.method === "GET" ? undefined : text, refused });
  };

  const queryKeys = Object.keys(schemaOf(contract.query).properties ?? {});
  add("query with an unknown key", { query: { ...valid.query, [UNKNOWN]: "1" } });
  for (const key of queryKeys) {
    const show = (value: string) => `query ${key}=${JSON.stringify(value).slice(0, 40)}`;
    const fixed = ["%%%not-valid%%%", "-99999999999999999999", HUGE.slice(0, 5000)];
    for (const value of fixed) add(`${show(value)} with an unknown key`, { query: { ...valid.query, [key]: value, [UNKNOWN]: "1" } });
    for (const value of [...fixed, randomString(rand), randomString(rand)]) add(show(value), { query: { ...valid.query, [key]: value } });
  }

  // A path carries only well-formed text: lone surrogates cannot be percent-encoded.
  const pathText = () => randomString(rand).replace(/[\ud800-\udfff]/g, "?") || "x";
  for (const key of Object.keys(validParams)) {
    for (const value of ["not-a-valid-id", "%25%00", "1".repeat(300), pathText(), pathText()]) {
      add(`params ${key}=${JSON.stringify(value).slice(0, 40)}`, { params: { ...validParams, [key]: value } });
    }
  }

  if (contract.method === "GET") return probes;
  if (!contract.body) {
    add("a body where none is taken", { body: { unexpected: "body" } });
    return probes;
  }
  for (const body of [null, 42, "text", [1, 2, 3], { [UNKNOWN]: true }, randomJson(rand), randomJson(rand)]) add(`body ${JSON.stringify(body)?.slice(0, 50)}`, { body });
  const base = valid.body && typeof valid.body === "object" && !Array.isArray(valid.body) ? (valid.body as Record<string, unknown>) : {};
  for (const [key, prop] of Object.entries(schemaOf(contract.body).properties ?? {})) {
    const show = (value: unknown) => `body.${key}=${JSON.stringify(value)?.slice(0, 40)}`;
    for (const value of wrongValuesFor(prop, rand, 1, 0)) add(`${show(value)} with an unknown key`, { body: { [key]: value, [UNKNOWN]: 1 } });
    for (const value of wrongValuesFor(prop, rand, 2, 2)) add(`${show(value)} in a valid body`, { body: { ...base, [key]: value } });
  }
  add("bad JSON", { rawBody: '{"unterminated": ' });
  return probes;
}

/** A few at a time: refusals never reach the database, so this only saves round trips. */
async function sendAll(contract: Contract, probes: Probe[]): Promise<{ what: string; status: number }[]> {
  const results: { what: string; status: number }[] = [];
  for (let i = 0; i < probes.length; i += 8) {
    const batch = probes.slice(i, i + 8);
    const statuses = await Promise.all(batch.map((p) => send(contract, p)));
    batch.forEach((p, j) => results.push({ what: p.what, status: statuses[j]! }));
  }
  return results;
}

async function send(contract: Contract, probe: Probe): Promise<number> {
  const res = await fetch(`${api.url}/rest/main${withQuery(probe.path, probe.query)}`, {
    method: contract.method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: probe.body,
  });
  await res.arrayBuffer();
  return res.status;
}

describe(`fuzzing every contract (seed ${SEED})`, () => {
  it.each(allContracts.map((c, i) => [`${c.method} ${c.path}`, c, i] as const))("%s: never 5xx, 4xx for what its contract refuses, writes nothing", async (_name, contract, index) => {
    const rand = seededRandom(SEED + index);
    const valid = sampleRequest(contract);
    const probes = probesFor(contract, valid, rand);
    expect(probes.filter((p) => p.refused).length).toBeGreaterThan(0);

    // Refused requests first, between two footprints: they must write nothing. The reads the
    // contract accepts come after, since some write on purpose (search logs, a lazy first import).
    const refused = probes.filter((p) => p.refused);
    // Search logs are written in batches a little after their searches: the previous contract's
    // accepted searches must land before this footprint.
    await flushSearchLogs(api.deps.pool);
    const before = await tableFootprint(api.deps.pool);
    const refusedResults = await sendAll(contract, refused);
    expect(footprintChanges(before, await tableFootprint(api.deps.pool)), `seed ${SEED}`).toEqual([]);
    const acceptedResults = await sendAll(contract, probes.filter((p) => !p.refused));
    expect([...refusedResults, ...acceptedResults].filter((r) => r.status >= 500), `seed ${SEED}`).toEqual([]);
    expect(refusedResults.filter((r) => r.status < 400), `seed ${SEED}`).toEqual([]);
  });
});
