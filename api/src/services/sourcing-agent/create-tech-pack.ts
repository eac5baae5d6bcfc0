import type { BodyOf, sourcingAgent } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { insertTechPack } from "../../queries/sourcing-agent/tech-packs";
import { mergeTechPackData, toTechPack } from "./tech-pack-view";

/** Writes version 1 of a tech pack. */
export async function createTechPack(ctx: UserContext, body: BodyOf<typeof sourcingAgent.createTechPack>) {
  const { productName, conversationSid, ...fields } = body;
  const row = await insertTechPack(ctx.pool, {
    storeId: ctx.auth.storeId,
    userId: ctx.auth.userId,
    conversationSid: conversationSid ?? null,
    productName,
    data: mergeTechPackData({}, fields),
  });
  return toTechPack(row);
}
