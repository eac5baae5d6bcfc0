import type { BrandKit } from "@atelier/contracts/brand-kits";
import type { UserContext } from "../../context";
import type { Queryable } from "../../db/pool";
import { notFound } from "../../errors";
import { getKit, type KitRow } from "../../queries/brand-kits/kits";
import { latestTasks } from "../../queries/brand-kits/tasks";
import { toKitDto } from "./dto";

/** A kit of the caller's store; another store's kit is 404 like one that doesn't exist. */
export async function findKit(db: Queryable, ctx: UserContext, id: string, forUpdate = false): Promise<KitRow> {
  const kit = await getKit(db, ctx.auth.storeId, id, forUpdate);
  if (!kit) throw notFound("Business kit");
  return kit;
}

/** The kit as the editor reads it, with its latest task of each type. */
export async function kitDetail(db: Queryable, kit: KitRow): Promise<BrandKit> {
  return toKitDto(kit, await latestTasks(db, kit.id));
}
