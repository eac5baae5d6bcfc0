// The batch endpoints of `npm run bench:shipping` (issue 17): labels for many store orders at
// once, at a realistic size (100 orders, the most one request takes), beside the bare primary-key
// handler on the same database: the quote of 100 orders at 2 connections, then buying 100 labels
// (each charged through the payments ledger) and waiting for the batch job's merged PDF, timed
// one after another on fresh orders, since a label is bought once per order.
import { performance } from "node:perf_hooks";
import { jobs, shipping } from "@atelier/contracts";
import { ORDER_LABEL_MAX } from "@atelier/contracts/shipping";
import { cardOnFile, createOrder } from "../../test/factories";
import { measure, probe, row, startBarePrimaryKeyServer, type Target } from "../lib/load";
import type { startBenchStore } from "../lib/bench-store";

type Store = Omit<Awaited<ReturnType<typeof startBenchStore>>, "reused">;
const box = { weight: 2, length: 10, width: 8, height: 4 };
const ROUNDS = Number(process.env.BENCH_BATCH_ROUNDS ?? 3);

/** Order numbers from `first`, each a fresh outstanding order shipping to Oakland. */
async function seedOrders(store: Store, first: number, count: number): Promise<number[]> {
  const numbers = Array.from({ length: count }, (_, i) => first + i);
  for (const orderNumber of numbers) await createOrder(store.factoryApi, store.session.store.id, { orderNumber });
  return numbers;
}

async function jobDone(store: Store, jobId: string): Promise<void> {
  for (;;) {
    const job = await store.client.call(jobs.getJob, { params: { id: jobId } }, { token: store.session.token });
    if (job.status === "completed") return;
    if (job.status === "failed" || job.status === "cancelled") throw new Error(`label batch job ${job.status}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function benchBatchEndpoints(store: Store, durationS: number): Promise<Record<string, string | number>[]> {
  const { token, store: s } = store.session;
  await cardOnFile(store.factoryApi, token);
  const quoted = await seedOrders(store, 10_001, ORDER_LABEL_MAX);
  const quote: Target = {
    label: `POST …/order-labels/quote (${ORDER_LABEL_MAX} orders)`,
    url: `${store.api.url}/rest/main/web/standalone-label/-/order-labels/quote`,
    method: "POST",
    body: JSON.stringify({ orderNumbers: quoted, parcel: box }),
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  };
  await probe(quote);
  const bare = await startBarePrimaryKeyServer(store.database.pool, s.id);
  await measure(quote, 2, 2);
  const q = await measure(quote, 2, durationS);
  const b = await measure(bare.target, 2, durationS);
  await bare.close();

  const buy: number[] = [];
  const merged: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const numbers = await seedOrders(store, 20_001 + round * ORDER_LABEL_MAX, ORDER_LABEL_MAX);
    const price = await store.client.call(shipping.quoteOrderLabels, { body: { orderNumbers: numbers, parcel: box } }, { token });
    const t = performance.now();
    const bought = await store.client.call(shipping.createOrderLabels, { body: { orderNumbers: numbers, parcel: box, expectedTotalCents: price.totalCents } }, { token, idempotencyKey: crypto.randomUUID() });
    buy.push(performance.now() - t);
    if (bought.labels.length !== ORDER_LABEL_MAX || !bought.jobId) throw new Error(`bought ${bought.labels.length} labels: ${bought.failed[0]?.message ?? "no job"}`);
    await jobDone(store, bought.jobId);
    merged.push(performance.now() - t);
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  return [
    { ...row(q), "vs bare": `${((q.rps / b.rps) * 100).toFixed(1)} %` },
    { ...row(b), "vs bare": "100 %" },
    { endpoint: `POST …/order-labels: buy ${ORDER_LABEL_MAX} labels, one at a time (median of ${ROUNDS})`, "p50 ms": Math.round(median(buy)), "p99 ms": Math.round(Math.max(...buy)) },
    { endpoint: `… until the batch job's merged PDF is ready (median of ${ROUNDS})`, "p50 ms": Math.round(median(merged)), "p99 ms": Math.round(Math.max(...merged)) },
  ];
}
