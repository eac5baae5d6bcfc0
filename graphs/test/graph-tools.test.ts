import { describe, expect, it } from "vitest";
import type { ToolName } from "@atelier/tools";
import { buildGraphTools } from "../src/shared/agent-loop";

describe("a graph's tools", () => {
  it("fail the graph's build on a tool name that does not exist, instead of leaving the tool out", () => {
    expect(() => buildGraphTools({ apiBaseUrl: "http://unused.invalid" }, ["get_plan", "get_plans" as ToolName])).toThrow(/Unknown tool get_plans/);
    expect(buildGraphTools({ apiBaseUrl: "http://unused.invalid" }, ["get_plan"]).map((t) => t.name)).toEqual(["get_plan"]);
  });
});
