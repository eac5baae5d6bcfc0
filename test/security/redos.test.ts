import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourcingAgent } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, type TestUser } from "../../api/test/harness";

// Issue 14, item 1: one logged-in request with a crafted 200,000-character page froze the API for
// about 95 s (regular expressions that retried from every position). Each case must complete within
// the test's default timeout; the figures are not asserted.
let api: TestApi;
let user: TestUser;
beforeAll(async () => {
  api = await startTestApi();
  user = await registerUser(api);
});
afterAll(() => api.close());

const MAX = 200_000;
/** A page of exactly the largest size the contract accepts: `head`, then `unit` repeated, then `tail`. */
const page = (head: string, unit: string, tail = "") => (head + unit.repeat(MAX)).slice(0, MAX - tail.length) + tail;

describe("analyze-suppliers-info on worst-case pages", () => {
  it.each([
    ["unclosed scripts", page("", "<script>")],
    ["tags that never close", page("<p>x</p>", "<a")],
    ["titles that never close", page("", "<title")],
    ["a long address without its @", page("<p>x</p>", "a")],
    ["many @ signs", page("<p>x</p>", "a@")],
    ["dotted domains", page("<p>x</p>a@", "a.")],
    ["stray angle brackets", page("<p>x</p>", "< ", ">")],
  ])("%s complete", async (_name, pageText) => {
    expect(pageText).toHaveLength(MAX);
    const out = await as(api, user.token, sourcingAgent.analyzeSuppliersInfo, { body: { supplierUrl: "https://factory.example.com", pageText } });
    expect(out.website).toBe("factory.example.com");
  });

  it("still reads a real page", async () => {
    const pageText = `<html><head><title>Linen Works | Home</title><script>var a = "<p>hidden</p>";</script></head>
      <body><h1>Linen Works</h1><p>Cut and sew, embroidery. Made in Portugal. MOQ: 300 pieces.</p>
      <p>Write to sales@linenworks.example.com. or call +351 21 123 4567</p></body></html>`;
    const out = await as(api, user.token, sourcingAgent.analyzeSuppliersInfo, { body: { supplierUrl: "https://linenworks.example.com", pageText } });
    expect(out).toMatchObject({ name: "Linen Works", moq: 300, countryCode: "PT", emails: ["sales@linenworks.example.com"], phoneNumbers: ["+351 21 123 4567"] });
    expect(out.capabilities).toEqual(expect.arrayContaining(["cut and sew", "embroidery"]));
  });
});
