import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { payments, plans } from "@atelier/contracts";
import { launchBrowser, newPage, poll, registerThroughUi, startWebWithAgents, uniqueEmail } from "./browser";

/** Types into the composer and sends; the composer may be reset while a restored thread finishes loading. */
async function send(page: Page, text: string) {
  const dock = page.locator("aside.chat-dock");
  const button = dock.getByRole("button", { name: "Send" });
  await poll(async () => {
    await dock.getByPlaceholder("Message the assistant").fill(text);
    try {
      await button.click({ timeout: 1000 });
      return true;
    } catch {
      // The composer was reset before the click (a new or restored thread settling): type again.
      return false;
    }
  }).toBe(true);
}

let stack: Awaited<ReturnType<typeof startWebWithAgents>>;
let browser: Browser;

beforeAll(async () => {
  stack = await startWebWithAgents();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe("the assistant panel against the agent server (offline model)", () => {
  it("renders a tool card for a copilot turn, restores the thread on reload, and approves an interrupt", async () => {
    const page = await newPage(browser);
    const base = stack.api.url;
    await registerThroughUi(page, base, uniqueEmail("chat"));
    await page.locator("#nav-copilot").click();
    const dock = page.locator("aside.chat-dock");
    await poll(() => dock.getByTestId("offline-banner").count()).toBe(1);

    await send(page, "What plan am I on?");
    await poll(() => dock.locator('[data-card="plan"]').count()).toBeGreaterThan(0);
    await poll(() => dock.locator('[data-role="assistant"]').last().textContent()).toMatch(/Free/);

    await page.reload();
    await page.getByRole("button", { name: "Ask AI" }).click();
    await poll(() => page.locator("aside.chat-dock").getByText("What plan am I on?").count()).toBe(1);

    // A saved card, so the approved purchase really charges and adds the credits.
    const token = await page.evaluate(() => window.localStorage.getItem("atelier.token"));
    await stack.api.client.call(payments.attachPaymentMethod, { body: { cardNumber: payments.TEST_CARDS.visaSuccess, expMonth: 12, expYear: 2035, cvc: "123", makeDefault: true } }, { token: token! });
    await send(page, "Buy 1000 AI credits");
    const approval = page.getByTestId("approval-card");
    await approval.waitFor({ state: "visible", timeout: 20_000 });
    await approval.getByRole("button", { name: "Approve" }).click();
    await poll(() => page.getByTestId("approval-card").count()).toBe(0);
    await poll(() => page.locator('aside.chat-dock [data-card="credits"]').last().textContent()).toContain("+1,000 credits");
    const balance = await stack.api.client.call(plans.getAiCredits, {}, { token: token! });
    expect(balance.balance).toBe(1000);
    expect(await page.locator('aside.chat-dock [data-tool="purchase_ai_credits"]').count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
