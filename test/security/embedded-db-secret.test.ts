import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DB_SECRET_FILE, startEmbeddedPostgres, type EmbeddedServer } from "../../api/src/db/embedded";

// Issue 14, item 15: the embedded database's loopback port asks for the data directory's secret.

let dataDir: string;
let server: EmbeddedServer;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-db-secret-"));
  server = await startEmbeddedPostgres({ dataDir });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function connect(password: string | undefined, user = "postgres") {
  const client = new pg.Client({ host: "127.0.0.1", port: server.port, user, password, database: "postgres" });
  try {
    await client.connect();
    const { rows } = await client.query("SELECT 1 + 1 AS two");
    return rows[0].two as number;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe("the embedded database's password", () => {
  it("is made once, kept in the data directory with mode 0600, and is what the app's own URL carries", () => {
    const file = path.join(dataDir, DB_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const secret = fs.readFileSync(file, "utf8");
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(new URL(server.url).password).toBe(secret);
  });

  it("lets the app's own connection in", async () => {
    const pool = new pg.Pool({ connectionString: server.url, max: 2 });
    expect((await pool.query("SELECT 2 + 2 AS four")).rows[0].four).toBe(4);
    await pool.end();
  });

  it("refuses any other password, user or none with 28P01, and answers nothing else on that connection", async () => {
    for (const [password, user] of [["postgres", "postgres"], ["", "postgres"], [undefined, "admin"], ["x".repeat(500), "postgres"]] as const) {
      await expect(connect(password, user)).rejects.toMatchObject({ code: "28P01" });
    }
    // A raw client that skips the password and sends a query gets the error, not rows.
    const net = await import("node:net");
    const reply = await new Promise<Buffer>((resolve, reject) => {
      const socket = net.connect(server.port, "127.0.0.1");
      const chunks: Buffer[] = [];
      socket.on("data", (c) => {
        chunks.push(c);
        if (Buffer.concat(chunks).includes(Buffer.from("28P01"))) socket.end();
      });
      socket.on("end", () => resolve(Buffer.concat(chunks)));
      socket.on("error", reject);
      const startup = Buffer.concat([Buffer.alloc(8), Buffer.from("user\0postgres\0database\0postgres\0\0")]);
      startup.writeInt32BE(startup.length, 0);
      startup.writeInt32BE(196608, 4);
      const sql = Buffer.from("SELECT 42\0");
      const query = Buffer.concat([Buffer.from("Q"), Buffer.alloc(4), sql]);
      query.writeInt32BE(4 + sql.length, 1);
      socket.write(startup);
      socket.once("data", () => socket.write(query));
    });
    expect(reply.includes(Buffer.from("28P01"))).toBe(true);
    expect(reply.includes(Buffer.from("42"))).toBe(false);
  });

  it("keeps the same secret across restarts, and tightens a file left readable by others", async () => {
    const before = fs.readFileSync(path.join(dataDir, DB_SECRET_FILE), "utf8");
    await server.stop();
    fs.chmodSync(path.join(dataDir, DB_SECRET_FILE), 0o644);
    server = await startEmbeddedPostgres({ dataDir });
    expect(fs.readFileSync(path.join(dataDir, DB_SECRET_FILE), "utf8")).toBe(before);
    expect(fs.statSync(path.join(dataDir, DB_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(await connect(before)).toBe(2);
  });
});
