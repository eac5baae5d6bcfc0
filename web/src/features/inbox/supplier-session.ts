import { io, type Socket } from "socket.io-client";
import { ApiError, createApiClient } from "@atelier/contracts/client";
import type { CallInput, Contract, ResponseOf } from "@atelier/contracts/contract";
import { ROOM_JOIN, ROOM_LEAVE, realtimeEvents, type RealtimeEventName } from "@atelier/contracts/realtime";
import type { SupplierSession } from "@atelier/contracts/inbox/contracts";
import type { InboxPort } from "./inbox-port";
import { fileBlobUrl, sendAttachment } from "./attachment-transfer";

// The supplier workspace's session: kept apart from the store session (a person may be both), in
// its own storage key, with its own client and socket.

const KEY = "atelier.supplierSession";

export function loadSupplierSession(): SupplierSession | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    const session = raw ? (JSON.parse(raw) as SupplierSession) : null;
    return session && new Date(session.expiresAt).getTime() > Date.now() ? session : null;
  } catch {
    // Unreadable storage (private mode, a hand-edited value): signed out.
    return null;
  }
}

export function saveSupplierSession(session: SupplierSession | null): void {
  if (session) window.localStorage.setItem(KEY, JSON.stringify(session));
  else window.localStorage.removeItem(KEY);
}

/** The supplier side's port: calls with the supplier token (refreshed when the API sends a new one) and one socket. */
export function supplierPort(session: SupplierSession, onExpired: () => void): InboxPort & { close(): void } {
  let token = session.token;
  const client = createApiClient({
    baseUrl: "",
    getToken: () => token,
    onToken(refreshed) {
      token = refreshed;
      saveSupplierSession({ ...session, token });
    },
  });
  const socket: Socket = io({ path: "/socket.io", auth: (cb) => cb({ token }), reconnectionDelayMax: 10_000 });
  const followed = new Set<string>();
  socket.on("connect", () => {
    for (const sid of followed) socket.emit(ROOM_JOIN, { kind: "conversation", id: sid });
  });
  return {
    side: "SUPPLIER",
    call: <C extends Contract>(contract: C, input: CallInput<C>, options?: { idempotencyKey?: string }): Promise<ResponseOf<C>> =>
      client.call(contract, input, options).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) onExpired();
        throw error;
      }),
    on(name: RealtimeEventName, handler: (payload: never) => void) {
      const listener = (raw: unknown) => {
        const parsed = realtimeEvents[name].safeParse(raw);
        if (parsed.success) handler(parsed.data as never);
      };
      socket.on(name, listener);
      return () => void socket.off(name, listener);
    },
    follow(sid) {
      followed.add(sid);
      if (socket.connected) socket.emit(ROOM_JOIN, { kind: "conversation", id: sid });
      return () => {
        followed.delete(sid);
        socket.emit(ROOM_LEAVE, { kind: "conversation", id: sid });
      };
    },
    attach: (sid, file) => sendAttachment(token, sid, file),
    fileUrl: (url) => fileBlobUrl(token, url),
    close: () => void socket.close(),
  };
}
