import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RealtimeEvent } from "@atelier/contracts";
import { startAgentEnv, sdk, registerUser, type AgentEnv } from "./harness";

// The runner tells a run's user's other tabs that it started and ended (through the publisher it
// is given: the API's in-memory one under `npm start`, Postgres NOTIFY apart). Its own database:
// no other file's server may claim (and announce) these runs.

const events: RealtimeEvent[] = [];
let env: AgentEnv;

beforeAll(async () => {
  env = await startAgentEnv({ ownDatabase: true, publish: (e) => events.push(e) });
});
afterAll(() => env?.close());

describe("run events for the user's other tabs", () => {
  it("publishes run.started, then run.ended and thread.updated once the run's end is stored, addressed to the run's user", async () => {
    const user = await registerUser(env.api);
    const client = sdk(env, user);
    const thread = await client.threads.create({ graphId: "copilot" });
    const run = await client.runs.create(thread.thread_id, "copilot", { input: { messages: [{ type: "human", content: "hello" }] } });
    await client.runs.join(thread.thread_id, run.run_id);
    const ofRun = () => events.filter((e) => (e.payload as { threadId?: string }).threadId === thread.thread_id);
    for (let i = 0; i < 100 && ofRun().length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    const ids = { threadId: thread.thread_id, runId: run.run_id, assistantId: "copilot" };
    expect(ofRun()).toEqual([
      { name: "run.started", to: { userId: user.user.id }, payload: ids },
      { name: "run.ended", to: { userId: user.user.id }, payload: { ...ids, status: "success" } },
      { name: "thread.updated", to: { userId: user.user.id }, payload: { threadId: thread.thread_id, status: "idle" } },
    ]);
    // The end is stored before it is announced: a tab reloading on run.ended reads the finished run.
    expect((await client.runs.get(thread.thread_id, run.run_id)).status).toBe("success");
  });
});
