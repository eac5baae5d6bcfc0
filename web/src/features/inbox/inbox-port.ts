import type { CallInput, Contract, ResponseOf } from "@atelier/contracts/contract";
import type { RealtimeEventName, RealtimePayload } from "@atelier/contracts/realtime";
import type { ConversationSide } from "@atelier/contracts/inbox/contracts";
import { request } from "../../api/client";
import { followConversation, onRealtimeEvent } from "../../realtime/realtime-client";

/**
 * What the inbox screen needs of its side: typed calls, live events and conversation rooms. The
 * store's comes from the app's one client and socket; the supplier workspace has its own session
 * (supplier-session.ts), so one screen serves both sides.
 */
export type InboxPort = {
  side: ConversationSide;
  call<C extends Contract>(contract: C, input: CallInput<C>, options?: { idempotencyKey?: string }): Promise<ResponseOf<C>>;
  on<N extends RealtimeEventName>(name: N, handler: (payload: RealtimePayload<N>) => void): () => void;
  follow(sid: string): () => void;
  /** Uploads a file and answers its upload id (store side only: uploads belong to stores). */
  upload?: (file: File) => Promise<{ id: string; fileName: string }>;
};

/** The store's side: the app's request client (error toasts, cache invalidation) and its socket. */
export function storePort(upload: InboxPort["upload"]): InboxPort {
  return {
    side: "STORE",
    call: (contract, input, options) => request(contract, input, options),
    on: (name, handler) => onRealtimeEvent(name, handler),
    follow: followConversation,
    upload,
  };
}
