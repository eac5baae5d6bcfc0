import { UPLOAD_URL_PREFIX } from "@atelier/contracts/uploads";
import type { Queryable } from "../../db/pool";
import { invalid } from "../../errors";
import { itemExists } from "../../queries/marketplace/items";
import { supplierExists } from "../../queries/marketplace/suppliers";
import { ownedUploadIds } from "../../queries/uploads";

type References = { supplierId?: string | null; catalogItemId?: string | null; attachments?: string[] };

const UPLOAD_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/|$)/i;

/** The supplier and catalog item must exist, and attached upload URLs must be this store's own files. */
export async function checkProjectReferences(db: Queryable, storeId: string, refs: References): Promise<void> {
  if (refs.supplierId && !(await supplierExists(db, refs.supplierId, false))) throw invalid("body.supplierId", "is not a known supplier");
  if (refs.catalogItemId && !(await itemExists(db, refs.catalogItemId, false))) throw invalid("body.catalogItemId", "is not a catalog item");
  const uploads = (refs.attachments ?? []).map((url, index) => ({ url, index })).filter((a) => a.url.startsWith(UPLOAD_URL_PREFIX));
  if (!uploads.length) return;
  const ids = uploads.map((a) => UPLOAD_ID.exec(a.url.slice(UPLOAD_URL_PREFIX.length))?.[1]?.toLowerCase() ?? null);
  const owned = await ownedUploadIds(db, storeId, ids.filter((id): id is string => id !== null));
  uploads.forEach((a, i) => {
    const id = ids[i];
    if (!id || !owned.has(id)) throw invalid(`body.attachments.${a.index}`, "is not one of this store's uploads");
  });
}
