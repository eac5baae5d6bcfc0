import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "../src/db/pool";

// `npm run import-tariffs` as an operator runs it: a child process on CSV files, against the
// embedded database of a data directory of its own (ATELIER_DATA_DIR, no DATABASE_URL). The new
// directory starts from the run's migrated template (ATELIER_PG_TEMPLATE, passed on with the
// environment) instead of initdb and every migration, 20 s of the first import; the CLI still
// migrates (nothing left to apply). test/start.test.ts starts the app on a blank directory.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-tariffs-"));
const dataDir = path.join(dir, "data");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function importTariffs(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, ATELIER_DATA_DIR: dataDir, ATELIER_LOG_LEVEL: "silent" };
  delete env.DATABASE_URL;
  const child = spawn("npm", ["run", "--silent", "import-tariffs", "--", ...args], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
  child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

const LINES_HEADER = "hts_code,destination_country,description,keywords,general_rate_percent,unit_weight_kg,source,as_of\n";
const DUTIES_HEADER = "hts_prefix,destination_country,origin_country,program,rate_percent,source,as_of\n";

it("imports tariff lines and duties from CSV files into a fresh database, refuses a malformed file, and skips a file already imported", async () => {
  const lines = write(
    "lines.csv",
    `${LINES_HEADER}9801.10.01,US,"Test mugs, ceramic",mug; cup,9.8,0.4,Test source,2025-06-01\n9801.10.02,CA,Test lamps,lamp,4.5,1.2,Test source,2025-06-01\n`,
  );
  const duties = write("duties.csv", `${DUTIES_HEADER}9801,US,CN,Test program,25,Test source,2025-06-01\n`);
  const imported = await importTariffs("--lines", lines, "--duties", duties);
  expect(imported.stderr.replace(/^npm warn.*\n/gm, "")).toBe("");
  expect(imported.stdout.trim()).toBe("Imported lines.csv + duties.csv: 2 tariff line(s) and 1 additional dut(ies) written.");
  expect(imported.code).toBe(0);

  const malformed = write("bad-lines.csv", `${LINES_HEADER}9801.10.03,US,Test bowls,bowl,3,0.3,Test source,2025-06-01\n9801.10.04,US,Test plates,plate,abc,0.3,Test source,2025-06-01\n`);
  const refused = await importTariffs("--lines", malformed);
  expect(refused.code).toBe(1);
  expect(refused.stdout).toBe("");
  expect(refused.stderr).toContain('bad-lines.csv line 3: "abc" is not a rate in percent\nNothing was imported.');
  expect(refused.stderr).not.toMatch(/\n\s+at /);

  const unknownOption = await importTariffs("--line", lines);
  expect(unknownOption.code).toBe(1);
  expect(unknownOption.stderr).toContain("Usage: npm run import-tariffs");

  const again = await importTariffs("--lines", lines, "--duties", duties);
  expect(again.code).toBe(0);
  expect(again.stdout).toMatch(/^lines\.csv \+ duties\.csv was already imported \(checksum [0-9a-f]{12}\); pass --force to import it again\.$/m);

  // The CLI has exited: the data directory's database can be opened here.
  const db = await openDatabase({ dataDir, poolSize: 1 });
  try {
    const stored = await db.pool.query("SELECT hts_code, destination_country, description, keywords, general_rate_percent, unit_weight_kg, source, as_of::text FROM tariff_lines ORDER BY hts_code");
    expect(stored.rows).toEqual([
      { hts_code: "9801.10.01", destination_country: "US", description: "Test mugs, ceramic", keywords: "mug; cup", general_rate_percent: 9.8, unit_weight_kg: 0.4, source: "Test source", as_of: "2025-06-01" },
      { hts_code: "9801.10.02", destination_country: "CA", description: "Test lamps", keywords: "lamp", general_rate_percent: 4.5, unit_weight_kg: 1.2, source: "Test source", as_of: "2025-06-01" },
    ]);
    const extra = await db.pool.query("SELECT hts_prefix, destination_country, origin_country, program, rate_percent FROM tariff_additional_duties");
    expect(extra.rows).toEqual([{ hts_prefix: "9801", destination_country: "US", origin_country: "CN", program: "Test program", rate_percent: 25 }]);
    const imports = await db.pool.query("SELECT file_name, line_count, duty_count FROM tariff_imports");
    expect(imports.rows).toEqual([{ file_name: "lines.csv + duties.csv", line_count: 2, duty_count: 1 }]);
  } finally {
    await db.close();
  }
}, 180_000);
