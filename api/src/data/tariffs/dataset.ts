// The tariff dataset shipped with the product: two CSV files beside this module. They are the
// source of truth for a fresh database (loaded at first use) and the format the import script
// reads, so an update is an edited or new CSV, never a code change.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const DIR = path.dirname(fileURLToPath(import.meta.url));
export const SHIPPED_LINES_FILE = path.join(DIR, "tariff-lines.csv");
export const SHIPPED_DUTIES_FILE = path.join(DIR, "additional-duties.csv");

export type TariffLine = {
  htsCode: string;
  destinationCountry: string;
  description: string;
  keywords: string;
  generalRatePercent: number;
  unitWeightKg: number;
  source: string;
  asOf: string;
};

export type AdditionalDuty = {
  htsPrefix: string;
  destinationCountry: string;
  originCountry: string;
  program: string;
  ratePercent: number;
  source: string;
  asOf: string;
};

const LINE_COLUMNS = ["hts_code", "destination_country", "description", "keywords", "general_rate_percent", "unit_weight_kg", "source", "as_of"] as const;
const DUTY_COLUMNS = ["hts_prefix", "destination_country", "origin_country", "program", "rate_percent", "source", "as_of"] as const;

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      if (row.some((f) => f.trim() !== "")) rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f.trim() !== "")) rows.push(row);
  return rows;
}

function records<K extends string>(text: string, columns: readonly K[], file: string): Record<K, string>[] {
  const [header, ...rows] = parseCsv(text);
  const names = (header ?? []).map((h) => h.trim());
  const missing = columns.filter((c) => !names.includes(c));
  if (missing.length) throw new Error(`${file}: missing column(s) ${missing.join(", ")}`);
  return rows.map((cells, i) => {
    if (cells.length !== names.length) throw new Error(`${file} line ${i + 2}: ${cells.length} fields, expected ${names.length}`);
    return Object.fromEntries(columns.map((c) => [c, cells[names.indexOf(c)]!.trim()])) as Record<K, string>;
  });
}

function rate(value: string, where: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1000) throw new Error(`${where}: "${value}" is not a rate in percent`);
  return n;
}

function date(value: string, where: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) throw new Error(`${where}: as_of "${value}" is not a YYYY-MM-DD date`);
  return value;
}

/** Reads and checks a tariff-lines CSV; throws with the file and line of the first bad value. */
export function parseTariffLines(text: string, file = "tariff-lines.csv"): TariffLine[] {
  return records(text, LINE_COLUMNS, file).map((r, i) => {
    const where = `${file} line ${i + 2}`;
    if (!/^[0-9]{4}(\.[0-9]{2}){1,3}$/.test(r.hts_code)) throw new Error(`${where}: "${r.hts_code}" is not an HTS code like 6912.00.44`);
    if (!/^[A-Z]{2}$/.test(r.destination_country)) throw new Error(`${where}: destination_country must be a two-letter code`);
    const weight = Number(r.unit_weight_kg);
    if (!(weight > 0)) throw new Error(`${where}: unit_weight_kg must be a positive number`);
    if (!r.description || !r.source) throw new Error(`${where}: description and source are required`);
    return {
      htsCode: r.hts_code,
      destinationCountry: r.destination_country,
      description: r.description,
      keywords: r.keywords,
      generalRatePercent: rate(r.general_rate_percent, where),
      unitWeightKg: weight,
      source: r.source,
      asOf: date(r.as_of, where),
    };
  });
}

/** Reads and checks an additional-duties CSV. */
export function parseAdditionalDuties(text: string, file = "additional-duties.csv"): AdditionalDuty[] {
  return records(text, DUTY_COLUMNS, file).map((r, i) => {
    const where = `${file} line ${i + 2}`;
    if (!/^[0-9]{2,4}(\.[0-9]{2}){0,3}$/.test(r.hts_prefix)) throw new Error(`${where}: "${r.hts_prefix}" is not an HTS prefix like 6912 or 8517.62`);
    if (!/^[A-Z]{2}$/.test(r.destination_country) || !/^[A-Z]{2}$/.test(r.origin_country)) throw new Error(`${where}: country codes must be two letters`);
    if (!r.program || !r.source) throw new Error(`${where}: program and source are required`);
    return {
      htsPrefix: r.hts_prefix,
      destinationCountry: r.destination_country,
      originCountry: r.origin_country,
      program: r.program,
      ratePercent: rate(r.rate_percent, where),
      source: r.source,
      asOf: date(r.as_of, where),
    };
  });
}

export type TariffFiles = { lines: TariffLine[]; duties: AdditionalDuty[]; checksum: string; name: string };

/** Reads a pair of CSV files (either may be absent in an update) with a checksum of their text. */
export function readTariffFiles(linesFile: string | null, dutiesFile: string | null): TariffFiles {
  const linesText = linesFile ? fs.readFileSync(linesFile, "utf8") : "";
  const dutiesText = dutiesFile ? fs.readFileSync(dutiesFile, "utf8") : "";
  return {
    lines: linesFile ? parseTariffLines(linesText, path.basename(linesFile)) : [],
    duties: dutiesFile ? parseAdditionalDuties(dutiesText, path.basename(dutiesFile)) : [],
    checksum: crypto.createHash("sha256").update(linesText).update("\0").update(dutiesText).digest("hex"),
    name: [linesFile, dutiesFile].filter(Boolean).map((f) => path.basename(f!)).join(" + "),
  };
}

/** Freight estimate per kg by origin region (000 §9 regions), sea or road LCL averages in USD. */
export const FREIGHT_USD_PER_KG: Record<string, number> = { AS: 1.2, EU: 1.4, NA: 0.6, SA: 1.3, AF: 1.6, OA: 1.5 };
/** Freight per kg when goods do not cross a border (domestic trucking). */
export const DOMESTIC_FREIGHT_USD_PER_KG = 0.4;
