import type { UserContext } from "../../context";
import { conflict, invalid, notFound } from "../../errors";
import { storeHasOrderedFrom } from "../purchasing/supplier-relationship";
import { findStoreReview, insertReview } from "../../queries/marketplace/reviews";
import { supplierExists } from "../../queries/marketplace/suppliers";
import { findStoreTitle } from "../../queries/stores";
import { toReview } from "./dto";

const NOT_ORDERED = "is a supplier your store has not ordered from yet: you can review it once an order from it is paid";

/** The store's review of a supplier; one per store and supplier (a second is a 409: edit the first). */
export async function createSupplierReview(ctx: UserContext, body: { supplierId: string; rating: number; title: string; body: string }) {
  if (!(await supplierExists(ctx.pool, body.supplierId))) throw notFound("The supplier");
  // A review counts at once, so it needs a real relationship: a paid order from this supplier.
  if (!(await storeHasOrderedFrom(ctx, ctx.auth.storeId, body.supplierId))) throw invalid("body.supplierId", NOT_ORDERED);
  if (await findStoreReview(ctx.pool, body.supplierId, ctx.auth.storeId)) throw conflict("Your store has already reviewed this supplier: edit that review instead.");
  const authorName = (await findStoreTitle(ctx.pool, ctx.auth.storeId)) ?? "Store";
  try {
    const row = await insertReview(ctx.pool, { supplierId: body.supplierId, storeId: ctx.auth.storeId, authorName, authorEmail: null, rating: body.rating, title: body.title, body: body.body });
    return toReview(row, ctx.auth.storeId);
  } catch (err) {
    // Two tabs posting at once: the unique index decides, and the loser gets the same 409.
    if ((err as { code?: string }).code === "23505") throw conflict("Your store has already reviewed this supplier: edit that review instead.");
    throw err;
  }
}
