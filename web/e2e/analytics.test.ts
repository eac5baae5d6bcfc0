import { describe, expect, it } from "vitest";
import { createStore } from "../../test/factories/accounts";
import { seedAnalyticsHistory, setAnalyticsFlags } from "../../test/factories/analytics";
import { screenContextOf } from "../src/chat/screen-context";
import { newPage, overflowsSideways, pageAs, shot, useWebApi } from "./browser";

// The analytics screens in Chromium: a person opens three reports, changes the range, drills into a
// cohort cell to the customers behind it, shares the report and opens the link logged out, and saves
// the churn-risk customers as a list; a product's row opened on the return-rate report is "this
// product" to the assistant, and its returns question is looked at on a desktop and a phone.
const env = useWebApi();
const ANCHOR = new Date("2026-11-01T00:00:00Z");
const RANGE = "from=2025-05-01&to=2026-11-01";

describe("the analytics reports in Chromium", () => {
  it("opens reports, changes the range, drills into a cohort cell and shares a report that opens logged out", async () => {
    const owner = await createStore(env.api, { storeName: "Analytics e2e" });
    await setAnalyticsFlags(env.api, owner.token, { analytics: true, fulfillmentMetrics: true });
    await seedAnalyticsHistory(env.api, owner.store.id, { anchor: ANCHOR, scale: 0.05 });
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize({ width: 1400, height: 900 });

    await page.goto(`${env.api.url}/analytics?${RANGE}`);
    await page.getByRole("heading", { name: "Overview" }).waitFor();
    await page.locator(".report-table tbody tr").first().waitFor();
    expect(await page.locator(".report-chart").count()).toBe(1);
    await shot(page, "analytics-overview-desktop");
    // The store's analytics flag shows the analytics group in the side navigation.
    expect(await page.locator("nav.side-nav").getByText("Analytics", { exact: true }).isVisible()).toBe(true);
    expect(await overflowsSideways(page)).toBe(false);

    await page.getByLabel("Report").selectOption("analytics-rfm");
    await page.getByRole("heading", { name: "RFM segments" }).waitFor();
    await page.locator(".report-table tbody tr").first().waitFor();
    await shot(page, "analytics-rfm-desktop");

    await page.getByLabel("Report").selectOption("analytics-cohorts");
    await page.getByRole("heading", { name: "Cohorts" }).waitFor();
    const rows = page.locator(".report-table tbody tr");
    await rows.first().waitFor();
    const before = await rows.count();
    await page.getByLabel("From").fill("2026-05-01");
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeLessThan(before);
    await shot(page, "analytics-cohorts-desktop");

    const cell = page.locator(".report-table tbody td button", { hasText: "%" }).first();
    const label = await cell.getAttribute("aria-label");
    await cell.click();
    const panel = page.locator(".drill-panel");
    await panel.getByRole("heading", { name: /Behind .*Month/ }).waitFor();
    await panel.locator("tbody tr").first().waitFor();
    expect(label).toMatch(/Month \d+ for/);
    expect(await panel.getByText(/\d+ customers?/).first().isVisible()).toBe(true);
    await shot(page, "analytics-cohort-drill-desktop");

    await page.getByRole("button", { name: "Share" }).click();
    await page.getByRole("button", { name: "Create link" }).click();
    const link = await page.getByLabel("Link to the shared report").inputValue();
    expect(link).toMatch(/\/share-report\/[A-Za-z0-9_-]{20,}$/);
    await shot(page, "analytics-share-desktop");

    const visitor = await newPage(env.browser, { width: 390, height: 844 });
    await visitor.goto(link);
    await visitor.getByRole("heading", { name: "Cohorts" }).waitFor();
    await visitor.getByText("Shared by Analytics e2e").waitFor();
    await visitor.locator(".report-table tbody tr").first().waitFor();
    expect(await visitor.getByTestId("page-chat-entry").count()).toBe(0);
    expect(await overflowsSideways(visitor)).toBe(false);
    await shot(visitor, "analytics-share-page-phone");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${env.api.url}/analytics-churn-risk?${RANGE}`);
    await page.getByRole("heading", { name: "Churn risk" }).waitFor();
    await page.locator(".report-table tbody tr").first().waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "analytics-churn-phone");

    // The at-risk customers saved as a list, then opened from the saved lists below the report.
    await page.locator(".report-table tbody th button", { hasText: "At risk" }).click();
    await page.getByRole("button", { name: /^Save these \d+ customers as a list$/ }).click();
    await page.getByRole("status").filter({ hasText: /Saved the list “Churn risk: At risk, .+” with \d+ customers/ }).waitFor();
    const saved = page.locator(".customer-lists");
    await saved.getByRole("button", { name: /Churn risk: At risk/ }).click();
    await saved.locator(".drill-panel tbody tr").first().waitFor();
    expect(page.url()).toMatch(/[?&]list=[0-9a-f-]{36}/);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "analytics-customer-list-phone");
    await page.setViewportSize({ width: 1400, height: 900 });
    await shot(page, "analytics-customer-list-desktop");

    // The row opened is in the address, which the chat's screen context reads: "this product" is it.
    await page.goto(`${env.api.url}/product-return-rate?${RANGE}`);
    await page.getByRole("heading", { name: "Return rate" }).waitFor();
    const product = page.locator(".report-table tbody th button").first();
    const name = (await product.textContent())!;
    await product.click();
    await page.locator(".drill-panel tbody tr").first().waitFor();
    const opened = new URL(page.url());
    expect(screenContextOf(opened.pathname, opened.search).entity).toEqual({ type: "report_product", id: name });
    await page.getByRole("button", { name: "Ask the supplier about returns" }).click();
    const question = page.getByRole("heading", { name: `Ask about the returns of ${name}` });
    await question.waitFor();
    await question.scrollIntoViewIfNeeded();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "analytics-return-question-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: /^Send to / }).scrollIntoViewIfNeeded();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "analytics-return-question-phone");
    await visitor.context().close();
    await page.context().close();
  }, 240_000);
});
