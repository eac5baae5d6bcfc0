import { describe, expect, it } from "vitest";
import { tmpdir } from "node:os";
import type { Page } from "playwright-core";
import { newPage, registerThroughUi, uniqueEmail, useWebApi } from "./browser";

const env = useWebApi();

type Box = { left: number; top: number; right: number; bottom: number };
const box = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { left: Math.round(r.left), top: Math.round(r.top), right: Math.round(r.right), bottom: Math.round(r.bottom) };
  }, selector) as Promise<Box | null>;
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
/** The empty space between two boxes that do not overlap (0 when they touch). */
const distance = (a: Box, b: Box) => Math.hypot(Math.max(0, b.left - a.right, a.left - b.right), Math.max(0, b.top - a.bottom, a.top - b.bottom));

async function tourPicture(size: { width: number; height: number }, chat: boolean, name: string) {
  const page = await newPage(env.browser, size);
  await registerThroughUi(page, env.api.url, uniqueEmail("tour"));
  await page.getByTestId("homebase-plan").waitFor();
  if (chat) {
    await page.getByRole("button", { name: "Ask AI" }).click();
    await page.locator("aside.chat-dock").waitFor();
  }
  await page.getByTestId("tour").waitFor();
  // Kept for looking at the placement (HELPERS: every screen touched is looked at as a picture).
  await page.screenshot({ path: `${tmpdir()}/${name}.png` });
  return page;
}

describe("the homebase tour card", () => {
  it("sits inside the visible page left of the open assistant at 1400 px, beside its target", async () => {
    const page = await tourPicture({ width: 1400, height: 900 }, true, "tour-1400-chat");
    const card = (await box(page, "[data-testid=tour]"))!;
    const dock = (await box(page, "aside.chat-dock"))!;
    const content = (await box(page, "main.content"))!;
    const target = (await box(page, "#homebase-plan"))!;
    expect(card.right).toBeLessThanOrEqual(dock.left);
    expect(card.left).toBeGreaterThanOrEqual(content.left);
    expect(card.top).toBeGreaterThanOrEqual(content.top);
    expect(card.bottom).toBeLessThanOrEqual(900);
    expect(overlaps(card, target)).toBe(false);
    expect(distance(card, target)).toBeLessThanOrEqual(16);
    await page.context().close();
  });

  it("fits a 390 px phone", async () => {
    const page = await tourPicture({ width: 390, height: 844 }, false, "tour-390");
    const card = (await box(page, "[data-testid=tour]"))!;
    const target = (await box(page, "#homebase-plan"))!;
    expect(overlaps(card, target)).toBe(false);
    expect(distance(card, target)).toBeLessThanOrEqual(16);
    expect(card.left).toBeGreaterThanOrEqual(0);
    expect(card.right).toBeLessThanOrEqual(390);
    expect(card.bottom).toBeLessThanOrEqual(844);
    await page.context().close();
  });
});
