import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creation, plans, projects } from "@atelier/contracts";
import { CREDITS_PER_IMAGE, DESIGN_TRIAL_ROUNDS, FREE_IMAGES_PER_DAY } from "@atelier/contracts/creation";
import { as, registerUser, startTestApi, testConfig, type TestApi, expectError } from "./harness";
import { previewStore, teamMember } from "../../test/factories";
import { addCredits } from "../src/services/plans/add-credits";
import { startFakeOpenAiImagesServer, type FakeImagesServer } from "../../eval/fake-openai-images-server";
import { svgToPng } from "../src/providers/image-generation/rasterise";
import { readPrompt } from "../src/providers/image-generation/offline-drawing";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());


async function download(url: string, token: string): Promise<{ status: number; bytes: Buffer; type: string | null }> {
  const res = await fetch(`${api.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get("content-type") };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe("commons image generation and the gallery", () => {
  it("draws four product images offline, free within the daily allowance, kept as the store's files", async () => {
    const owner = await registerUser(api);
    const answer = await as(api, owner.token, creation.generateAiImages, { body: { prompt: "a minimalist ceramic mug with a wave pattern" } });
    expect(answer).toMatchObject({ model: "atelier-offline-drawing", creditsCharged: 0, creditsBalance: null });
    expect(answer.images).toHaveLength(4);
    expect(new Set(answer.images.map((i) => i.id)).size).toBe(4);
    const file = await download(answer.images[0]!.url, owner.token);
    expect(file.status).toBe(200);
    expect(file.type).toBe("image/png");
    expect(file.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // Another store can't open it.
    const other = await registerUser(api);
    expect((await download(answer.images[0]!.url, other.token)).status).toBe(404);
    // Not in the gallery unless asked.
    expect((await as(api, owner.token, creation.listGalleryImages, {})).total).toBe(0);
    expect(readPrompt("a minimalist ceramic mug with a wave pattern")).toMatchObject({ product: { key: "mug" }, pattern: "wave", minimalist: true });
  });

  it("deducts credits once per Idempotency-Key, keeps images in the gallery when asked, and refuses without enough credits", async () => {
    const owner = await registerUser(api);
    const noCredits = await expectError(as(api, owner.token, creation.generateAiImages, { body: { prompt: "navy hoodie", deductCredits: true, numImages: 2 } }, "k-1"), 409);
    expect(noCredits.message).toBe(`Not enough AI credits: ${2 * CREDITS_PER_IMAGE} needed, 0 left. Buy more credits to continue.`);
    await addCredits(api.deps.pool, owner.store.id, 100, "Bought");
    const body = { prompt: "navy hoodie with white stripes", deductCredits: true, saveToImageGallery: true, numImages: 2 };
    const first = await as(api, owner.token, creation.generateAiImages, { body }, "k-2");
    const again = await as(api, owner.token, creation.generateAiImages, { body }, "k-2");
    expect(first).toMatchObject({ creditsCharged: 20, creditsBalance: 80 });
    expect(again.images.map((i) => i.id)).toEqual(first.images.map((i) => i.id));
    expect((await as(api, owner.token, plans.getAiCredits, {})).balance).toBe(80);

    const gallery = await as(api, owner.token, creation.listGalleryImages, { query: { search: "HOODIE" } });
    expect(gallery.total).toBe(2);
    expect(gallery.list.every((i) => i.inGallery && i.prompt === body.prompt)).toBe(true);
    expect((await as(api, owner.token, creation.listGalleryImages, { query: { search: "mug" } })).total).toBe(0);
    expect((await as(api, owner.token, creation.listGalleryImages, { query: { size: 1, page: 1 } })).list).toHaveLength(1);

    await as(api, owner.token, creation.deleteGalleryImage, { params: { id: first.images[0]!.id } });
    expect((await as(api, owner.token, creation.listGalleryImages, {})).list.map((i) => i.id)).toEqual([first.images[1]!.id]);
    await expectError(as(api, owner.token, creation.deleteGalleryImage, { params: { id: first.images[0]!.id } }), 404);
    expect(await as(api, owner.token, creation.saveGalleryImage, { params: { id: first.images[0]!.id } })).toMatchObject({ inGallery: true });

    const other = await registerUser(api);
    await expectError(as(api, other.token, creation.saveGalleryImage, { params: { id: first.images[0]!.id } }), 404);
    await expectError(as(api, other.token, creation.deleteGalleryImage, { params: { id: first.images[1]!.id } }), 404);
    expect((await as(api, other.token, creation.listGalleryImages, {})).total).toBe(0);
  });

  it("refuses bad input with the field and the reason, the daily allowance past its end, and no session", async () => {
    const owner = await registerUser(api);
    await expectError(as(api, owner.token, creation.generateAiImages, { body: { prompt: " a" } }), 400, "body.prompt", /at least 3/);
    await expectError(as(api, owner.token, creation.generateAiImages, { body: { prompt: "a mug", numImages: 5 } }), 400, "body.numImages", /at most 4/);
    await expectError(as(api, owner.token, creation.generateAiImages, { body: { prompt: "a mug", numImages: 1.5 } }), 400, "body.numImages", /whole number/);
    await expectError(as(api, owner.token, creation.listGalleryImages, { query: { size: 0 } }), 400, "query.size");
    await expectError(as(api, owner.token, creation.deleteGalleryImage, { params: { id: "nope" } }), 400, "params.id", /UUID/);
    await expectError(as(api, "", creation.listGalleryImages, {}), 401);
    await api.deps.pool.query(
      `INSERT INTO uploads (id, store_id, user_id, storage_key, file_name, extension, content_type, attachment_type, size_bytes, status)
       SELECT gen_random_uuid(), $1::uuid, $2, 'filler-' || $1::text || '-' || g, 'x.png', 'png', 'image/png', 'IMAGE', 1, 'STORED' FROM generate_series(1, $3) AS g`,
      [owner.store.id, owner.user.id, FREE_IMAGES_PER_DAY - 2],
    );
    await api.deps.pool.query(
      `INSERT INTO creation_images (id, store_id, user_id, prompt, model, width, height) SELECT id, store_id, user_id, 'x', 'm', 1, 1 FROM uploads WHERE store_id = $1`,
      [owner.store.id],
    );
    const used = await expectError(as(api, owner.token, creation.generateAiImages, { body: { prompt: "a mug" } }), 409);
    expect(used.message).toContain(`used ${FREE_IMAGES_PER_DAY - 2} of today's ${FREE_IMAGES_PER_DAY} free images`);
  });

  it("refuses preview accounts and roles without AI or sourcing", async () => {
    const preview = await previewStore(api);
    const blocked = await expectError(as(api, preview.token, creation.generateAiImages, { body: { prompt: "a mug" } }), 403);
    expect(blocked.message).toBe("Preview mode can't take this action.");
    expect((await as(api, preview.token, creation.listGalleryImages, {})).total).toBe(0);
    const owner = await registerUser(api);
    const cx = await teamMember(api, owner, "CX");
    // CX may design, but not start a request to suppliers.
    expect((await as(api, cx.token, creation.getProductDesign, {})).step).toBe("PROMPT");
    await expectError(as(api, cx.token, creation.startProjectFromDesign, { body: {} }), 403);
  });
});

