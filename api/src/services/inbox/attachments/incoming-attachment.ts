import type { RequestContext } from "../../../context";
import type { Queryable } from "../../../db/pool";
import { findConversation } from "../../../queries/inbox/conversations";
import type { TokenClaims } from "../../../auth/tokens";
import type { AttachmentKind } from "@atelier/contracts/inbox/contracts";

/** A multipart file the attachment route's parser streamed to storage, checked on the way, waiting for the contract handler. */
export type IncomingAttachment = { originalName: string; id: string; extension: string; kind: AttachmentKind; storageKey: string; sizeBytes: number };

// The parser runs before the contract handler (which checks the session, role and preview mode);
// the file waits here, keyed by the request's own context, so it is gone with the request.
const files = new WeakMap<RequestContext, IncomingAttachment>();

export function holdIncomingAttachment(ctx: RequestContext, file: IncomingAttachment): void {
  files.set(ctx, file);
}

export function takeIncomingAttachment(ctx: RequestContext): IncomingAttachment | undefined {
  const file = files.get(ctx);
  files.delete(ctx);
  return file;
}

/**
 * Whether the session's side takes part in the conversation, asked before a byte of the file is
 * read: another side's conversation is answered 404 by the contract route without storing anything.
 * The role and preview checks stay with the contract route (a refused file is deleted when the request closes).
 */
export async function mayAttachTo(db: Queryable, claims: TokenClaims, sid: string): Promise<boolean> {
  const viewer = claims.type === "supplier" && claims.supplierId ? { side: "SUPPLIER" as const, supplierId: claims.supplierId, userId: claims.userId } : { side: "STORE" as const, storeId: claims.storeId, userId: claims.userId };
  return (await findConversation(db, viewer, sid)) !== null;
}
