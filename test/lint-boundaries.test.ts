import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The boundary rules of eslint.config.js, run on small sources placed (in name only) where they
// would break a boundary: each must be reported, and the allowed form must not.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const eslint = new ESLint({ cwd: root });

async function rulesHit(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

describe("lint boundaries", () => {
  it("keeps graphs and tools out of api/src", async () => {
    const code = 'import { AppError } from "../../api/src/errors";\nexport const e = AppError;\n';
    expect(await rulesHit("graphs/src/probe.ts", code)).toContain("import-x/no-restricted-paths");
    expect(await rulesHit("tools/src/probe.ts", code)).toContain("import-x/no-restricted-paths");
  });

  it("lets the agent server use only @atelier/api/platform", async () => {
    expect(await rulesHit("agent-server/src/probe.ts", 'import { AppError } from "../../api/src/errors";\nexport const e = AppError;\n')).toContain("import-x/no-restricted-paths");
    expect(await rulesHit("agent-server/src/probe.ts", 'import { AppError } from "@atelier/api/platform";\nexport const e = AppError;\n')).toEqual([]);
  });

  it("keeps HTTP out of api services", async () => {
    expect(await rulesHit("api/src/services/stores/probe.ts", 'import type { Request } from "express";\nexport type R = Request;\n')).toContain("no-restricted-imports");
    expect(await rulesHit("api/src/services/stores/probe.ts", 'import { parsePart } from "../../http/validate";\nexport const p = parsePart;\n')).toContain("import-x/no-restricted-paths");
  });

  it("keeps the web's shared UI kit out of features", async () => {
    const code = 'import { parseMarketplaceState } from "../features/marketplace/marketplace-state";\nexport const p = parseMarketplaceState;\n';
    expect(await rulesHit("web/src/ui/probe.tsx", code)).toContain("import-x/no-restricted-paths");
    expect(await rulesHit("web/src/ui/probe.tsx", 'import { centsToUsd } from "./money";\nexport const m = centsToUsd;\n')).toEqual([]);
    expect(await rulesHit("web/src/features/orders/probe.tsx", 'import { centsToUsd } from "../../ui/money";\nexport const m = centsToUsd;\n')).toEqual([]);
  });

  it("keeps each web feature out of the others' files", async () => {
    const code = 'import { FavoriteButton } from "../marketplace/favorite-button";\nexport const f = FavoriteButton;\n';
    expect(await rulesHit("web/src/features/checkout/probe.tsx", code)).toContain("import-x/no-restricted-paths");
    expect(await rulesHit("web/src/features/marketplace/probe.tsx", 'import { FavoriteButton } from "./favorite-button";\nexport const f = FavoriteButton;\n')).toEqual([]);
  });

  it("keeps SQL in queries modules", async () => {
    const code = 'import type { Queryable } from "../../db/pool";\nexport const f = (db: Queryable) => db.query("SELECT 1 FROM stores WHERE id = $1", ["x"]);\n';
    expect(await rulesHit("api/src/services/stores/probe.ts", code)).toContain("no-restricted-syntax");
    expect(await rulesHit("api/src/queries/probe.ts", code.replace("../../db/pool", "../db/pool"))).toEqual([]);
  });

  it("reports an import cycle", async () => {
    // graphs/src/index.ts imports the copilot graph: a module it imports that imports it back is a cycle.
    const code = 'import { buildGraph } from "../index";\nexport const b = buildGraph;\n';
    expect(await rulesHit("graphs/src/copilot/graph.ts", code)).toContain("import-x/no-cycle");
  });
});
