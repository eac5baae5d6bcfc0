import type { Queryable } from "../../db/pool";
import type { AdditionalDuty, TariffLine } from "../../data/tariffs/dataset";

// The tariff dataset: lines, additional duties and their imports.

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
