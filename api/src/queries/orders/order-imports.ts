import type { ImportChannel, OrderImportStatus } from "@atelier/contracts/sales-channels";
import type { Queryable } from "../../db/pool";
import type { CheckedOrder, RowProblem } from "../../providers/store-platforms";

// Order imports (migration 0320): export files of other sales channels, the rows they could not
// take, and the orders they placed (orders.import_id, with the channel's own id unique per store).

export type ImportRow = {
  id: string; storeId: string; channel: ImportChannel; source: "FILE" | "SHOP"; fileName: string; storageKey: string; sizeBytes: number; rowCount: number; orderCount: number;
  status: OrderImportStatus; jobId: string | null; importedCount: number; skippedCount: number; failedCount: number; problemCount: number; error: string | null;
  createdAt: Date; finishedAt: Date | null;
};

type Row = Record<string, unknown>;
const toImport = (r: Row): ImportRow => ({
  id: r.id as string, storeId: r.store_id as string, channel: r.channel as ImportChannel, source: r.source as ImportRow["source"], fileName: r.file_name as string, storageKey: r.storage_key as string,
  sizeBytes: r.size_bytes as number, rowCount: r.row_count as number, orderCount: r.order_count as number, status: r.status as OrderImportStatus, jobId: r.job_id as string | null,
  importedCount: r.imported_count as number, skippedCount: r.skipped_count as number, failedCount: r.failed_count as number, problemCount: r.problem_count as number,
  error: r.error as string | null, createdAt: r.created_at as Date, finishedAt: r.finished_at as Date | null,
});

const SELECT = `SELECT i.*, (SELECT count(*)::int FROM order_import_problems p WHERE p.import_id = i.id) AS problem_count FROM order_imports i`;

export async function insertImport(db: Queryable, storeId: string, i: { channel: ImportChannel; source?: ImportRow["source"]; fileName: string; storageKey: string; sizeBytes: number; rowCount: number; orderCount: number; userId: string }): Promise<ImportRow> {
  const { rows } = await db.query(
    `INSERT INTO order_imports (store_id, channel, source, file_name, storage_key, size_bytes, row_count, order_count, created_by_user_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *, 0 AS problem_count`,
    [storeId, i.channel, i.source ?? "FILE", i.fileName, i.storageKey, i.sizeBytes, i.rowCount, i.orderCount, i.userId],
  );
  return toImport(rows[0]!);
}

export async function getImport(db: Queryable, storeId: string, id: string): Promise<ImportRow | null> {
  const { rows } = await db.query(`${SELECT} WHERE i.store_id = $1 AND i.id = $2`, [storeId, id]);
  return rows[0] ? toImport(rows[0]) : null;
}

