import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { payments, plans } from "@atelier/contracts";
import { as, registerUser, type TestApi } from "../../api/test/harness";
import { launchBrowser, pageAs, poll, startWebApi, releaseBrowser } from "./browser";

// Money screens driven by real clicks: a click's default action (a form submit) runs after
// React has re-rendered in a real browser, which jsdom's synchronous click cannot show.
let api: TestApi;
let browser: Browser;

beforeAll(async () => {
  api = await startWebApi();
  browser = await launchBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await api?.close();
});

const nextYear = new Date().getUTCFullYear() + 1;

/** A new store on Beginner through a real upgrade, its /account-info open. */
async function beginnerOnAccount(): Promise<{ page: Page; user: Awaited<ReturnType<typeof registerUser>> }> {
  const user = await registerUser(api);
  await as(api, user.token, payments.attachPaymentMethod, { body: { cardNumber: "4242424242424242", expMonth: 12, expYear: nextYear, cvc: "123", makeDefault: true } });
  await as(api, user.token, plans.upgradePlan, { body: { targetPlan: "TIER_2" } });
  const page = await pageAs(browser, user);
  await page.goto(`${api.url}/account-info`);
  await poll(() => page.getByTestId("account-plan").textContent()).toContain("Beginner");
  return { page, user };
}

describe("the cancellation survey in Chromium", () => {
  it("shows step 6 after 'No thanks' and cancels only on the final click", async () => {
    const { page, user } = await beginnerOnAccount();
    const plan = page.getByTestId("account-plan");
    await plan.getByRole("button", { name: "Manage plan" }).click();
    await plan.getByRole("button", { name: "Cancel my plan" }).click();
    for (const answer of ["I'm not ready to start", "7-9", "No", "It was too much work", "No thanks"]) {
      await plan.getByLabel(answer, { exact: true }).check();
      await plan.getByRole("button", { name: "Next" }).click();
    }
    await poll(() => plan.getByRole("heading", { level: 3 }).textContent()).toBe("Before you go (6 of 6)");
    await plan.getByLabel("What could we do better? (optional)").fill("Nothing, thanks");
    expect((await as(api, user.token, plans.getPlanOverview, {})).planType).toBe("TIER_2");

    await plan.getByRole("button", { name: "Cancel my plan" }).click();
    await poll(() => plan.getByRole("heading", { level: 3 }).textContent()).toBe("Your request was sent");
    expect(await as(api, user.token, plans.getPlanOverview, {})).toMatchObject({ planType: "TIER_1", subscriptionStatus: "CANCELED" });
    const { rows } = await api.deps.pool.query("SELECT offer_answer, suggestions FROM subscription_cancellation_surveys WHERE store_id = $1", [user.store.id]);
    expect(rows).toEqual([{ offer_answer: "NO", suggestions: "Nothing, thanks" }]);

    // Without a reload, the home page's plan card knows the plan is gone.
    await goWithinApp(page, "/homebase");
    await poll(() => page.getByTestId("homebase-plan").textContent()).toContain("Free");
    await page.context().close();
  });
});

/** Navigates inside the running app (no reload, so nothing is fetched afresh unless the app does it). */
async function goWithinApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

describe("pausing in Chromium", () => {
  // The plan screen says "paused" or "active again" only once the store record (which the route
  // guard reads) says so too: a navigation right after would otherwise meet the old record.
  it("warns before pausing, locks the app at once, leads with Resume, and unlocks at once", async () => {
    const { page } = await beginnerOnAccount();
    const plan = page.getByTestId("account-plan");
    await plan.getByRole("button", { name: "Manage plan" }).click();
    await plan.getByRole("button", { name: "Pause my plan" }).click();
    await poll(() => plan.getByTestId("pause-warning").textContent()).toContain("While your plan is paused, Atelier is locked.");
    await plan.getByRole("button", { name: "Pause plan" }).click();
    await poll(() => plan.getByRole("heading", { level: 3 }).textContent()).toBe("Your plan is paused");

    // The store record followed the change: any other page now brings the user back to the plan.
    await goWithinApp(page, "/homebase");
    await poll(() => page.url()).toBe(`${api.url}/account-info?open=manage_plan`);
    const dialog = page.locator("[data-dialog=manage_plan]");
    await poll(() => dialog.getByRole("status").first().textContent()).toContain("the rest of Atelier is locked");
    expect(await dialog.getByRole("button").first().textContent()).toBe("Resume my plan");
    await dialog.getByRole("button", { name: "Resume my plan" }).click();
    await poll(() => dialog.getByRole("heading", { level: 3 }).textContent()).toBe("Your plan is active again");

    await goWithinApp(page, "/homebase");
    await poll(() => page.getByTestId("homebase-plan").textContent()).toContain("Active");
    expect(new URL(page.url()).pathname).toBe("/homebase");
    await page.context().close();
  });
});
