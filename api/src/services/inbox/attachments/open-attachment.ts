import type { Readable } from "node:stream";
import { can } from "@atelier/contracts/permissions";
import type { RequestContext } from "../../../context";
import { forbidden, notFound, unauthorized } from "../../../errors";
import { findAttachment, type AttachmentRow, type Scope } from "../../../queries/inbox/attachments";
import { fileStorageFor } from "../../../storage";
import { currentSession, NO_LONGER_MEMBER } from "../../auth/current-session";

/**
 * Opens an attachment (or its thumbnail) for a participant of its conversation: a member of the
 * store with the inbox permission, or a member of the supplier. Anyone else gets 404, as if there
 * were no such file.
 */
export async function openAttachment(ctx: RequestContext, token: string | undefined, id: string, which: "file" | "thumbnail"): Promise<{ attachment: AttachmentRow; body: Readable }> {
  const verified = token ? await ctx.tokens.verify(token) : null;
  if (!verified) throw unauthorized();
  const claims = (await currentSession(ctx.pool, verified))?.claims;
  if (!claims) throw unauthorized(NO_LONGER_MEMBER);
  let scope: Scope;
  if (claims.type === "supplier" && claims.supplierId) scope = { side: "SUPPLIER", supplierId: claims.supplierId };
  else if (can(claims.role, "inbox.use")) scope = { side: "STORE", storeId: claims.storeId };
  else throw forbidden();
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound("File");
  const attachment = await findAttachment(ctx.pool, scope, id);
  const key = which === "file" ? attachment?.storageKey : attachment?.thumbnailKey;
  if (!attachment || !key) throw notFound("File");
  const body = await fileStorageFor(ctx.config).get(key);
  if (!body) throw notFound("File");
  return { attachment, body };
}