describe("AI product design", () => {
  it("starts at PROMPT with the OPENAI model, generates trial rounds, then asks to confirm credits, saves a design and starts a project from it", async () => {
    const owner = await registerUser(api);
    const start = await as(api, owner.token, creation.getProductDesign, {});
    expect(start).toMatchObject({ step: "PROMPT", model: "OPENAI", generatedDesigns: [], savedDesign: null, trialRemainingQuantity: DESIGN_TRIAL_ROUNDS, nextRoundCredits: 0, totalCount: 0, generateData: null, subscribed: false });
    await expectError(as(api, owner.token, creation.generateProductDesigns, { body: {} }), 400, "body.description", /say what to design/);
    await expectError(as(api, owner.token, creation.updateProductDesign, { body: {} }), 400, "body", /at least one field/);
    await expectError(as(api, owner.token, creation.updateProductDesign, { body: { step: "SAVED" } }), 400, "body.step");
    await expectError(as(api, owner.token, creation.updateProductDesign, { body: { model: "GEMINI" as never } }), 400, "body.model");

    let design = await as(api, owner.token, creation.updateProductDesign, { body: { description: "a minimalist ceramic mug with a wave pattern", model: "AMAZON" } });
    expect(design).toMatchObject({ model: "AMAZON", description: "a minimalist ceramic mug with a wave pattern" });
    for (let round = 1; round <= DESIGN_TRIAL_ROUNDS; round++) design = await as(api, owner.token, creation.generateProductDesigns, { body: {} }, `round-${round}`);
    expect(design).toMatchObject({ step: "RESULTS", totalCount: DESIGN_TRIAL_ROUNDS, trialRemainingQuantity: 0, nextRoundCredits: 40, usedCredits: 0, generateData: { prompt: "a minimalist ceramic mug with a wave pattern", numImages: 4 } });
    expect(design.generatedDesigns).toHaveLength(4);

    const unconfirmed = await expectError(as(api, owner.token, creation.generateProductDesigns, { body: {} }), 409);
    expect(unconfirmed.message).toBe("This round costs 40 AI credits; confirm 40 credits to generate.");
    await addCredits(api.deps.pool, owner.store.id, 50, "Bought");
    design = await as(api, owner.token, creation.generateProductDesigns, { body: { description: "a sage green tote bag with floral print", confirmCredits: 40 } }, "paid-1");
    expect(design).toMatchObject({ usedCredits: 40, totalCredits: 10, description: "a sage green tote bag with floral print" });

    const pick = design.generatedDesigns[1]!;
    const saved = await as(api, owner.token, creation.saveProductDesign, { body: { imageId: pick.id } });
    expect(saved).toMatchObject({ step: "SAVED", savedDesign: { id: pick.id, inGallery: true } });
    expect((await as(api, owner.token, creation.listGalleryImages, {})).list.map((i) => i.id)).toEqual([pick.id]);

    const started = await as(api, owner.token, creation.startProjectFromDesign, { body: {} }, "project-1");
    expect(started.title).toBe("A sage green tote bag with floral print");
    const project = await as(api, owner.token, projects.getCreatorProject, { params: { id: started.projectId } });
    expect(project).toMatchObject({ formStage: "FORM", catalogItemType: "RFP_PRODUCT", attachments: [pick.url], description: "Made from an AI product design: a sage green tote bag with floral print" });

    // Starting over keeps the saved design and clears the candidates.
    const over = await as(api, owner.token, creation.updateProductDesign, { body: { step: "PROMPT" } });
    expect(over).toMatchObject({ step: "PROMPT", generatedDesigns: [], savedDesign: { id: pick.id } });

    const other = await registerUser(api);
    await expectError(as(api, other.token, creation.saveProductDesign, { body: { imageId: pick.id } }), 404);
    await expectError(as(api, other.token, creation.startProjectFromDesign, { body: { imageId: pick.id } }), 404);
    await expectError(as(api, other.token, creation.startProjectFromDesign, { body: {} }), 400, "body.imageId");
  });
});

