import crypto from "node:crypto";
import { Transform, type Readable } from "node:stream";
import { PLAN_NAMES, type BodyOf, type ResponseOf, type uploads } from "@atelier/contracts";
import { attachmentTypeOf, LARGE_UPLOAD_URL_TTL_SECONDS } from "@atelier/contracts/uploads";
import type { RequestContext, UserContext } from "../../context";
import { AppError, notFound } from "../../errors";
import { withTransaction } from "../../db/pool";
import { getPendingUpload, insertUpload, lockStoreUploads, markUploadStored } from "../../queries/uploads";
import { fileStorageFor } from "../../storage";
import { allowedExtension, CONTENT_TYPES, contentMismatch, HEAD_BYTES, matchesSignature, safeFileName } from "./file-types";
import { toUploadedFileDto, uploadKey, uploadUrl, type UploadedFileDto } from "./upload-file";
import { readableBytes, storeQuotaExceeded, uploadQuotaOf } from "./upload-quota";

const hash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/**
 * Registers a large upload and hands back a URL to PUT the bytes to. The URL carries a random
 * token (only its hash is stored) that expires and works once: whoever holds it can upload this
 * one file, nothing else, so it may be given to a browser or a CLI without the login token.
 * The announced size is reserved against the store's quota until the URL expires, and a store has
 * only a few such reservations at once.
 */
export async function createLargeFileUpload(ctx: UserContext, body: BodyOf<typeof uploads.createLargeFileUpload>): Promise<ResponseOf<typeof uploads.createLargeFileUpload>> {
  const extension = allowedExtension(body.fileName, "body.fileName");
  const id = crypto.randomUUID();
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + LARGE_UPLOAD_URL_TTL_SECONDS * 1000);
  const fileName = safeFileName(body.fileName);
  await withTransaction(ctx.pool, async (db) => {
    await lockStoreUploads(db, ctx.auth.storeId);
    const quota = await uploadQuotaOf(db, ctx.config, ctx.auth.storeId);
    const planName = PLAN_NAMES[quota.plan];
    if (body.sizeBytes > quota.largeFileBytes) {
      const reason = `must be at most ${readableBytes(quota.largeFileBytes)} on the ${planName} plan`;
      throw new AppError("PAYLOAD_TOO_LARGE", `Files on the ${planName} plan can be at most ${readableBytes(quota.largeFileBytes)}. Upgrade to upload larger files.`, [{ field: "body.sizeBytes", reason }]);
    }
    const max = ctx.config.uploads.maxPendingLargeUploads;
    if (quota.pendingLarge >= max) throw new AppError("RATE_LIMITED", `This store already has ${max} large uploads waiting for their files. Finish one, or wait until its link expires (15 minutes).`);
    if (body.sizeBytes > quota.remainingBytes) throw storeQuotaExceeded(quota);
    await insertUpload(db, {
    id,
    storeId: ctx.auth.storeId,
    userId: ctx.auth.userId,
    storageKey: uploadKey(ctx.auth.storeId, id, extension),
    fileName,
    extension,
    contentType: CONTENT_TYPES[extension]!,
    attachmentType: attachmentTypeOf(extension),
    sizeBytes: body.sizeBytes,
    status: "PENDING",
    putTokenHash: hash(token),
    putExpiresAt: expiresAt,
    });
  });
  return {
    id,
    uploadUrl: `/rest/main/upload-large-file/${id}?token=${token}`,
    method: "PUT",
    url: uploadUrl(id, fileName),
    expiresAt: expiresAt.toISOString(),
    maxBytes: body.sizeBytes,
  };
}

/** Receives the bytes of a registered large upload: token checked, size capped, leading bytes checked. */
export async function receiveLargeFile(ctx: RequestContext, id: string, token: string | undefined, body: Readable): Promise<UploadedFileDto> {
  const upload = await getPendingUpload(ctx.pool, id);
  const valid = upload?.putTokenHash && token && crypto.timingSafeEqual(Buffer.from(upload.putTokenHash), Buffer.from(hash(token)));
  // A wrong token, a used one and an unknown id all look the same.
  if (!upload || !valid) throw notFound("Upload");
  if (!upload.putExpiresAt || upload.putExpiresAt.getTime() < Date.now()) throw new AppError("UNAUTHORIZED", "This upload URL has expired. Ask for a new one.");
  const checked = checkedStream(upload.extension, upload.sizeBytes);
  // pipe() does not pass a dropped connection on; without this the write would wait forever.
  body.on("error", (err) => checked.destroy(err));
  const { sizeBytes } = await fileStorageFor(ctx.config).put(upload.storageKey, body.pipe(checked));
  if (sizeBytes === 0) {
    await fileStorageFor(ctx.config).delete(upload.storageKey);
    throw new AppError("VALIDATION_FAILED", "The upload is empty.", [{ field: "body", reason: "is empty" }]);
  }
  if (!(await markUploadStored(ctx.pool, id, sizeBytes))) throw notFound("Upload");
  return toUploadedFileDto({ ...upload, sizeBytes });
}

/** Passes bytes through while checking the signature of the first ones and the running size. */
export function checkedStream(
  extension: string,
  maxBytes: number,
  tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `The upload is larger than the ${maxBytes} bytes announced.`),
  // Conversation attachments also take spreadsheets, whose signatures the uploads' list lacks.
  matches: (extension: string, head: Buffer) => boolean = matchesSignature,
): Transform {
  let head = Buffer.alloc(0);
  let checked = false;
  let size = 0;
  const check = () => {
    checked = true;
    if (!matches(extension, head)) throw contentMismatch(extension);
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(tooLarge());
      try {
        if (!checked) {
          head = Buffer.concat([head, chunk]);
          if (head.length < HEAD_BYTES) return done();
          check();
          const out = head;
          head = Buffer.alloc(0);
          return done(null, out);
        }
        done(null, chunk);
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done) {
      try {
        if (!checked) {
          if (head.length) check();
          return done(null, head.length ? head : undefined);
        }
        done();
      } catch (err) {
        done(err as Error);
      }
    },
  });
}
