import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ideation, plans } from "@atelier/contracts";
import { CREDITS_PER_IDEA_ROUND, FREE_IDEA_ROUNDS_PER_DAY, IDEAS_PER_ROUND } from "@atelier/contracts/ideation";
import { as, registerUser, startTestApi, type TestApi, expectError } from "./harness";
import { createItem, createSupplier, previewStore, teamMember } from "../../test/factories";
import { addCredits } from "../src/services/plans/add-credits";
import { briefWords, writeIdeas } from "../src/services/ideation/write-ideas";
import { MODEL_FELL_BACK } from "../src/services/ideation/generate-ai-ideas";
import { createKitWriterFromEnv } from "../src/services/brand-kits/kit-writer";
import { lastUserText, startFakeOpenAiServer } from "../../eval/fake-openai-server";

let api: TestApi;
let supplierName: string;
beforeAll(async () => {
  api = await startTestApi();
  supplierName = `Paws Factory ${crypto.randomUUID().slice(0, 6)}`;
  // Listings sharing only a word with the wuffle toy: the matches shown must still be the closest.
  const other = await createSupplier(api, { name: `Rubber Works ${crypto.randomUUID().slice(0, 6)}`, countryCode: "CN", enabled: true, moq: 100 });
  for (const title of ["Natural rubber yoga mat", "Natural rubber door stop", "Rubber chew ring for dogs", "Natural latex chew bone"]) {
    await createItem(api, other, { title, priceMinCents: 150, priceMaxCents: 300, moq: 200, samplePriceCents: 900 });
  }
  const supplier = await createSupplier(api, { name: supplierName, countryCode: "VN", enabled: true, moq: 100 });
  await createItem(api, supplier, { title: "Natural rubber wuffle chew toy", priceMinCents: 120, priceMaxCents: 240, moq: 300, samplePriceCents: 900 });
  await createItem(api, supplier, { title: "Hemp rope wuffle toy", priceMinCents: 90, priceMaxCents: 150, moq: 500, samplePriceCents: 800 });
});
afterAll(() => api.close());

// A made-up animal: the run's one database holds other files' listings (dog toys among them), and
// the ideas must be grounded in this file's two listings only.
const brief = "eco-friendly wuffle toys for city apartments";

