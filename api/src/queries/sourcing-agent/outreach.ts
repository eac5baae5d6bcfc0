import type { Queryable } from "../../db/pool";

// Messages sent to suppliers on the store's behalf.

export type OutreachRow = {
  id: string;
  supplier_id: string | null;
  supplier_name: string;
  network: "IN_NETWORK" | "EXPANDED_NETWORK" | "OWN_EMAIL";
  to_email: string | null;
  status: "SENT" | "FAILED";
  subject: string;
  message: string;
  tech_pack_id: string | null;
  tech_pack_version: number | null;
  created_at: Date;
};

const OUTREACH_COLUMNS = "id, supplier_id, supplier_name, network, to_email::text AS to_email, status, subject, message, tech_pack_id, tech_pack_version, created_at";

export type NewOutreach = {
  storeId: string;
  userId: string;
  techPackId: string;
  techPackVersion: number;
  supplierId: string | null;
  network: OutreachRow["network"];
  supplierName: string;
  toEmail: string | null;
  subject: string;
  message: string;
};

/** Records one outreach; null when this tech pack version already went to that supplier. */
export async function insertOutreach(db: Queryable, o: NewOutreach): Promise<OutreachRow | null> {
  const { rows } = await db.query<OutreachRow>(
    `INSERT INTO sourcing_outreach (store_id, user_id, tech_pack_id, tech_pack_version, supplier_id, network, supplier_name, to_email, subject, message)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT DO NOTHING RETURNING ${OUTREACH_COLUMNS}`,
    [o.storeId, o.userId, o.techPackId, o.techPackVersion, o.supplierId, o.network, o.supplierName, o.toEmail, o.subject, o.message],
  );
  return rows[0] ?? null;
}

/** The earlier outreach that made insertOutreach skip. */
export async function findOutreach(db: Queryable, o: Pick<NewOutreach, "storeId" | "techPackId" | "techPackVersion" | "supplierId" | "network" | "toEmail">): Promise<OutreachRow | null> {
  const { rows } = o.supplierId
    ? await db.query<OutreachRow>(
        `SELECT ${OUTREACH_COLUMNS} FROM sourcing_outreach WHERE store_id = $1 AND tech_pack_id = $2 AND tech_pack_version = $3 AND supplier_id = $4 AND network = $5`,
        [o.storeId, o.techPackId, o.techPackVersion, o.supplierId, o.network],
      )
    : await db.query<OutreachRow>(
        `SELECT ${OUTREACH_COLUMNS} FROM sourcing_outreach WHERE store_id = $1 AND tech_pack_id = $2 AND tech_pack_version = $3 AND supplier_id IS NULL AND to_email = $4`,
        [o.storeId, o.techPackId, o.techPackVersion, o.toEmail],
      );
  return rows[0] ?? null;
}

export async function setOutreachOutboxId(db: Queryable, outreachId: string, outboxId: string): Promise<void> {
  await db.query("UPDATE sourcing_outreach SET outbox_message_id = $2 WHERE id = $1", [outreachId, outboxId]);
}
