import type { Queryable } from "../../db/pool";
import { IN_TURN } from "../in-turn";
import { asDate, asDateOrNull, isoText } from "../json-dates";

// SQL of the order ledger: holds (rows, several open at once) and the append-only event list.
// Every statement is scoped to one store. Actors are ids (a user) or a rule's name; the users'
// names are the accounts' data, read by the service (`queries/accounts.userNames`).

export type Actor = { userId: string | null; rule: string | null };

export type OrderHoldRow = {
  id: string;
  orderId: string;
  reason: string;
  setBy: Actor;
  createdAt: Date;
  releasedAt: Date | null;
  releasedBy: Actor | null;
  releaseNote: string | null;
};

export type OrderEventKind = "NOTE_ADDED" | "HOLD_PLACED" | "HOLD_RELEASED" | "STATUS_CHANGED" | "CANCELED" | "FULFILMENT_UPDATED" | "RETURN_CREATED" | "RETURN_SHIPPING" | "RETURN_RECEIVED" | "RETURN_CANCELED" | "REFUNDED";

export type OrderEventRow = {
  id: string;
  kind: OrderEventKind;
  fromStatus: string | null;
  toStatus: string | null;
  message: string;
  holdId: string | null;
  actor: Actor;
  createdAt: Date;
};

export type NewOrderEvent = {
  kind: OrderEventKind;
  fromStatus?: string | null;
  toStatus?: string | null;
  message?: string;
  holdId?: string | null;
  actorUserId: string | null;
  actorRule?: string | null;
};

type Row = Record<string, unknown>;

const HOLD_SELECT = `SELECT h.* FROM order_holds h`;

/** The holds of the order `o` as one JSON array (rows for toHold): open ones first, then newest first. */
export const HOLDS_OF_ORDER_JSON = `(SELECT coalesce(json_agg(h ORDER BY h.released_at IS NOT NULL, h.created_at DESC, h.id), '[]') FROM order_holds h WHERE h.store_id = o.store_id AND h.order_id = o.id)`;

/** An actor as the API sends it (the user's name filled in by the service when a user acted). */
const actorJson = (userId: string, rule: string) => `json_build_object('userId', ${userId}, 'userName', NULL, 'rule', ${rule})`;

/** The holds of the order `o` as the API sends them (OrderHold, in HOLDS_OF_ORDER_JSON's order), users unnamed. */
export const HOLDS_ANSWER_JSON = `(SELECT coalesce(json_agg(json_build_object('id', h.id, 'reason', h.reason, 'setBy', ${actorJson("h.set_by_user_id", "h.set_by_rule")},
    'createdAt', ${isoText("h.created_at")}, 'releasedAt', ${isoText("h.released_at")},
    'releasedBy', CASE WHEN h.released_at IS NOT NULL THEN ${actorJson("h.released_by_user_id", "h.released_by_rule")} END, 'releaseNote', h.release_note)
    ORDER BY h.released_at IS NOT NULL, h.created_at DESC, h.id), '[]') FROM order_holds h WHERE h.store_id = o.store_id AND h.order_id = o.id)`;

/**
 * The order `o`'s timeline as the API sends it (OrderEvent, users unnamed): `placed` (the synthetic
 * first entry, a JSON object) and then the ledger, oldest first.
 */
export const timelineAnswerJson = (placed: string) => `(SELECT json_agg(t.entry ORDER BY t.n, t.created_at, t.id) FROM (
    SELECT 0 AS n, NULL::timestamptz AS created_at, NULL::uuid AS id, ${placed} AS entry
    UNION ALL
    SELECT 1, e.created_at, e.id, json_build_object('id', e.id, 'kind', e.kind, 'fromStatus', e.from_status, 'toStatus', e.to_status, 'message', e.message,
      'holdId', e.hold_id, 'actor', ${actorJson("e.actor_user_id", "e.actor_rule")}, 'createdAt', ${isoText("e.created_at")})
      FROM order_events e WHERE e.store_id = o.store_id AND e.order_id = o.id) t)`;

/** The users the holds and the ledger of the order `o` name (whose names the answer then needs), as an array. */
export const USERS_NAMED_SQL = `ARRAY(SELECT h.set_by_user_id FROM order_holds h WHERE h.store_id = o.store_id AND h.order_id = o.id AND h.set_by_user_id IS NOT NULL
    UNION SELECT h.released_by_user_id FROM order_holds h WHERE h.store_id = o.store_id AND h.order_id = o.id AND h.released_at IS NOT NULL AND h.released_by_user_id IS NOT NULL
    UNION SELECT e.actor_user_id FROM order_events e WHERE e.store_id = o.store_id AND e.order_id = o.id AND e.actor_user_id IS NOT NULL)`;

