import crypto from "node:crypto";
import type { ConversationSummary } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { forbidden, invalid } from "../../errors";
import { findStoreConversationWith, insertConversation } from "../../queries/inbox/conversations";
import { supplierExists } from "../../queries/marketplace/suppliers";
import { ownConversation, publishConversationUpdated, toSummary, viewerOf } from "./inbox-viewer";
import { sendMessage } from "./send-message";

/** A new conversation's sid: CH and 32 hex digits (Twilio's form). */
export function newConversationSid(): string {
  return `CH${crypto.randomUUID().replaceAll("-", "")}`;
}

/** Opens (or finds) the store's one conversation with a supplier; sends the first message when given. */
export async function startConversation(ctx: UserContext, input: { supplierId: string; message?: string }): Promise<ConversationSummary> {
  const viewer = viewerOf(ctx);
  if (viewer.side !== "STORE") throw forbidden("Suppliers answer the conversations stores start.");
  const sid = await withTransaction(ctx.pool, async (tx) => {
    const existing = await findStoreConversationWith(tx, viewer, input.supplierId);
    if (existing) return existing.sid;
    if (!(await supplierExists(tx, input.supplierId, false))) throw invalid("body.supplierId", "is not a known supplier");
    const created = await insertConversation(tx, {
      sid: newConversationSid(),
      storeId: viewer.storeId,
      supplierId: input.supplierId,
      name: `store_${viewer.storeId}:manufacturer:${input.supplierId}`,
      origin: "PERSONAL",
    });
    await publishConversationUpdated(tx, await ownConversation(tx, viewer, created), "start");
    return created;
  });
  if (input.message) return (await sendMessage(ctx, sid, { type: "TEXT", body: input.message, uploadIds: [] })).conversation;
  return toSummary(await ownConversation(ctx.pool, viewer, sid), viewer);
}
