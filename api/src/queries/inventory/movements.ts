import type { AdjustmentReason } from "@atelier/contracts/inventory";
import type { Queryable } from "../../db/pool";

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
  await db.query(
    `INSERT INTO inventory_movements (store_id, item_id, bin, kind, reason, on_hand_change, reserved_change, on_hand_after, reserved_after, note, order_id, actor_user_id, actor_rule)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [storeId, m.itemId, m.bin, m.kind, m.reason ?? null, m.onHandChange, m.reservedChange, m.onHandAfter, m.reservedAfter, m.note ?? "", m.orderId ?? null, m.actorUserId, m.actorRule ?? null],
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
