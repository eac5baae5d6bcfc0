import type { Readable } from "node:stream";
import { listAttachments } from "@atelier/contracts/inbox/attachments";
import type { RequestContext } from "../../../context";
import { notFound } from "../../../errors";
import { findAttachment, type AttachmentRow, type Scope } from "../../../queries/inbox/attachments";
import { fileStorageFor } from "../../../storage";
import { memberFromToken } from "../../auth/authenticate-caller";

/**
 * Opens an attachment (or its thumbnail) for a participant of its conversation: a member of the
 * store with the inbox permission, or a member of the supplier. Anyone else gets 404, as if there
 * were no such file.
 */
export async function openAttachment(ctx: RequestContext, token: string | undefined, id: string, which: "file" | "thumbnail"): Promise<{ attachment: AttachmentRow; body: Readable }> {
  // Whoever may list a conversation's attachments (a supplier's session too) may open them.
  const claims = (await memberFromToken(ctx, token, listAttachments)).auth;
  const scope: Scope = claims.type === "supplier" && claims.supplierId ? { side: "SUPPLIER", supplierId: claims.supplierId } : { side: "STORE", storeId: claims.storeId };
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound("File");
  const attachment = await findAttachment(ctx.pool, scope, id);
  const key = which === "file" ? attachment?.storageKey : attachment?.thumbnailKey;
  if (!attachment || !key) throw notFound("File");
  const body = await fileStorageFor(ctx.config).get(key);
  if (!body) throw notFound("File");
  return { attachment, body };
}
