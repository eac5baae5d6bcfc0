// `npm run check` (the first half of `npm test`): ESLint and the two TypeScript programs at the same
// time. Each is one single-threaded process, and they read nothing of each other's: run one after
// another they left a core idle for all their 108 s; side by side they take about as long as the
// longest. Each one's output is printed whole when it ends; the exit code is non-zero when any failed.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

const CHECKS: { name: string; command: string; args: string[] }[] = [
  { name: "lint (eslint .)", command: bin("eslint"), args: ["."] },
  { name: "typecheck (tsconfig.json)", command: bin("tsc"), args: ["-p", "tsconfig.json"] },
  { name: "typecheck (web/tsconfig.json)", command: bin("tsc"), args: ["-p", "web/tsconfig.json"] },
];

function run(check: (typeof CHECKS)[number]): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    // Colours as in a terminal, though the output goes through a pipe.
    const child = spawn(check.command, check.args, { cwd: root, env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" }, stdio: ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => output.push(b));
    child.stderr.on("data", (b: Buffer) => output.push(b));
    let settled = false;
    const done = (ok: boolean, note = "") => {
      // A child that fails to start reports an error and then closes: print it once.
      if (settled) return;
      settled = true;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n${ok ? "✓" : "✗"} ${check.name}: ${ok ? "passed" : "failed"} in ${seconds} s${note}\n${Buffer.concat(output).toString()}`);
      resolve(ok);
    };
    child.once("error", (err) => done(false, ` (${err.message})`));
    child.once("close", (code) => done(code === 0));
  });
}

const results = await Promise.all(CHECKS.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
