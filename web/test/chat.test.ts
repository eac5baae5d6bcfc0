import { describe, expect, it } from "vitest";
import type { Client } from "@langchain/langgraph-sdk";
import { screenContextSchema } from "@atelier/contracts/agent-context";
import { screenContextOf } from "../src/chat/screen-context";
import { CheckpointNotFoundError, HISTORY_PAGE_SIZE, branchHead, branchesOf, checkpointHolding, findForkCheckpoint, type CheckpointMessages } from "../src/chat/checkpoints";

describe("the screen the assistant is told about", () => {
  it("names the route pattern and the entity on screen", () => {
    expect(screenContextOf("/browse-suppliers/supplier-profile/sup-9", "?tab=REVIEWS")).toEqual({
      route: "/browse-suppliers/supplier-profile/:supplierId", path: "/browse-suppliers/supplier-profile/sup-9", query: { tab: "REVIEWS" }, entity: { type: "supplier", id: "sup-9" },
    });
    expect(screenContextOf("/order-details/42", "").entity).toEqual({ type: "order", id: "42" });
    expect(screenContextOf("/pay-invoice/inv-1", "").entity).toEqual({ type: "invoice", id: "inv-1" });
    expect(screenContextOf("/homebase", "").entity).toBeNull();
  });

  it("is the contract's shape, with an address typed by hand cut to fit", () => {
    expect(screenContextSchema.parse(screenContextOf("/browse-suppliers/catalog-item/it-1", ""))).toMatchObject({ entity: { type: "catalog_item", id: "it-1" } });
    const long = screenContextOf("/homebase", `?q=${"x".repeat(5000)}`);
    expect(long.query.q).toHaveLength(2000);
    expect(screenContextSchema.safeParse(long).success).toBe(true);
  });
});

type State = { checkpoint: { checkpoint_id: string }; values: { messages: { id: string }[] } };

/** A thread's history as the agent server pages it: newest first, `before` a checkpoint id, `limit` per page. */
function fakeClient(states: State[]) {
  const calls: { limit?: number; before?: string }[] = [];
  const client = {
    threads: {
      async getHistory(_threadId: string, options: { limit?: number; before?: { configurable: { checkpoint_id: string } } }) {
        const before = options.before?.configurable.checkpoint_id;
        calls.push({ limit: options.limit, before });
        const start = before ? states.findIndex((s) => s.checkpoint.checkpoint_id === before) + 1 : 0;
        return states.slice(start, start + (options.limit ?? 10));
      },
    },
  };
  return { client: client as unknown as Client, calls };
}

const state = (id: string, messages: string[]): State => ({ checkpoint: { checkpoint_id: id }, values: { messages: messages.map((m) => ({ id: m })) } });

describe("the checkpoint an edit or a retry forks from", () => {
  it("pages through more than one page of history to find it", async () => {
    // 250 checkpoints of a long conversation, newest first; the fork point is on the third page.
    const states = Array.from({ length: 250 }, (_, i) => state(`cp-${249 - i}`, Array.from({ length: 249 - i }, (_, j) => `m${j}`)));
    const { client, calls } = fakeClient(states);
    expect(await findForkCheckpoint(client, "t", ["m0", "m1", "m2"])).toBe("cp-3");
    expect(calls).toEqual([{ limit: HISTORY_PAGE_SIZE, before: undefined }, { limit: HISTORY_PAGE_SIZE, before: "cp-150" }, { limit: HISTORY_PAGE_SIZE, before: "cp-50" }]);
  });

  it("fails with a reason instead of continuing the branch when no checkpoint holds those messages", async () => {
    const { client } = fakeClient([state("cp-2", ["a", "b"]), state("cp-1", ["a"]), state("cp-0", [])]);
    await expect(findForkCheckpoint(client, "t", ["x"])).rejects.toBeInstanceOf(CheckpointNotFoundError);
    await expect(findForkCheckpoint(client, "t", ["a", "x"])).rejects.toThrow(/cannot branch from there/);
    expect(await findForkCheckpoint(client, "t", [])).toBe("cp-0");
  });
});

describe("the branches of a conversation", () => {
  // h1 → a1 (first run); h2 edited in place of h1 → a2; a1 retried → a1b.
  const checkpoints: CheckpointMessages[] = [
    { checkpointId: "c7", messageIds: ["h1", "a1b"] },
    { checkpointId: "c6", messageIds: ["h2", "a2"] },
    { checkpointId: "c5", messageIds: ["h2"] },
    { checkpointId: "c4", messageIds: [] },
    { checkpointId: "c3", messageIds: ["h1", "a1"] },
    { checkpointId: "c2", messageIds: ["h1"] },
    { checkpointId: "c1", messageIds: [] },
  ];

  it("numbers each edited or retried message among its variants, oldest first", () => {
    const shown = branchesOf(checkpoints, ["h1", "a1b"]);
    expect(shown.get("h1")).toEqual({ number: 1, count: 2, siblings: ["h1", "h2"], index: 0 });
    expect(shown.get("a1b")).toEqual({ number: 2, count: 2, siblings: ["a1", "a1b"], index: 1 });
    expect(branchesOf(checkpoints, ["h2", "a2"]).get("a2")).toBeUndefined();
  });

  it("finds the newest checkpoint of a branch, and the one holding exactly some messages", () => {
    expect(branchHead(checkpoints, ["h2"])).toBe("c6");
    expect(branchHead(checkpoints, ["h1", "a1"])).toBe("c3");
    expect(branchHead(checkpoints, ["h1"])).toBe("c7");
    expect(checkpointHolding(checkpoints, ["h1"])).toBe("c2");
    expect(checkpointHolding(checkpoints, ["nope"])).toBeNull();
  });
});
