// Inbox delivery (`npm run bench:inbox`, issue 18): 500 connected clients in 100 conversations
// (5 each, signed in as the conversation's store and joined to its room), 50 messages a second for 20 s, each sent through
// the real path (HTTP send → transaction → message.created after commit) and timed from the send
// to each client's arrival; against a bare socket.io server relaying the same messages to the same
// rooms in the same run. Then one conversation grows to 10,000 messages and history pages (10,
// newest first, before a random index) are timed over HTTP.
// Targets: p99 delivery ≤ 1.3× the bare relay's, nothing lost; history page p99 ≤ 20 ms.
// Clients and servers share this process; the API runs on its own in-memory embedded database, or
// on the empty database DATABASE_URL names (a real Postgres server), and counts the SQL statements
// each send costs (every statement of the request: session check, transaction, events).
import http from "node:http";
import pg from "pg";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { io as connect, type Socket } from "socket.io-client";
import { ROOM_JOIN, inbox, type RoomAnswer } from "@atelier/contracts";
import { startIsolatedApi } from "../../test/isolated-api";
import { createStore } from "../../test/factories/accounts";
import { createSupplier } from "../../test/factories/suppliers";
import { authorOf, recordMessages } from "../../api/src/queries/inbox/conversations";
import { insertMessages } from "../../api/src/queries/inbox/messages";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 10_000);

type Result = { p50: number; p99: number; max: number; received: number; expected: number };
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const perRoom = CLIENTS / CONVERSATIONS;

// Every statement the API's pool runs goes through Client#query (pool.query included).
let statements = 0;
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return clientQuery.apply(this, args);
};

async function connectAll(url: string, authOf: (i: number) => Record<string, string>): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < CLIENTS; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, CLIENTS - i) }, (_, j) => {
        const s = connect(url, { auth: authOf(i + j), transports: ["websocket"], forceNew: true, reconnection: false });
        sockets.push(s);
        return new Promise<void>((resolve, reject) => {
          s.once("connect", () => resolve());
          s.once("connect_error", reject);
        });
      }),
    );
  }
  return sockets;
}

/** Sends RATE messages a second for SECONDS through `send(room, seq)`; every client records the delay to its arrival. */
async function measure(sockets: Socket[], sequenceOf: (payload: unknown) => number, send: (room: number, seq: number) => void | Promise<void>): Promise<Result> {
  const sentAt = new Map<number, number>();
  const delays: number[] = [];
  for (const s of sockets) {
    s.on("message.created", (payload: unknown) => {
      const at = sentAt.get(sequenceOf(payload));
      if (at !== undefined) delays.push(performance.now() - at);
    });
  }
  const total = RATE * SECONDS;
  const inFlight: (void | Promise<void>)[] = [];
  const start = performance.now();
  for (let seq = 1; seq <= total; seq++) {
    // Paced against the clock, so a slow send does not lower the rate.
    const due = start + ((seq - 1) * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    sentAt.set(seq, performance.now());
    inFlight.push(send(seq % CONVERSATIONS, seq));
  }
  // Every send answered (a backlog included), then stragglers get two more seconds.
  await Promise.all(inFlight);
  await new Promise((r) => setTimeout(r, 2000));
  const sorted = delays.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN, received: delays.length, expected: total * perRoom };
}

