import type { ReturnSettings } from "@atelier/contracts/returns";
import type { Queryable } from "../../db/pool";

// SQL of the store's return policy. A store that never saved one reads the defaults.

export const DEFAULT_RETURN_SETTINGS: ReturnSettings = {
  refundMethod: "AUTOMATIC", returnFee: "FREE", feeCents: 0, refundDestination: "ORIGINAL_PAYMENT", returnWindowDays: 30, restockOnReceipt: true,
};

function toSettings(r: Record<string, unknown>): ReturnSettings {
  return {
    refundMethod: r.refund_method as ReturnSettings["refundMethod"],
    returnFee: r.return_fee as ReturnSettings["returnFee"],
    feeCents: r.fee_cents as number,
    refundDestination: r.refund_destination as ReturnSettings["refundDestination"],
    returnWindowDays: r.return_window_days as number,
    restockOnReceipt: r.restock_on_receipt as boolean,
  };
}

export async function getSettings(db: Queryable, storeId: string): Promise<ReturnSettings> {
  const { rows } = await db.query(`SELECT * FROM return_settings WHERE store_id = $1`, [storeId]);
  return rows[0] ? toSettings(rows[0] as Record<string, unknown>) : { ...DEFAULT_RETURN_SETTINGS };
}

export async function saveSettings(db: Queryable, storeId: string, s: ReturnSettings): Promise<ReturnSettings> {
  const { rows } = await db.query(
    `INSERT INTO return_settings (store_id, refund_method, return_fee, fee_cents, refund_destination, return_window_days, restock_on_receipt)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (store_id) DO UPDATE SET refund_method = $2, return_fee = $3, fee_cents = $4, refund_destination = $5,
       return_window_days = $6, restock_on_receipt = $7, updated_at = now()
     RETURNING *`,
    [storeId, s.refundMethod, s.returnFee, s.feeCents, s.refundDestination, s.returnWindowDays, s.restockOnReceipt],
  );
  return toSettings(rows[0] as Record<string, unknown>);
}

/** The store's next return number; the settings row stays locked until the transaction ends, so numbers never collide. */
export async function takeReturnNumber(db: Queryable, storeId: string): Promise<number> {
  await db.query(`INSERT INTO return_settings (store_id) VALUES ($1) ON CONFLICT (store_id) DO NOTHING`, [storeId]);
  const { rows } = await db.query<{ n: number }>(`UPDATE return_settings SET last_number = last_number + 1 WHERE store_id = $1 RETURNING last_number AS n`, [storeId]);
  return rows[0]!.n;
}
