import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import path from "node:path";
import type { TestProject } from "vitest/node";
import type { SharedApi } from "./provided-context";

const script = path.join(import.meta.dirname, "api-process.ts");
const root = path.resolve(import.meta.dirname, "../../..");

/**
 * One real API (with its own embedded Postgres) in a child process for every jsdom file of the run,
 * started and migrated once instead of once per file that talks to it. Files share it as the node
 * project's files share their database: each test registers its own stores and users and asserts on
 * its own rows. The child runs apart from jsdom, so a test's fake timers never reach the server.
 */
export default async function setup(project: TestProject) {
  const child = spawn(process.execPath, ["--import", "tsx", script], { cwd: root, stdio: ["pipe", "pipe", "inherit"], env: { ...process.env } });
  const ready = await new Promise<SharedApi>((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", (line) => resolve(JSON.parse(line) as SharedApi));
    child.once("exit", (code) => reject(new Error(`the API process exited before it was ready (code ${code})`)));
  });
  project.provide("sharedApi", ready);
  return async () => {
    if (child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.stdin.end();
    });
  };
}
