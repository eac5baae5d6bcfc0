// Where one inbox send's time goes (`npm run bench:inbox:profile`, issue 18): sends made one at a
// time (no queue, no contention) on the embedded database, each statement the API's pool runs timed
// from its call to its answer and named by its first words; beside a bare `SELECT 1` through the same
// pool (the wire round trip to the database's worker) and an authenticated read that runs only the
// session check (the request's own work: HTTP, auth, JSON, express). Then the same sends at 10 in
// flight, to show what the single embedded session makes of concurrency.
import pg from "pg";
import { inbox } from "@atelier/contracts";
import { startIsolatedApi } from "../../test/isolated-api";
import { createStore } from "../../test/factories/accounts";
import { createSupplier } from "../../test/factories/suppliers";

const SENDS = Number(process.env.BENCH_SENDS ?? 300);

type Timed = { label: string; ms: number };
let log: Timed[] | null = null;
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  const into = log;
  if (!into) return clientQuery.apply(this, args);
  const started = performance.now();
  const text = typeof args[0] === "string" ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? "?");
  const done = () => into.push({ label: text.replace(/\s+/g, " ").trim().slice(0, 70), ms: performance.now() - started });
  // pool.query passes a callback; a client's own query answers a promise.
  const last = args.at(-1);
  if (typeof last === "function") {
    args[args.length - 1] = (...answer: unknown[]) => {
      done();
      return (last as (...a: unknown[]) => unknown)(...answer);
    };
    return clientQuery.apply(this, args);
  }
  const result = clientQuery.apply(this, args);
  if (result instanceof Promise) void result.then(done, () => {});
  return result;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const ms = (v: number) => `${v.toFixed(2)} ms`;

const api = await startIsolatedApi({}, { poolSize: 10, ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}) });
try {
  const owner = await createStore(api, { storeName: "Profile store" });
  const call = <C extends Parameters<typeof api.client.call>[0]>(contract: C, input: Parameters<typeof api.client.call<C>>[1]) => api.client.call(contract, input, { token: owner.token });
  const sids: string[] = [];
  for (let c = 0; c < 10; c++) sids.push((await call(inbox.startConversation, { body: { supplierId: await createSupplier(api, { name: `Profile supplier ${c}` }) } })).sid);

  // Warm the plans and the JIT.
  for (let i = 0; i < 50; i++) await call(inbox.sendMessage, { params: { sid: sids[i % 10]! }, body: { type: "TEXT", body: `warm ${i}`, uploadIds: [] } });

  const select1: number[] = [];
  for (let i = 0; i < SENDS; i++) {
    const t = performance.now();
    await api.deps.pool.query("SELECT 1");
    select1.push(performance.now() - t);
  }

  // The unread count answers from one statement after the session check: the request's own work.
  const light: number[] = [];
  log = [];
  for (let i = 0; i < SENDS; i++) {
    const t = performance.now();
    await call(inbox.countUnreadMessages, {});
    light.push(performance.now() - t);
  }
  const lightDb = log.reduce((a, s) => a + s.ms, 0) / SENDS;
  const lightStatements = log.length / SENDS;

  log = [];
  const sends: number[] = [];
  for (let i = 0; i < SENDS; i++) {
    const t = performance.now();
    await call(inbox.sendMessage, { params: { sid: sids[i % 10]! }, body: { type: "TEXT", body: `profile ${i}`, uploadIds: [] } });
    sends.push(performance.now() - t);
  }
  const byLabel = new Map<string, number[]>();
  for (const s of log) byLabel.set(s.label, [...(byLabel.get(s.label) ?? []), s.ms]);
  const sendDb = log.reduce((a, s) => a + s.ms, 0) / SENDS;
  log = null;

  // Ten in flight: the rate the API answers at when sends queue.
  const started = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: 10 }, async () => {
    while (next < SENDS) {
      const i = next++;
      await call(inbox.sendMessage, { params: { sid: sids[i % 10]! }, body: { type: "TEXT", body: `parallel ${i}`, uploadIds: [] } });
    }
  }));
  const parallelRate = SENDS / ((performance.now() - started) / 1000);

  console.log(`\nOne inbox send, ${SENDS} sends one at a time on ${process.env.DATABASE_URL ? "a Postgres server (DATABASE_URL)" : "the embedded database"} (after 50 to warm up):`);
  console.table({
    "SELECT 1 through the pool": { median: ms(median(select1)), mean: ms(mean(select1)) },
    "unread count over HTTP (session check + 1 read)": { median: ms(median(light)), mean: ms(mean(light)), "in the database": ms(lightDb), statements: lightStatements.toFixed(1) },
    "send over HTTP": { median: ms(median(sends)), mean: ms(mean(sends)), "in the database": ms(sendDb), statements: (byLabel.size ? [...byLabel.values()].reduce((a, v) => a + v.length, 0) / SENDS : 0).toFixed(1) },
  });
  console.log("The send's statements (mean time from the call to the answer, each):");
  console.table(Object.fromEntries([...byLabel].map(([label, times]) => [label, { each: ms(mean(times)), "per send": (times.length / SENDS).toFixed(2) }])));
  const outside = mean(sends) - sendDb;
  console.log(`Outside the database a send takes ${ms(outside)} (${((outside / mean(sends)) * 100).toFixed(0)} % of it): HTTP, session, JSON, express and the events.`);
  console.log(`At 10 in flight the API answered ${parallelRate.toFixed(1)} sends a second (one at a time: ${(1000 / mean(sends)).toFixed(1)}).`);
  const { rows: failed } = await api.deps.pool.query<{ type: string; n: number; error: string }>("SELECT type, count(*)::int AS n, max(last_error) AS error FROM jobs WHERE status = 'failed' GROUP BY type");
  for (const f of failed) console.log(`Failed job ${f.type} ×${f.n}: ${f.error}`);
} finally {
  await api.close();
}
process.exit(0);
