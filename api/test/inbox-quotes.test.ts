import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { inbox, projects } from "@atelier/contracts";
import type { Message, QuoteDetail } from "@atelier/contracts/inbox/contracts";
import { as, registerUser, startTestApi, type TestApi, expectError } from "./harness";
import { createSupplier, supplierMember, teamMember } from "../../test/factories";
import { expireLapsedQuotes } from "../src/services/inbox/quotes/expire-quotes";
import { joinRoom, socketClients } from "./sockets";

// Quotes as objects with their own state (issue 18): proposed → countered → accepted, declined or
// expired, each step in the audit trail; both sides answer in turn; accepting writes the terms and
// the landed cost into the custom project.

let api: TestApi;
const clients = socketClients(() => api.url);
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  clients.closeAll();
  await api.close();
});


const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

/** A store with a submitted tote-bag project, a Chinese supplier with a member, and their conversation. */
async function setting(name = "Jiale Bags", countryCode = "CN") {
  const store = await registerUser(api);
  const supplierId = await createSupplier(api, { name, countryCode });
  const rep = await supplierMember(api, supplierId);
  const conversation = await as(api, store.token, inbox.startConversation, { body: { supplierId } });
  const project = await as(api, store.token, projects.saveCustomProject, { body: { formStage: "FORM", title: "Cotton tote bag", description: "Natural canvas tote with a one-colour logo", quantity: 500 } });
  return { store, supplierId, rep, sid: conversation.sid, projectId: project.id };
}

const terms = { title: "Canvas tote bags", unitPriceCents: 420, quantity: 500, moq: 300, leadTimeDays: 25, samplePriceCents: 3500, validUntil: inDays(14) };

