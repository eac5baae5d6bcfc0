import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph";
import { HumanMessage, type AIMessage, type BaseMessage, type ToolMessage } from "@langchain/core/messages";
import { runContextOf } from "@atelier/tools";
import { startTestApi, type TestApi } from "../../api/test/harness";
import { seedCatalog, uniq } from "../../api/test/marketplace-fixtures";
import { buildGraph, createScriptedModelFactory, type ScriptStep } from "../src/index";
import { STOREFRONT_TOOLS } from "../src/storefront-chat/graph";

// The visitor-facing chatbot through real tools and the real API, as an anonymous visitor: no
// token in the run, only the anonymous creator id the agent server passes.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const visitor = () => ({ configurable: { thread_id: crypto.randomUUID() }, context: runContextOf({ apiBaseUrl: api.url, anonymousId: `visitor-${crypto.randomUUID()}` }) });
const messagesOf = (state: unknown) => (state as { messages: BaseMessage[] }).messages;
const toolCalls = (messages: BaseMessage[]) => messages.flatMap((m) => (m.getType() === "ai" ? ((m as AIMessage).tool_calls ?? []).map((c) => c.name) : []));
const resultOf = (messages: BaseMessage[], name: string) => JSON.parse(String([...messages].reverse().find((m) => m.getType() === "tool" && (m as ToolMessage).name === name)?.content));
const contentType = (m: BaseMessage | undefined) => m?.additional_kwargs?.contentType;

/** A leather-bag maker and a ceramics maker with one item each, under a made-up word only this test uses. */
async function catalog() {
  const word = `zq${uniq().replace(/[0-9]/g, "")}`;
  const f = await seedCatalog(
    api.deps.pool,
    [
      { name: `Saddlecraft ${word} Leather`, countryCode: "IT", region: "EU", moq: 100, capabilities: ["leather bags", word], description: "Hand-stitched leather bags" },
      { name: `Kiln ${word} Ceramics`, countryCode: "VN", region: "AS", moq: 50, capabilities: ["ceramic mugs", word] },
    ],
    [{ supplier: 1, title: `Speckled ${word} ceramic mug`, samplePrice: 1500, moq: 50 }],
  );
  return { word, leather: f.supplierIds[0]!, ceramics: f.supplierIds[1]!, mug: f.itemIds[0]! };
}

/** One visitor turn on a thread with its own scripted model; the checkpointer carries the thread. */
function chat() {
  const checkpointer = new MemorySaver();
  const config = visitor();
  return {
    async say(text: string, steps: ScriptStep[]) {
      const model = createScriptedModelFactory(steps);
      const graph = buildGraph("storefront-chat", { modelFactory: model, checkpointer, apiBaseUrl: api.url });
      const out = messagesOf(await graph.invoke({ messages: [new HumanMessage(text)] }, config));
      const lastHuman = out.map((m) => m.getType()).lastIndexOf("human");
      return { model, all: out, turn: out.slice(lastHuman + 1), answer: out.at(-1) };
    },
  };
}

describe("storefront chat (scripted model, real tools, real API, anonymous visitor)", () => {
  it("binds only tools that work without an account", async () => {
    const { model } = await chat().say("hi", ["Hi! Ask me about Atelier."]);
    expect([...model.boundTools[0]!].sort()).toEqual([...STOREFRONT_TOOLS].sort());
    expect(model.boundTools[0]).not.toContain("search_suppliers");
  });

  it("shows suppliers, then products: the tool turn is tagged loading, the answers supplier and product", async () => {
    const c = await catalog();
    const thread = chat();
    const suppliers = await thread.say("show me suppliers of leather bags", [
      { toolCalls: [{ name: "search_public_suppliers", args: { keyword: `${c.word} leather bags`, size: 5 } }] },
      "Here are leather bag makers.",
    ]);
    expect(toolCalls(suppliers.turn)).toEqual(["search_public_suppliers"]);
    expect(contentType(suppliers.turn[0])).toBe("loading");
    expect(contentType(suppliers.answer)).toBe("supplier");
    const found = resultOf(suppliers.turn, "search_public_suppliers");
    expect(found.error).toBeUndefined();
    expect(found.list[0]).toMatchObject({ id: c.leather, name: `Saddlecraft ${c.word} Leather`, countryCode: "IT" });
    // The widget turns a tool named like a supplier search with a list of {id, name} into supplier cards.
    expect(suppliers.turn.find((m) => m.getType() === "tool")?.name).toMatch(/supplier|compan|factor/);

    const products = await thread.say("find products like ceramic mugs", [
      { toolCalls: [{ name: "search_public_catalog_items", args: { keyword: `${c.word} ceramic mug` } }] },
      "Here are mugs.",
    ]);
    expect(toolCalls(products.turn)).toEqual(["search_public_catalog_items"]);
    expect(contentType(products.answer)).toBe("product");
    const items = resultOf(products.turn, "search_public_catalog_items");
    expect(items.list[0]).toMatchObject({ id: c.mug, title: `Speckled ${c.word} ceramic mug`, supplierName: `Kiln ${c.word} Ceramics`, samplePriceCents: 1500 });
    expect(items.size).toBe(8);
    expect(products.turn.find((m) => m.getType() === "tool")?.name).toMatch(/product|catalog|item/);
    expect(products.turn.find((m) => m.getType() === "tool")?.name).not.toMatch(/supplier|compan|factor/);
    // The first turn keeps its own type.
    expect(contentType(products.all.find((m) => m.getType() === "ai" && m.content === "Here are leather bag makers."))).toBe("supplier");
  });

  it("tags an API error as a notice, an empty search as text, and the getting-started topic as such", async () => {
    const thread = chat();
    const failed = await thread.say("find products in the gizmos group", [
      { toolCalls: [{ name: "search_public_catalog_items", args: { keyword: "gizmo", group: "products/no-such-group" } }] },
      "Sorry, I couldn't search that group.",
    ]);
    expect(resultOf(failed.turn, "search_public_catalog_items").error).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
    expect(contentType(failed.answer)).toBe("notice");

    const empty = await thread.say("show me suppliers of unobtainium", [
      { toolCalls: [{ name: "search_public_suppliers", args: { keyword: `unobtainium${uniq()}`, countryCodes: ["AQ"] } }] },
      "No supplier makes that yet.",
    ]);
    expect(resultOf(empty.turn, "search_public_suppliers").list).toEqual([]);
    expect(contentType(empty.answer)).toBe("text");

    const start = await thread.say("how do I get started", [{ toolCalls: [{ name: "search_help_centre", args: { q: "how do I get started" } }] }, "Sign up, then open the homebase."]);
    expect(toolCalls(start.turn)).toEqual(["search_help_centre"]);
    expect(resultOf(start.turn, "search_help_centre").list.length).toBeGreaterThan(0);
    expect(contentType(start.answer)).toBe("getting started");
  });

  it("refuses a page larger than the public cap before any HTTP, and says so as a notice", async () => {
    const thread = chat();
    const big = await thread.say("show me 50 suppliers", [{ toolCalls: [{ name: "search_public_suppliers", args: { keyword: "bags", size: 50 } }] }, "I can show at most 20 at a time."]);
    const refusal = big.turn.find((m) => m.getType() === "tool");
    expect(String(refusal?.content)).toMatch(/size|20/);
    expect(contentType(big.answer)).toBe("notice");
  });
});
