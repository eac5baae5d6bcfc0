import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { brandKits } from "@atelier/contracts";
import { completeness } from "@atelier/contracts/brand-kit-rules";
import type { BrandKit } from "@atelier/contracts/brand-kits";
import { as, registerUser, startTestApi, type TestApi, expectError } from "./harness";
import { createItem, createSupplier, previewStore, teamMember } from "../../test/factories";
import { GENERATION_CREDITS } from "@atelier/contracts/brand-kits";
import { plans } from "@atelier/contracts";
import { startFakeOpenAiServer } from "../../eval/fake-openai-server";
import { addCredits } from "../src/services/plans/add-credits";
import { brandKitGenerateJob, taskChargeKey } from "../src/services/brand-kits/generate-job";
import { createKitWriterFromEnv } from "../src/services/brand-kits/kit-writer";
import { getTask, insertTask } from "../src/queries/brand-kits/tasks";
import type { JobContext } from "../src/jobs";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());


/** Reads the kit until every task has settled and no picture is still drawing. */
async function settled(token: string, id: string): Promise<BrandKit> {
  for (;;) {
    const kit = await as(api, token, brandKits.getBrandKit, { params: { id } });
    if (kit.tasks.every((t) => t.status !== "PENDING") && !JSON.stringify(kit).includes('"LOADING"')) return kit;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("business kits", { timeout: 90_000 }, () => {
  it("creates a kit from a category, generates all four parts offline with pictures, and lists it", async () => {
    const owner = await registerUser(api);
    const supplier = await createSupplier(api, { name: `Fiery Works ${crypto.randomUUID().slice(0, 6)}`, countryCode: "MX", enabled: true, moq: 50 });
    await createItem(api, supplier, { title: "Small-batch hot sauce bottle 150 ml", priceMinCents: 180, priceMaxCents: 320, moq: 200, samplePriceCents: 1500 });
    const { id } = await as(api, owner.token, brandKits.createBrandKit, { body: { category: "Sauces & spices", productDescription: "Small-batch hot sauces with bold regional flavours." } });
    const kit = await settled(owner.token, id);
    expect(kit.tasks.map((t) => [t.type, t.status, t.source]).sort()).toEqual([
      ["BRAND_IDEA", "SUCCESS", "OFFLINE"], ["MARKET_RESEARCH", "SUCCESS", "OFFLINE"], ["PRODUCT_SKU", "SUCCESS", "OFFLINE"], ["TARGET_AUDIENCE", "SUCCESS", "OFFLINE"],
    ]);
    expect(kit.brandIdeas.generations).toHaveLength(3);
    expect(kit.brandIdeas.selectedUuid).toBe(kit.brandIdeas.generations[0]!.uuid);
    const idea = kit.brandIdeas.generations[0]!;
    expect(idea.valueProps).toHaveLength(3);
    expect(idea.colorPalette.map((c) => c.hexCode)).toHaveLength(4);
    expect(idea.images.every((i) => i.startsWith("/rest/main/app/brand-kit-art/"))).toBe(true);
    expect(kit.targetAudiences.generations).toHaveLength(3);
    expect(kit.productSkus.selectedUuids).toHaveLength(3);
    expect(kit.marketResearch).toMatch(/suppliers? on the marketplace/);
    expect(kit.moodboardImages).toHaveLength(8);
    const png = await fetch(`${api.url}${kit.moodboardImages[0]}`);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await png.arrayBuffer()).subarray(1, 4).toString()).toBe("PNG");
    expect(completeness(kit)).toMatchObject({ complete: true, thumbnailsComplete: true });

    const list = await as(api, owner.token, brandKits.listBrandKits, {});
    expect(list.list.map((k) => [k.id, k.brandName])).toEqual([[id, idea.brandName]]);
    // Kits without a category and description are left out of the list (001 §7).
    await api.deps.pool.query("UPDATE brand_kits SET product_description = '' WHERE id = $1", [id]);
    expect((await as(api, owner.token, brandKits.listBrandKits, {})).total).toBe(0);
  });

  it("regenerating one part of one idea leaves every other part byte-identical; palette edits move the slide colour", async () => {
    const owner = await registerUser(api);
    const { id } = await as(api, owner.token, brandKits.createBrandKit, { body: { example: "coffee-and-tea" } });
    const before = await settled(owner.token, id);
    const target = before.brandIdeas.generations[1]!;
    const after = await as(api, owner.token, brandKits.regenerateBrandIdeaPart, { params: { id, uuid: target.uuid }, body: { part: "slogan" } });
    const changed = after.brandIdeas.generations[1]!;
    expect(JSON.stringify({ ...changed, slogan: "" })).toBe(JSON.stringify({ ...target, slogan: "" }));
    expect(JSON.stringify(after.brandIdeas.generations.filter((_, i) => i !== 1))).toBe(JSON.stringify(before.brandIdeas.generations.filter((_, i) => i !== 1)));
    for (const part of ["moodboardImages", "productSkus", "marketResearch", "targetAudiences", "thumbnailImages", "slideColors"] as const) expect(JSON.stringify(after[part])).toBe(JSON.stringify(before[part]));

    const darker = await as(api, owner.token, brandKits.regenerateBrandIdeaPart, { params: { id, uuid: target.uuid }, body: { part: "colorPalette", tone: "darker" } });
    expect(darker.brandIdeas.generations[1]!.colorPalette).not.toEqual(target.colorPalette);
    expect(darker.brandIdeas.generations[1]!.images.every((i) => i.startsWith("/rest/main/app/brand-kit-art/"))).toBe(true);

    const selected = before.brandIdeas.generations[0]!;
    const oldHex = selected.colorPalette[0]!.hexCode;
    expect(before.slideColors.length === 0 || before.slideColors.every((s) => s.value === oldHex)).toBe(true);
    const withSlides = await as(api, owner.token, brandKits.updateBrandKit, {
      params: { id },
      body: { ...stripKit(darker), slideColors: [{ key: "IDEA", value: oldHex }, { key: "MOODBOARD", value: "#FFFFFF" }] },
    });
    expect(withSlides.slideColors).toHaveLength(2);
    const edited = await as(api, owner.token, brandKits.updateBrandKitPalette, { params: { id, uuid: selected.uuid }, body: { index: 0, hexCode: "#123abc" } });
    expect(edited.slideColors).toEqual([{ key: "IDEA", value: "#123ABC" }, { key: "MOODBOARD", value: "#FFFFFF" }]);

    // Selecting another idea resets and regenerates SKUs and research.
    const reselected = await as(api, owner.token, brandKits.selectBrandIdea, { params: { id, uuid: target.uuid } });
    expect(reselected).toMatchObject({ moodboardImages: [], marketResearch: "", productSkus: { generations: [] } });
    const regenerated = await settled(owner.token, id);
    expect(regenerated.productSkus.generations.length).toBeGreaterThan(0);
    expect(regenerated.productSkus.generations[0]!.title).toContain(darker.brandIdeas.generations[1]!.brandName);
  });

  it("exports a 5-page PDF in slide order named after the brand, and shares the kit publicly by link only", async () => {
    const owner = await registerUser(api);
    const { id } = await as(api, owner.token, brandKits.createBrandKit, { body: { example: "activewear" } });
    const kit = await settled(owner.token, id);
    const brand = kit.brandIdeas.generations[0]!.brandName;
    const res = await fetch(`${api.url}/rest/main/web/brand-kits/${id}/export.pdf`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(res.headers.get("content-disposition")!)![1]!)).toBe(`${brand} Business Kit.pdf`);
    const pdf = await PDFDocument.load(await res.arrayBuffer());
    expect(pdf.getPageCount()).toBe(5);
    expect(pdf.getPages().map((p) => [p.getWidth(), p.getHeight()])).toEqual(Array(5).fill([1040, 620]));
    expect(pdf.getTitle()).toBe(`${brand} Business Kit`);

    const other = await registerUser(api);
    await expectError(as(api, other.token, brandKits.getBrandKit, { params: { id } }), 404);
    expect((await fetch(`${api.url}/rest/main/web/brand-kits/${id}/export.pdf`, { headers: { authorization: `Bearer ${other.token}` } })).status).toBe(404);
    expect((await fetch(`${api.url}/rest/main/web/brand-kits/${id}/export.pdf`)).status).toBe(401);
    await expectError(as(api, other.token, brandKits.updateBrandKitPalette, { params: { id, uuid: kit.brandIdeas.selectedUuid! }, body: { index: 0, hexCode: "#000000" } }), 404);

    const shared = await api.client.call(brandKits.getPublicBrandKit, { params: { id } });
    expect(shared.brandIdeas.generations[0]!.brandName).toBe(brand);
    expect(shared).not.toHaveProperty("tasks");
    const page = await fetch(`${api.url}/rest/main/app/brand-kits/${id}/share.html`);
    const html = await page.text();
    // The generated name may hold "&" or an apostrophe: the page escapes it.
    const escaped = brand.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[c]!);
    expect(html).toContain(`<meta property="og:title" content="${escaped}: Business Kit">`);
    expect(html).toMatch(/og:image" content="[^"]*\/brand-kit-art\/[0-9a-f]{64}\.png"/);

    // The waitlist only takes sign-ups once published.
    await expectError(api.client.call(brandKits.joinBrandKitWaitlist, { params: { id }, body: { email: "fan@example.com" } }), 404);
    await as(api, owner.token, brandKits.updateBrandKit, { params: { id }, body: { ...stripKit(kit), isWaitlistSitePublished: true } });
    await api.client.call(brandKits.joinBrandKitWaitlist, { params: { id }, body: { email: "Fan@Example.com" } });
    await api.client.call(brandKits.joinBrandKitWaitlist, { params: { id }, body: { email: "fan@example.com" } });
    expect((await as(api, owner.token, brandKits.listBrandKitWaitlist, { params: { id } })).list.map((s) => s.email)).toEqual(["fan@example.com"]);
    await expectError(api.client.call(brandKits.joinBrandKitWaitlist, { params: { id }, body: { email: "nope" } }), 400, "body.email");

    await as(api, owner.token, brandKits.archiveBrandKit, { params: { id } });
    await expectError(api.client.call(brandKits.getPublicBrandKit, { params: { id } }), 404);
    expect((await as(api, owner.token, brandKits.listBrandKits, { query: { isArchived: "true" } })).list.map((k) => k.id)).toEqual([id]);
  });

  it("refuses bad input with the field, preview accounts, and cancels pending generation by type", async () => {
    const owner = await registerUser(api);
    await expectError(as(api, owner.token, brandKits.createBrandKit, { body: { category: "", productDescription: "x" } }), 400);
    await expectError(as(api, owner.token, brandKits.createBrandKit, { body: { example: "pottery" as never } }), 400);
    const { id } = await as(api, owner.token, brandKits.createBrandKit, { body: { category: "Candles", productDescription: "Soy candles", generate: false } });
    expect((await as(api, owner.token, brandKits.getBrandKit, { params: { id } })).tasks).toEqual([]);
    await expectError(as(api, owner.token, brandKits.startBrandKitGeneration, { params: { id }, body: { types: [] } }), 400, "body.types");
    await expectError(as(api, owner.token, brandKits.updateBrandKitPalette, { params: { id, uuid: crypto.randomUUID() }, body: { index: 4, hexCode: "#000000" } }), 400, "body.index");
    await expectError(as(api, owner.token, brandKits.updateBrandKitPalette, { params: { id, uuid: crypto.randomUUID() }, body: { index: 0, hexCode: "red" } }), 400, "body.hexCode");
    await expectError(as(api, owner.token, brandKits.getBrandKit, { params: { id: "nope" } }), 400, "params.id");
    const kit = await as(api, owner.token, brandKits.getBrandKit, { params: { id } });
    await expectError(as(api, owner.token, brandKits.updateBrandKit, { params: { id }, body: { ...stripKit(kit), brandIdeas: { selectedUuid: crypto.randomUUID(), generations: [] } } }), 400, "body.brandIdeas.selectedUuid");

    // Cancelling right after starting: the task is FAILURE, and no result is merged.
    await api.deps.pool.query("SELECT 1");
    const started = await as(api, owner.token, brandKits.startBrandKitGeneration, { params: { id }, body: { types: ["MARKET_RESEARCH"] } });
    expect(started.tasks.map((t) => t.status)).toEqual(["PENDING"]);
    const cancelled = await as(api, owner.token, brandKits.cancelBrandKitGeneration, { params: { id }, body: { types: ["MARKET_RESEARCH"] } });
    expect(cancelled.tasks[0]!.status === "FAILURE" || cancelled.tasks[0]!.status === "SUCCESS").toBe(true);

    const preview = await previewStore(api);
    await expectError(as(api, preview.token, brandKits.createBrandKit, { body: { example: "activewear" } }), 403);
    const cx = await teamMember(api, owner, "CX");
    expect((await as(api, cx.token, brandKits.listBrandKits, {})).total).toBe(1);
  });
});

