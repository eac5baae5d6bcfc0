// Runs embedded Postgres (PGlite) in its own thread and serves it over the wire protocol on
// loopback, so the API's event loop never runs WASM queries itself.
import fs from "node:fs";
import { Blob } from "node:buffer";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { vector } from "@electric-sql/pglite-pgvector";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { citext } from "@electric-sql/pglite/contrib/citext";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import { uuid_ossp } from "@electric-sql/pglite/contrib/uuid_ossp";
import { createSerialQueue } from "./serial-queue.mjs";
import { requirePassword } from "./password-gate.mjs";

const { dataDir, port, maxConnections, secret, template } = workerData;

// Loaded here so CREATE EXTENSION finds them; migrations/0000_extensions.sql creates them, as it
// does on a real Postgres, so both databases get the schema from the migrations alone.
// An in-memory database may start from a template (a dumped data directory): no initdb, and the
// template's migrations already applied (see startEmbeddedPostgres).
const db = await PGlite.create({
  dataDir: dataDir ?? undefined,
  extensions: { vector, pg_trgm, citext, pgcrypto, uuid_ossp },
  ...(template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {}),
});

const server = new PGLiteSocketServer({ db, port, host: "127.0.0.1", maxConnections });
// Swap in the queue that keeps each connection's exchange whole (see serial-queue.mjs), behind the
// data directory's password (password-gate.mjs).
const queue = requirePassword(createSerialQueue(db), secret);
Object.defineProperty(server, "queryQueue", { value: queue, writable: true });
await server.start();
const address = server.getServerConn();
parentPort?.postMessage({ type: "ready", port: Number(address.split(":").pop()) });

parentPort?.on("message", async (msg) => {
  if (msg?.type === "dump") {
    // Asked for only when no connection is open (startEmbeddedPostgres' dump), so no transaction is torn.
    const tarball = await db.dumpDataDir("none");
    parentPort?.postMessage({ type: "dumped", bytes: new Uint8Array(await tarball.arrayBuffer()) });
    return;
  }
  if (msg?.type !== "stop") return;
  await server.stop();
  await db.close();
  parentPort?.postMessage({ type: "stopped" });
});
