import type { Queryable } from "../db/pool";
import type { AdditionalDuty, TariffLine } from "../data/tariffs/dataset";

// --- Goals -----------------------------------------------------------------------------------

export type GoalRow = {
  id: string;
  conversation_sid: string;
  agent_type: "default" | "tariff" | "packaging";
  goal: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
};

const GOAL_COLUMNS = "id, conversation_sid, agent_type, goal, created_at, updated_at";

export async function findGoal(db: Queryable, storeId: string, conversationSid: string): Promise<GoalRow | null> {
  const { rows } = await db.query<GoalRow>(`SELECT ${GOAL_COLUMNS} FROM sourcing_agent_goals WHERE store_id = $1 AND conversation_sid = $2`, [storeId, conversationSid]);
  return rows[0] ?? null;
}

/** Inserts a goal; null when the conversation already has one in this store. */
export async function insertGoal(db: Queryable, g: { storeId: string; userId: string; conversationSid: string; agentType: string; goal: Record<string, unknown> }): Promise<GoalRow | null> {
  const { rows } = await db.query<GoalRow>(
    `INSERT INTO sourcing_agent_goals (store_id, user_id, conversation_sid, agent_type, goal) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (store_id, conversation_sid) DO NOTHING RETURNING ${GOAL_COLUMNS}`,
    [g.storeId, g.userId, g.conversationSid, g.agentType, JSON.stringify(g.goal)],
  );
  return rows[0] ?? null;
}

export async function updateGoal(db: Queryable, storeId: string, conversationSid: string, agentType: string | null, goal: Record<string, unknown>): Promise<GoalRow | null> {
  const { rows } = await db.query<GoalRow>(
    `UPDATE sourcing_agent_goals SET goal = $3, agent_type = COALESCE($4, agent_type), updated_at = now()
      WHERE store_id = $1 AND conversation_sid = $2 RETURNING ${GOAL_COLUMNS}`,
    [storeId, conversationSid, JSON.stringify(goal), agentType],
  );
  return rows[0] ?? null;
}

export async function deleteGoal(db: Queryable, storeId: string, conversationSid: string): Promise<boolean> {
  const { rowCount } = await db.query("DELETE FROM sourcing_agent_goals WHERE store_id = $1 AND conversation_sid = $2", [storeId, conversationSid]);
  return (rowCount ?? 0) > 0;
}

// --- Tech packs ------------------------------------------------------------------------------

export type TechPackRow = {
  id: string;
  version: number;
  latest_version: number;
  conversation_sid: string | null;
  product_name: string;
  data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
};

const PACK_COLUMNS = "t.id, t.version, t.version AS latest_version, t.conversation_sid, t.product_name, t.data, t.created_at, t.updated_at";

/** Creates a tech pack and its version 1 in one statement. */
export async function insertTechPack(db: Queryable, p: { storeId: string; userId: string; conversationSid: string | null; productName: string; data: Record<string, unknown> }): Promise<TechPackRow> {
  const { rows } = await db.query<TechPackRow>(
    `WITH t AS (
       INSERT INTO tech_packs (store_id, created_by, conversation_sid, product_name, data) VALUES ($1, $2, $3, $4, $5)
       RETURNING *
     ), v AS (
       INSERT INTO tech_pack_versions (tech_pack_id, version, store_id, data, created_by)
       SELECT t.id, 1, t.store_id, jsonb_build_object('productName', t.product_name, 'conversationSid', t.conversation_sid) || t.data, t.created_by FROM t
     )
     SELECT ${PACK_COLUMNS} FROM t`,
    [p.storeId, p.userId, p.conversationSid, p.productName, JSON.stringify(p.data)],
  );
  return rows[0]!;
}

export async function findTechPack(db: Queryable, storeId: string, id: string, forUpdate = false): Promise<TechPackRow | null> {
  const { rows } = await db.query<TechPackRow>(`SELECT ${PACK_COLUMNS} FROM tech_packs t WHERE t.store_id = $1 AND t.id = $2${forUpdate ? " FOR UPDATE" : ""}`, [storeId, id]);
  return rows[0] ?? null;
}

