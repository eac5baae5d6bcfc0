import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { allContracts, buildPath, type Contract } from "@atelier/contracts";
import { registerUser, startTestApi, type TestApi, type TestUser } from "../api/test/harness";

// Every contract's params, query and body fed wrong types, huge strings, unknown keys and bad
// JSON, as the store's own owner on the top plan: the API must answer 4xx, never 5xx, and write nothing.

let api: TestApi;
let owner: TestUser;
beforeAll(async () => {
  api = await startTestApi();
  owner = await registerUser(api, { email: `fuzz-owner-${Date.now()}@example.com` });
  await api.deps.pool.query("UPDATE stores SET plan_type = 'TIER_3' WHERE id = $1", [owner.store.id]);
});
afterAll(() => api.close());

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

const HUGE = "x".repeat(100_000);
const WRONG: Record<string, unknown[]> = {
  string: [12345, { nested: true }, ["a"], true],
  number: ["not-a-number", { n: 1 }, [1], 1e308 * 10 === Infinity ? "Infinity" : "1e999"],
  integer: ["1.5x", 1.5, { n: 1 }, -1e20],
  boolean: ["maybe", 2, {}],
  array: ["not-an-array", 5, { a: 1 }],
  object: ["not-an-object", 7, [1, 2]],
  null: ["null-string", 0],
};

/** Malformed bodies: each field given values of the wrong type, huge strings, and unknown keys. */
function badBodies(contract: Contract): unknown[] {
  if (!contract.body) return [{ unexpected: "body" }];
  const schema = schemaOf(contract.body);
  const bodies: unknown[] = [null, 42, "text", [1, 2, 3], { __fuzzUnknownKey: true }];
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const accepted = typesOf(prop);
    for (const [type, values] of Object.entries(WRONG)) {
      if (accepted.includes(type) || (type === "integer" && accepted.includes("number")) || (type === "number" && accepted.includes("integer"))) continue;
      for (const value of values.slice(0, 2)) bodies.push({ [key]: value, __fuzzUnknownKey: 1 });
    }
    if (accepted.includes("string")) bodies.push({ [key]: HUGE, __fuzzUnknownKey: 1 });
    if (prop.enum) bodies.push({ [key]: "NOT_ONE_OF_THEM", __fuzzUnknownKey: 1 });
  }
  return bodies;
}

function badQueries(contract: Contract): Record<string, string>[] {
  const queries: Record<string, string>[] = [{ __fuzzUnknownKey: "1" }];
  for (const key of Object.keys(schemaOf(contract.query).properties ?? {})) {
    queries.push({ [key]: "%%%not-valid%%%", __fuzzUnknownKey: "1" }, { [key]: "-99999999999999999999", __fuzzUnknownKey: "1" }, { [key]: HUGE.slice(0, 5000), __fuzzUnknownKey: "1" });
  }
  return queries;
}

function paramsFor(contract: Contract, value: string): Record<string, string> {
  return Object.fromEntries(Object.keys(schemaOf(contract.params).properties ?? {}).map((k) => [k, value]));
}

/** What this store (and the fuzz emails) has in every table that has a store_id, plus its own row. */
async function footprint(): Promise<string> {
  const { rows: tables } = await api.deps.pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns WHERE column_name = 'store_id' AND table_schema = 'public' ORDER BY table_name`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const { rows } = await api.deps.pool.query(`SELECT count(*)::int AS n FROM "${table_name}" WHERE store_id = $1`, [owner.store.id]);
    parts.push(`${table_name}=${rows[0].n}`);
  }
  const store = await api.deps.pool.query("SELECT row_to_json(s)::text AS j FROM stores s WHERE id = $1", [owner.store.id]);
  const users = await api.deps.pool.query("SELECT count(*)::int AS n FROM users WHERE email LIKE '%fuzz-new%'");
  const events = await api.deps.pool.query("SELECT count(*)::int AS n FROM usage_events WHERE user_id = $1 OR anonymous_user_id LIKE 'fuzz%'", [owner.user.id]);
  return [...parts, store.rows[0].j, `users=${users.rows[0].n}`, `events=${events.rows[0].n}`].join("|");
}

async function send(contract: Contract, path: string, body: string | undefined) {
  const res = await fetch(`${api.url}/rest/main${path}`, {
    method: contract.method,
    headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
    body: contract.method === "GET" ? undefined : body,
  });
  await res.arrayBuffer();
  return res.status;
}

describe("fuzzing every contract", () => {
  it.each(allContracts.map((c) => [`${c.method} ${c.path}`, c] as const))("%s answers malformed input with 4xx and writes nothing", async (_name, contract) => {
    const before = await footprint();
    const statuses: { what: string; status: number }[] = [];
    const basePath = buildPath(contract.path, paramsFor(contract, "00000000-0000-4000-8000-000000000000"));
    for (const query of badQueries(contract)) {
      const qs = new URLSearchParams(query).toString();
      statuses.push({ what: `query ${qs.slice(0, 60)}`, status: await send(contract, `${basePath}?${qs}`, contract.body ? "{}" : undefined) });
    }
    if (contract.params) {
      for (const value of ["not-a-valid-id", "%25%00", "1".repeat(300)]) {
        statuses.push({ what: `params ${value.slice(0, 20)}`, status: await send(contract, buildPath(contract.path, paramsFor(contract, value)), contract.body ? "{}" : undefined) });
      }
    }
    if (contract.method !== "GET") {
      for (const body of badBodies(contract)) {
        statuses.push({ what: `body ${JSON.stringify(body).slice(0, 60)}`, status: await send(contract, basePath, JSON.stringify(body)) });
      }
      statuses.push({ what: "bad JSON", status: await send(contract, basePath, '{"unterminated": ') });
    }
    const serverErrors = statuses.filter((s) => s.status >= 500);
    expect(serverErrors).toEqual([]);
    const accepted = statuses.filter((s) => s.status < 400);
    expect(accepted).toEqual([]);
    expect(await footprint()).toBe(before);
  });
});
