import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commons, helpCenter as c } from "@atelier/contracts";
import { HELP_ARTICLES } from "../src/data/help-center/articles";
import { ARTICLE_QUESTIONS } from "../src/data/help-center/questions";
import { as, registerUser, startTestApi, type TestApi } from "./harness";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const search = (q: string, extra: Record<string, unknown> = {}) => api.client.call(c.searchHelpCenter, { query: { q, ...extra } as never });

describe("help-centre articles", () => {
  it("ships 25+ articles across the chatbot's five topics, stored with embeddings", async () => {
    expect(HELP_ARTICLES.length).toBeGreaterThanOrEqual(25);
    expect(new Set(HELP_ARTICLES.map((a) => a.category))).toEqual(new Set(["getting-started", "pricing", "sales-channels", "fulfillment", "support"]));
    expect(new Set(HELP_ARTICLES.map((a) => a.slug)).size).toBe(HELP_ARTICLES.length);
    const all = await api.client.call(c.listHelpCenterArticles, { query: {} });
    expect(all.list.map((a) => a.slug)).toEqual(HELP_ARTICLES.map((a) => a.slug));
    const { rows } = await api.deps.pool.query("SELECT count(*)::int AS n, count(*) FILTER (WHERE vector_dims(embedding) = 384)::int AS embedded FROM help_center_articles");
    expect(rows[0]).toEqual({ n: HELP_ARTICLES.length, embedded: HELP_ARTICLES.length });
    const pricing = await api.client.call(c.listHelpCenterArticles, { query: { category: "pricing" } });
    expect(pricing.list.length).toBeGreaterThan(5);
    expect(pricing.list.every((a) => a.category === "pricing")).toBe(true);
  });

  it("quotes the product's own constants", async () => {
    const fees = commons.BUSINESS_SETTINGS.fees;
    const fulfilment = await api.client.call(c.getHelpCenterArticle, { params: { slug: "fulfillment-fees" } });
    expect(fulfilment.body).toContain(`$${(fees.fulfillmentPerOrderCents / 100).toFixed(2)} per order`);
    expect(fulfilment.body).toContain("$1.15");
    const text = HELP_ARTICLES.map((a) => `${a.summary} ${a.body}`).join("\n");
    for (const fact of ["$1.00 per bin per SKU", "12 months", "5%", "$0.02", "$0.04", "1000 texts per month", "$0.16", "750", "3000", "$75, $100, $50, $25", "1% cash back", "1200+", "non-refundable once paid", "1000, 2000, 3500, 7000, 10000", "5000, 8000, 15000, 30000, 50000", "Free", "Beginner", "Scaling", "Professional"]) {
      expect(text).toContain(fact);
    }
  });
});

describe("GET /commons/help-center/search", () => {
  it("knows every article the questions name", () => {
    const slugs = new Set(HELP_ARTICLES.map((a) => a.slug));
    expect(Object.keys(ARTICLE_QUESTIONS).filter((slug) => !slugs.has(slug))).toEqual([]);
  });

  it("finds the fulfilment-fee article for \"how much does fulfilment cost\"", async () => {
    const r = await search("how much does fulfilment cost");
    expect(r.list[0]).toMatchObject({ slug: "fulfillment-fees", category: "pricing" });
    expect(r.list[0]!.body).toContain("$1.50");
    expect(r.list[0]!.score).toBeGreaterThan(r.list[1]?.score ?? 0);
  });

  it.each([
    ["what does fulfillment cost per order", "fulfillment-fees"],
    ["storage fee per bin", "storage-fees"],
    ["how much is SMS texting", "sms-pricing"],
    ["can I get a refund for my sample", "sample-order-refunds"],
    ["what plans do you have", "plans-overview"],
    ["connect my shopify store", "connect-sales-channels"],
    ["how do returns work", "returns"],
    ["how many suppliers are there", "find-suppliers"],
    ["import duty on goods from china", "tariffs-and-duties"],
    ["AI credit tiers", "ai-credits"],
    // The storefront chatbot's starter chips and the questions visitors ask first (issue 15, item 4).
    ["how do I get started", "what-is-atelier"],
    ["what plans are there", "plans-overview"],
    ["what are your pricing plans", "plans-overview"],
    ["how much does it cost to start", "plans-overview"],
    ["which sales channels can I sell on", "connect-sales-channels"],
    ["how do I contact support", "contact-support"],
    ["talk to a human", "contact-support"],
    ["can i speak to someone", "contact-support"],
    ["where is my package", "order-statuses"],
    // Paraphrases that are not among the articles' own questions.
    ["how can I get in touch with a real person", "contact-support"],
    ["whats the price of your plans", "plans-overview"],
    ["im new here, how do i start", "what-is-atelier"],
    ["can i sell my stuff on tiktok", "connect-sales-channels"],
    ["hw do i get startd", "what-is-atelier"],
  ])("ranks %s → %s first", async (q, slug) => {
    expect((await search(q)).list[0]?.slug).toBe(slug);
  });

  it("keeps to a category and a limit, and returns nothing for unrelated text", async () => {
    const r = await search("fees", { category: "fulfillment", limit: 2 });
    expect(r.list.length).toBeLessThanOrEqual(2);
    expect(r.list.every((a) => a.category === "fulfillment")).toBe(true);
    expect((await search("qqxzv wwkjh")).list).toEqual([]);
  });

  it("returns nothing, not a 500, for a question with no words", async () => {
    // Offline, such a question embeds to the zero vector, whose cosine distance is NaN: it used to
    // pass the meaning rule with a NaN score, which broke the response contract.
    expect(await search("???")).toEqual({ q: "???", list: [] });
    expect(await search("-- !!")).toEqual({ q: "-- !!", list: [] });
  });

  it("answers 400 for a missing or bad query and 404 for an unknown article", async () => {
    const none = await api.raw("GET", "/commons/help-center/search");
    expect(none.status).toBe(400);
    expect(none.body.details[0].field).toBe("query.q");
    const bad = await api.raw("GET", "/commons/help-center/search?q=fees&limit=500&category=billing");
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(["query.limit", "query.category"]));
    expect((await api.raw("GET", "/commons/help-center/articles/no-such-article")).status).toBe(404);
    expect((await api.raw("GET", "/commons/help-center/articles/Bad%20Slug")).status).toBe(400);
  });
});

