import type { BodyOf, sourcingAgent } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { notFound } from "../../errors";
import { findTechPack, saveTechPackVersion } from "../../queries/sourcing-agent/tech-packs";
import { mergeTechPackData, toTechPack, type TechPackData } from "./tech-pack-view";

/** Saves the next version of one of the store's tech packs. */
export async function updateTechPack(ctx: UserContext, id: string, body: BodyOf<typeof sourcingAgent.updateTechPack>) {
  const row = await withTransaction(ctx.pool, async (db) => {
    const current = await findTechPack(db, ctx.auth.storeId, id, true);
    if (!current) throw notFound("Tech pack");
    const { productName, conversationSid, ...fields } = body;
    return saveTechPackVersion(db, {
      storeId: ctx.auth.storeId,
      userId: ctx.auth.userId,
      id,
      productName: productName ?? current.product_name,
      conversationSid: conversationSid === undefined ? current.conversation_sid : conversationSid,
      data: mergeTechPackData(current.data as Partial<TechPackData>, fields),
    });
  });
  return toTechPack(row);
}
