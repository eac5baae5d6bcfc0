import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { buildGraph, createModelFactoryFromEnv } from "../src/index";
import { startFakeOpenAiServer, type FakeOpenAiServer, type FakeReply } from "../../eval/fake-openai-server";

// A failing model provider never fails the run: the user reads a sentence, after whatever the
// model had already said.

let fake: FakeOpenAiServer;
const replies: FakeReply[] = [];
beforeAll(async () => {
  fake = await startFakeOpenAiServer(() => replies.shift() ?? { text: "ok" });
});
afterAll(async () => {
  await fake.close();
});

async function answer(assistant: "copilot" | "storefront-chat" | "tariff-rate-agent") {
  const modelFactory = createModelFactoryFromEnv({ OPENAI_BASE_URL: fake.baseUrl, ATELIER_MODEL: "fake-model" });
  const graph = buildGraph(assistant, { modelFactory, apiBaseUrl: "http://127.0.0.1:1" });
  const state = (await graph.invoke({ messages: [new HumanMessage("hello")] }, { configurable: { thread_id: crypto.randomUUID() } })) as { messages: BaseMessage[] };
  return String(state.messages.at(-1)?.content);
}

describe("model provider errors", () => {
  it("turn a refused key into a sentence, not a failed run", async () => {
    replies.push({ status: 401, error: "Incorrect API key provided" });
    const text = await answer("copilot");
    expect(text).toContain("API key is missing or not allowed");
    expect(text).not.toContain("401");
  });

  it("turn a rate limit into a sentence", async () => {
    // The SDK retries a 429 once.
    replies.push({ status: 429, error: "Rate limit reached" }, { status: 429, error: "Rate limit reached" });
    expect(await answer("storefront-chat")).toContain("busy or over its quota");
  });

  it("keep the partial answer when the provider drops mid-answer", async () => {
    replies.push({ text: "The duty on ceramic mugs from Vietnam is 10%, and", cutAfterText: true });
    const text = await answer("tariff-rate-agent");
    expect(text.startsWith("The duty on ceramic mugs from Vietnam is 10%, and"), text).toBe(true);
    expect(text).toContain("could not be reached just now");
  });
});