/** Saves the next version: the row moves to it and the version is kept in the history. */
export async function saveTechPackVersion(db: Queryable, p: { storeId: string; userId: string; id: string; conversationSid: string | null; productName: string; data: Record<string, unknown> }): Promise<TechPackRow> {
  const { rows } = await db.query<TechPackRow>(
    `WITH t AS (
       UPDATE tech_packs SET version = version + 1, product_name = $4, conversation_sid = $5, data = $6, updated_at = now()
        WHERE store_id = $1 AND id = $2 RETURNING *
     ), v AS (
       INSERT INTO tech_pack_versions (tech_pack_id, version, store_id, data, created_by)
       SELECT t.id, t.version, t.store_id, jsonb_build_object('productName', t.product_name, 'conversationSid', t.conversation_sid) || t.data, $3 FROM t
     )
     SELECT ${PACK_COLUMNS} FROM t`,
    [p.storeId, p.id, p.userId, p.productName, p.conversationSid, JSON.stringify(p.data)],
  );
  return rows[0]!;
}

export async function listTechPacks(db: Queryable, storeId: string, search: string | undefined, limit: number, offset: number): Promise<{ rows: TechPackRow[]; total: number }> {
  const where = "t.store_id = $1 AND ($2::text IS NULL OR t.product_name ILIKE '%' || $2 || '%' OR t.product_name % $2)";
  const [list, count] = await Promise.all([
    db.query<TechPackRow>(`SELECT ${PACK_COLUMNS} FROM tech_packs t WHERE ${where} ORDER BY t.updated_at DESC, t.id LIMIT $3 OFFSET $4`, [storeId, search ?? null, limit, offset]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tech_packs t WHERE ${where}`, [storeId, search ?? null]),
  ]);
  return { rows: list.rows, total: count.rows[0]!.n };
}

/** Every saved version of one tech pack, newest first (the caller checked the pack is the store's). */
export async function listTechPackVersions(db: Queryable, storeId: string, id: string, limit: number, offset: number): Promise<{ rows: TechPackRow[]; total: number }> {
  const [list, count] = await Promise.all([
    db.query<TechPackRow>(
      `SELECT v.tech_pack_id AS id, v.version, t.version AS latest_version, v.data->>'conversationSid' AS conversation_sid,
              v.data->>'productName' AS product_name, v.data - 'productName' - 'conversationSid' AS data, t.created_at, v.created_at AS updated_at
         FROM tech_pack_versions v JOIN tech_packs t ON t.id = v.tech_pack_id
        WHERE v.store_id = $1 AND v.tech_pack_id = $2 ORDER BY v.version DESC LIMIT $3 OFFSET $4`,
      [storeId, id, limit, offset],
    ),
    db.query<{ n: number }>("SELECT count(*)::int AS n FROM tech_pack_versions WHERE store_id = $1 AND tech_pack_id = $2", [storeId, id]),
  ]);
  return { rows: list.rows, total: count.rows[0]!.n };
}

// --- Suppliers: matching and expanded network ---------------------------------------------------

export type SupplierRow = {
  id: string;
  name: string;
  country_code: string;
  region: string;
  city: string;
  capabilities: string[];
  moq: number | null;
  sample_price_min_cents: number | null;
  production_days_min: number;
  production_days_max: number;
  average_review: number;
  is_expanded_network: boolean;
  contact_email: string | null;
  website: string | null;
  phone_number: string | null;
  similarity: number | null;
};

const SUPPLIER_COLUMNS = `s.id, s.name, s.country_code, s.region, s.city, s.capabilities, s.moq, s.sample_price_min_cents,
  s.production_days_min, s.production_days_max, s.average_review, s.is_expanded_network, s.contact_email::text AS contact_email, s.website, s.phone_number`;

export type MatchFilters = { countryCodes?: string[]; regions?: string[]; moqMax?: number; samplePriceMaxCents?: number; productionDaysMax?: number };

/**
 * Suppliers of one network nearest to an embedding by cosine distance, after the filters. A
 * supplier with no embedding yet cannot be ranked and is left out. NULL MOQ and sample price mean
 * "custom quote", which a maximum excludes.
 */
export async function matchSuppliers(db: Queryable, vector: string, expanded: boolean, f: MatchFilters, limit: number): Promise<SupplierRow[]> {
  const { rows } = await db.query<SupplierRow>(
    `SELECT ${SUPPLIER_COLUMNS}, meaning_similarity(s.embedding, $1::vector) AS similarity
       FROM suppliers s
      WHERE s.embedding IS NOT NULL AND s.is_expanded_network = $2
        AND ($3::text[] IS NULL OR s.country_code = ANY($3))
        AND ($4::text[] IS NULL OR s.region = ANY($4))
        AND ($5::int IS NULL OR s.moq <= $5)
        AND ($6::int IS NULL OR s.sample_price_min_cents <= $6)
        AND ($7::int IS NULL OR s.production_days_max <= $7)
      ORDER BY s.embedding <=> $1::vector, s.id
      LIMIT $8`,
    [vector, expanded, f.countryCodes?.length ? f.countryCodes : null, f.regions?.length ? f.regions : null, f.moqMax ?? null, f.samplePriceMaxCents ?? null, f.productionDaysMax ?? null, limit],
  );
  return rows;
}

/**
 * Lets the HNSW index keep scanning until enough rows pass the filters (pgvector 0.8 iterative
 * scans); without it a selective filter leaves fewer results than asked for. Transaction-local.
 */
export async function enableFilteredVectorScan(db: Queryable): Promise<void> {
  await db.query("SET LOCAL hnsw.iterative_scan = strict_order");
  await db.query("SET LOCAL hnsw.ef_search = 100");
}

export async function findSuppliers(db: Queryable, ids: string[]): Promise<SupplierRow[]> {
  const { rows } = await db.query<SupplierRow>(`SELECT ${SUPPLIER_COLUMNS}, NULL::float8 AS similarity FROM suppliers s WHERE s.id = ANY($1::uuid[])`, [ids]);
  return rows;
}

export async function listExpandedNetwork(
  db: Queryable,
  q: { search?: string; countryCode?: string; region?: string; limit: number; offset: number },
): Promise<{ rows: SupplierRow[]; total: number }> {
  const where = `s.is_expanded_network AND ($1::text IS NULL OR s.search_document @@ websearch_to_tsquery('english', $1) OR s.name % $1 OR s.name ILIKE '%' || $1 || '%')
    AND ($2::text IS NULL OR s.country_code = $2) AND ($3::text IS NULL OR s.region = $3)`;
  const params = [q.search || null, q.countryCode ?? null, q.region ?? null];
  const [list, count] = await Promise.all([
    db.query<SupplierRow>(
      `SELECT ${SUPPLIER_COLUMNS}, NULL::float8 AS similarity FROM suppliers s WHERE ${where}
        ORDER BY CASE WHEN $1::text IS NULL THEN 0 ELSE ts_rank(s.search_document, websearch_to_tsquery('english', $1)) + similarity(s.name, $1) END DESC, s.name, s.id
        LIMIT $4 OFFSET $5`,
      [...params, q.limit, q.offset],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM suppliers s WHERE ${where}`, params),
  ]);
  return { rows: list.rows, total: count.rows[0]!.n };
}