export async function listImports(db: Queryable, storeId: string, q: { channel?: ImportChannel; page: number; size: number }): Promise<{ rows: ImportRow[]; total: number }> {
  const where = `i.store_id = $1 AND ($2::text IS NULL OR i.channel = $2)`;
  const [list, count] = await Promise.all([
    db.query(`${SELECT} WHERE ${where} ORDER BY i.created_at DESC, i.id DESC LIMIT $3 OFFSET $4`, [storeId, q.channel ?? null, q.size, q.page * q.size]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM order_imports i WHERE ${where}`, [storeId, q.channel ?? null]),
  ]);
  return { rows: list.rows.map(toImport), total: count.rows[0]!.n };
}

/** Locks an uploaded file not yet started; false when it was started meanwhile (the lock re-reads the row). */
export async function lockUploaded(db: Queryable, storeId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM order_imports WHERE store_id = $1 AND id = $2 AND status = 'UPLOADED' FOR UPDATE`, [storeId, id]);
  return rowCount === 1;
}

/** Takes an uploaded file for importing once: false when it was already started. */
export async function markQueued(db: Queryable, storeId: string, id: string, jobId: string): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE order_imports SET status = 'QUEUED', job_id = $3 WHERE store_id = $1 AND id = $2 AND status = 'UPLOADED'`, [storeId, id, jobId]);
  return rowCount === 1;
}

/** Starts (or, on a retried job, restarts) the run: the counts of a cut-off attempt are recounted. */
export async function markRunning(db: Queryable, storeId: string, id: string): Promise<void> {
  await db.query(`DELETE FROM order_import_problems WHERE store_id = $1 AND import_id = $2`, [storeId, id]);
  await db.query(`UPDATE order_imports SET status = 'RUNNING', started_at = now(), imported_count = 0, skipped_count = 0, failed_count = 0, error = NULL WHERE store_id = $1 AND id = $2`, [storeId, id]);
}

export async function addCounts(db: Queryable, storeId: string, id: string, c: { imported?: number; skipped?: number; failed?: number }): Promise<void> {
  await db.query(
    `UPDATE order_imports SET imported_count = imported_count + $3, skipped_count = skipped_count + $4, failed_count = failed_count + $5 WHERE store_id = $1 AND id = $2`,
    [storeId, id, c.imported ?? 0, c.skipped ?? 0, c.failed ?? 0],
  );
}

export async function markFinished(db: Queryable, storeId: string, id: string, status: "COMPLETED" | "FAILED", error: string | null = null): Promise<void> {
  await db.query(`UPDATE order_imports SET status = $3, error = $4, finished_at = now() WHERE store_id = $1 AND id = $2`, [storeId, id, status, error]);
}

export async function insertProblems(db: Queryable, storeId: string, importId: string, problems: RowProblem[]): Promise<void> {
  if (!problems.length) return;
  await db.query(
    `INSERT INTO order_import_problems (import_id, store_id, row_number, order_ref, message)
     SELECT $1, $2, p.line, p.ref, p.message FROM unnest($3::int[], $4::text[], $5::text[]) AS p(line, ref, message)`,
    [importId, storeId, problems.map((p) => p.line), problems.map((p) => p.orderRef), problems.map((p) => p.message)],
  );
}

export async function listProblems(db: Queryable, storeId: string, importId: string, limit: number | null): Promise<RowProblem[]> {
  const { rows } = await db.query<{ row_number: number; order_ref: string | null; message: string }>(
    `SELECT row_number, order_ref, message FROM order_import_problems WHERE store_id = $1 AND import_id = $2 ORDER BY row_number, id LIMIT $3`,
    [storeId, importId, limit],
  );
  return rows.map((r) => ({ line: r.row_number, orderRef: r.order_ref, message: r.message }));
}

/** Which of the channel's order ids the store already has, each with the import that placed it. */
export async function existingExternalIds(db: Queryable, storeId: string, channel: ImportChannel, ids: string[]): Promise<Map<string, string | null>> {
  const { rows } = await db.query<{ external_id: string; import_id: string | null }>(
    `SELECT external_id, import_id FROM orders WHERE store_id = $1 AND external_channel = $2 AND external_id = ANY($3::text[])`,
    [storeId, channel, ids],
  );
  return new Map(rows.map((r) => [r.external_id, r.import_id]));
}

/**
 * Inserts imported orders with the store's next numbers (in the given order) and their customers,
 * each step one statement for the whole batch; an order the store already has (another import
 * placed it meanwhile) is left out. Returns the orders placed by their channel's id.
 */
export async function insertImportedOrders(db: Queryable, storeId: string, importId: string, channel: ImportChannel, list: CheckedOrder[]): Promise<Map<string, { id: string; orderNumber: number }>> {
  if (!list.length) return new Map();
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('orders.number:' || $1::text))`, [storeId]);
  const customers = await upsertCustomers(db, storeId, list);
  const totals = list.map((o) => {
    const subtotal = o.lines.reduce((n, l) => n + l.quantity * l.unitPriceCents, 0);
    // A discount larger than what it discounts (a file's rounding) never makes a negative total.
    return { subtotal, discount: Math.min(o.discountCents, subtotal + o.shippingCents + o.taxCents) };
  });
  const col = <T>(f: (o: CheckedOrder, i: number) => T) => list.map(f);
  const { rows } = await db.query<{ id: string; order_number: number; external_id: string }>(
    `WITH fresh AS (
       SELECT o.*, row_number() OVER (ORDER BY o.n) AS k
         FROM unnest($4::uuid[], $5::text[], $6::int[], $7::int[], $8::int[], $9::int[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[], $17::timestamptz[], $18::text[])
           WITH ORDINALITY AS o(customer_id, email, subtotal, discount, shipping, tax, currency, name, address1, city, region, postal_code, country_code, placed_at, external_id, n)
        WHERE NOT EXISTS (SELECT 1 FROM orders x WHERE x.store_id = $1 AND x.external_channel = $2 AND x.external_id = o.external_id)
     ), base AS (SELECT coalesce(max(order_number), 1000) AS m FROM orders WHERE store_id = $1)
     INSERT INTO orders (store_id, customer_id, order_number, origin, email, subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, currency, shipping_name, shipping_address1,
       shipping_city, shipping_region, shipping_postal_code, shipping_country_code, placed_at, external_channel, external_id, import_id)
     SELECT $1, f.customer_id, base.m + f.k, 'IMPORT', f.email, f.subtotal, f.discount, f.shipping, f.tax, f.subtotal - f.discount + f.shipping + f.tax, f.currency,
       f.name, f.address1, f.city, f.region, f.postal_code, f.country_code, f.placed_at, $2, f.external_id, $3
       FROM fresh f, base ORDER BY f.k
     ON CONFLICT (store_id, external_channel, external_id) WHERE external_id IS NOT NULL DO NOTHING
     RETURNING id, order_number, external_id`,
    [storeId, channel, importId, col((o) => customers.get(o.customer.email.toLowerCase())!), col((o) => o.customer.email), col((_, i) => totals[i]!.subtotal), col((_, i) => totals[i]!.discount),
      col((o) => o.shippingCents), col((o) => o.taxCents), col((o) => o.currency), col((o) => o.shippingAddress.name), col((o) => o.shippingAddress.address1), col((o) => o.shippingAddress.city),
      col((o) => o.shippingAddress.region), col((o) => o.shippingAddress.postalCode), col((o) => o.shippingAddress.countryCode), col((o) => o.placedAt.toISOString()), col((o) => o.externalId)],
  );
  return new Map(rows.map((r) => [r.external_id, { id: r.id, orderNumber: r.order_number }]));
}