/** A hold from its row, read plainly or from JSON. */
export function toHold(r: Row): OrderHoldRow {
  const released = asDateOrNull(r.released_at);
  return {
    id: r.id as string,
    orderId: r.order_id as string,
    reason: r.reason as string,
    setBy: { userId: r.set_by_user_id as string | null, rule: r.set_by_rule as string | null },
    createdAt: asDate(r.created_at),
    releasedAt: released,
    releasedBy: released ? { userId: r.released_by_user_id as string | null, rule: r.released_by_rule as string | null } : null,
    releaseNote: r.release_note as string | null,
  };
}

/** The order's open holds, oldest first, locked for a release. */
export async function openHolds(db: Queryable, storeId: string, orderId: string): Promise<OrderHoldRow[]> {
  const { rows } = await db.query(`${HOLD_SELECT} WHERE h.store_id = $1 AND h.order_id = $2 AND h.released_at IS NULL ORDER BY h.created_at, h.id FOR UPDATE OF h`, [storeId, orderId]);
  return rows.map(toHold);
}

export async function getHold(db: Queryable, storeId: string, orderId: string, holdId: string): Promise<OrderHoldRow | null> {
  const { rows } = await db.query(`${HOLD_SELECT} WHERE h.store_id = $1 AND h.order_id = $2 AND h.id = $3`, [storeId, orderId, holdId]);
  return rows[0] ? toHold(rows[0]) : null;
}

export async function insertHold(db: Queryable, storeId: string, orderId: string, hold: { reason: string; userId: string | null; rule?: string | null }): Promise<string> {
  return (await insertHolds(db, storeId, [{ orderId, ...hold }]))[0]!;
}

/** Holds in one statement (a batch of imported orders holds dozens); their ids in the given order. */
export async function insertHolds(db: Queryable, storeId: string, holds: { orderId: string; reason: string; userId: string | null; rule?: string | null }[]): Promise<string[]> {
  if (!holds.length) return [];
  // Ids drawn here, so each comes back beside its hold whatever order the rows are written in.
  const ids = holds.map(() => crypto.randomUUID());
  await db.query(
    `INSERT INTO order_holds (id, store_id, order_id, reason, set_by_user_id, set_by_rule)
     SELECT h.id, $1, h.order_id, h.reason, h.user_id, h.rule FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::uuid[], $6::text[]) AS h(id, order_id, reason, user_id, rule)`,
    [storeId, ids, holds.map((h) => h.orderId), holds.map((h) => h.reason), holds.map((h) => h.userId), holds.map((h) => h.rule ?? null)],
  );
  return ids;
}

/** The store's open holds the inventory set by itself (`rule`, no user) on live orders wanting any of these SKUs, oldest first. */
export async function stockHoldsForSkus(db: Queryable, storeId: string, rule: string, skus: string[]): Promise<{ holdId: string; orderId: string; createdAt: Date }[]> {
  const { rows } = await db.query<{ id: string; order_id: string; created_at: Date }>(
    `SELECT h.id, h.order_id, h.created_at FROM order_holds h JOIN orders o ON o.id = h.order_id
      WHERE h.store_id = $1 AND h.released_at IS NULL AND h.set_by_rule = $2 AND h.set_by_user_id IS NULL AND o.cancellation_state <> 'CANCELED'
        AND EXISTS (SELECT 1 FROM order_line_items li WHERE li.order_id = h.order_id AND lower(li.sku) = ANY($3::text[]))
      ORDER BY h.created_at, h.id`,
    [storeId, rule, skus.map((s) => s.toLowerCase())],
  );
  return rows.map((r) => ({ holdId: r.id, orderId: r.order_id, createdAt: r.created_at }));
}

/**
 * Every store's open holds set by `rule` before `before`, with the SKUs their orders wait for: what
 * the inventory's sweep looks at (release-waiting-orders-job.ts). Across stores: a job's read.
 */
export async function stockHoldSkusByStore(db: Queryable, rule: string, before: Date): Promise<{ storeId: string; skus: string[] }[]> {
  const { rows } = await db.query<{ store_id: string; skus: string[] }>(
    `SELECT h.store_id, array_agg(DISTINCT li.sku) AS skus FROM order_holds h
       JOIN orders o ON o.id = h.order_id AND o.cancellation_state <> 'CANCELED'
       JOIN order_line_items li ON li.order_id = h.order_id
      WHERE h.released_at IS NULL AND h.set_by_rule = $1 AND h.set_by_user_id IS NULL AND h.created_at < $2
      GROUP BY h.store_id`,
    [rule, before],
  );
  return rows.map((r) => ({ storeId: r.store_id, skus: r.skus }));
}

