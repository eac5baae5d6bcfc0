import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["./test/global-setup.ts"],
    include: ["{api,tools,graphs,agent-server,contracts}/test/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    env: { NODE_ENV: "test", ATELIER_LOG_LEVEL: "silent", ATELIER_JWT_SECRET: "test-secret-that-is-long-enough-0123456789" },
  },
});
