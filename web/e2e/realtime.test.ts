import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { payments } from "@atelier/contracts";
import { newPage, poll, registerThroughUi, uniqueEmail, sendChat, useAgentStack } from "./browser";
import { HOLD_PHRASE, heldOfflineModels } from "./held-model";

// Two tabs of one user (one browser context: the same session in local storage), each with its
// own realtime socket: what one does, the other shows without a reload.

const held = heldOfflineModels();
const env = useAgentStack({ modelFactory: held.factory });
afterAll(() => held.hold.releaseAll());

const token = (page: Page) => page.evaluate(() => window.localStorage.getItem("atelier.token"));
const dock = (page: Page) => page.locator("aside.chat-dock");

describe("realtime between two tabs of the same user", () => {
  it("shows a run started in tab A live in tab B, which has the same thread open, then the stored answer", async () => {
    const a = await newPage(env.browser);
    await registerThroughUi(a, env.stack.api.url, uniqueEmail("follow"));
    await a.locator("#nav-copilot").click();
    await sendChat(dock(a), "Message the assistant", "What plan am I on?");
    await poll(() => dock(a).locator('[data-role="assistant"]').last().textContent()).toMatch(/Free/);

    // Tab B: same context, so the same session and the same open thread (kept in local storage).
    const b = await a.context().newPage();
    await b.goto(a.url());
    // "Ask AI" opens the panel on the stored thread (the nav's entry starts a new one).
    await b.getByRole("button", { name: "Ask AI" }).click();
    await poll(() => dock(b).getByText("What plan am I on?").count()).toBe(1);
    const answersBefore = await dock(b).locator('[data-role="assistant"]').count();

    // The model holds this run until released: B shows it while it certainly still runs.
    const entered = held.hold.entered;
    // Tab A in front again, as a person switching back to it (a background tab's composer does not take the click).
    await a.bringToFront();
    await sendChat(dock(a), "Message the assistant", `${HOLD_PHRASE} and tell me what plan I am on`);
    await poll(() => held.hold.entered).toBe(entered + 1);
    await poll(() => dock(b).getByTestId("followed-run").count()).toBe(1);
    expect(await dock(b).getByTestId("followed-run").textContent()).toContain("Replying in another tab");

    held.hold.releaseAll();
    // The run ended: B loads the thread as stored, with A's message and the new answer, and stops following.
    await poll(() => dock(b).getByTestId("followed-run").count()).toBe(0);
    await poll(() => dock(b).getByText(`${HOLD_PHRASE} and tell me what plan I am on`).count()).toBe(1);
    await poll(() => dock(b).locator('[data-role="assistant"]').count()).toBeGreaterThan(answersBefore);
    // A, which streamed the run itself, did not follow its own run.
    expect(await dock(a).getByTestId("followed-run").count()).toBe(0);
    await a.context().close();
  });

  it("shows a plan upgraded in tab A in tab B's account page without a reload", async () => {
    const a = await newPage(env.browser);
    await registerThroughUi(a, env.stack.api.url, uniqueEmail("plan-tabs"));
    await env.stack.api.client.call(payments.attachPaymentMethod, { body: { cardNumber: payments.TEST_CARDS.visaSuccess, expMonth: 12, expYear: 2035, cvc: "123", makeDefault: true } }, { token: (await token(a))! });
    await a.goto(`${env.stack.api.url}/account-info`);
    const b = await a.context().newPage();
    await b.goto(`${env.stack.api.url}/account-info`);
    const planOf = (page: Page) => page.getByTestId("account-plan").textContent();
    await poll(() => planOf(b)).toContain("Free");
    const loadsBefore = await b.evaluate(() => performance.getEntriesByType("navigation").length);

    await a.getByTestId("account-plan").getByRole("button", { name: /^Upgrade to/ }).click();
    // The upgrade shows its amount first and charges only on the explicit confirmation.
    await a.getByRole("button", { name: /^Pay \$[\d.,]+ and upgrade$/ }).click();
    await poll(() => planOf(a)).toMatch(/Subscription active/);
    await poll(() => planOf(b)).toMatch(/Subscription active/);
    expect(await planOf(b)).not.toContain("Free");
    expect(await b.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(loadsBefore);
    await a.context().close();
  });
});