describe("product ideation", () => {
  it("opens the latest active ideation or a new one, writes ideas from the marketplace's listings, picks and lists them", async () => {
    const owner = await registerUser(api);
    const opened = await as(api, owner.token, ideation.openAiIdea, {});
    expect(opened.created).toBe(true);
    const again = await as(api, owner.token, ideation.openAiIdea, {});
    expect(again).toMatchObject({ created: false, ideation: { id: opened.ideation!.id } });
    const id = opened.ideation!.id;

    await expectError(as(api, owner.token, ideation.generateAiIdeas, { params: { id }, body: {} }, "g-0"), 400, "body.prompt", /say what you want to make/);
    const written = await as(api, owner.token, ideation.generateAiIdeas, { params: { id }, body: { prompt: brief } }, "g-1");
    expect(written.title).toBe("Eco-friendly wuffle toys for city apartments");
    expect(written.ideas).toHaveLength(IDEAS_PER_ROUND);
    expect(written.cost).toMatchObject({ freeRoundsLeft: FREE_IDEA_ROUNDS_PER_DAY - 1, nextRoundCredits: 0 });
    // Grounded: the wuffle toys come first, costed from the two listings with the supplier's duty.
    const first = written.ideas[0]!;
    expect(first.title.toLowerCase()).toContain("wuffle");
    // Other files' listings share the run's database, so counts are at least this file's own.
    expect(first.suppliers).toBeGreaterThanOrEqual(1);
    expect(first.moq).toBeGreaterThan(0);
    expect(first.estimatedUnitCost).not.toBeNull();
    expect(first.suggestedRetailPrice).toBeGreaterThan(first.estimatedUnitCost!);
    expect(first.matchingItems.map((m) => m.supplierName)).toContain(supplierName);
    expect(first.matchingItems[0]!.title).toMatch(/wuffle/);
    expect(first.whyItSells).toMatch(/\d+ suppliers? on the marketplace makes? something like it/);
    expect(first.description).toMatch(/made for city apartments/);
    // A retried request (same Idempotency-Key) writes no second round.
    expect((await as(api, owner.token, ideation.generateAiIdeas, { params: { id }, body: { prompt: brief } }, "g-1")).generationCount).toBe(1);

    const picked = await as(api, owner.token, ideation.selectAiIdeaProducts, { params: { id }, body: { selectedProductIds: [written.ideas[1]!.uuid, first.uuid] } });
    expect(picked.selectedProductIds).toEqual([written.ideas[1]!.uuid, first.uuid]);
    await expectError(as(api, owner.token, ideation.selectAiIdeaProducts, { params: { id }, body: { selectedProductIds: ["nope"] } }), 400, "body.selectedProductIds.0", /not one of this ideation/);

    const second = await as(api, owner.token, ideation.createAiIdea, { body: { prompt: "minimalist ceramic mugs", maxUnitCost: 4 } }, "c-1");
    expect(second).toMatchObject({ title: "Minimalist ceramic mugs", maxUnitCost: 4, ideas: [] });
    const listed = await as(api, owner.token, ideation.listAiIdeas, { query: { sort: "title" } });
    expect(listed.list.map((l) => l.title)).toEqual(["Eco-friendly wuffle toys for city apartments", "Minimalist ceramic mugs"]);
    expect(listed.list[0]).toMatchObject({ ideaCount: IDEAS_PER_ROUND, selectedTitles: [written.ideas[1]!.title, first.title] });
    expect((await as(api, owner.token, ideation.listAiIdeas, { query: { search: "CERAMIC" } })).list.map((l) => l.id)).toEqual([second.id]);
    expect((await as(api, owner.token, ideation.listAiIdeas, { query: { size: 1, page: 1, sort: "title" } })).list.map((l) => l.id)).toEqual([second.id]);

    // Archiving takes it off the list; the screen then opens the other one.
    await as(api, owner.token, ideation.updateAiIdea, { params: { id: second.id }, body: { isArchived: true } });
    expect((await as(api, owner.token, ideation.listAiIdeas, {})).total).toBe(1);
    expect((await as(api, owner.token, ideation.listAiIdeas, { query: { includeArchived: "true" } })).total).toBe(2);
    expect((await as(api, owner.token, ideation.bulkUpdateAiIdeas, { body: { ids: [second.id, id], isArchived: true } })).updated).toBe(2);
    expect((await as(api, owner.token, ideation.openAiIdea, {})).created).toBe(true);
    await as(api, owner.token, ideation.bulkUpdateAiIdeas, { body: { ids: [id], isArchived: false } });
  });

  it("writes the same round the same way and moves on to other ideas in the next round", async () => {
    const input = { ideationId: "5f0c6a43-4a53-4c8e-9f5a-2f1f3c9d7a10", round: 0, prompt: brief, category: "", maxUnitCost: null };
    const now = new Date("2026-01-01T00:00:00Z");
    const a = await writeIdeas(api.deps.pool, input, now);
    expect(await writeIdeas(api.deps.pool, input, now)).toEqual(a);
    const next = await writeIdeas(api.deps.pool, { ...input, round: 1 }, now);
    expect(next.map((i) => i.uuid)).not.toEqual(a.map((i) => i.uuid));
    expect(briefWords(brief, "Pet supplies")).toEqual(["pet", "supply", "eco-friendly", "wuffle", "toy", "city", "apartment"]);
    // A unit-cost limit puts ideas within it first.
    const cheap = await writeIdeas(api.deps.pool, { ...input, maxUnitCost: 1.5 }, now);
    const within = cheap.filter((i) => i.estimatedUnitCost !== null).map((i) => i.estimatedUnitCost! <= 1.5);
    // Every idea within the limit comes before every idea over it.
    expect(within).toEqual([...within].sort((a, b) => Number(b) - Number(a)));
  });

  it("charges credits after the free rounds only when confirmed, once per Idempotency-Key", async () => {
    const owner = await registerUser(api);
    const { id } = await as(api, owner.token, ideation.createAiIdea, { body: { prompt: brief } }, "c-2");
    for (let i = 0; i < FREE_IDEA_ROUNDS_PER_DAY; i++) await as(api, owner.token, ideation.generateAiIdeas, { params: { id }, body: {} }, `free-${i}`);
    const asked = await expectError(as(api, owner.token, ideation.generateAiIdeas, { params: { id }, body: {} }, "paid-0"), 409);
    expect(asked.message).toBe(`This round costs ${CREDITS_PER_IDEA_ROUND} AI credits; confirm ${CREDITS_PER_IDEA_ROUND} credits to write new ideas.`);
    const short = await expectError(as(api, owner.token, ideation.generateAiIdeas, { params: { id }, body: { confirmCredits: CREDITS_PER_IDEA_ROUND } }, "paid-1"), 409);
    expect(short.message).toBe(`Not enough AI credits: ${CREDITS_PER_IDEA_ROUND} needed, 0 left. Buy more credits to continue.`);
    await addCredits(api.deps.pool, owner.store.id, 20, "Bought");
    const paid = await as(api, owner.token, ideation.generateAiIdeas, { params: { id }, body: { confirmCredits: CREDITS_PER_IDEA_ROUND } }, "paid-2");
    expect(paid.generationCount).toBe(FREE_IDEA_ROUNDS_PER_DAY + 1);
    expect(paid.ideas).toHaveLength(IDEAS_PER_ROUND * (FREE_IDEA_ROUNDS_PER_DAY + 1));
    expect(paid.cost).toMatchObject({ nextRoundCredits: CREDITS_PER_IDEA_ROUND, freeRoundsLeft: 0, creditBalance: 20 - CREDITS_PER_IDEA_ROUND });
    await as(api, owner.token, ideation.generateAiIdeas, { params: { id }, body: { confirmCredits: CREDITS_PER_IDEA_ROUND } }, "paid-2");
    expect((await as(api, owner.token, plans.getAiCredits, {})).balance).toBe(20 - CREDITS_PER_IDEA_ROUND);
  });

  it("submits for crowdfunding, lists public ideas across stores, and e-mails the summary only to the person's own address", async () => {
    const owner = await registerUser(api);
    const { id } = await as(api, owner.token, ideation.createAiIdea, { body: { prompt: brief } }, "c-3");
    const pitch = "Chew toys that survive a terrier and fit a studio flat.";
    await expectError(as(api, owner.token, ideation.submitAiIdea, { params: { id }, body: { pitch, fundingGoal: 5000, isPublic: true } }), 400, "params.id", /no picked product idea/);
    const written = await as(api, owner.token, ideation.generateAiIdeas, { params: { id }, body: {} }, "g-3");
    await as(api, owner.token, ideation.selectAiIdeaProducts, { params: { id }, body: { selectedProductIds: [written.ideas[0]!.uuid] } });
    await expectError(as(api, owner.token, ideation.sendCrowdfundingEmailToSelf, { body: { ideaId: id, confirmRecipient: owner.email } }), 400, "body.ideaId", /not submitted/);
    await expectError(as(api, owner.token, ideation.submitAiIdea, { params: { id }, body: { pitch: "short", fundingGoal: 5000 } }), 400, "body.pitch", /at least 20/);
    await expectError(as(api, owner.token, ideation.submitAiIdea, { params: { id }, body: { pitch, fundingGoal: 5 } }), 400, "body.fundingGoal", /at least 100/);
    const submitted = await as(api, owner.token, ideation.submitAiIdea, { params: { id }, body: { pitch, fundingGoal: 5000, isPublic: true } });
    expect(submitted).toMatchObject({ pitch, fundingGoal: 5000, isPublic: true });
    expect(submitted.submittedAt).not.toBeNull();

    const other = await registerUser(api);
    const pub = await as(api, other.token, ideation.listPublicAiIdeas, { query: { search: "terrier" } });
    expect(pub.list).toEqual([expect.objectContaining({ id, pitch, fundingGoal: 5000, products: [{ title: written.ideas[0]!.title, suggestedRetailPrice: written.ideas[0]!.suggestedRetailPrice }] })]);

    await expectError(as(api, owner.token, ideation.sendCrowdfundingEmailToSelf, { body: { ideaId: id, confirmRecipient: "someone@else.test" } }), 400, "body.confirmRecipient", /your own address/);
    await expectError(as(api, owner.token, ideation.sendCrowdfundingEmailToSelf, { body: { ideaId: id, confirmRecipient: "not an address" } }), 400, "body.confirmRecipient", /e-mail address/);
    const sent = await as(api, owner.token, ideation.sendCrowdfundingEmailToSelf, { body: { ideaId: id, confirmRecipient: owner.email.toUpperCase() } });
    expect(sent).toEqual({ sentTo: owner.email, subject: `Your crowdfunding idea: ${submitted.title}` });
    const { rows } = await api.deps.pool.query<{ to_address: string; body: string }>("SELECT to_address, body FROM outbox_messages WHERE payload->>'ideaId' = $1", [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.to_address).toBe(owner.email);
    expect(rows[0]!.body).toContain(pitch);
    expect(rows[0]!.body).toContain("Funding goal: $5,000.00");
  });

  it("keeps each store's ideations to itself, refuses bad input with the field, preview accounts and roles", async () => {
    const owner = await registerUser(api);
    const { id } = await as(api, owner.token, ideation.createAiIdea, { body: {} }, "c-4");
    const other = await registerUser(api);
    await expectError(as(api, other.token, ideation.getAiIdea, { params: { id } }), 404);
    await expectError(as(api, other.token, ideation.updateAiIdea, { params: { id }, body: { title: "Mine" } }), 404);
    await expectError(as(api, other.token, ideation.generateAiIdeas, { params: { id }, body: { prompt: brief } }), 404);
    await expectError(as(api, other.token, ideation.selectAiIdeaProducts, { params: { id }, body: { selectedProductIds: [] } }), 404);
    await expectError(as(api, other.token, ideation.submitAiIdea, { params: { id }, body: { pitch: "A pitch long enough to pass.", fundingGoal: 500 } }), 404);
    await expectError(as(api, other.token, ideation.sendCrowdfundingEmailToSelf, { body: { ideaId: id, confirmRecipient: other.email } }), 404);
    await expectError(as(api, other.token, ideation.bulkUpdateAiIdeas, { body: { ids: [id], isArchived: true } }), 404);
    expect((await as(api, other.token, ideation.listAiIdeas, {})).total).toBe(0);

    await expectError(as(api, owner.token, ideation.getAiIdea, { params: { id: "nope" } }), 400, "params.id", /UUID/);
    await expectError(as(api, owner.token, ideation.updateAiIdea, { params: { id }, body: {} }), 400, "body", /at least one field/);
    await expectError(as(api, owner.token, ideation.updateAiIdea, { params: { id }, body: { maxUnitCost: -1 } }), 400, "body.maxUnitCost", /above zero/);
    await expectError(as(api, owner.token, ideation.listAiIdeas, { query: { sort: "price" as "title" } }), 400, "query.sort");
    await expectError(as(api, owner.token, ideation.generateAiIdeas, { params: { id }, body: { confirmCredits: 1.5 } }), 400, "body.confirmCredits", /whole number/);
    await expectError(as(api, owner.token, ideation.bulkUpdateAiIdeas, { body: { ids: [], isArchived: true } }), 400, "body.ids", /at least one/);
    await expectError(as(api, "", ideation.listAiIdeas, {}), 401);

    const preview = await previewStore(api);
    expect(await as(api, preview.token, ideation.openAiIdea, {})).toEqual({ ideation: null, created: false });
    const blocked = await expectError(as(api, preview.token, ideation.createAiIdea, { body: {} }), 403);
    expect(blocked.message).toBe("Preview mode can't take this action.");

    const cx = await teamMember(api, owner, "CX");
    await as(api, cx.token, ideation.generateAiIdeas, { params: { id }, body: { prompt: brief } }, "cx-g");
    const withPick = await as(api, cx.token, ideation.getAiIdea, { params: { id } });
    await as(api, cx.token, ideation.selectAiIdeaProducts, { params: { id }, body: { selectedProductIds: [withPick.ideas[0]!.uuid] } });
    // Publishing an idea outside the store is for owners and admins.
    await expectError(as(api, cx.token, ideation.submitAiIdea, { params: { id }, body: { pitch: "A pitch long enough to pass.", fundingGoal: 500 } }), 403);
  });
});

describe("product ideas written by a model", () => {
  it("asks the model with the marketplace's figures, keeps those figures, and falls back to the offline writer with a notice on a 5xx or invalid answer", async () => {
    type Mode = "picks" | "too-cheap" | { status: number; error: string } | { text: string };
    let mode: Mode = "picks";
    const idea = (basedOn: number, title: string, suggestedRetailPrice: number) => ({ basedOn, title, description: "A toy city dogs love.", whyItSells: "Dog owners in small flats buy quiet toys.", suggestedRetailPrice });
    const fake = await startFakeOpenAiServer((req) => {
      if (typeof mode === "object") return mode;
      // The prompt lists the candidates, numbered, with their figures.
      const lines = lastUserText(req).split("\n").filter((l) => /^\d+\. /.test(l));
      const number = (l: string) => Number(l.split(".")[0]);
      if (mode === "too-cheap") return { text: JSON.stringify({ ideas: [idea(number(lines.find((l) => l.includes("landed unit cost"))!), "Too cheap", 0.01)] }) };
      return { text: JSON.stringify({ ideas: lines.filter((l) => /wuffle/i.test(l)).map((l, i) => idea(number(l), `Wuffle idea ${i + 1}`, 24.5)) }) };
    });
    const saved = api.deps.providers.textWriter;
    api.deps.providers.textWriter = createKitWriterFromEnv({ OPENAI_BASE_URL: fake.baseUrl, ATELIER_MODEL: "fake-idea-model" });
    try {
      const owner = await registerUser(api);
      const { id } = await as(api, owner.token, ideation.createAiIdea, { body: { prompt: brief } }, "m-0");
      const written = await as(api, owner.token, ideation.generateAiIdeas, { params: { id }, body: {} }, "m-1");
      expect(written.notice).toBeNull();
      const request = fake.requests.at(-1)!;
      expect(request).toMatchObject({ model: "fake-idea-model", response_format: { type: "json_object" } });
      expect(lastUserText(request)).toContain(brief);
      expect(lastUserText(request)).toMatch(/Natural rubber wuffle chew toy \(landed unit cost \$\d+\.\d\d, MOQ \d+/);
      const first = written.ideas[0]!;
      expect(first).toMatchObject({ title: "Wuffle idea 1", description: "A toy city dogs love.", suggestedRetailPrice: 24.5, writtenBy: "fake-idea-model" });
      // The figures are the marketplace's, not the model's.
      expect(first.estimatedUnitCost).not.toBeNull();
      expect(first.marginPercent).toBe(Math.round(((24.5 - first.estimatedUnitCost!) / 24.5) * 100));
      expect(first.matchingItems.map((m) => m.supplierName)).toContain(supplierName);
      expect(first.whyItSells).toMatch(/^Dog owners in small flats buy quiet toys\. \d+ suppliers? on the marketplace/);

      // A 5xx: the offline writer writes the round, and the answer says so.
      mode = { status: 503, error: "overloaded" };
      const down = await as(api, owner.token, ideation.generateAiIdeas, { params: { id }, body: {} }, "m-2");
      expect(down.notice).toBe(MODEL_FELL_BACK);
      expect(down.ideas.slice(0, IDEAS_PER_ROUND).every((i) => i.writtenBy === undefined)).toBe(true);
      expect(down.generationCount).toBe(2);

      // Output that doesn't validate falls back too: a candidate it was never shown, a price below cost, prose.
      mode = { text: JSON.stringify({ ideas: [idea(99, "Ghost", 10)] }) };
      expect((await as(api, owner.token, ideation.generateAiIdeas, { params: { id }, body: {} }, "m-3")).notice).toBe(MODEL_FELL_BACK);
      mode = "too-cheap";
      const cheap = await as(api, owner.token, ideation.generateAiIdeas, { params: { id }, body: {} }, "m-4");
      expect(cheap.notice).toBe(MODEL_FELL_BACK);
      expect(cheap.ideas.map((i) => i.title)).not.toContain("Too cheap");
      mode = { text: "Here are some ideas: wuffle toys!" };
      expect((await as(api, owner.token, ideation.generateAiIdeas, { params: { id }, body: {} }, "m-5")).notice).toBe(MODEL_FELL_BACK);
    } finally {
      api.deps.providers.textWriter = saved;
      await fake.close();
    }
  });
});
