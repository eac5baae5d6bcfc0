import type { Readable } from "node:stream";
import { uploadFile } from "@atelier/contracts/uploads";
import type { RequestContext } from "../../context";
import { notFound } from "../../errors";
import { getStoredUpload, type UploadRow } from "../../queries/uploads";
import { fileStorageFor } from "../../storage";
import { memberFromToken } from "../auth/authenticate-caller";

/** Opens a stored upload for a member of the store that uploaded it; any other store gets 404. */
export async function openUploadedFile(ctx: RequestContext, token: string | undefined, id: string): Promise<{ upload: UploadRow; body: Readable }> {
  // Any member who may upload may open the store's uploads; a removed member's token no longer does.
  const claims = (await memberFromToken(ctx, token, uploadFile)).auth;
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound("File");
  const upload = await getStoredUpload(ctx.pool, claims.storeId, id);
  if (!upload) throw notFound("File");
  const body = await fileStorageFor(ctx.config).get(upload.storageKey);
  if (!body) throw notFound("File");
  return { upload, body };
}
