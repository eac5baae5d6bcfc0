import { io, type Socket } from "socket.io-client";
import { ROOM_JOIN, ROOM_LEAVE, realtimeEvents, type RealtimeEventName, type RealtimePayload } from "@atelier/contracts/realtime";
import { currentToken, getSession, isLoggedIn, subscribeSession } from "../session/session-store";

// One socket per tab, on the API's origin (/socket.io), authenticated with the session's token at
// each (re)connection, so a refreshed token is used and a logout closes it. Events are hints to
// reload: the REST API stays the truth, and a screen that missed one while offline reloads anyway.

type Handler<N extends RealtimeEventName> = (payload: RealtimePayload<N>) => void;

let socket: Socket | null = null;
let connectedToken: string | null = null;
const handlers = new Map<RealtimeEventName, Set<Handler<RealtimeEventName>>>();
let watching = false;
let enabled = true;

/** No socket is opened (component tests: jsdom has no server behind its origin, so it would retry forever). */
export function disableRealtime(): void {
  enabled = false;
}

/** The tab's socket, opened on first use while logged in; null when logged out. */
function ensureSocket(): Socket | null {
  if (!enabled) return null;
  watchSession();
  if (!isLoggedIn(getSession())) return null;
  if (socket) return socket;
  connectedToken = currentToken();
  socket = io({
    path: "/socket.io",
    // Read at each attempt: a token refreshed by the API since the last one is sent.
    auth: (cb) => cb({ token: currentToken() ?? "" }),
    reconnectionDelayMax: 10_000,
  });
  socket.on("connect_error", () => {
    // A refused handshake (expired session) is not retried by socket.io; a new login reconnects.
    if (socket && !socket.active) connectedToken = null;
  });
  // Rooms beyond the handshake's (conversations) are joined again at every (re)connection.
  socket.on("connect", () => {
    for (const sid of followed.keys()) socket?.emit(ROOM_JOIN, { kind: "conversation", id: sid });
  });
  for (const name of handlers.keys()) listen(socket, name);
  return socket;
}

const followed = new Map<string, number>();

/** Joins a conversation's room (its authoriser decides) while the returned function is not called; rejoined after reconnects. */
export function followConversation(sid: string): () => void {
  followed.set(sid, (followed.get(sid) ?? 0) + 1);
  const s = ensureSocket();
  if (s?.connected) s.emit(ROOM_JOIN, { kind: "conversation", id: sid });
  return () => {
    const left = (followed.get(sid) ?? 1) - 1;
    if (left > 0) return void followed.set(sid, left);
    followed.delete(sid);
    socket?.emit(ROOM_LEAVE, { kind: "conversation", id: sid });
  };
}

/** Follows the session: closes the socket at logout, opens one again for a new login. */
function watchSession() {
  if (watching) return;
  watching = true;
  subscribeSession(() => {
    const loggedIn = isLoggedIn(getSession());
    if (!loggedIn && socket) {
      socket.close();
      socket = null;
      connectedToken = null;
    } else if (loggedIn && socket && !socket.active && connectedToken !== currentToken()) {
      connectedToken = currentToken();
      socket.connect();
    } else if (loggedIn && !socket && handlers.size) {
      ensureSocket();
    }
  });
}

function listen(s: Socket, name: RealtimeEventName) {
  s.on(name, (raw: unknown) => {
    // Parsed at the receiving edge; a payload that breaks its contract is dropped with a warning.
    const parsed = realtimeEvents[name].safeParse(raw);
    if (!parsed.success) {
      console.warn(`realtime: ${name} dropped: ${parsed.error.message}`);
      return;
    }
    for (const handler of handlers.get(name) ?? []) handler(parsed.data as never);
  });
}

/** Calls handler with each `name` event this tab receives until the returned function is called. */
export function onRealtimeEvent<N extends RealtimeEventName>(name: N, handler: Handler<N>): () => void {
  let set = handlers.get(name);
  if (!set) {
    set = new Set();
    handlers.set(name, set);
    if (socket) listen(socket, name);
  }
  set.add(handler as Handler<RealtimeEventName>);
  ensureSocket();
  return () => {
    set.delete(handler as Handler<RealtimeEventName>);
  };
}

/** Whether the tab's socket is connected now (tests and diagnostics). */
export function isRealtimeConnected(): boolean {
  return socket?.connected ?? false;
}
