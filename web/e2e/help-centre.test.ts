import { describe, expect, it } from "vitest";
import { registerUser } from "../../api/test/harness";
import { pageAs, poll, useWebApi } from "./browser";

// The help centre (/education) as a store owner uses it: browse the articles by topic, search them,
// read one, and ask the assistant about it through the page's chat entry.

const env = useWebApi();

describe("the help centre", () => {
  it("lists every article by topic, narrows to one topic, searches, opens an article and asks the assistant about it", async () => {
    const page = await pageAs(env.browser, await registerUser(env.api));
    await page.goto(`${env.api.url}/education`);
    await poll(() => page.getByTestId("help-article").count()).toBe(35);
    expect(await page.getByRole("heading", { level: 2 }).allTextContents()).toEqual(["Getting started", "Plans and pricing", "Sales channels", "Storage and fulfilment", "Support"]);

    await page.getByRole("link", { name: "Plans and pricing" }).click();
    await poll(() => page.getByRole("heading", { level: 2 }).allTextContents()).toEqual(["Plans and pricing"]);

    await page.getByLabel("Search the help centre").fill("how much does fulfilment cost per order");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await poll(() => page.getByTestId("help-result-count").textContent()).toMatch(/articles for/);
    expect(await page.getByTestId("help-article").first().textContent()).toMatch(/[Ff]ulfil/);

    await page.goto(`${env.api.url}/education/fulfillment-fees`);
    const title = await page.getByRole("heading", { level: 1 }).textContent();
    await poll(() => page.getByTestId("help-article-body").textContent()).toMatch(/.{120}/s);
    await page.getByTestId("page-chat-entry").click();
    await poll(() => page.locator("aside.chat-dock .chat-input").first().inputValue()).toBe(`About the help article "${title}": `);

    await page.goto(`${env.api.url}/education/no-such-article`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Article not found");
    await page.context().close();
  });

  it("logged out, a screen's chat entry leads to the login and back instead of doing nothing", async () => {
    const page = await pageAs(env.browser, null);
    await page.goto(`${env.api.url}/ai-storefront`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("AI storefront");
    await page.getByTestId("page-chat-entry").click();
    await page.waitForURL(`${env.api.url}/login?path=%2Fai-storefront`);
    await page.context().close();
  });
});