describe("quotes", () => {
  it("moves proposed → countered → accepted with an audit trail, turn by turn, and writes the terms and landed cost into the project", async () => {
    const { store, rep, sid, projectId, supplierId } = await setting();
    const proposed = await as(api, rep.token, inbox.proposeQuote, { params: { sid }, body: { ...terms, projectId, note: "Price includes the logo print." } });
    expect(proposed).toMatchObject({ status: "PROPOSED", offeredBy: "SUPPLIER", awaitingSide: "STORE", totalCents: 210_000, supplierName: "Jiale Bags", projectId, landedCostCents: null });
    expect(proposed.events.map((e) => [e.action, e.side])).toEqual([["PROPOSED", "SUPPLIER"]]);

    // The card is in the conversation with its live state; the store now owes a reply and has one unread.
    const page = await as(api, store.token, inbox.listMessages, { params: { sid }, query: {} });
    expect(page.list[0]).toMatchObject({ type: "QUOTE", authorSide: "SUPPLIER", quote: { id: proposed.id, status: "PROPOSED" } });
    expect(page.conversation).toMatchObject({ unreadCount: 1, needsReply: { side: "STORE" }, lastMessagePreview: "Quote: Canvas tote bags" });

    // The supplier cannot answer its own standing terms.
    await expectError(as(api, rep.token, inbox.acceptQuote, { params: { id: proposed.id } }), 409, undefined, /wait for/);
    await expectError(as(api, rep.token, inbox.counterQuote, { params: { id: proposed.id }, body: { unitPriceCents: 400 } }), 409);

    const countered = await as(api, store.token, inbox.counterQuote, { params: { id: proposed.id }, body: { unitPriceCents: 380, note: "Can you do $3.80?" } });
    expect(countered).toMatchObject({ status: "COUNTERED", offeredBy: "STORE", awaitingSide: "SUPPLIER", unitPriceCents: 380, quantity: 500, moq: 300 });
    // The counter is a line in the conversation: now the supplier owes the reply.
    expect(await as(api, rep.token, inbox.getConversation, { params: { sid } })).toMatchObject({ needsReply: { side: "SUPPLIER" }, unreadCount: 1 });
    await expectError(as(api, store.token, inbox.acceptQuote, { params: { id: proposed.id } }), 409);

    const accepted = await as(api, rep.token, inbox.acceptQuote, { params: { id: proposed.id } });
    expect(accepted).toMatchObject({ status: "ACCEPTED", awaitingSide: null, unitPriceCents: 380, totalCents: 190_000 });
    expect(accepted.decidedAt).not.toBeNull();
    expect(accepted.events.map((e) => [e.action, e.side, e.unitPriceCents])).toEqual([["PROPOSED", "SUPPLIER", 420], ["COUNTERED", "STORE", 380], ["ACCEPTED", "SUPPLIER", 380]]);
    // Cotton tote bags from China: 6.3% general + the China duty, plus freight, on top of $3.80.
    expect(accepted.landedCostCents).toBeGreaterThan(380);
    expect(accepted.landedCostBasis).toMatch(/4202\.22\.40/);

    const project = await as(api, store.token, projects.getCreatorProject, { params: { id: projectId } });
    expect(project.quotedTerms).toMatchObject({ quoteId: proposed.id, supplierId, supplierName: "Jiale Bags", unitPriceCents: 380, quantity: 500, moq: 300, leadTimeDays: 25, samplePriceCents: 3500, totalCents: 190_000, landedCostCents: accepted.landedCostCents });

    // Settled: nothing more moves it.
    await expectError(as(api, store.token, inbox.declineQuote, { params: { id: proposed.id }, body: {} }), 409, undefined, /accepted/);
    await expectError(as(api, rep.token, inbox.counterQuote, { params: { id: proposed.id }, body: { unitPriceCents: 500 } }), 409);
  });

  it("declines, expires (the job records it), and lists by project and status", async () => {
    const { store, rep, sid, projectId } = await setting("Ningbo Canvas");
    const a = await as(api, rep.token, inbox.proposeQuote, { params: { sid }, body: { ...terms, projectId } });
    const declined = await as(api, store.token, inbox.declineQuote, { params: { id: a.id }, body: { reason: "Too slow for us." } });
    expect(declined).toMatchObject({ status: "DECLINED", awaitingSide: null });
    expect(declined.events.at(-1)).toMatchObject({ action: "DECLINED", side: "STORE", note: "Too slow for us." });

    const b = await as(api, rep.token, inbox.proposeQuote, { params: { sid }, body: { ...terms, projectId, unitPriceCents: 399 } });
    await api.deps.pool.query(`UPDATE quotes SET valid_until = now() - interval '1 minute' WHERE id = $1`, [b.id]);
    // Readers see a lapsed quote as expired before the job runs, and it cannot be accepted.
    expect((await as(api, store.token, inbox.getQuote, { params: { id: b.id } })).status).toBe("EXPIRED");
    await expectError(as(api, store.token, inbox.acceptQuote, { params: { id: b.id } }), 409, undefined, /expired/);
    expect(await expireLapsedQuotes(api.deps.pool)).toBeGreaterThanOrEqual(1);
    const expired = await as(api, store.token, inbox.getQuote, { params: { id: b.id } });
    expect(expired.events.at(-1)).toMatchObject({ action: "EXPIRED", side: "SYSTEM" });

    const listed = await as(api, store.token, inbox.listQuotes, { query: { projectId } });
    expect(listed.total).toBe(2);
    expect((await as(api, store.token, inbox.listQuotes, { query: { status: "EXPIRED" } })).list.map((q) => q.id)).toEqual([b.id]);
    expect((await as(api, rep.token, inbox.listQuotes, { query: { sid } })).total).toBe(2);
  });

  it("compares the latest quote of each supplier for a project with landed cost, cheapest landed first", async () => {
    const store = await registerUser(api);
    const project = await as(api, store.token, projects.saveCustomProject, { body: { formStage: "FORM", title: "Cotton tote bag", quantity: 500 } });
    const offers: [string, string, number][] = [["Jiale Bags", "CN", 380], ["Hanoi Totes", "VN", 395], ["Ege Textiles", "TR", 450]];
    const ids: Record<string, string> = {};
    for (const [name, countryCode, price] of offers) {
      const supplierId = await createSupplier(api, { name, countryCode });
      const rep = await supplierMember(api, supplierId);
      const { sid } = await as(api, store.token, inbox.startConversation, { body: { supplierId } });
      ids[name] = (await as(api, rep.token, inbox.proposeQuote, { params: { sid }, body: { ...terms, projectId: project.id, unitPriceCents: price } })).id;
    }
    const table = await as(api, store.token, inbox.compareQuotes, { query: { projectId: project.id } });
    expect(table.project).toMatchObject({ title: "Cotton tote bag", quantity: 500 });
    expect(table.rows).toHaveLength(3);
    for (const r of table.rows) {
      expect(r.landedCostCents).toBe(r.unitPriceCents + r.dutyPerUnitCents! + r.freightPerUnitCents!);
      expect(r.totalLandedCents).toBe(r.landedCostCents! * r.quantity);
    }
    const landed = table.rows.map((r) => r.landedCostCents!);
    expect([...landed].sort((x, y) => x - y)).toEqual(landed);
    expect(table.cheapestQuoteId).toBe(table.rows[0]!.quoteId);
    // China's extra duty makes the cheaper unit price not the cheapest landed.
    expect(table.rows.find((r) => r.supplierName === "Jiale Bags")!.dutyRatePercent).toBeGreaterThan(table.rows.find((r) => r.supplierName === "Hanoi Totes")!.dutyRatePercent!);
  });

  it("keeps each side to its own quotes, refuses bad input with the field, and roles without sourcing", async () => {
    const { store, rep, sid, projectId } = await setting("Isolated Bags");
    const q = await as(api, rep.token, inbox.proposeQuote, { params: { sid }, body: { ...terms, projectId } });
    const otherStore = await registerUser(api);
    const otherRep = await supplierMember(api, await createSupplier(api, { name: "Other Supplier" }));
    await expectError(as(api, otherStore.token, inbox.getQuote, { params: { id: q.id } }), 404);
    await expectError(as(api, otherStore.token, inbox.acceptQuote, { params: { id: q.id } }), 404);
    await expectError(as(api, otherRep.token, inbox.counterQuote, { params: { id: q.id }, body: { unitPriceCents: 1 } }), 404);
    await expectError(as(api, otherRep.token, inbox.proposeQuote, { params: { sid }, body: terms }), 404);
    expect((await as(api, otherStore.token, inbox.listQuotes, { query: {} })).total).toBe(0);
    await expectError(as(api, otherStore.token, inbox.compareQuotes, { query: { projectId } }), 404);
    await expectError(as(api, rep.token, inbox.compareQuotes, { query: { projectId } }), 403);

    // Only suppliers propose; bad terms are 400s naming the field.
    await expectError(as(api, store.token, inbox.proposeQuote, { params: { sid }, body: terms }), 403);
    await expectError(as(api, rep.token, inbox.proposeQuote, { params: { sid }, body: { ...terms, validUntil: inDays(-1) } }), 400, "body.validUntil", /future/);
    await expectError(as(api, rep.token, inbox.proposeQuote, { params: { sid }, body: { ...terms, quantity: 100 } }), 400, "body.quantity", /minimum order/);
    await expectError(as(api, rep.token, inbox.proposeQuote, { params: { sid }, body: { ...terms, unitPriceCents: 0 } }), 400, "body.unitPriceCents");
    await expectError(as(api, rep.token, inbox.proposeQuote, { params: { sid }, body: { ...terms, projectId: (await as(api, otherStore.token, projects.saveCustomProject, { body: { formStage: "FORM", title: "Not yours" } })).id } }), 400, "body.projectId");
    await expectError(as(api, store.token, inbox.counterQuote, { params: { id: q.id }, body: { note: "just words" } }), 400, "body.unitPriceCents", /at least one term/);
    await expectError(as(api, store.token, inbox.counterQuote, { params: { id: q.id }, body: { quantity: 10 } }), 400, "body.quantity");

    // CX answers messages but does not commit the store to a purchase.
    const cx = await teamMember(api, store, "CX");
    await expectError(as(api, cx.token, inbox.acceptQuote, { params: { id: q.id } }), 403);
    expect((await as(api, cx.token, inbox.getQuote, { params: { id: q.id } })).status).toBe("PROPOSED");

    // A repeated accept with the same key replays the answer.
    const key = crypto.randomUUID();
    const first = await as(api, store.token, inbox.acceptQuote, { params: { id: q.id } }, key);
    const again = await as(api, store.token, inbox.acceptQuote, { params: { id: q.id } }, key);
    expect(again).toEqual(first);
  });

  it("re-sends the card to both sides live as the quote moves (message.updated)", async () => {
    const { store, rep, sid, projectId } = await setting("Live Bags");
    const [storeSocket, repSocket] = await Promise.all([clients.open(store.token), clients.open(rep.token)]);
    for (const s of [storeSocket, repSocket]) expect(await joinRoom(s, { kind: "conversation", id: sid })).toEqual({ ok: true });
    const until = (socket: Socket, status: string) =>
      new Promise<Message>((resolve) => {
        const on = (p: { message: Message }) => {
          if (p.message.quote?.status !== status) return;
          socket.off("message.updated", on);
          resolve(p.message);
        };
        socket.on("message.updated", on);
      });
    const proposedLive = until(storeSocket, "PROPOSED");
    const q: QuoteDetail = await as(api, rep.token, inbox.proposeQuote, { params: { sid }, body: { ...terms, projectId } });
    expect(await proposedLive).toMatchObject({ type: "QUOTE", index: q.messageIndex, quote: { id: q.id, awaitingSide: "STORE" } });
    const acceptedForRep = until(repSocket, "ACCEPTED");
    const acceptedForStore = until(storeSocket, "ACCEPTED");
    await as(api, store.token, inbox.acceptQuote, { params: { id: q.id } });
    expect((await acceptedForRep).index).toBe(q.messageIndex);
    expect((await acceptedForStore).quote).toMatchObject({ id: q.id, awaitingSide: null });
  });
  it("compares the quotes per tech pack: one landed-cost table per project, the latest quoted first, searched and paged, the store's own only", async () => {
    const { store, rep, sid, projectId } = await setting("Group Bags");
    const second = await as(api, store.token, projects.saveCustomProject, { body: { formStage: "FORM", title: "Canvas apron", description: "Heavy canvas apron with pockets", quantity: 200 } });
    const otherSupplier = await createSupplier(api, { name: "Group Aprons", countryCode: "IN" });
    const otherRep = await supplierMember(api, otherSupplier);
    const other = await as(api, store.token, inbox.startConversation, { body: { supplierId: otherSupplier } });
    await as(api, rep.token, inbox.proposeQuote, { params: { sid }, body: { ...terms, projectId } });
    await as(api, otherRep.token, inbox.proposeQuote, { params: { sid: other.sid }, body: { ...terms, title: "Canvas tote bags", unitPriceCents: 390, projectId } });
    await as(api, otherRep.token, inbox.proposeQuote, { params: { sid: other.sid }, body: { ...terms, title: "Canvas aprons", unitPriceCents: 610, quantity: 200, moq: 100, projectId: second.id } });

    const all = await as(api, store.token, inbox.compareQuotesByProject, { query: {} });
    expect(all).toMatchObject({ total: 2, page: 0, size: 5 });
    expect(all.list.map((c) => [c.project.title, c.rows.map((r) => r.supplierName)])).toEqual([["Canvas apron", ["Group Aprons"]], ["Cotton tote bag", expect.arrayContaining(["Group Bags", "Group Aprons"])]]);
    const totes = all.list[1]!;
    // Each table is what compareQuotes answers for that project alone.
    expect(totes).toEqual(await as(api, store.token, inbox.compareQuotes, { query: { projectId } }));
    expect(totes.rows.every((r) => r.landedCostCents === null || r.landedCostCents > r.unitPriceCents)).toBe(true);

    const searched = await as(api, store.token, inbox.compareQuotesByProject, { query: { search: "tote" } });
    expect(searched.list.map((c) => c.project.id)).toEqual([projectId]);
    const paged = await as(api, store.token, inbox.compareQuotesByProject, { query: { size: 1, page: 1 } });
    expect(paged).toMatchObject({ total: 2, list: [{ project: { id: projectId } }] });

    // Another store has none of them; a supplier does not compare; bad paging names the field.
    expect(await as(api, (await registerUser(api)).token, inbox.compareQuotesByProject, { query: {} })).toMatchObject({ total: 0, list: [] });
    await expectError(as(api, rep.token, inbox.compareQuotesByProject, { query: {} }), 403);
    await expectError(as(api, store.token, inbox.compareQuotesByProject, { query: { size: 50 } }), 400, "query.size", /at most 20/);
  });
});
