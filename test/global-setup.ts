import type { TestProject } from "vitest/node";
import pg from "pg";
import { startEmbeddedPostgres } from "../api/src/db/embedded";
import { migrate } from "../api/src/db/migrate";
import { saveTemplate, templatePath } from "./pg-template";

declare module "vitest" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One embedded Postgres for the whole run, migrated once. Every test makes its own stores and
 * users, so files share it without seeing each other's data.
 */
export default async function setup(project: TestProject) {
  // Every in-memory database started after this (test files' private ones, child processes' APIs)
  // starts from the migrated template (./pg-template.ts); the run's own one too, when it exists.
  const template = templatePath();
  process.env.ATELIER_PG_TEMPLATE = template;
  const server = await startEmbeddedPostgres({ dataDir: null, maxConnections: 400 });
  const pool = new pg.Pool({ connectionString: server.url, max: 2 });
  await migrate(pool);
  await pool.end();
  await saveTemplate(server, template);
  project.provide("databaseUrl", server.url);
  return async () => {
    await server.stop();
  };
}