function stripKit(kit: BrandKit) {
  const { id: _id, isArchived: _a, createdAt: _c, updatedAt: _u, tasks: _t, ...rest } = kit;
  return rest;
}

describe("business kits written by a model, paid through the AI-credit ledger", { timeout: 90_000 }, () => {
  it("charges a model-written part once and refunds it when the model fails (the offline generator writes it instead)", async () => {
    const owner = await registerUser(api);
    const { id } = await as(api, owner.token, brandKits.createBrandKit, { body: { category: "Coffee & tea", productDescription: "Single-origin coffee roasted in small batches." } });
    await settled(owner.token, id);
    await addCredits(api.deps.pool, owner.store.id, 100, "Bought");
    let fail = false;
    const fake = await startFakeOpenAiServer(() => (fail ? { status: 500, error: "overloaded" } : { text: JSON.stringify({ marketResearch: "Specialty coffee keeps growing among home brewers." }) }));
    try {
      const job = brandKitGenerateJob(api.deps, createKitWriterFromEnv({ OPENAI_BASE_URL: fake.baseUrl, ATELIER_MODEL: "fake-model" }));
      const run = async (attempt = 1) => {
        const task = await insertTask(api.deps.pool, owner.store.id, id, "MARKET_RESEARCH");
        const ctx: JobContext = { jobId: crypto.randomUUID(), storeId: owner.store.id, userId: owner.user.id, attempt, signal: new AbortController().signal, progress: async () => {}, log: api.deps.log };
        await job.handler({ taskId: task.id }, ctx);
        return (await getTask(api.deps.pool, task.id))!;
      };
      const cost = GENERATION_CREDITS.MARKET_RESEARCH;
      const paid = await run();
      expect(paid).toMatchObject({ status: "SUCCESS", source: "MODEL", credits_charged: cost, credits_refunded: false });
      expect(fake.requests).toHaveLength(1);
      expect((await as(api, owner.token, plans.getAiCredits, {})).balance).toBe(100 - cost);

      fail = true;
      const refunded = await run();
      expect(refunded).toMatchObject({ status: "SUCCESS", source: "OFFLINE", credits_charged: cost, credits_refunded: true });
      expect((await as(api, owner.token, plans.getAiCredits, {})).balance).toBe(100 - cost);
      const { rows } = await api.deps.pool.query<{ status: string }>("SELECT status FROM ai_credit_charges WHERE store_id = $1 AND charge_key = $2", [owner.store.id, taskChargeKey(refunded.id)]);
      expect(rows).toEqual([{ status: "REFUNDED" }]);
    } finally {
      await fake.close();
    }
  });
});
