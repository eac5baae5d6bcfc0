import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newPage, poll, registerThroughUi, uniqueEmail, useWebApi } from "./browser";

const env = useWebApi();

/** The width of the page column inside the shell's content area. */
const columnWidth = (page: Page) => page.evaluate(() => document.querySelector("main.content > .page")!.getBoundingClientRect().width);

/** Whether the page body scrolls sideways: wider than the window. */
const overflowsSideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth);

/** Where the side navigation sits horizontally: off the left edge when collapsed. */
const sideNavBox = (page: Page) => page.evaluate(() => {
  const r = document.querySelector("aside.side")!.getBoundingClientRect();
  return { left: Math.round(r.left), right: Math.round(r.right) };
});

describe("the shell's layout", () => {
  it("keeps homebase, inbox and marketing between 980 and 1280 px wide on a desktop, with an icon on every nav entry", async () => {
    const page = await newPage(env.browser, { width: 1440, height: 900 });
    await registerThroughUi(page, env.api.url, uniqueEmail("wide"));
    await page.getByTestId("homebase-plan").waitFor();
    const homebase = await columnWidth(page);
    expect(homebase).toBeGreaterThanOrEqual(980);
    expect(homebase).toBeLessThanOrEqual(1280);
    expect(await overflowsSideways(page)).toBe(false);

    // Every entry of the side navigation, groups included, draws its icon from the nav data.
    const entries = await page.locator(".side-nav .nav-link, .side-nav summary").evaluateAll((els) => els.map((el) => ({ id: el.id || el.textContent, icon: el.querySelector("svg.nav-icon")?.getAttribute("data-icon") ?? null })));
    expect(entries.length).toBeGreaterThan(20);
    expect(entries.filter((e) => !e.icon)).toEqual([]);
    expect(await page.locator("#nav-home svg.nav-icon").getAttribute("data-icon")).toBe("home");
    expect(await page.locator("#nav-copilot svg.nav-icon").getAttribute("data-icon")).toBe("sparkles");
    expect(await page.locator("#nav-home svg.nav-icon").boundingBox()).toMatchObject({ width: 18, height: 18 });

    // The assistant docked beside it leaves less than 980 px: the column keeps its width and
    // scrolls sideways inside the content area (its right edge comes out from under the dock),
    // while the page itself does not scroll.
    await page.getByRole("button", { name: "Ask AI" }).click();
    await page.locator("aside.chat-dock").waitFor();
    expect(await columnWidth(page)).toBe(980);
    expect(await overflowsSideways(page)).toBe(false);
    const scrolled = await page.evaluate(() => {
      const main = document.querySelector("main.content")!;
      main.scrollLeft = main.scrollWidth;
      const column = main.querySelector(".page")!.getBoundingClientRect();
      const dock = document.querySelector("aside.chat-dock")!.getBoundingClientRect();
      return { scrollLeft: main.scrollLeft, columnRight: Math.round(column.right), dockLeft: Math.round(dock.left) };
    });
    expect(scrolled.scrollLeft).toBeGreaterThan(0);
    expect(scrolled.columnRight).toBeLessThanOrEqual(scrolled.dockLeft);
    await page.getByRole("button", { name: "Close assistant" }).click();

    for (const path of ["/inbox/orders", "/email-capture"]) {
      await page.goto(`${env.api.url}${path}`);
      await page.getByTestId("page-chat-entry").waitFor();
      const width = await columnWidth(page);
      expect(width, path).toBeGreaterThanOrEqual(980);
      expect(width, path).toBeLessThanOrEqual(1280);
      expect(await overflowsSideways(page), path).toBe(false);
    }
    await page.context().close();
  });

  it("works on a phone: no sideways scroll, and the menu button opens and closes the side navigation", async () => {
    const page = await newPage(env.browser, { width: 390, height: 844 });
    await registerThroughUi(page, env.api.url, uniqueEmail("phone"));
    await page.getByTestId("homebase-plan").waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    expect(await columnWidth(page)).toBeLessThanOrEqual(390);

    // Collapsed: off the left edge, the menu button says so.
    const menu = page.getByRole("button", { name: "Menu", exact: true });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    await poll(() => sideNavBox(page).then((b) => b.right)).toBeLessThanOrEqual(0);

    await menu.click();
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    await poll(() => sideNavBox(page).then((b) => b.left)).toBe(0);
    await page.locator("#nav-email-capture").waitFor({ state: "visible" });
    expect(await overflowsSideways(page)).toBe(false);

    // Following an entry navigates and collapses the menu again.
    await page.locator("#nav-email-capture").click();
    await page.waitForURL(`${env.api.url}/email-capture`);
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    await poll(() => sideNavBox(page).then((b) => b.right)).toBeLessThanOrEqual(0);

    // Tapping beside the open menu closes it too.
    await menu.click();
    await poll(() => sideNavBox(page).then((b) => b.left)).toBe(0);
    await page.getByRole("button", { name: "Close menu" }).click({ position: { x: 370, y: 400 } });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");

    for (const path of ["/inbox/orders", "/account-info", "/email-capture"]) {
      await page.goto(`${env.api.url}${path}`);
      await page.getByTestId("page-chat-entry").waitFor();
      await page.waitForLoadState("networkidle");
      expect(await overflowsSideways(page), path).toBe(false);
    }
    await page.context().close();
  });
});
