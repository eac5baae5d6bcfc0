import crypto from "node:crypto";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { StateGraph, StateSchema, MessagesDeltaValue, MessagesAnnotation, START, END } from "@langchain/langgraph";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { openDatabase, type Database } from "../../api/src/db/pool";
import { AtelierCheckpointer } from "../src/checkpointer";

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ databaseUrl: inject("databaseUrl"), dataDir: null, poolSize: 3 });
});
afterAll(async () => db?.close());

function chatGraph(saver: AtelierCheckpointer, delta: boolean) {
  const State = delta ? new StateSchema({ messages: MessagesDeltaValue }) : MessagesAnnotation;
  return new StateGraph(State as typeof MessagesAnnotation)
    .addNode("model", (s: { messages: BaseMessage[] }) => ({ messages: [new AIMessage(`answer ${s.messages.length} ${"a".repeat(150)}`)] }))
    .addEdge(START, "model")
    .addEdge("model", END)
    .compile({ checkpointer: saver });
}

async function storedBytes(threadId: string) {
  const { rows } = await db.pool.query(
    `SELECT (SELECT coalesce(sum(pg_column_size(t.*)), 0) FROM checkpoints t WHERE thread_id = $1)
          + (SELECT coalesce(sum(pg_column_size(t.*)), 0) FROM checkpoint_blobs t WHERE thread_id = $1)
          + (SELECT coalesce(sum(pg_column_size(t.*)), 0) FROM checkpoint_writes t WHERE thread_id = $1) AS bytes`,
    [threadId],
  );
  return Number(rows[0].bytes);
}

async function chat(graph: ReturnType<typeof chatGraph>, threadId: string, turns: number) {
  for (let i = 0; i < turns; i++) await graph.invoke({ messages: [new HumanMessage(`question ${i} ${"q".repeat(150)}`)] }, { configurable: { thread_id: threadId } });
}

it("stores a thread in bytes linear in its length (50 vs 100 turns) while history and forking work", async () => {
  const graph = chatGraph(new AtelierCheckpointer(db.pool), true);
  const short = crypto.randomUUID();
  const long = crypto.randomUUID();
  await chat(graph, short, 50);
  await chat(graph, long, 100);
  const [a, b] = [await storedBytes(short), await storedBytes(long)];
  // Linear: twice the turns, about twice the bytes (quadratic would be about four times).
  expect(b / a).toBeLessThan(2.4);
  expect(b).toBeLessThan(500_000);

  const state = await graph.getState({ configurable: { thread_id: long } });
  expect(state.values.messages).toHaveLength(200);
  const history = [];
  for await (const h of graph.getStateHistory({ configurable: { thread_id: long } }, { limit: 400 })) history.push(h);
  const at50 = history.find((h) => h.values.messages?.length === 50 && h.next.length === 0)!;
  expect(at50.values.messages[49].content).toContain("answer 49");
  await graph.invoke({ messages: [new HumanMessage("fork")] }, { configurable: { thread_id: long, checkpoint_id: at50.config.configurable!.checkpoint_id } });
  const forked = await graph.getState({ configurable: { thread_id: long } });
  expect(forked.values.messages).toHaveLength(52);
  expect(forked.values.messages[50].content).toBe("fork");
}, 240_000);

it("the default message channel is what grows quadratically (the comparison the test above relies on)", async () => {
  const graph = chatGraph(new AtelierCheckpointer(db.pool), false);
  const short = crypto.randomUUID();
  const long = crypto.randomUUID();
  await chat(graph, short, 50);
  await chat(graph, long, 100);
  expect((await storedBytes(long)) / (await storedBytes(short))).toBeGreaterThan(2.8);
}, 120_000);
