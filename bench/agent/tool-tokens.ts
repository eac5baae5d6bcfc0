// Part of `npm run bench:agent`: the tokens of tool definitions each assistant sends a language
// model per request, read off the real request (the graphs talk to a local OpenAI-compatible
// server that records what it is sent), counted with OpenAI's o200k_base encoding. The copilot is
// measured on several screens, since its toolset follows the screen. Target: copilot ≤ 6k.
import crypto from "node:crypto";
import { getEncoding } from "js-tiktoken";
import { HumanMessage } from "@langchain/core/messages";
import { buildScreenContext, type AssistantId } from "@atelier/contracts/agent-context";
import { buildGraph, createModelFactoryFromEnv } from "@atelier/graphs";
import { runContextOf } from "@atelier/tools";
import { startFakeOpenAiServer } from "../../eval/fake-openai-server";

const encoding = getEncoding("o200k_base");
const fake = await startFakeOpenAiServer(() => ({ text: "ok" }));
const modelFactory = createModelFactoryFromEnv({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: "bench", ATELIER_MODEL: "bench-model" });

const runs: { assistant: AssistantId; route?: string; entity?: { type: "supplier" | "order"; id: string } }[] = [
  { assistant: "copilot", route: "/home" },
  { assistant: "copilot", route: "/browse-suppliers" },
  { assistant: "copilot", route: "/supplier-profile/:supplierId", entity: { type: "supplier", id: crypto.randomUUID() } },
  { assistant: "copilot", route: "/orders" },
  { assistant: "copilot", route: "/inbox/orders" },
  { assistant: "copilot", route: "/account-info" },
  { assistant: "copilot", route: "/inbox/custom-project-requests" },
  { assistant: "copilot", route: "/sourcing-agent" },
  { assistant: "sourcing-agent" },
  { assistant: "tariff-rate-agent" },
  { assistant: "packaging-agent" },
  { assistant: "storefront-chat" },
];

console.log("\n4. tokens of tool definitions per request (o200k_base), per assistant:");
let copilotMax = 0;
for (const run of runs) {
  const graph = buildGraph(run.assistant, { modelFactory, apiBaseUrl: "http://127.0.0.1:1" });
  const screen = run.route ? buildScreenContext({ route: run.route, entity: run.entity ?? null }) : null;
  const before = fake.requests.length;
  await graph.invoke({ messages: [new HumanMessage("hello")] }, { configurable: { thread_id: crypto.randomUUID() }, context: runContextOf({ screen }) });
  const request = fake.requests[before]!;
  const tools = request.tools ?? [];
  const tokens = encoding.encode(JSON.stringify(tools)).length;
  if (run.assistant === "copilot") copilotMax = Math.max(copilotMax, tokens);
  console.log(`  ${`${run.assistant}${run.route ? ` on ${run.route}` : ""}`.padEnd(50)} ${String(tools.length).padStart(3)} tools  ${String(tokens).padStart(6)} tokens`);
}
console.log(`copilot, largest toolset: ${copilotMax} tokens (target ≤ 6000) ${copilotMax <= 6000 ? "✓" : "✗"}`);
await fake.close();
