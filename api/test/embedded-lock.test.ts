import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "../src/db/pool";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-lock-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function startHolder() {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "fixtures/hold-data-dir.ts"), dataDir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => d.toString().includes("ready") && resolve());
    child.once("exit", (code) => reject(new Error(`holder exited early (${code})`)));
  });
  return { child, ready };
}

it("refuses a second process on the same data directory, and persists across restarts", async () => {
  const holder = startHolder();
  await holder.ready;
  await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by another Atelier process \(pid \d+\)/);

  const exited = new Promise((resolve) => holder.child.once("exit", resolve));
  holder.child.kill("SIGTERM");
  await exited;

  const db = await openDatabase({ dataDir, poolSize: 1 });
  try {
    const { rows } = await db.pool.query("SELECT v FROM kept");
    expect(rows).toEqual([{ v: "written by the first process" }]);
  } finally {
    await db.close();
  }
}, 60_000);

it("takes over the lock of a process that died", async () => {
  fs.writeFileSync(path.join(dataDir, "atelier.lock"), "999999");
  const db = await openDatabase({ dataDir, poolSize: 1 });
  await db.close();
  expect(fs.existsSync(path.join(dataDir, "atelier.lock"))).toBe(false);
}, 60_000);