/**
 * The orders' customers in one upsert, by lower-cased e-mail (the column is citext). As when each
 * order was upserted in turn: a new customer keeps the first order's details, the name is the last.
 */
async function upsertCustomers(db: Queryable, storeId: string, list: CheckedOrder[]): Promise<Map<string, string>> {
  const byEmail = new Map<string, { o: CheckedOrder; name: string }>();
  for (const o of list) {
    const key = o.customer.email.toLowerCase();
    byEmail.set(key, { o: byEmail.get(key)?.o ?? o, name: o.customer.name });
  }
  const people = [...byEmail.values()];
  const { rows } = await db.query<{ id: string; email: string }>(
    `INSERT INTO customers (store_id, email, name, phone_number, country_code, region, city)
     SELECT $1, c.email, c.name, c.phone, c.country_code, c.region, c.city FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS c(email, name, phone, country_code, region, city)
     ON CONFLICT (store_id, email) DO UPDATE SET name = EXCLUDED.name RETURNING id, email::text AS email`,
    [storeId, people.map((p) => p.o.customer.email), people.map((p) => p.name), people.map((p) => p.o.customer.phone), people.map((p) => p.o.shippingAddress.countryCode),
      people.map((p) => p.o.shippingAddress.region), people.map((p) => p.o.shippingAddress.city)],
  );
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
}

/** Imported orders' lines in one statement (an import places thousands), each order's in its own order; what the stock reservation needs of each. */
export async function insertImportedLines(db: Queryable, storeId: string, lines: { orderId: string; sku: string; title: string; quantity: number; unitPriceCents: number }[]): Promise<{ id: string; orderId: string; sku: string; quantity: number }[]> {
  if (!lines.length) return [];
  const { rows } = await db.query<{ id: string; order_id: string; sku: string; quantity: number; position: string }>(
    `INSERT INTO order_line_items (order_id, store_id, sku, title, quantity, unit_price_cents)
     SELECT l.order_id, $1, l.sku, l.title, l.quantity, l.price FROM unnest($2::uuid[], $3::text[], $4::text[], $5::int[], $6::int[]) WITH ORDINALITY AS l(order_id, sku, title, quantity, price, n)
      ORDER BY l.n
     RETURNING id, order_id, sku, quantity, position`,
    [storeId, lines.map((l) => l.orderId), lines.map((l) => l.sku), lines.map((l) => l.title), lines.map((l) => l.quantity), lines.map((l) => l.unitPriceCents)],
  );
  // Positions are drawn in the rows' order (migration 0430), so they give back the input order.
  return rows.sort((a, b) => Number(a.position) - Number(b.position)).map((r) => ({ id: r.id, orderId: r.order_id, sku: r.sku, quantity: r.quantity }));
}

export async function importedOrders(db: Queryable, storeId: string, importId: string, limit: number): Promise<{ id: string; orderNumber: number; externalId: string; customerName: string; totalCents: number }[]> {
  const { rows } = await db.query<{ id: string; order_number: number; external_id: string; shipping_name: string | null; total_cents: number }>(
    `SELECT id, order_number, external_id, shipping_name, total_cents FROM orders WHERE store_id = $1 AND import_id = $2 ORDER BY order_number DESC LIMIT $3`,
    [storeId, importId, limit],
  );
  return rows.map((r) => ({ id: r.id, orderNumber: r.order_number, externalId: r.external_id, customerName: r.shipping_name ?? "", totalCents: r.total_cents }));
}

/** Orders per channel of the store, and when each import channel last finished an import. */
export async function channelCounts(db: Queryable, storeId: string): Promise<{ orders: Record<string, number>; lastImportAt: Record<string, Date> }> {
  const [orders, imports] = await Promise.all([
    db.query<{ k: string; n: number }>(
      `SELECT CASE WHEN external_channel IS NOT NULL THEN lower(external_channel)
                   WHEN origin = 'SHOPIFY_PLATFORM' THEN 'own-shop' WHEN origin = 'SHOPIFY_CREATOR' THEN 'shopify'
                   WHEN origin = 'MANUAL_WHOLESALE' THEN 'wholesale' ELSE 'other' END AS k, count(*)::int AS n
         FROM orders WHERE store_id = $1 GROUP BY 1`,
      [storeId],
    ),
    db.query<{ channel: string; at: Date }>(`SELECT channel, max(finished_at) AS at FROM order_imports WHERE store_id = $1 AND status = 'COMPLETED' GROUP BY channel`, [storeId]),
  ]);
  return { orders: Object.fromEntries(orders.rows.map((r) => [r.k, r.n])), lastImportAt: Object.fromEntries(imports.rows.map((r) => [r.channel.toLowerCase(), r.at])) };
}
