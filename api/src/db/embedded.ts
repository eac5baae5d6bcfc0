import crypto from "node:crypto";
import { Worker } from "node:worker_threads";
import fs from "node:fs";
import path from "node:path";

export type EmbeddedServer = {
  port: number;
  url: string;
  /** The data directory as a tarball, to start other in-memory databases from (call it with no connection open). */
  dump(): Promise<Uint8Array>;
  stop(): Promise<void>;
};

export type EmbeddedOptions = {
  /** Directory that persists the database; null keeps it in memory (tests). */
  dataDir: string | null;
  /** Loopback port; 0 picks a free one. */
  port?: number;
  /** Must exceed the sum of every pool that connects (pglite-socket's default of 1 drops connections). */
  maxConnections?: number;
  /**
   * A new database starts from this dumped data directory (a tarball of `dump()`), skipping initdb:
   * an in-memory one, or a data directory that holds no database yet. Defaults to ATELIER_PG_TEMPLATE
   * when that file exists: the test run's migrated database (test/pg-template.ts), which makes each
   * private test database, and a test's fresh data directory, start in a fraction of the time.
   * null starts blank whatever the environment says.
   */
  template?: string | null;
};

/** Starts PGlite in a worker thread and serves it over the Postgres wire protocol on loopback. */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const releaseLock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  // The loopback port asks every connection for this password (embedded/password-gate.mjs).
  const secret = options.dataDir ? dataDirSecret(options.dataDir) : crypto.randomBytes(32).toString("base64url");
  const template = options.template === null || (options.dataDir && holdsDatabase(options.dataDir)) ? undefined : (options.template ?? runTemplate());
  const worker = new Worker(new URL("./embedded/pglite-worker.mjs", import.meta.url), {
    workerData: { dataDir: options.dataDir, port: options.port ?? 0, maxConnections: options.maxConnections ?? 200, secret, template },
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`embedded Postgres exited during start (code ${code})`)));
      worker.on("message", (msg: { type: string; port?: number }) => {
        if (msg.type === "ready" && msg.port) resolve(msg.port);
      });
    });
    worker.removeAllListeners("exit");
    worker.removeAllListeners("error");
    worker.on("error", (err) => console.error("embedded Postgres failed", err));
    return {
      port,
      url: `postgres://postgres:${secret}@127.0.0.1:${port}/postgres`,
      dump() {
        return new Promise<Uint8Array>((resolve) => {
          const onMessage = (msg: { type: string; bytes?: Uint8Array }) => {
            if (msg.type !== "dumped" || !msg.bytes) return;
            worker.off("message", onMessage);
            resolve(msg.bytes);
          };
          worker.on("message", onMessage);
          worker.postMessage({ type: "dump" });
        });
      },
      async stop() {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 5000);
          worker.on("message", (msg: { type: string }) => {
            if (msg.type !== "stopped") return;
            clearTimeout(timer);
            void worker.terminate().then(() => resolve());
          });
          worker.postMessage({ type: "stop" });
        });
        releaseLock();
      },
    };
  } catch (err) {
    await worker.terminate();
    releaseLock();
    throw err;
  }
}

/** The test run's template for new databases, if one was made (test/pg-template.ts sets it). */
function runTemplate(): string | undefined {
  const file = process.env.ATELIER_PG_TEMPLATE;
  return file && fs.existsSync(file) ? file : undefined;
}

/** A data directory that already holds a database opens it (PGlite refuses to load a template over one). */
function holdsDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, "PG_VERSION"));
}

export const DB_SECRET_FILE = "db-secret";

/**
 * The embedded database's password: made once per data directory and kept beside its files, readable
 * by this user only (0600; a looser file is tightened). Only this user's processes can read it, as
 * they can the database files themselves.
 */
export function dataDirSecret(dataDir: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DB_SECRET_FILE);
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} does not hold a database secret. Delete it to have a new one made.`);
  return secret;
}

/**
 * One process per data directory: PGlite has no lock of its own, and two processes writing
 * the same files corrupt them. A stale lock (its process is gone) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "atelier.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number(fs.readFileSync(lockPath, "utf8"));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The data directory ${dataDir} is in use by another Atelier process (pid ${holder}). ` +
            `Stop that process, or set ATELIER_DATA_DIR to another directory.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