/** A supplier whose website is on the given host (with or without www.). */
export async function findSupplierByHost(db: Queryable, host: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM suppliers
      WHERE lower(regexp_replace(regexp_replace(coalesce(website, ''), '^([a-z]+:)?//', '', 'i'), '^www\\.', '', 'i')) LIKE $1 || '%'
      ORDER BY is_expanded_network, id LIMIT 1`,
    [host.toLowerCase().replace(/^www\./, "")],
  );
  return rows[0]?.id ?? null;
}

// --- Outreach --------------------------------------------------------------------------------

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

// --- Stores and invites ---------------------------------------------------------------------------

export async function getStoreContact(db: Queryable, storeId: string): Promise<{ title: string; owner_email: string; owner_name: string } | null> {
  const { rows } = await db.query<{ title: string; owner_email: string; owner_name: string }>(
    "SELECT s.title, u.email::text AS owner_email, u.username AS owner_name FROM stores s JOIN users u ON u.id = s.owner_user_id WHERE s.id = $1",
    [storeId],
  );
  return rows[0] ?? null;
}

export type InviteRow = { id: string; name: string; website: string; email: string; phone_number: string; created_at: Date };

/** Stores an invite; null when the store already invited that email. */
export async function insertSupplierInvite(db: Queryable, i: { storeId: string; userId: string; name: string; website: string; email: string; phoneNumber: string }): Promise<InviteRow | null> {
  const { rows } = await db.query<InviteRow>(
    `INSERT INTO supplier_invites (store_id, created_by, name, website, email, phone_number) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (store_id, email) DO NOTHING RETURNING id, name, website, email::text AS email, phone_number, created_at`,
    [i.storeId, i.userId, i.name, i.website, i.email, i.phoneNumber],
  );
  return rows[0] ?? null;
}

export type MySupplierRow = {
  id: string;
  supplier_id: string | null;
  name: string;
  website: string | null;
  email: string | null;
  phone_number: string | null;
  country_code: string | null;
  is_expanded_network: boolean;
  relations: ("INVITED" | "CONTACTED" | "PURCHASED")[];
  last_interaction_at: Date;
};

/**
 * The store's suppliers from three sources, one row per supplier: catalogue suppliers by id,
 * others (invites, suppliers emailed from the owner's address) by email. An invite whose email
 * is a catalogue supplier's contact email joins that supplier's row.
 */
export async function listMySuppliers(db: Queryable, storeId: string, search: string | undefined, limit: number, offset: number): Promise<{ rows: MySupplierRow[]; total: number }> {
  const base = `
    WITH touch AS (
      SELECT o.supplier_id, NULL::uuid AS own_id, NULL::text AS own_name, NULL::text AS own_website, NULL::text AS own_email, NULL::text AS own_phone,
             'CONTACTED' AS relation, o.created_at AS at
        FROM sourcing_outreach o WHERE o.store_id = $1 AND o.supplier_id IS NOT NULL
      UNION ALL
      SELECT NULL, o.id, o.supplier_name, NULL, lower(o.to_email::text), NULL, 'CONTACTED', o.created_at
        FROM sourcing_outreach o WHERE o.store_id = $1 AND o.supplier_id IS NULL
      UNION ALL
      SELECT c.supplier_id, NULL, NULL, NULL, NULL, NULL, 'PURCHASED', c.created_at
        FROM creator_order_items c WHERE c.store_id = $1 AND c.supplier_id IS NOT NULL
      UNION ALL
      SELECT (SELECT s.id FROM suppliers s WHERE s.contact_email = i.email ORDER BY s.is_expanded_network, s.id LIMIT 1),
             i.id, i.name, i.website, lower(i.email::text), i.phone_number, 'INVITED', i.created_at
        FROM supplier_invites i WHERE i.store_id = $1
    ), grouped AS (
      SELECT coalesce(t.supplier_id::text, 'email:' || t.own_email) AS key,
             t.supplier_id,
             (array_agg(t.own_id::text ORDER BY t.at DESC) FILTER (WHERE t.own_id IS NOT NULL))[1] AS own_id,
             (array_agg(t.own_name ORDER BY t.relation = 'INVITED' DESC, t.at DESC) FILTER (WHERE t.own_name IS NOT NULL))[1] AS own_name,
             (array_agg(t.own_website) FILTER (WHERE t.own_website IS NOT NULL))[1] AS own_website,
             (array_agg(t.own_email) FILTER (WHERE t.own_email IS NOT NULL))[1] AS own_email,
             (array_agg(t.own_phone) FILTER (WHERE t.own_phone IS NOT NULL))[1] AS own_phone,
             array_agg(DISTINCT t.relation ORDER BY t.relation) AS relations,
             max(t.at) AS last_interaction_at
        FROM touch t GROUP BY 1, 2
    ), mine AS (
      SELECT coalesce(g.supplier_id::text, g.own_id) AS id, g.supplier_id,
             coalesce(s.name, g.own_name) AS name, coalesce(s.website, g.own_website) AS website,
             coalesce(s.contact_email::text, g.own_email) AS email, coalesce(s.phone_number, g.own_phone) AS phone_number,
             s.country_code, coalesce(s.is_expanded_network, false) AS is_expanded_network, g.relations, g.last_interaction_at
        FROM grouped g LEFT JOIN suppliers s ON s.id = g.supplier_id
    )`;
  const where = "WHERE $2::text IS NULL OR m.name ILIKE '%' || $2 || '%' OR m.email ILIKE '%' || $2 || '%'";
  const [list, count] = await Promise.all([
    db.query<MySupplierRow>(`${base} SELECT m.* FROM mine m ${where} ORDER BY m.last_interaction_at DESC, m.id LIMIT $3 OFFSET $4`, [storeId, search || null, limit, offset]),
    db.query<{ n: number }>(`${base} SELECT count(*)::int AS n FROM mine m ${where}`, [storeId, search || null]),
  ]);
  return { rows: list.rows, total: count.rows[0]!.n };
}

// --- Tariffs ---------------------------------------------------------------------------------

export async function tariffImportExists(db: Queryable, checksum: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM tariff_imports WHERE checksum = $1 LIMIT 1", [checksum]);
  return rows.length > 0;
}

/** Upserts lines; an existing row is replaced only by one with the same or a newer as-of date. */
export async function upsertTariffLines(db: Queryable, lines: TariffLine[]): Promise<number> {
  if (!lines.length) return 0;
  const { rowCount } = await db.query(
    `INSERT INTO tariff_lines (hts_code, destination_country, description, keywords, general_rate_percent, unit_weight_kg, source, as_of)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(hts_code text, destination_country text, description text, keywords text,
            general_rate_percent numeric, unit_weight_kg numeric, source text, as_of date)
     ON CONFLICT (hts_code, destination_country) DO UPDATE SET
       description = EXCLUDED.description, keywords = EXCLUDED.keywords, general_rate_percent = EXCLUDED.general_rate_percent,
       unit_weight_kg = EXCLUDED.unit_weight_kg, source = EXCLUDED.source, as_of = EXCLUDED.as_of, updated_at = now()
     WHERE EXCLUDED.as_of >= tariff_lines.as_of`,
    [
      JSON.stringify(
        lines.map((l) => ({
          hts_code: l.htsCode,
          destination_country: l.destinationCountry,
          description: l.description,
          keywords: l.keywords,
          general_rate_percent: l.generalRatePercent,
          unit_weight_kg: l.unitWeightKg,
          source: l.source,
          as_of: l.asOf,
        })),
      ),
    ],
  );
  return rowCount ?? 0;
}

export async function upsertAdditionalDuties(db: Queryable, duties: AdditionalDuty[]): Promise<number> {
  if (!duties.length) return 0;
  const { rowCount } = await db.query(
    `INSERT INTO tariff_additional_duties (hts_prefix, destination_country, origin_country, program, rate_percent, source, as_of)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(hts_prefix text, destination_country text, origin_country text, program text,
            rate_percent numeric, source text, as_of date)
     ON CONFLICT (hts_prefix, destination_country, origin_country, program) DO UPDATE SET
       rate_percent = EXCLUDED.rate_percent, source = EXCLUDED.source, as_of = EXCLUDED.as_of, updated_at = now()
     WHERE EXCLUDED.as_of >= tariff_additional_duties.as_of`,
    [
      JSON.stringify(
        duties.map((d) => ({
          hts_prefix: d.htsPrefix,
          destination_country: d.destinationCountry,
          origin_country: d.originCountry,
          program: d.program,
          rate_percent: d.ratePercent,
          source: d.source,
          as_of: d.asOf,
        })),
      ),
    ],
  );
  return rowCount ?? 0;
}

export async function recordTariffImport(db: Queryable, name: string, checksum: string, lineCount: number, dutyCount: number): Promise<void> {
  await db.query("INSERT INTO tariff_imports (file_name, checksum, line_count, duty_count) VALUES ($1, $2, $3, $4)", [name, checksum, lineCount, dutyCount]);
}

/** Serialises dataset loads across processes for the rest of the caller's transaction. */
export async function lockTariffImports(db: Queryable): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(74211008)");
}

export type TariffLineRow = {
  hts_code: string;
  description: string;
  general_rate_percent: number;
  unit_weight_kg: number;
  source: string;
  as_of: string;
  score: number;
};

const LINE_COLUMNS = "l.hts_code, l.description, l.general_rate_percent, l.unit_weight_kg, l.source, to_char(l.as_of, 'YYYY-MM-DD') AS as_of";

/**
 * Lines of one destination ranked for a product text: full text over keywords and description
 * (any word may match, stems agree: "mugs" finds "mug") blended with trigram similarity, which
 * catches spellings the stemmer does not ("jewellery", "tshirt").
 */
export async function searchTariffLines(db: Queryable, text: string, words: string[], destination: string, limit: number): Promise<TariffLineRow[]> {
  const { rows } = await db.query<TariffLineRow>(
    `WITH q AS (SELECT to_tsquery('english', $2) AS ts)
     SELECT ${LINE_COLUMNS},
            ts_rank_cd(l.search_document, q.ts, 1) + 0.6 * word_similarity($1, l.search_text) AS score
       FROM tariff_lines l, q
      WHERE l.destination_country = $3 AND (l.search_document @@ q.ts OR word_similarity($1, l.search_text) > 0.45)
      ORDER BY score DESC, l.hts_code
      LIMIT $4`,
    [text.toLowerCase(), words.join(" | "), destination, limit],
  );
  return rows;
}

/** The line of a code (dots optional, a shorter code picks its first line), for one destination. */
export async function findTariffLineByCode(db: Queryable, digits: string, destination: string): Promise<TariffLineRow | null> {
  const { rows } = await db.query<TariffLineRow>(
    `SELECT ${LINE_COLUMNS}, 1::float8 AS score FROM tariff_lines l
      WHERE l.destination_country = $2 AND replace(l.hts_code, '.', '') LIKE $1 || '%'
      ORDER BY l.hts_code LIMIT 1`,
    [digits, destination],
  );
  return rows[0] ?? null;
}

export type AdditionalDutyRow = { hts_prefix: string; program: string; rate_percent: number; source: string; as_of: string };

/** Additional duties for a code and origin: per program, the longest matching prefix. */
export async function findAdditionalDuties(db: Queryable, htsCode: string, destination: string, origin: string): Promise<AdditionalDutyRow[]> {
  const { rows } = await db.query<AdditionalDutyRow>(
    `SELECT DISTINCT ON (d.program) d.hts_prefix, d.program, d.rate_percent, d.source, to_char(d.as_of, 'YYYY-MM-DD') AS as_of
       FROM tariff_additional_duties d
      WHERE d.destination_country = $2 AND d.origin_country = $3 AND $1 LIKE d.hts_prefix || '%'
      ORDER BY d.program, length(d.hts_prefix) DESC`,
    [htsCode, destination, origin],
  );
  return rows;
}

export async function tariffDestinations(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ d: string }>("SELECT DISTINCT destination_country AS d FROM tariff_lines ORDER BY 1");
  return rows.map((r) => r.d);
}
