// Realtime fan-out (part of `npm run bench:agent`): 500 sockets, each receiving one event per
// second for 20 s, through Atelier's realtime module (token handshake, store rooms, the event
// contract checked at publish) against a bare socket.io server doing the same in the same run.
// Sockets are spread over 50 stores (10 tabs each): each second, one event per store.
// Target: p99 delivery ≤ 1.3× the bare server's; no event lost.
// Clients and servers share this process (the same cost on both sides); the API runs on its own
// in-memory embedded database with no Redis (one process).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { io as connect, type Socket } from "socket.io-client";
import { startIsolatedApi } from "../../test/isolated-api";
import { publish } from "../../api/src/realtime";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 500);
const ROOMS = Number(process.env.BENCH_ROOMS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

type Result = { p50: number; p99: number; max: number; received: number; expected: number };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** Connects the sockets (websocket transport), each counted under its room; resolves when all are connected. */
async function connectAll(url: string, authOf: (i: number) => Record<string, string>): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < SOCKETS; i += 50) {
    const batch = Array.from({ length: Math.min(50, SOCKETS - i) }, (_, j) => {
      const s = connect(url, { auth: authOf(i + j), transports: ["websocket"], forceNew: true, reconnection: false });
      sockets.push(s);
      return new Promise<void>((resolve, reject) => {
        s.once("connect", () => resolve());
        s.once("connect_error", reject);
      });
    });
    await Promise.all(batch);
  }
  return sockets;
}

/**
 * Emits one event per room each second for SECONDS, through `emit(room, seq)`; every socket
 * records the delay from the emit to its arrival. `sequenceOf` reads the sequence from a payload.
 */
async function measure(sockets: Socket[], event: string, sequenceOf: (payload: unknown) => number, emit: (room: number, seq: number) => void): Promise<Result> {
  const sentAt = new Map<number, number>();
  const delays: number[] = [];
  for (const s of sockets) {
    s.on(event, (payload: unknown) => {
      const at = sentAt.get(sequenceOf(payload));
      if (at !== undefined) delays.push(performance.now() - at);
    });
  }
  let seq = 0;
  for (let second = 0; second < SECONDS; second++) {
    for (let room = 0; room < ROOMS; room++) {
      seq += 1;
      sentAt.set(seq, performance.now());
      emit(room, seq);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  // Stragglers get a last second.
  await new Promise((r) => setTimeout(r, 1000));
  const sorted = delays.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN, received: delays.length, expected: SOCKETS * SECONDS };
}

async function bare(): Promise<Result> {
  const server = http.createServer();
  const io = new Server(server, { serveClient: false });
  io.on("connection", (socket) => void socket.join(`room:${Number(socket.handshake.auth.room)}`));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sockets = await connectAll(url, (i) => ({ room: String(i % ROOMS) }));
  const result = await measure(sockets, "tick", (p) => (p as { seq: number }).seq, (room, seq) => io.to(`room:${room}`).emit("tick", { seq }));
  for (const s of sockets) s.close();
  io.disconnectSockets(true);
  io.engine.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  return result;
}

async function atelier(): Promise<Result> {
  const api = await startIsolatedApi();
  try {
    // Real members: the handshake reads each token's membership (issue 14, item 5).
    const pool = api.deps.pool;
    const users = (await pool.query<{ id: string }>("INSERT INTO users (email, username) SELECT 'bench-realtime-' || g || '@example.com', 'Bench ' || g FROM generate_series(1, $1) g RETURNING id", [SOCKETS])).rows.map((r) => r.id);
    const stores: string[] = [];
    for (let r = 0; r < ROOMS; r++) {
      stores.push((await pool.query<{ id: string }>("INSERT INTO stores (title, owner_user_id) VALUES ($1, $2) RETURNING id", [`Bench store ${r}`, users[r]!])).rows[0]!.id);
    }
    await pool.query(
      "INSERT INTO store_members (store_id, user_id, role) SELECT ($1::uuid[])[(i - 1) % $3 + 1], ($2::uuid[])[i], CASE WHEN i <= $3 THEN 'OWNER' ELSE 'CX' END FROM generate_series(1, $4) i",
      [stores, users, ROOMS, SOCKETS],
    );
    const tokens = await Promise.all(
      Array.from({ length: SOCKETS }, (_, i) => api.deps.tokens.sign({ userId: users[i]!, storeId: stores[i % ROOMS]!, role: i < ROOMS ? "OWNER" : "CX", isPreview: false }, "v1")),
    );
    const sockets = await connectAll(api.url, (i) => ({ token: tokens[i]!.token }));
    // The sequence rides in subscriptionStatus, a free string of the plan.changed contract.
    const result = await measure(
      sockets,
      "plan.changed",
      (p) => Number((p as { subscriptionStatus: string }).subscriptionStatus),
      (room, seq) => publish({ name: "plan.changed", to: { storeId: stores[room]! }, payload: { storeId: stores[room]!, planType: "TIER_2", subscriptionStatus: String(seq) } }),
    );
    for (const s of sockets) s.close();
    return result;
  } finally {
    await api.close();
  }
}

const ms = (v: number) => `${v.toFixed(2)} ms`;
console.log(`\nRealtime fan-out: ${SOCKETS} sockets in ${ROOMS} rooms, one event per socket per second for ${SECONDS} s…`);
const reference = await bare();
const ours = await atelier();
console.table({
  "bare socket.io": { p50: ms(reference.p50), p99: ms(reference.p99), max: ms(reference.max), received: reference.received, lost: reference.expected - reference.received },
  "Atelier realtime": { p50: ms(ours.p50), p99: ms(ours.p99), max: ms(ours.max), received: ours.received, lost: ours.expected - ours.received },
});
const ratio = ours.p99 / reference.p99;
const lost = ours.expected - ours.received;
console.log(`p99 ratio ${ratio.toFixed(2)}× (target ≤ 1.3×) ${ratio <= 1.3 ? "✓" : "✗"}; lost ${lost} (target 0) ${lost === 0 ? "✓" : "✗"}`);
process.exit(0);
