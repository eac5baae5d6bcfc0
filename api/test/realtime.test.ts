import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { ROOM_JOIN, payments, plans, type RealtimePayload, type RoomAnswer } from "@atelier/contracts";
import { createTokenService } from "../src/auth/tokens";
import { withTransaction } from "../src/db/pool";
import { publish, publishAfterCommit, registerRoomAuthoriser } from "../src/realtime";
import { as, registerUser, startTestApi, testConfig, type TestApi, type TestUser } from "./harness";
import { socketClients } from "./sockets";

const secret = crypto.randomBytes(24).toString("base64url");
let api: TestApi;
const clients = socketClients(() => api.url);

beforeAll(async () => {
  api = await startTestApi({ config: testConfig({ jwtSecret: secret }) });
});
afterAll(async () => {
  clients.closeAll();
  await api.close();
});

const open = (token: string | undefined) => clients.open(token);

/** The next `name` event on the socket. */
function next<T>(socket: Socket, name: string): Promise<T> {
  return new Promise((resolve) => socket.once(name, (payload: T) => resolve(payload)));
}

/** Resolves with the events `name` that arrived within a round trip to the server after `then` resolved. */
async function received(socket: Socket, name: string, then: () => Promise<unknown>): Promise<unknown[]> {
  const got: unknown[] = [];
  const listener = (payload: unknown) => got.push(payload);
  socket.on(name, listener);
  await then();
  // An acknowledged request is answered after every event emitted before it (one ordered connection).
  await join(socket, { kind: "user", id: "anyone" });
  socket.off(name, listener);
  return got;
}

function join(socket: Socket, request: unknown): Promise<RoomAnswer> {
  return socket.timeout(5000).emitWithAck(ROOM_JOIN, request) as Promise<RoomAnswer>;
}

async function upgraded(user: TestUser) {
  await as(api, user.token, payments.attachPaymentMethod, { body: { cardNumber: "4242424242424242", expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: "123", makeDefault: true } });
  return as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_2" } });
}

describe("realtime handshake", () => {
  it("refuses a socket without a token, with a forged token and with an expired one, saying why", async () => {
    const user = await registerUser(api);
    await expect(open(undefined)).rejects.toMatchObject({ message: "Log in to receive live updates.", data: { code: "UNAUTHORIZED" } });
    const forged = await createTokenService(crypto.randomBytes(32), 3600).sign({ userId: user.user.id, storeId: user.store.id, role: "OWNER", isPreview: false }, "v1");
    await expect(open(forged.token)).rejects.toMatchObject({ message: "Your session has expired - please log in again.", data: { code: "UNAUTHORIZED" } });
    const expired = await createTokenService(new TextEncoder().encode(secret), -60).sign({ userId: user.user.id, storeId: user.store.id, role: "OWNER", isPreview: false }, "v1");
    await expect(open(expired.token)).rejects.toMatchObject({ message: "Your session has expired - please log in again." });
    await expect(open(`${user.token.slice(0, -4)}AAAA`)).rejects.toMatchObject({ message: "Your session has expired - please log in again." });
    await expect(open(user.token)).resolves.toMatchObject({ connected: true });
  });
});

describe("realtime rooms", () => {
  it("delivers a store's plan change to that store's sockets only, after the upgrade committed", async () => {
    const [owner, stranger] = [await registerUser(api), await registerUser(api)];
    const [mine, theirs] = [await open(owner.token), await open(stranger.token)];
    let heard: unknown[] = [];
    const overheard = await received(theirs, "plan.changed", async () => {
      heard = await received(mine, "plan.changed", () => upgraded(owner));
    });
    // The subscription is created (unpaid) in one transaction and paid in the next: one event each.
    expect(heard).toEqual<RealtimePayload<"plan.changed">[]>([
      { storeId: owner.store.id, planType: "TIER_1", subscriptionStatus: "INCOMPLETE" },
      { storeId: owner.store.id, planType: "TIER_2", subscriptionStatus: "ACTIVE" },
    ]);
    expect(overheard).toEqual([]);
  });

  it("refuses to join another user's or store's room, and a conversation without an authoriser", async () => {
    const [owner, stranger] = [await registerUser(api), await registerUser(api)];
    const socket = await open(owner.token);
    expect(await join(socket, { kind: "user", id: owner.user.id })).toEqual({ ok: true });
    expect(await join(socket, { kind: "user", id: stranger.user.id })).toEqual({ ok: false, message: "You can only follow your own account." });
    expect(await join(socket, { kind: "store", id: stranger.store.id })).toEqual({ ok: false, message: "You can only follow your own store." });
    expect(await join(socket, { kind: "conversation", id: "c-1" })).toEqual({ ok: false, message: "This conversation was not found, or you are not part of it." });
    expect(await join(socket, { kind: "channel", id: "x" })).toMatchObject({ ok: false, message: expect.stringContaining("kind (store, user or conversation)") });
    const got = await received(socket, "plan.changed", async () => publish({ name: "plan.changed", to: { storeId: stranger.store.id }, payload: { storeId: stranger.store.id, planType: "TIER_3", subscriptionStatus: null } }));
    expect(got).toEqual([]);
  });

  it("joins a conversation room when its registered authoriser agrees, and only then", async () => {
    const [owner, stranger] = [await registerUser(api), await registerUser(api)];
    const conversationId = crypto.randomUUID();
    const remove = registerRoomAuthoriser("conversation", async (_deps, claims, id) => id === conversationId && claims.userId === owner.user.id);
    try {
      const [member, outsider] = [await open(owner.token), await open(stranger.token)];
      expect(await join(member, { kind: "conversation", id: conversationId })).toEqual({ ok: true });
      expect(await join(outsider, { kind: "conversation", id: conversationId })).toMatchObject({ ok: false });
      const heard = next(member, "thread.updated");
      const overheard = await received(outsider, "thread.updated", async () => {
        publish({ name: "thread.updated", to: { conversationId }, payload: { threadId: "t-1", status: "idle" } });
        expect(await heard).toEqual({ threadId: "t-1", status: "idle" });
      });
      expect(overheard).toEqual([]);
    } finally {
      remove();
    }
  });
});

describe("publishing", () => {
  it("emits an event of a transaction only once it commits, and never when it rolls back", async () => {
    const user = await registerUser(api);
    const socket = await open(user.token);
    const event = { name: "thread.updated", to: { userId: user.user.id }, payload: { threadId: "t-2", status: null } } as const;
    const duringTransaction: unknown[] = [];
    const afterCommit = await received(socket, "thread.updated", () =>
      withTransaction(api.deps.pool, async (tx) => {
        publishAfterCommit(tx, event);
        duringTransaction.push(...(await received(socket, "thread.updated", async () => undefined)));
      }),
    );
    expect(duringTransaction).toEqual([]);
    expect(afterCommit).toEqual([{ threadId: "t-2", status: null }]);
    const afterRollback = await received(socket, "thread.updated", () =>
      withTransaction(api.deps.pool, async (tx) => {
        publishAfterCommit(tx, event);
        throw new Error("rolled back");
      }).catch((err: Error) => expect(err.message).toBe("rolled back")),
    );
    expect(afterRollback).toEqual([]);
  });

  it("refuses an event whose payload breaks its contract, naming the field", () => {
    expect(() => publish({ name: "plan.changed", to: { storeId: "s" }, payload: { storeId: "s", planType: "GOLD", subscriptionStatus: null } } as never)).toThrow(/planType/);
    expect(() => publish({ name: "order.shipped", to: { storeId: "s" }, payload: {} } as never)).toThrow(/name/);
  });
});