/** An open hold's reason, rewritten (a pre-sale's date moved); false when it was released meanwhile. */
export async function setHoldReason(db: Queryable, storeId: string, holdId: string, reason: string): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE order_holds SET reason = $3 WHERE store_id = $1 AND id = $2 AND released_at IS NULL`, [storeId, holdId, reason]);
  return rowCount === 1;
}

/** Releases an open hold; false when it was already released. */
export async function releaseHold(db: Queryable, storeId: string, holdId: string, by: { userId: string | null; rule?: string | null; note?: string | null }): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE order_holds SET released_at = clock_timestamp(), released_by_user_id = $3, released_by_rule = $4, release_note = $5
      WHERE store_id = $1 AND id = $2 AND released_at IS NULL`,
    [storeId, holdId, by.userId, by.rule ?? null, by.note ?? null],
  );
  return rowCount === 1;
}

export async function appendEvent(db: Queryable, storeId: string, orderId: string, e: NewOrderEvent): Promise<void> {
  await appendEvents(db, storeId, [{ orderId, ...e }]);
}

/** Events of several orders in one statement, written (and timestamped) in the given order. */
export async function appendEvents(db: Queryable, storeId: string, events: (NewOrderEvent & { orderId: string })[]): Promise<void> {
  if (!events.length) return;
  await db.query(
    `INSERT INTO order_events (store_id, order_id, kind, from_status, to_status, message, hold_id, actor_user_id, actor_rule, created_at)
     SELECT $1, e.order_id, e.kind, e.from_status, e.to_status, e.message, e.hold_id, e.actor_user_id, e.actor_rule, ${IN_TURN}
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::uuid[], $8::uuid[], $9::text[]) WITH ORDINALITY
         AS e(order_id, kind, from_status, to_status, message, hold_id, actor_user_id, actor_rule, n)
      ORDER BY e.n`,
    [storeId, events.map((e) => e.orderId), events.map((e) => e.kind), events.map((e) => e.fromStatus ?? null), events.map((e) => e.toStatus ?? null), events.map((e) => e.message ?? ""),
      events.map((e) => e.holdId ?? null), events.map((e) => e.actorUserId), events.map((e) => e.actorRule ?? null)],
  );
}

/** The ledger of the order `o` as one JSON array (rows for toEvent), oldest first. */
export const EVENTS_OF_ORDER_JSON = `(SELECT coalesce(json_agg(e ORDER BY e.created_at, e.id), '[]') FROM order_events e WHERE e.store_id = o.store_id AND e.order_id = o.id)`;

/** A ledger entry from its row, read plainly or from JSON. */
export function toEvent(r: Row): OrderEventRow {
  return {
    id: r.id as string,
    kind: r.kind as OrderEventKind,
    fromStatus: r.from_status as string | null,
    toStatus: r.to_status as string | null,
    message: r.message as string,
    holdId: r.hold_id as string | null,
    actor: { userId: r.actor_user_id as string | null, rule: r.actor_rule as string | null },
    createdAt: asDate(r.created_at),
  };
}

const DEMO_HOLD_REASONS = [
  ["Address could not be verified by the carrier", "Address check"],
  ["Payment flagged for a fraud review", "Fraud review"],
  ["Customer asked to change the size before shipping", null],
] as const;

/**
 * Demo stores' ON_HOLD orders get the hold that explains them (the generator writes statuses only):
 * one open hold each, from a rule or the owner, and the status they return to.
 */
export async function backfillDemoHolds(db: Queryable, storeId: string, ownerUserId: string): Promise<number> {
  const { rows } = await db.query<{ id: string; order_number: number }>(
    `SELECT o.id, o.order_number FROM orders o WHERE o.store_id = $1 AND o.processing_status = 'ON_HOLD'
        AND NOT EXISTS (SELECT 1 FROM order_holds h WHERE h.order_id = o.id AND h.released_at IS NULL)`,
    [storeId],
  );
  for (const o of rows) {
    const [reason, rule] = DEMO_HOLD_REASONS[o.order_number % DEMO_HOLD_REASONS.length]!;
    const holdId = await insertHold(db, storeId, o.id, { reason, userId: rule ? null : ownerUserId, rule });
    await db.query(`UPDATE orders SET held_from_status = 'PROCESSING' WHERE id = $1`, [o.id]);
    await appendEvent(db, storeId, o.id, { kind: "HOLD_PLACED", fromStatus: "PROCESSING", toStatus: "ON_HOLD", message: reason, holdId, actorUserId: rule ? null : ownerUserId, actorRule: rule });
  }
  return rows.length;
}