async function bare(): Promise<Result> {
  const server = http.createServer();
  const io = new Server(server, { serveClient: false });
  io.on("connection", (socket) => {
    if (socket.handshake.auth.room !== undefined) void socket.join(`room:${Number(socket.handshake.auth.room)}`);
    socket.on("send", (m: { room: number; seq: number }) => void io.to(`room:${m.room}`).emit("message.created", { seq: m.seq }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sockets = await connectAll(url, (i) => ({ room: String(i % CONVERSATIONS) }));
  const [sender] = await (async () => {
    const s = connect(url, { transports: ["websocket"], forceNew: true, reconnection: false });
    await new Promise<void>((resolve) => s.once("connect", () => resolve()));
    return [s];
  })();
  const result = await measure(sockets, (p) => (p as { seq: number }).seq, (room, seq) => void sender!.emit("send", { room, seq }));
  for (const s of [...sockets, sender!]) s.close();
  io.disconnectSockets(true);
  io.engine.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  return result;
}

type Costs = { sendRate: number; statementsPerSend: number; statementsPerPage: number };

async function atelier(): Promise<{ delivery: Result; history: { p50: number; p99: number; max: number; pages: number }; costs: Costs }> {
  const api = await startIsolatedApi({}, { poolSize: 10, ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}) });
  try {
    // One store per conversation, its five clients signed in as that store (several tabs and
    // members): a store's events reach its own clients, as they would in use. (With every client
    // signed in as one store, each send's conversation.updated went to all 500 sockets.)
    const owners: Awaited<ReturnType<typeof createStore>>[] = [];
    const sids: string[] = [];
    for (let c = 0; c < CONVERSATIONS; c++) {
      const owner = await createStore(api, { storeName: `Bench store ${c}` });
      const supplierId = await createSupplier(api, { name: `Bench supplier ${c}` });
      owners.push(owner);
      sids.push((await api.client.call(inbox.startConversation, { body: { supplierId } }, { token: owner.token })).sid);
    }
    const owner = owners[0]!;
    const call = <C extends Parameters<typeof api.client.call>[0]>(contract: C, input: Parameters<typeof api.client.call<C>>[1], token = owner.token) => api.client.call(contract, input, { token });
    const sockets = await connectAll(api.url, (i) => ({ token: owners[i % CONVERSATIONS]!.token }));
    await Promise.all(sockets.map(async (s, i) => {
      const answer = (await s.timeout(10_000).emitWithAck(ROOM_JOIN, { kind: "conversation", id: sids[i % CONVERSATIONS]! })) as RoomAnswer;
      if (!answer.ok) throw new Error(answer.message);
    }));
    const failed: string[] = [];
    let answered = 0;
    let lastAnswerAt = 0;
    const statementsBefore = statements;
    const sendsFrom = performance.now();
    // The sequence rides in the message's text.
    const delivery = await measure(
      sockets,
      (p) => Number((p as { message: { body: string } }).message.body),
      (room, seq) =>
        call(inbox.sendMessage, { params: { sid: sids[room]! }, body: { type: "TEXT", body: String(seq), uploadIds: [] } }, owners[room]!.token).catch((err: Error) => {
          failed.push(`${seq}→${room}: ${err.message}`);
        }).then(() => {
          answered++;
          lastAnswerAt = performance.now();
        }),
    );
    // The socket clients' acks and the API's own jobs add a few statements; sends are nearly all of them.
    const statementsPerSend = (statements - statementsBefore) / answered;
    const sendRate = answered / ((lastAnswerAt - sendsFrom) / 1000);
    for (const s of sockets) s.close();
    if (failed.length) console.log(`${failed.length} sends failed, e.g. ${failed.slice(0, 3).join("; ")}`);

    // History: one conversation grown to HISTORY messages (written in bulk, as the send path stores them).
    const pool = api.deps.pool;
    const { rows } = await pool.query<{ id: string; lastIndex: number }>("SELECT id, last_message_index AS \"lastIndex\" FROM conversations WHERE sid = $1", [sids[0]]);
    const conversation = rows[0]!;
    let index = conversation.lastIndex;
    while (index < HISTORY - 1) {
      const batch = Array.from({ length: Math.min(1000, HISTORY - 1 - index) }, () => ({ index: ++index, author: authorOf("STORE", owner.store.id), authorUserId: null, authorName: "Bench store", type: "TEXT" as const, body: `History message ${index}`, attributes: {} }));
      await insertMessages(pool, conversation.id, batch, null);
    }
    await recordMessages(pool, conversation.id, { lastIndex: index, preview: `History message ${index}`, authorSide: "STORE" });
    const times: number[] = [];
    const pageStatementsBefore = statements;
    for (let i = 0; i < 300; i++) {
      const before = i % 3 === 0 ? undefined : 10 + Math.floor(Math.random() * (index - 10));
      const t = performance.now();
      await call(inbox.listMessages, { params: { sid: sids[0]! }, query: before === undefined ? {} : { before } });
      times.push(performance.now() - t);
    }
    const statementsPerPage = (statements - pageStatementsBefore) / times.length;
    const sorted = times.slice(20).sort((a, b) => a - b);
    return { delivery, history: { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN, pages: sorted.length }, costs: { sendRate, statementsPerSend, statementsPerPage } };
  } finally {
    await api.close();
  }
}

const ms = (v: number) => `${v.toFixed(2)} ms`;
console.log(`\nInbox delivery: ${CLIENTS} clients in ${CONVERSATIONS} conversations, ${RATE} messages a second for ${SECONDS} s…`);
const reference = await bare();
const ours = await atelier();
console.table({
  "bare socket.io relay": { p50: ms(reference.p50), p99: ms(reference.p99), max: ms(reference.max), received: reference.received, lost: reference.expected - reference.received },
  "Atelier inbox (HTTP send → DB → room)": { p50: ms(ours.delivery.p50), p99: ms(ours.delivery.p99), max: ms(ours.delivery.max), received: ours.delivery.received, lost: ours.delivery.expected - ours.delivery.received },
});
const ratio = ours.delivery.p99 / reference.p99;
const lost = ours.delivery.expected - ours.delivery.received;
console.log(`p99 ratio ${ratio.toFixed(2)}× (target ≤ 1.3×) ${ratio <= 1.3 ? "✓" : "✗"}; lost ${lost} (target 0) ${lost === 0 ? "✓" : "✗"}`);
console.log(`Database: ${process.env.DATABASE_URL ? "Postgres server (DATABASE_URL)" : "embedded PGlite"}; sends answered at ${ours.costs.sendRate.toFixed(1)} a second; ${ours.costs.statementsPerSend.toFixed(1)} SQL statements a send, ${ours.costs.statementsPerPage.toFixed(1)} a history page`);
console.log(`History page at ${HISTORY.toLocaleString("en-US")} messages (${ours.history.pages} pages over HTTP): p50 ${ms(ours.history.p50)}, p99 ${ms(ours.history.p99)} (target ≤ 20 ms) ${ours.history.p99 <= 20 ? "✓" : "✗"}, max ${ms(ours.history.max)}`);
process.exit(0);
