import type { QueryOf, sourcingAgent } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import { findTechPack, listTechPacks, listTechPackVersions } from "../../queries/sourcing-agent/tech-packs";
import { toTechPack } from "./tech-pack-view";

/** The store's tech packs, or the versions of one. */
export async function listTechPackHistory(ctx: UserContext, query: QueryOf<typeof sourcingAgent.listTechPackHistory>) {
  const { page, size } = query;
  const storeId = ctx.auth.storeId;
  if (query.techPackId) {
    if (!(await findTechPack(ctx.pool, storeId, query.techPackId))) throw notFound("Tech pack");
    const { rows, total } = await listTechPackVersions(ctx.pool, storeId, query.techPackId, size, page * size);
    return { list: rows.map(toTechPack), total, page, size };
  }
  const { rows, total } = await listTechPacks(ctx.pool, storeId, query.search || undefined, size, page * size);
  return { list: rows.map(toTechPack), total, page, size };
}