/** A storefront-chat thread as the agent server stores it: a visitor's or a signed-in user's. */
async function visitorThread(owner: { anonymousId: string } | { storeId: string; userId: string }): Promise<string> {
  const threadId = crypto.randomUUID();
  const o = "anonymousId" in owner ? [null, null, owner.anonymousId] : [owner.storeId, owner.userId, null];
  await api.deps.pool.query("INSERT INTO agent_threads (thread_id, store_id, user_id, anonymous_id, assistant_id) VALUES ($1, $2, $3, $4, 'storefront-chat')", [threadId, ...o]);
  return threadId;
}

describe("POST /commons/chatbot-feedback", () => {
  it("stores a visitor's rating per message, replacing an earlier one", async () => {
    const threadId = await visitorThread({ anonymousId: "anon-123" });
    const first = await api.client.call(c.submitChatbotFeedback, { body: { threadId, messageId: "m1", rating: "up", anonymousId: "anon-123" } });
    expect(first).toMatchObject({ threadId, messageId: "m1", rating: "up", comment: null });
    const second = await api.client.call(c.submitChatbotFeedback, { body: { threadId, messageId: "m1", rating: "down", comment: "Didn't answer my question", anonymousId: "anon-123" } });
    expect(second).toMatchObject({ id: first.id, rating: "down", comment: "Didn't answer my question" });
    await api.client.call(c.submitChatbotFeedback, { body: { threadId, messageId: "m2", rating: "up", anonymousId: "anon-123" } });
    const { rows } = await api.deps.pool.query("SELECT message_id, rating, store_id FROM chatbot_feedback WHERE thread_id = $1 ORDER BY message_id", [threadId]);
    expect(rows).toEqual([
      { message_id: "m1", rating: "down", store_id: null },
      { message_id: "m2", rating: "up", store_id: null },
    ]);
  });

  it("records the store of a logged-in visitor, accepts preview accounts, and names bad fields", async () => {
    const user = await registerUser(api);
    const threadId = await visitorThread({ storeId: user.store.id, userId: user.user.id });
    await as(api, user.token, c.submitChatbotFeedback, { body: { threadId, messageId: "m1", rating: "up" } });
    const { rows } = await api.deps.pool.query("SELECT store_id, user_id FROM chatbot_feedback WHERE thread_id = $1", [threadId]);
    expect(rows).toEqual([{ store_id: user.store.id, user_id: user.user.id }]);
    const preview = (await api.deps.tokens.sign({ userId: user.user.id, storeId: user.store.id, role: "OWNER", isPreview: true }, "v1")).token;
    await expect(as(api, preview, c.submitChatbotFeedback, { body: { threadId, messageId: "m2", rating: "down" } })).resolves.toMatchObject({ rating: "down" });
    const bad = await api.raw("POST", "/commons/chatbot-feedback", { body: { threadId: "", messageId: "m", rating: "meh", extra: true } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(["body.threadId", "body.rating", "body.extra"]));
  });
});
