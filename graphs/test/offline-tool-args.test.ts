// Every offline tool call parses against its tool's schema: each declared intent's examples go
// through the offline model (every tool bound, as the copilot binds them), and the first call each
// one plans is checked with the schema the real tool validates with, so an offline answer never
// sends arguments the tool would reject.
import { describe, expect, it } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { ALL_TOOL_SPECS, argsSchemaOf, specByName } from "@atelier/tools";
import { OfflineChatModel } from "../src/models/offline-model";
import { INTENTS } from "../src/models/offline-intents";
import { ASSISTANT_IDS as MODEL_ROLES } from "@atelier/contracts/agent-context";

describe("offline tool calls", () => {
  it("parse against the tool's own schema for every declared intent's examples", () => {
    const names = ALL_TOOL_SPECS.map((s) => s.name);
    const problems: string[] = [];
    let checked = 0;
    for (const role of MODEL_ROLES) {
      const model = new OfflineChatModel({ role, tools: names });
      for (const intent of INTENTS.filter((i) => !i.roles || i.roles.includes(role))) {
        for (const example of intent.examples ?? []) {
          const step = model.decide([new HumanMessage(example)]);
          if (!("calls" in step)) continue;
          for (const c of step.calls) {
            const spec = specByName(c.name);
            const parsed = argsSchemaOf(spec.contract, spec).safeParse(c.args);
            checked++;
            if (!parsed.success) problems.push(`${role} "${example}" → ${c.name}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});
