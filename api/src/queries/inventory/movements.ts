import type { AdjustmentReason } from "@atelier/contracts/inventory";
import type { Queryable } from "../../db/pool";
import { IN_TURN } from "../in-turn";

// SQL of the append-only inventory ledger: one row per change of a level, with the counts after it.

export type MovementKind = "ADJUSTED" | "RESERVED" | "RELEASED" | "SHIPPED" | "RECEIVED" | "RESTOCKED";

export type NewMovement = {
  itemId: string;
  bin: string;
  kind: MovementKind;
  reason?: AdjustmentReason | null;
  onHandChange: number;
  reservedChange: number;
  onHandAfter: number;
  reservedAfter: number;
  note?: string;
  orderId?: string | null;
  actorUserId: string | null;
  actorRule?: string | null;
};

export type MovementRow = {
  id: string;
  bin: string;
  kind: MovementKind;
  reason: AdjustmentReason | null;
  onHandChange: number;
  reservedChange: number;
  onHandAfter: number;
  reservedAfter: number;
  note: string;
  /** The order it moved for; its number is the orders' data, read by the service. */
  orderId: string | null;
  /** A user id (named through the accounts) or a rule's name. */
  actor: { userId: string | null; rule: string | null };
  createdAt: Date;
};

export async function appendMovement(db: Queryable, storeId: string, m: NewMovement): Promise<void> {
  await appendMovements(db, storeId, [m]);
}

/** Movements in one statement, in the given order (a batch of imported orders writes hundreds). */
export async function appendMovements(db: Queryable, storeId: string, list: NewMovement[]): Promise<void> {
  if (!list.length) return;
  const col = <K extends keyof NewMovement>(k: K, fallback: NewMovement[K] | null = null) => list.map((m) => m[k] ?? fallback);
  await db.query(
    `INSERT INTO inventory_movements (store_id, item_id, bin, kind, reason, on_hand_change, reserved_change, on_hand_after, reserved_after, note, order_id, actor_user_id, actor_rule, created_at)
     SELECT $1, m.item_id, m.bin, m.kind, m.reason, m.on_hand_change, m.reserved_change, m.on_hand_after, m.reserved_after, m.note, m.order_id, m.actor_user_id, m.actor_rule, ${IN_TURN}
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[], $9::int[], $10::text[], $11::uuid[], $12::uuid[], $13::text[]) WITH ORDINALITY
         AS m(item_id, bin, kind, reason, on_hand_change, reserved_change, on_hand_after, reserved_after, note, order_id, actor_user_id, actor_rule, n)
      ORDER BY m.n`,
    [storeId, col("itemId"), col("bin"), col("kind"), col("reason"), col("onHandChange"), col("reservedChange"), col("onHandAfter"), col("reservedAfter"), col("note", ""), col("orderId"), col("actorUserId"), col("actorRule")],
  );
}

/** The item's latest movements, newest first. */
export async function listMovements(db: Queryable, storeId: string, itemId: string, limit = 50): Promise<MovementRow[]> {
  const { rows } = await db.query(
    `SELECT m.* FROM inventory_movements m
      WHERE m.store_id = $1 AND m.item_id = $2 ORDER BY m.created_at DESC, m.id DESC LIMIT $3`,
    [storeId, itemId, limit],
  );
  return rows.map((r: Record<string, unknown>) => ({
    id: r.id as string,
    bin: r.bin as string,
    kind: r.kind as MovementKind,
    reason: r.reason as AdjustmentReason | null,
    onHandChange: r.on_hand_change as number,
    reservedChange: r.reserved_change as number,
    onHandAfter: r.on_hand_after as number,
    reservedAfter: r.reserved_after as number,
    note: r.note as string,
    orderId: r.order_id as string | null,
    actor: { userId: r.actor_user_id as string | null, rule: r.actor_rule as string | null },
    createdAt: r.created_at as Date,
  }));
}
