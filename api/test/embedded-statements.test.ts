// Prepared statements on the embedded database (olite11): every pool client shares PGlite's one
// session, so a name prepared by one client clashes with the same name prepared by another. The
// module names each client's copy apart and deallocates a removed client's copies.
import { afterAll, beforeAll, expect, it } from "vitest";
import { inject } from "vitest";
import pg from "pg";
import { deallocateRemovedClients, queryHotRead, queryPrepared, statementName } from "../src/db/embedded-statements";

let pool: pg.Pool;
beforeAll(() => {
  pool = new pg.Pool({ connectionString: inject("databaseUrl"), max: 4 });
  deallocateRemovedClients(pool, { sharedSession: true });
});
afterAll(() => pool.end());

const read = { name: "embedded_statements_test", text: "SELECT $1::int + 1 AS n" };

async function preparedNames(prefix: string): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>("SELECT name FROM pg_prepared_statements WHERE name LIKE $1 ORDER BY name", [`${prefix}%`]);
  return rows.map((r) => r.name);
}

it("shows the clash it avoids: two clients preparing one name in the embedded session", async () => {
  const [a, b] = [await pool.connect(), await pool.connect()];
  try {
    await a.query({ name: "embedded_statements_clash", text: "SELECT 1 AS n" });
    await expect(b.query({ name: "embedded_statements_clash", text: "SELECT 1 AS n" })).rejects.toThrow(/already exists/);
    await a.query("DEALLOCATE embedded_statements_clash");
  } finally {
    a.release();
    b.release();
  }
});

it("runs one read prepared on several clients at once, each under its own name, and reuses it", async () => {
  const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
  try {
    const answers = await Promise.all(clients.map((c, i) => queryPrepared<{ n: number }>(c, read, [i])));
    expect(answers.map((r) => r.rows[0]!.n)).toEqual([1, 2, 3]);
    const again = await queryPrepared<{ n: number }>(clients[0]!, read, [41]);
    expect(again.rows[0]!.n).toBe(42);
    expect(await preparedNames(read.name)).toEqual(clients.map((c) => statementName(c, read)).sort());
  } finally {
    for (const c of clients) c.release();
  }
  expect((await queryHotRead<{ n: number }>(pool, read, [9])).rows[0]!.n).toBe(10);
  const client = await pool.connect();
  try {
    expect((await queryHotRead<{ n: number }>(client, read, [19])).rows[0]!.n).toBe(20);
  } finally {
    client.release();
  }
});

it("deallocates a client's statements when the pool removes it", async () => {
  const client = await pool.connect();
  await queryPrepared(client, read, [1]);
  const name = statementName(client, read);
  expect(await preparedNames(name)).toEqual([name]);
  client.release(true);
  await expect.poll(() => preparedNames(name)).toEqual([]);
});
