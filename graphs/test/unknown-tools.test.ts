import { describe, expect, it } from "vitest";
import { HumanMessage, type BaseMessage, type ToolMessage } from "@langchain/core/messages";
import { buildGraph, createScriptedModelFactory, type AssistantId } from "../src/index";

// A model asking for a tool its graph does not have (an invented name, or a tool bound to another
// assistant) gets a clear error in the conversation, the operators a log line, and the run goes on
// to the model's answer: never a silent skip, never a crashed run.

/** Nothing listens here: a known tool's call fails to connect, and its failure stays the tool's own. */
const NO_API = "http://127.0.0.1:9";

async function turn(assistantId: AssistantId, calls: { name: string; args: Record<string, unknown> }[]) {
  const lines: { message: string; fields: Record<string, unknown> }[] = [];
  const modelFactory = createScriptedModelFactory([{ toolCalls: calls }, "I could not do that: that action does not exist here."]);
  const graph = buildGraph(assistantId, { modelFactory, apiBaseUrl: NO_API, log: (message, fields) => lines.push({ message, fields }) });
  const state = (await graph.invoke({ messages: [new HumanMessage("Teleport my store to the moon")] }, { configurable: { thread_id: `t-${assistantId}` } })) as { messages: BaseMessage[] };
  const tools = state.messages.filter((m) => m.getType() === "tool") as ToolMessage[];
  return { state, tools, lines, seen: modelFactory.seen };
}

describe("a tool the graph does not have", () => {
  for (const assistantId of ["copilot", "sourcing-agent", "storefront-chat"] as const) {
    it(`is answered with a clear error and logged, and the ${assistantId} model answers after it`, async () => {
      const { state, tools, lines, seen } = await turn(assistantId, [{ name: "teleport_store", args: { to: "moon" } }]);
      expect(tools).toHaveLength(1);
      expect(tools[0]!.status).toBe("error");
      expect(tools[0]!.name).toBe("teleport_store");
      const error = JSON.parse(String(tools[0]!.content)).error;
      expect(error.code).toBe("UNKNOWN_TOOL");
      expect(error.message).toMatch(/^There is no tool named "teleport_store" in this assistant, so nothing was done\. The tools it has are: \w+/);
      expect(lines).toEqual([{ message: "model called a tool this graph does not have", fields: expect.objectContaining({ graph: expect.any(String), tool: "teleport_store" }) }]);
      // The model saw the error before its answer, and the answer ends the turn.
      expect(seen[1]!.some((m) => m.getType() === "tool" && String(m.content).includes("UNKNOWN_TOOL"))).toBe(true);
      expect(state.messages.at(-1)!.content).toBe("I could not do that: that action does not exist here.");
    });
  }

  it("is answered beside the turn's known tools, which still run", async () => {
    // upgrade_plan exists, but not for the storefront's visitors; get_business_settings is the storefront's own.
    const { tools, lines } = await turn("storefront-chat", [
      { name: "upgrade_plan", args: {} },
      { name: "get_business_settings", args: {} },
    ]);
    expect(tools.map((t) => t.name).sort()).toEqual(["get_business_settings", "upgrade_plan"]);
    expect(String(tools.find((t) => t.name === "upgrade_plan")!.content)).toContain('There is no tool named \\"upgrade_plan\\" in this assistant');
    // The known tool ran (and failed on its own: nothing listens at NO_API).
    expect(String(tools.find((t) => t.name === "get_business_settings")!.content)).not.toContain("UNKNOWN_TOOL");
    expect(lines.map((l) => l.fields.tool)).toEqual(["upgrade_plan"]);
  });
});
