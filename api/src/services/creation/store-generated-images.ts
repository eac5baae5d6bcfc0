import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import type { GeneratedImage } from "../../providers/image-generation";
import { getCreationImages, insertCreationImage, type CreationImageRow } from "../../queries/creation/images";
import { insertUpload } from "../../queries/uploads";
import { fileStorageFor } from "../../storage";
import { uploadKey } from "../uploads/upload-file";
import { generatedFileName } from "./image-dto";

/**
 * Keeps generated pictures as the store's uploads (bytes in file storage, then the upload and
 * creation rows in one transaction); bytes already written are deleted if the rows can't be.
 */
export async function storeGeneratedImages(
  ctx: UserContext,
  images: GeneratedImage[],
  meta: { prompt: string; model: string; creditsEach: number; inGallery: boolean },
): Promise<CreationImageRow[]> {
  const storage = fileStorageFor(ctx.config);
  const { storeId, userId } = ctx.auth;
  const written: { id: string; key: string; image: GeneratedImage }[] = [];
  try {
    for (const image of images) {
      const id = randomUUID();
      const key = uploadKey(storeId, id, "png");
      await storage.put(key, Readable.from(image.png));
      written.push({ id, key, image });
    }
    await withTransaction(ctx.pool, async (tx) => {
      for (const { id, key, image } of written) {
        await insertUpload(tx, { id, storeId, userId, storageKey: key, fileName: generatedFileName(id), extension: "png", contentType: "image/png", attachmentType: "IMAGE", sizeBytes: image.png.length, status: "STORED" });
        await insertCreationImage(tx, { id, storeId, userId, prompt: meta.prompt, model: meta.model, width: image.width, height: image.height, credits: meta.creditsEach, inGallery: meta.inGallery });
      }
    });
  } catch (err) {
    await Promise.all(written.map((w) => storage.delete(w.key).catch(() => undefined)));
    throw err;
  }
  return getCreationImages(ctx.pool, storeId, written.map((w) => w.id));
}
