import { describe, expect, it } from "vitest";
import { createStore } from "../../test/factories/accounts";
import { overflowsSideways, pageAs, shot, useWebApi } from "./browser";

// AI product design (/product-design) in Chromium at a desktop (1400×900) and a phone (390×844):
// a person describes a product, gets four drawn designs, saves one (it shows in the image
// gallery), and starts a custom project from it, which opens with the design attached.
const env = useWebApi();

describe("AI product design in Chromium", () => {
  it.each([
    ["desktop", { width: 1400, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const)("on the %s: prompt → four designs → save one → it is in the gallery → a custom project from it", async (name, viewport) => {
    const owner = await createStore(env.api, { storeName: "Design e2e" });
    const page = await pageAs(env.browser, owner);
    await page.setViewportSize(viewport);
    await page.goto(`${env.api.url}/product-design`);
    await page.getByRole("heading", { name: "Describe your product" }).waitFor();
    expect(await page.getByTestId("design-cost").textContent()).toBe("Free: 3 free rounds left. Each round draws 4 designs.");
    expect(await page.getByRole("radio", { name: "AI image model" }).isChecked()).toBe(true);
    await page.getByLabel("What should it look like?").fill("a minimalist ceramic mug with a wave pattern");
    await page.getByRole("button", { name: "Generate designs" }).click();

    const designs = page.getByRole("list", { name: "Generated designs" }).getByRole("img");
    await page.getByRole("img", { name: "Design 4: a minimalist ceramic mug with a wave pattern" }).waitFor();
    // Every picture loads from the store's files (not the loading placeholder).
    await expect.poll(() => designs.evaluateAll((els) => els.filter((e) => e.tagName === "IMG" && (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth === 512).length), { timeout: 15_000 }).toBe(4);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, `product-design-results-${name}`);

    await page.getByRole("button", { name: "Save design 2" }).click();
    await page.getByRole("heading", { name: "Saved design" }).waitFor();
    const gallery = page.getByRole("list", { name: "Saved designs" });
    await gallery.getByRole("img", { name: "a minimalist ceramic mug with a wave pattern" }).waitFor();
    expect(await gallery.getByRole("listitem").count()).toBe(1);
    await page.getByRole("heading", { name: "Image gallery (1)" }).waitFor();
    await page.getByRole("heading", { name: "Saved design" }).scrollIntoViewIfNeeded();
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, `product-design-saved-${name}`);

    await page.getByRole("button", { name: "Start a custom project" }).click();
    await page.waitForURL(/\/create-custom-project\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.locator("textarea").first().inputValue().catch(() => ""), { timeout: 15_000 }).toBe("Made from an AI product design: a minimalist ceramic mug with a wave pattern");
    await shot(page, `product-design-project-${name}`);
    await page.context().close();
  });
});