describe("with an images model configured", () => {
  let fake: FakeImagesServer;
  let modelApi: TestApi;
  let failNext = false;
  let notPng = false;
  beforeAll(async () => {
    const tiny = svgToPng('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#3f9a5b"/></svg>', 8);
    fake = await startFakeOpenAiImagesServer((req) =>
      failNext ? { status: 500, error: "overloaded" } : { pngs: Array.from({ length: req.n ?? 1 }, () => (notPng ? Buffer.from("<html>not a picture</html>") : tiny)) },
    );
    modelApi = await startTestApi({ config: testConfig({ imageGeneration: { model: "gpt-image-fake", apiKey: "sk-test", baseUrl: fake.baseUrl } }) });
  });
  afterAll(async () => {
    await modelApi.close();
    await fake.close();
  });

  it("asks the model in OpenAI's wire format, and falls back to the offline drawing when it fails", async () => {
    const owner = await registerUser(modelApi);
    const answer = await as(modelApi, owner.token, creation.generateAiImages, { body: { prompt: "green water bottle", numImages: 2 } });
    expect(answer.model).toBe("gpt-image-fake");
    expect(answer.images.map((i) => [i.width, i.height])).toEqual([[8, 8], [8, 8]]);
    expect(fake.requests.at(-1)).toMatchObject({ model: "gpt-image-fake", prompt: "green water bottle", n: 2, response_format: "b64_json" });
    failNext = true;
    const fallback = await as(modelApi, owner.token, creation.generateAiImages, { body: { prompt: "green water bottle", numImages: 1 } });
    expect(fallback).toMatchObject({ model: "atelier-offline-drawing", images: [{ width: 512, height: 512 }] });
    failNext = false;
  });

  it("draws AI product designs with the configured model, and with the offline drawing when the model answers something that is not a picture", async () => {
    const owner = await registerUser(modelApi);
    const before = fake.requests.length;
    const design = await as(modelApi, owner.token, creation.generateProductDesigns, { body: { description: "a cork yoga block with an embossed wave" } }, "design-1");
    expect(fake.requests.slice(before)).toEqual([{ model: "gpt-image-fake", prompt: "a cork yoga block with an embossed wave", n: 4, size: "1024x1024", response_format: "b64_json" }]);
    expect(design.generatedDesigns).toHaveLength(4);
    // The stored picture is the model's (8×8), read back as PNG width and height from its header.
    const size = async (url: string) => {
      const png = Buffer.from(await (await fetch(`${modelApi.url}${url}`, { headers: { authorization: `Bearer ${owner.token}` } })).arrayBuffer());
      return [png.readUInt32BE(16), png.readUInt32BE(20)];
    };
    expect(await size(design.generatedDesigns[0]!.url)).toEqual([8, 8]);

    notPng = true;
    const fallback = await as(modelApi, owner.token, creation.generateProductDesigns, { body: {} }, "design-2");
    expect(fake.requests.length).toBe(before + 2);
    expect(await size(fallback.generatedDesigns[0]!.url)).toEqual([512, 512]);
    notPng = false;
  });
});
