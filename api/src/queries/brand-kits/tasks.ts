import type { GenerationType, TaskStatus } from "@atelier/contracts/brand-kits";
import type { Queryable } from "../../db/pool";

export type TaskRow = {
  id: string;
  kit_id: string;
  store_id: string;
  type: GenerationType;
  status: TaskStatus;
  job_id: string | null;
  source: "MODEL" | "OFFLINE" | null;
  credits_charged: number;
  credits_refunded: boolean;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
};
const COLUMNS = "id, kit_id, store_id, type, status, job_id, source, credits_charged, credits_refunded, error, created_at, finished_at";

export async function insertTask(db: Queryable, storeId: string, kitId: string, type: GenerationType): Promise<TaskRow> {
  const { rows } = await db.query<TaskRow>(`INSERT INTO brand_kit_tasks (store_id, kit_id, type) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`, [storeId, kitId, type]);
  return rows[0]!;
}

export async function setTaskJob(db: Queryable, id: string, jobId: string): Promise<void> {
  await db.query("UPDATE brand_kit_tasks SET job_id = $2 WHERE id = $1", [id, jobId]);
}

export async function getTask(db: Queryable, id: string, forUpdate = false): Promise<TaskRow | null> {
  const { rows } = await db.query<TaskRow>(`SELECT ${COLUMNS} FROM brand_kit_tasks WHERE id = $1${forUpdate ? " FOR UPDATE" : ""}`, [id]);
  return rows[0] ?? null;
}

/** The latest task of each type of a kit. */
export async function latestTasks(db: Queryable, kitId: string): Promise<TaskRow[]> {
  const { rows } = await db.query<TaskRow>(`SELECT DISTINCT ON (type) ${COLUMNS} FROM brand_kit_tasks WHERE kit_id = $1 ORDER BY type, created_at DESC, id`, [kitId]);
  return rows;
}

/** The kit's PENDING tasks of these types. */
export async function pendingTasks(db: Queryable, kitId: string, types: readonly GenerationType[]): Promise<TaskRow[]> {
  const { rows } = await db.query<TaskRow>(`SELECT ${COLUMNS} FROM brand_kit_tasks WHERE kit_id = $1 AND status = 'PENDING' AND type = ANY($2) FOR UPDATE`, [kitId, types]);
  return rows;
}

export async function recordCharge(db: Queryable, id: string, credits: number, source: "MODEL" | "OFFLINE"): Promise<void> {
  await db.query("UPDATE brand_kit_tasks SET credits_charged = $2, source = $3 WHERE id = $1", [id, credits, source]);
}

/** Settles a PENDING task; false when it was already settled (cancelled meanwhile). */
export async function finishTask(db: Queryable, id: string, v: { status: "SUCCESS" | "FAILURE"; source?: "MODEL" | "OFFLINE"; error?: string | null; refunded?: boolean }): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE brand_kit_tasks SET status = $2, source = COALESCE($3, source), error = $4, credits_refunded = credits_refunded OR $5, finished_at = clock_timestamp()
      WHERE id = $1 AND status = 'PENDING'`,
    [id, v.status, v.source ?? null, v.error ?? null, v.refunded ?? false],
  );
  return (rowCount ?? 0) > 0;
}

export async function markRefunded(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query("UPDATE brand_kit_tasks SET credits_refunded = true WHERE id = $1 AND NOT credits_refunded AND credits_charged > 0", [id]);
  return (rowCount ?? 0) > 0;
}
