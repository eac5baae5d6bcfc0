import type { CallInput, Contract, ResponseOf } from "@atelier/contracts/contract";
import type { RealtimeEventName, RealtimePayload } from "@atelier/contracts/realtime";
import type { ConversationSide } from "@atelier/contracts/inbox/contracts";
import { request } from "../../api/client";
import { followConversation, onRealtimeEvent } from "../../realtime/realtime-client";
import { currentToken } from "../../session/session-store";
import { fileBlobUrl, sendAttachment, type Attached } from "./attachment-transfer";

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
  /** Sends a file to a conversation from this side (checked and sorted by kind by the API). */
  attach(sid: string, file: File): Promise<Attached>;
  /** A conversation file's bytes as a blob URL, fetched with this side's token. */
  fileUrl(url: string): Promise<string>;
};

/** The store's side: the app's request client (error toasts, cache invalidation) and its socket. */
export function storePort(): InboxPort {
  return {
    side: "STORE",
    call: (contract, input, options) => request(contract, input, options),
    on: (name, handler) => onRealtimeEvent(name, handler),
    follow: followConversation,
    attach: (sid, file) => sendAttachment(currentToken(), sid, file),
    fileUrl: (url) => fileBlobUrl(currentToken(), url),
  };
}
