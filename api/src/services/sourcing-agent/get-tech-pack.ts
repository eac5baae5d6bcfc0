import type { UserContext } from "../../context";
import type { Queryable } from "../../db/pool";
import { notFound } from "../../errors";
import { findTechPack } from "../../queries/sourcing-agent/tech-packs";
import { toTechPack } from "./tech-pack-view";

/** The latest version of one of the store's tech packs. */
export async function getTechPack(ctx: UserContext, id: string, db: Queryable = ctx.pool) {
  const row = await findTechPack(db, ctx.auth.storeId, id);
  if (!row) throw notFound("Tech pack");
  return toTechPack(row);
}
