import { describe, expect, it } from "vitest";
import { creation } from "@atelier/contracts";
import { as } from "../../api/test/harness";
import { createStore } from "../../test/factories/accounts";
import { createItem, createSupplier } from "../../test/factories/suppliers";
import { overflowsSideways, pageAs, poll, shot, useAgentStack } from "./browser";
import { lastUserText, startFakeOpenAiServer } from "../../eval/fake-openai-server";
import { createKitWriterFromEnv } from "../../api/src/services/brand-kits/kit-writer";

// AI product design (/product-design) in Chromium at a desktop (1400×900) and a phone (390×844):
// a person describes a product, gets four drawn designs, saves one (it shows in the image
// gallery), has the sourcing agent (offline model) take it as the goal, and starts a custom
// project from it, which opens with the design attached.
const stack = useAgentStack();
const env = {
  get api() {
    return stack.stack.api;
  },
  get browser() {
    return stack.browser;
  },
};

describe("AI product design in Chromium", { timeout: 150_000 }, () => {
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

    if (name === "desktop") {
      // "Source this design": the sourcing agent saves a goal with the design's picture attached.
      await page.getByRole("button", { name: "Source this design" }).click();
      const dock = page.locator("aside.chat-dock");
      // The design-sourcing agent opens with the request written, the picture attached; the person sends it.
      await poll(() => dock.getAttribute("data-assistant")).toBe("sourcing-agent");
      await poll(() => dock.getByPlaceholder("Message the assistant").inputValue()).toMatch(/^I want to make a minimalist ceramic mug with a wave pattern, as in the attached design\./);
      await dock.getByRole("button", { name: "Send" }).click();
      await poll(() => dock.locator('[data-role="assistant"]').last().textContent()).toMatch(/mug/i);
      type Goal = { productDescription?: string; attachments?: string[] };
      const goalOf = async () => (await env.api.deps.pool.query<{ goal: Goal }>("SELECT goal FROM sourcing_agent_goals WHERE store_id = $1", [owner.store.id])).rows[0]?.goal ?? null;
      await poll(goalOf).toBeTruthy();
      const goal = (await goalOf())!;
      const savedDesign = (await as(env.api, owner.token, creation.getProductDesign, {})).savedDesign!;
      expect(goal.productDescription).toMatch(/mug/i);
      expect(goal.attachments).toEqual([`${env.api.url}${savedDesign.url}`]);
      await shot(page, "product-design-source-desktop");
      await dock.getByRole("button", { name: "Close assistant" }).click();
    }

    await page.getByRole("button", { name: "Start a custom project" }).click();
    await page.waitForURL(/\/create-custom-project\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.locator("textarea").first().inputValue().catch(() => ""), { timeout: 15_000 }).toBe("Made from an AI product design: a minimalist ceramic mug with a wave pattern");
    await shot(page, `product-design-project-${name}`);
    await page.context().close();
  });
});

