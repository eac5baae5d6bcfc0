import type http from "node:http";
import { Server, type Socket } from "socket.io";
import { ROOM_JOIN, ROOM_LEAVE, roomOf, roomRequestSchema, type RealtimeEvent, type RoomAnswer } from "@atelier/contracts";
import type { TokenClaims } from "../auth/tokens";
import type { AppDeps } from "../context";
import { roomAuthoriser } from "./authorisers";
import { registerHub } from "./publish";
import { connectRedisAdapter } from "./redis-adapter";
import { currentSession, NO_LONGER_MEMBER } from "../services/auth/current-session";
import { listenForNotifications } from "./notify-listener";

/** The socket.io server of the API process. */
export type Realtime = {
  io: Server;
  close(): Promise<void>;
};

type SocketData = { auth: TokenClaims };

/** The error a refused handshake carries to the client (`err.message`, `err.data.code`). */
class HandshakeRefused extends Error {
  readonly data: { code: string };
  constructor(message: string) {
    super(message);
    this.data = { code: "UNAUTHORIZED" };
  }
}

// A socket whose token expires is disconnected then (capped: setTimeout takes 32-bit delays);
// the client reconnects with its refreshed token or shows the login.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Serves socket.io on the API's own HTTP server (same port, path /socket.io). The handshake takes
 * the REST API's bearer token (`auth: { token }`); each socket joins its user's room and its
 * store's room, and may ask to join other rooms (conversations) through their authoriser.
 * With `REDIS_URL`, the Redis streams adapter carries events between API processes.
 */
export async function startRealtime(server: http.Server, deps: AppDeps): Promise<Realtime> {
  const redis = deps.config.redisUrl ? await connectRedisAdapter(deps.config.redisUrl, deps.log) : null;
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(server, {
    serveClient: false,
    cors: { origin: deps.config.webOrigin, credentials: false },
    // A short drop (a train tunnel, a deploy) restores the socket's rooms and the events it missed.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
    ...(redis ? { adapter: redis.adapter } : {}),
  });

  io.use((socket, next) => {
    void authenticate(deps, socket).then(
      (claims) => {
        socket.data.auth = claims;
        next();
      },
      (err: unknown) => next(err instanceof HandshakeRefused ? err : new HandshakeRefused("Live updates are unavailable right now.")),
    );
  });

  io.on("connection", (socket) => {
    const claims = socket.data.auth;
    // A supplier member's session belongs to no store: only its user room.
    void socket.join(claims.type === "supplier" ? [roomOf({ userId: claims.userId })] : [roomOf({ userId: claims.userId }), roomOf({ storeId: claims.storeId })]);
    const expiresIn = claims.exp * 1000 - Date.now();
    const timer = setTimeout(() => socket.disconnect(true), Math.min(Math.max(expiresIn, 0), MAX_TIMER_MS));
    timer.unref();
    socket.on("disconnect", () => clearTimeout(timer));
    socket.on(ROOM_JOIN, (request: unknown, ack: unknown) => void answer(ack, joinRoom(deps, socket, request)));
    socket.on(ROOM_LEAVE, (request: unknown, ack: unknown) => void answer(ack, leaveRoom(socket, request)));
  });

  const unregister = registerHub({
    emit(event: RealtimeEvent, options) {
      const target = options?.local ? io.local : io;
      target.to(roomOf(event.to)).emit(event.name, event.payload);
    },
  });
  const listener = deps.config.databaseUrl ? await listenForNotifications(deps.config.databaseUrl, deps.log) : null;

  return {
    io,
    async close() {
      unregister();
      await listener?.close();
      io.disconnectSockets(true);
      // Not io.close(): it would close the HTTP server too, which the API closes itself.
      io.engine.close();
      // Stops the Redis adapter's stream reader (a no-op for the in-memory adapter).
      await io.of("/").adapter.close();
      await redis?.close();
    },
  };
}

async function authenticate(deps: AppDeps, socket: Socket): Promise<TokenClaims> {
  const given: unknown = socket.handshake.auth?.token;
  const header = socket.handshake.headers.authorization;
  const token = typeof given === "string" && given ? given : header?.startsWith("Bearer ") ? header.slice(7).trim() : "";
  if (!token) throw new HandshakeRefused("Log in to receive live updates.");
  const claims = await deps.tokens.verify(token);
  if (!claims) throw new HandshakeRefused("Your session has expired - please log in again.");
  const session = await currentSession(deps.pool, claims, deps.sessions);
  if (!session) throw new HandshakeRefused(NO_LONGER_MEMBER);
  return session.claims;
}

async function joinRoom(deps: AppDeps, socket: Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>, request: unknown): Promise<RoomAnswer> {
  const parsed = roomRequestSchema.safeParse(request);
  if (!parsed.success) return { ok: false, message: "The room to join must be given as a kind (store, user or conversation) and an id." };
  const { kind, id } = parsed.data;
  const claims = socket.data.auth;
  // A user's own rooms were joined at the handshake; nobody joins another user's or store's.
  if (kind === "user" || kind === "store") {
    const own = kind === "user" ? id === claims.userId : id === claims.storeId;
    return own ? { ok: true } : { ok: false, message: `You can only follow your own ${kind === "user" ? "account" : "store"}.` };
  }
  const check = roomAuthoriser(kind);
  if (!check || !(await check(deps, claims, id))) return { ok: false, message: "This conversation was not found, or you are not part of it." };
  await socket.join(roomOf({ conversationId: id }));
  return { ok: true };
}

async function leaveRoom(socket: Socket, request: unknown): Promise<RoomAnswer> {
  const parsed = roomRequestSchema.safeParse(request);
  if (!parsed.success || parsed.data.kind !== "conversation") return { ok: false, message: "Only conversations can be left; your account and store rooms follow your session." };
  await socket.leave(roomOf({ conversationId: parsed.data.id }));
  return { ok: true };
}

async function answer(ack: unknown, pending: Promise<RoomAnswer>): Promise<void> {
  let result: RoomAnswer;
  try {
    result = await pending;
  } catch (err) {
    console.error("a realtime room request failed", err);
    result = { ok: false, message: "Live updates are unavailable right now." };
  }
  if (typeof ack === "function") (ack as (a: RoomAnswer) => void)(result);
}
