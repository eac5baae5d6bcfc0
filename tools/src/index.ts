import type { StructuredToolInterface } from "@langchain/core/tools";
import { toolFromContract, type ToolDeps, type ToolSpec } from "./tool-from-contract";
import { TOOL_SPECS } from "./tool-results";

export * from "./run-context";
export * from "./tool-from-contract";
export * from "./tool-results";
export * from "./tool-domains";

/** Every agent tool: one per contract an agent should call, plus agent-only variants (public search, fixed filters). */
export const ALL_TOOL_SPECS: ToolSpec[] = TOOL_SPECS;

/** Builds the named tools (all of them when names is omitted) for one graph. */
export function createTools(deps: ToolDeps, names?: readonly string[]): StructuredToolInterface[] {
  const specs = names ? names.map((name) => specByName(name)) : ALL_TOOL_SPECS;
  return specs.map((spec) => toolFromContract(spec, deps));
}

/** The spec of one tool; throws on an unknown name so a typo fails at graph build, not at run time. */
export function specByName(name: string): ToolSpec {
  const spec = ALL_TOOL_SPECS.find((s) => s.name === name);
  if (!spec) throw new Error(`Unknown tool ${name}`);
  return spec;
}

/** Tool names that exist, for graphs that use a tool only once its contract has landed. */
export function hasTool(name: string): boolean {
  return ALL_TOOL_SPECS.some((s) => s.name === name);
}
