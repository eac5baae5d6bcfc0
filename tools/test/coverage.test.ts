import { describe, expect, it } from "vitest";
import { allContracts, isMutating } from "@atelier/contracts";
import { ALL_TOOL_SPECS, createTools, toolDefinition } from "../src/index";

/** Mutating contracts allowed to lack both a tool and a noToolReason: keep EMPTY. */
const KNOWN_EXCEPTIONS: string[] = [];

describe("tool coverage", () => {
  it("gives every mutating contract a tool or a written noToolReason", () => {
    const covered = new Set(ALL_TOOL_SPECS.map((s) => s.contract.id));
    const missing = allContracts.filter((c) => isMutating(c) && !covered.has(c.id) && !c.noToolReason && !KNOWN_EXCEPTIONS.includes(c.id)).map((c) => `${c.method} ${c.path} (${c.id})`);
    expect(missing).toEqual([]);
  });

  it("names tools snake_case verb_noun, once each, over contracts that exist", () => {
    const names = ALL_TOOL_SPECS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+(_[a-z0-9]+)+$/);
    const ids = new Set(allContracts.map((c) => c.id));
    for (const spec of ALL_TOOL_SPECS) expect(ids.has(spec.contract.id), spec.name).toBe(true);
  });

  it("describes every argument and says when to use each tool", () => {
    const undocumented: string[] = [];
    for (const tool of createTools({ apiBaseUrl: "http://127.0.0.1:1" })) {
      const fn = toolDefinition(tool) as { description: string; parameters: { properties?: Record<string, { description?: string }> } };
      expect(fn.description.length, tool.name).toBeGreaterThan(30);
      for (const [arg, schema] of Object.entries(fn.parameters.properties ?? {})) if (!schema.description) undocumented.push(`${tool.name}.${arg}`);
    }
    expect(undocumented).toEqual([]);
  });
});
