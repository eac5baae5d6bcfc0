import type { Readable } from "node:stream";
import type { RequestContext } from "../../context";
import { notFound, unauthorized } from "../../errors";
import { getStoredUpload, type UploadRow } from "../../queries/uploads";
import { fileStorageFor } from "../../storage";
import { currentSession, NO_LONGER_MEMBER } from "../auth/current-session";

/** Opens a stored upload for a member of the store that uploaded it; any other store gets 404. */
export async function openUploadedFile(ctx: RequestContext, token: string | undefined, id: string): Promise<{ upload: UploadRow; body: Readable }> {
  const verified = token ? await ctx.tokens.verify(token) : null;
  if (!verified) throw unauthorized();
  // A removed member's token no longer opens the store's files.
  const claims = (await currentSession(ctx.pool, verified))?.claims;
  if (!claims) throw unauthorized(NO_LONGER_MEMBER);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound("File");
  const upload = await getStoredUpload(ctx.pool, claims.storeId, id);
  if (!upload) throw notFound("File");
  const body = await fileStorageFor(ctx.config).get(upload.storageKey);
  if (!body) throw notFound("File");
  return { upload, body };
}
