import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { payments, plans } from "@atelier/contracts";
import { as, registerUser, type TestApi } from "../../api/test/harness";
import { launchBrowser, pageAs, poll, startWebApi } from "./browser";

// Money screens driven by real clicks: a click's default action (a form submit) runs after
// React has re-rendered in a real browser, which jsdom's synchronous click cannot show.
let api: TestApi;
let browser: Browser;

beforeAll(async () => {
  api = await startWebApi();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
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
    await page.context().close();
  });
});
