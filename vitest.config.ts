import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

const rootModules = fileURLToPath(new URL("./node_modules/", import.meta.url));
// The browser tests drive Debian's Chromium. Without it (a fresh laptop) they are left out with a
// warning; CI installs it and always runs them.
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const runBrowserTests = existsSync(chromium) || Boolean(process.env.CI);
if (!runBrowserTests) console.warn(`\n⚠ ${chromium} not found: the browser tests (web/e2e) are skipped. Install it with \`apt-get install chromium\` (Debian) to run them.\n`);

// Every test visitor comes from 127.0.0.1 on the run's one database: the per-address daily thread cap
// (docs/security.md, item 8) is raised for the run; test/security/visitor-caps.test.ts sets its own.
const testEnv = { NODE_ENV: "test", ATELIER_LOG_LEVEL: "silent", ATELIER_JWT_SECRET: "test-secret-that-is-long-enough-0123456789", ATELIER_VISITOR_ADDRESS_THREADS_PER_DAY: "100000" };

/**
 * Three projects, one run (`npm test`):
 * - node: API, agent server, graphs, tools, contracts, cross-cutting tests; one embedded Postgres
 *   for the run (test/global-setup.ts), every test with its own stores and users.
 * - web: component tests in jsdom, with the root React (react-router and testing-library resolve
 *   it; a second copy from web/node_modules would break hooks).
 * - web-e2e: headless Chromium against the API and agent server started in-process with the built app.
 */
const browserProject = {
  test: {
    name: "web-e2e",
    environment: "node",
    include: ["web/e2e/**/*.test.ts"],
    // The app is built once before any file starts: files starting together must not rebuild web/dist at once.
    globalSetup: ["./test/global-setup.ts", "./web/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks" as const,
    // One process per worker for all its files (see the node project): the imports are paid once.
    isolate: false,
    env: testEnv,
  },
};

export default defineConfig({
  test: {
    // The default output, then each file's time, slowest first (CI shows where the minutes go).
    reporters: ["default", "./test/timings-reporter.ts"],
    // Two files at a time at least. Vitest's default (CPUs - 1) is one file at a time on a 2-core
    // machine, where most of a file's time is spent waiting on the embedded database, the API or
    // Chromium; files are written to share the run's database, so running two together is safe.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: "node",
          include: ["{api,tools,graphs,agent-server,contracts}/test/**/*.test.ts", "test/**/*.test.ts"],
          globalSetup: ["./test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: "forks",
          // A file's imports (the API, agent server and graphs: about 1,300 modules) took 4 s of every
          // file's time when each file had a fresh process; files share the worker's modules instead.
          // They can: every file makes its own stores, users and servers, and none mocks a module or
          // changes the environment (docs/decisions.md).
          isolate: false,
          env: testEnv,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { react: `${rootModules}react`, "react-dom": `${rootModules}react-dom` } },
        test: { name: "web", environment: "jsdom", include: ["web/test/**/*.test.{ts,tsx}"], setupFiles: ["./web/test/support/jsdom-setup.ts"], globalSetup: ["./web/test/support/global-setup.ts"], env: testEnv },
      },
      ...(runBrowserTests ? [browserProject] : []),
    ],
  },
});
