import { describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { createStore } from "../../test/factories/accounts";
import { newPage, overflowsSideways, pageAs, poll, shot, useWebApi } from "./browser";

// Business kits in Chromium: create a kit from a category, watch generation progress, pick another
// brand idea, edit a palette hex, export the PDF, then open the share link logged out; at a desktop
// (1400×900) and, for the screens a person reads on a phone, 390×844.
const env = useWebApi();

describe("business kits in Chromium", () => {
  it("creates a kit from a category, shows progress, picks an idea, edits a hex, exports the PDF and shares it", async () => {
    const owner = await createStore(env.api, { storeName: "Kits e2e" });
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${env.api.url}/business-kits`);
    await page.getByLabel("Category").fill("Sauces & spices");
    await page.getByLabel("What will you sell?").fill("Small-batch hot sauces with bold regional flavours.");
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "business-kits-new-desktop");
    await page.getByRole("button", { name: "Create my kit" }).click();
    await page.waitForURL(/\/business-kits\/[0-9a-f-]{36}$/);
    const kitId = page.url().split("/").pop()!;
    await page.getByTestId("bk-progress").waitFor();
    await shot(page, "business-kit-progress-desktop");
    // Generation ends: the three ideas are there and no picture is still drawing.
    await expect.poll(() => page.locator(".bk-idea").count(), { timeout: 60_000 }).toBe(3);
    await page.getByTestId("bk-progress").waitFor({ state: "detached", timeout: 60_000 });
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "business-kit-idea-desktop");

    // Pick the second idea: the mood board and product ideas are regenerated for it.
    const second = page.locator(".bk-idea").nth(1);
    const secondName = (await second.locator("strong").textContent())!;
    await second.click();
    await expect.poll(() => second.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => page.getByLabel("Brand name").inputValue()).toBe(secondName);
    // The new idea's product ideas are written again before anything else is edited.
    await page.getByRole("tab", { name: "Product ideas" }).click();
    await page.locator(".bk-sku").first().waitFor({ timeout: 90_000 });
    await page.getByTestId("bk-progress").waitFor({ state: "detached", timeout: 90_000 });
    await shot(page, "business-kit-skus-desktop");
    await page.getByRole("tab", { name: "Idea", exact: true }).click();

    // Edit the first colour's hex: the slide follows it, and the server keeps it.
    await page.getByLabel("Colour 1 hex").fill("#1A2B3C");
    await expect.poll(() => page.getByTestId("bk-slide").evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(26, 43, 60)");
    await expect.poll(async () => {
      const res = await fetch(`${env.api.url}/rest/main/web/brand-kits/${kitId}`, { headers: { authorization: `Bearer ${owner.token}` } });
      const kit = (await res.json()) as { brandIdeas: { selectedUuid: string; generations: { uuid: string; colorPalette: { hexCode: string }[] }[] } };
      return kit.brandIdeas.generations.find((g) => g.uuid === kit.brandIdeas.selectedUuid)?.colorPalette[0]?.hexCode;
    }, { timeout: 15_000 }).toBe("#1A2B3C");

    await page.getByRole("tab", { name: "Get started now!" }).click();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export PDF" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${secondName} Business Kit.pdf`);
    const pdf = await PDFDocument.load(await (await import("node:fs/promises")).readFile((await file.path())!));
    expect(pdf.getPageCount()).toBe(5);
    await page.context().close();

    // The share link, logged out, on a phone.
    const visitor = await newPage(env.browser, { width: 390, height: 844 });
    await visitor.goto(`${env.api.url}/bk/${kitId}`);
    await visitor.getByRole("heading", { name: secondName }).waitFor();
    // Pictures arrive after the heading: the page fits once they are laid out.
    await poll(() => overflowsSideways(visitor)).toBe(false);
    await shot(visitor, "business-kit-share-phone");
    await visitor.context().close();
    // Generation draws some thirty pictures per kit: on a busy two-core machine that takes a while.
  }, 240_000);
});