// Product ideation (/product-ideation → /product-ideation/:id → /crowdfund-your-idea → /your-ideations):
// ideas costed from the marketplace's listings, one picked, submitted for crowdfunding, a copy
// e-mailed to oneself after a confirmation naming the address. The flow runs at the desktop size;
// each screen is also looked at on the phone.
describe("product ideation in Chromium", { timeout: 150_000 }, () => {
  it("brief → six costed ideas → pick one → crowdfund it → e-mail a copy → it is in your ideations", async () => {
    const supplier = await createSupplier(env.api, { name: `Ideation Paws ${crypto.randomUUID().slice(0, 6)}`, countryCode: "VN", enabled: true, moq: 100 });
    await createItem(env.api, supplier, { title: "Natural rubber dog chew toy", priceMinCents: 120, priceMaxCents: 240, moq: 300 });
    const owner = await createStore(env.api, { storeName: "Ideation e2e" });
    const page = await pageAs(env.browser, owner);
    // Looked at on both sizes; the phone loads the page afresh (no side menu sliding shut from the desktop layout).
    const both = async (label: string, ready: () => Promise<unknown>) => {
      for (const [size, viewport] of [["desktop", { width: 1400, height: 900 }], ["phone", { width: 390, height: 844 }]] as const) {
        await page.setViewportSize(viewport);
        if (size === "phone") {
          await page.reload();
          await ready();
        }
        expect(await overflowsSideways(page), `${label} on the ${size}`).toBe(false);
        await shot(page, `${label}-${size}`);
      }
      await page.setViewportSize({ width: 1400, height: 900 });
      await page.reload();
      await ready();
    };
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${env.api.url}/product-ideation`);
    await page.waitForURL(/\/product-ideation\/[0-9a-f-]{36}$/);
    const ideationUrl = page.url();
    expect(await page.getByTestId("ideation-cost").textContent()).toBe("Free: 5 free rounds left today. Each round writes 6 ideas.");
    await page.getByLabel("Your idea, in your words").fill("eco-friendly dog toys for city apartments");
    await page.getByRole("button", { name: "Get product ideas" }).click();
    const ideas = page.getByRole("list", { name: "Product ideas" }).getByRole("listitem");
    await page.getByRole("heading", { name: "Product ideas (6)" }).waitFor();
    expect(await ideas.count()).toBe(6);
    expect(await ideas.first().textContent()).toMatch(/dog/i);
    expect(await ideas.first().getByText(/Similar listings:/).count()).toBe(1);
    await both("product-ideation", () => page.getByRole("heading", { name: "Product ideas (6)" }).waitFor());

    // With a model configured: its ideas say they are the model's words; when it fails, the offline
    // writer's round comes with a notice, sent by the API and shown by the screen.
    let modelDown = false;
    const model = await startFakeOpenAiServer((req) => {
      if (modelDown) return { status: 503, error: "overloaded" };
      const picked = lastUserText(req).split("\n").filter((l) => /^\d+\. /.test(l)).slice(0, 2);
      return { text: JSON.stringify({ ideas: picked.map((l, i) => ({ basedOn: Number(l.split(".")[0]), title: `Terrier-proof idea ${i + 1}`, description: "Tough enough for small flats.", whyItSells: "City dog owners replace chewed toys often.", suggestedRetailPrice: 99 })) }) };
    });
    const offlineWriter = env.api.deps.providers.textWriter;
    env.api.deps.providers.textWriter = createKitWriterFromEnv({ OPENAI_BASE_URL: model.baseUrl, ATELIER_MODEL: "e2e-model" });
    try {
      await page.getByRole("button", { name: "Get more ideas" }).click();
      await page.getByRole("heading", { name: "Product ideas (8)" }).waitFor();
      expect(await ideas.first().textContent()).toContain("Written by the AI model e2e-model");
      modelDown = true;
      await page.getByRole("button", { name: "Get more ideas" }).click();
      await page.getByRole("heading", { name: "Product ideas (14)" }).waitFor();
      expect(await page.getByRole("status").filter({ hasText: "The AI model could not write these ideas just now" }).count()).toBe(1);
    } finally {
      env.api.deps.providers.textWriter = offlineWriter;
      await model.close();
    }

    await page.getByRole("button", { name: "Pick idea 1", exact: true }).click();
    await page.getByRole("heading", { name: "Your picks (1)" }).waitFor();
    await page.getByRole("link", { name: "Crowdfund this idea" }).click();
    await page.waitForURL(/\/crowdfund-your-idea\?idea=/);
    await page.getByLabel("Your pitch: who it is for and why it matters").fill("Chew toys that survive a terrier and fit a studio flat.");
    await page.getByLabel("Funding goal, in dollars").fill("5000");
    await page.getByLabel("Show it to every creator in the public ideas").check();
    await page.getByRole("button", { name: "Submit for crowdfunding" }).click();
    await page.getByRole("status").filter({ hasText: "with a goal of $5,000.00" }).waitFor();
    await page.getByRole("list", { name: "Products in this idea" }).waitFor();
    await page.getByRole("heading", { name: /What other creators are raising for \(\d+\)/ }).waitFor();
    await page.getByText("Chew toys that survive a terrier").first().waitFor();
    await page.getByRole("button", { name: "E-mail me a copy" }).click();
    await page.getByRole("button", { name: `Send to ${owner.email}` }).click();
    await page.getByText(`Sent to ${owner.email}.`).waitFor();
    const ideaId = new URL(page.url()).searchParams.get("idea");
    const { rows } = await env.api.deps.pool.query<{ to_address: string }>("SELECT to_address FROM outbox_messages WHERE payload->>'ideaId' = $1", [ideaId]);
    expect(rows.map((r) => r.to_address)).toEqual([owner.email]);
    await both("crowdfund-your-idea", () => page.getByRole("list", { name: "Products in this idea" }).waitFor());

    await page.goto(`${env.api.url}/your-ideations`);
    const saved = page.getByRole("list", { name: "Saved ideations" });
    await saved.getByRole("link", { name: "Eco-friendly dog toys for city apartments" }).waitFor();
    expect(await saved.getByText("submitted for crowdfunding", { exact: false }).count()).toBe(1);
    await both("your-ideations", () => saved.getByRole("link", { name: "Eco-friendly dog toys for city apartments" }).waitFor());
    await saved.getByRole("link", { name: "Eco-friendly dog toys for city apartments" }).click();
    await page.waitForURL(ideationUrl);
    await page.context().close();
  });
});
