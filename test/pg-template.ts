import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { readMigrations } from "../api/src/db/migrate";
import type { EmbeddedServer } from "../api/src/db/embedded";

// The test run's template database: the embedded Postgres with every migration applied, dumped once
// and loaded by each in-memory database the run starts after (a file's private database, a child
// process's API). Starting from it skips initdb and the migrations: about three times faster than a
// fresh start, measured on this machine. Its name carries a hash of the migrations and of the
// PGlite build, so a changed or new migration makes a new template instead of a stale one.

const require = createRequire(import.meta.url);
const CACHE = path.resolve(import.meta.dirname, "../node_modules/.cache/atelier");

export function templatePath(): string {
  const hash = crypto.createHash("sha256");
  for (const m of readMigrations()) hash.update(`${m.name}:${m.checksum}\n`);
  for (const pkg of ["@electric-sql/pglite", "@electric-sql/pglite-pgvector"]) hash.update(`${pkg}@${packageVersion(pkg)}\n`);
  return path.join(CACHE, `pg-template-${hash.digest("hex").slice(0, 16)}.tar`);
}

/** The installed version of a package whose exports hide its package.json: found above its entry file. */
function packageVersion(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (!fs.existsSync(path.join(dir, "package.json")) || (JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: string }).name !== name) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`${name} is not installed`);
    dir = up;
  }
  return (JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version;
}

/** Writes the migrated server's data directory as the template, unless this run's template exists. */
export async function saveTemplate(server: EmbeddedServer, file: string): Promise<void> {
  if (fs.existsSync(file)) return;
  const bytes = await server.dump();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Two projects' setups may write it at once: each writes its own file and renames it into place.
  const partial = `${file}.${process.pid}.${crypto.randomUUID()}`;
  fs.writeFileSync(partial, bytes);
  fs.renameSync(partial, file);
}
