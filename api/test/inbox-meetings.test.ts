import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inbox } from "@atelier/contracts";
import { as, registerUser, startTestApi, type TestApi, expectError } from "./harness";
import { createSupplier, previewStore, supplierMember, teamMember } from "../../test/factories";
import { createProviders } from "../src/providers";
import { startDailyFake } from "./daily-fake";
import { testConfig } from "./harness";

// Meeting requests (issue 18): one side proposes times, the other accepts one (a video meeting is
// created through the local provider: a room page the API serves, and an .ics invitation) or
// declines; each card follows the meeting's state.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const inHours = (h: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 + h * 3_600_000).toISOString();

async function pair(name = "Jiale Bags") {
  const store = await registerUser(api);
  const supplierId = await createSupplier(api, { name });
  const rep = await supplierMember(api, supplierId);
  const { sid } = await as(api, store.token, inbox.startConversation, { body: { supplierId } });
  return { store, supplierId, rep, sid };
}

/** The path under the API's address of an absolute link the API made (its origin is the web app's). */
const pathOf = (url: string) => new URL(url).pathname;

describe("meeting requests", () => {
  it("the supplier proposes times, the store accepts one: a meeting with a room that works and a calendar invitation", async () => {
    const { store, rep, sid } = await pair();
    const times = [inHours(50), inHours(26)];
    const requested = await as(api, rep.token, inbox.requestMeeting, { params: { sid }, body: { topic: "Sample review", proposedTimes: times, durationMinutes: 45, note: "To go over the tote sample." } });
    // Earliest first; the store owes the answer.
    expect(requested).toMatchObject({ status: "REQUESTED", requestedBy: "SUPPLIER", requestedByName: "Jiale Bags", awaitingSide: "STORE", proposedTimes: [times[1], times[0]], joinUrl: null, calendarUrl: null });

    const page = await as(api, store.token, inbox.listMessages, { params: { sid }, query: {} });
    expect(page.list[0]).toMatchObject({ type: "ZOOM_MEETING_REQUEST", authorSide: "SUPPLIER", body: "To go over the tote sample.", meeting: { id: requested.id, status: "REQUESTED" } });
    expect(page.conversation).toMatchObject({ unreadCount: 1, needsReply: { side: "STORE" }, lastMessagePreview: "Meeting request: Sample review" });
    expect((await as(api, store.token, inbox.listMeetings, { query: { when: "OPEN" } })).list.map((m) => m.id)).toEqual([requested.id]);

    // The requester cannot answer its own request; a time not proposed is a 400 naming the field.
    await expectError(as(api, rep.token, inbox.acceptMeeting, { params: { id: requested.id }, body: { startsAt: times[0]! } }), 409, undefined, /wait for/);
    await expectError(as(api, store.token, inbox.acceptMeeting, { params: { id: requested.id }, body: { startsAt: inHours(27) } }), 400, "body.startsAt", /one of the proposed times/);

    const accepted = await as(api, store.token, inbox.acceptMeeting, { params: { id: requested.id }, body: { startsAt: times[0]! } });
    expect(accepted).toMatchObject({ status: "ACCEPTED", awaitingSide: null, startsAt: times[0], provider: "local" });
    expect(accepted.endsAt).toBe(new Date(Date.parse(times[0]!) + 45 * 60_000).toISOString());
    expect(accepted.joinUrl).toMatch(/\/rest\/main\/app\/meet\/[0-9a-f]{32}$/);
    expect(accepted.calendarUrl).toMatch(/\/rest\/main\/app\/meetings\/[0-9a-f]{32}\/invite\.ics$/);

    // Both cards: the request shows its accepted state, the meeting card carries the join link; the supplier now has one unread.
    const after = await as(api, rep.token, inbox.listMessages, { params: { sid }, query: {} });
    expect(after.list[0]).toMatchObject({ type: "ZOOM_MEETING", authorSide: "STORE", attributes: { joinUrl: accepted.joinUrl, startsAt: times[0], calendarUrl: accepted.calendarUrl }, meeting: { status: "ACCEPTED" } });
    expect(after.list[1]).toMatchObject({ type: "ZOOM_MEETING_REQUEST", meeting: { status: "ACCEPTED", startsAt: times[0] } });
    expect(after.conversation).toMatchObject({ unreadCount: 1, lastMessagePreview: "Video meeting: Sample review" });
    expect((await as(api, rep.token, inbox.listMeetings, { query: { when: "UPCOMING" } })).list.map((m) => m.id)).toEqual([requested.id]);

    // The calendar invitation, fetched as a calendar app does (no session).
    const ics = await fetch(`${api.url}${pathOf(accepted.calendarUrl!)}`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toMatch(/^text\/calendar/);
    const text = await ics.text();
    expect(text).toContain("BEGIN:VEVENT");
    expect(text).toContain(`DTSTART:${times[0]!.replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`);
    expect(text).toContain("DURATION:PT45M");
    expect(text).toContain(`UID:${requested.id}@atelier`);
    expect(text.replace(/\r\n[ \t]/g, "")).toContain(`URL:${accepted.joinUrl!}`);

    // The room: served by the API, people come in under their name and see who is there.
    const room = await fetch(`${api.url}${pathOf(accepted.joinUrl!)}`);
    expect(room.status).toBe(200);
    expect(await room.text()).toMatch(/Sample review[\s\S]*Nobody has joined yet/);
    const joined = await fetch(`${api.url}${pathOf(accepted.joinUrl!)}/join`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "name=Ada+%3Cb%3E", redirect: "manual" });
    expect(joined.status).toBe(303);
    const inside = await fetch(new URL(joined.headers.get("location")!, `${api.url}${pathOf(accepted.joinUrl!)}/join`));
    const html = await inside.text();
    expect(html).toContain("You are in the room as <strong>Ada &lt;b&gt;</strong>");
    expect(html).toContain("<li>Ada &lt;b&gt; <small>joined");
    expect((await fetch(`${api.url}/rest/main/app/meet/${"0".repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${api.url}/rest/main/app/meetings/${"0".repeat(32)}/invite.ics`)).status).toBe(404);
    const empty = await fetch(`${api.url}${pathOf(accepted.joinUrl!)}/join`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "name=+", redirect: "manual" });
    expect(empty.status).toBe(400);

    // Settled: nothing more moves it.
    await expectError(as(api, store.token, inbox.declineMeeting, { params: { id: requested.id }, body: {} }), 409, undefined, /already accepted/);
  });

  it("the store proposes and the supplier declines; unanswered requests expire when their times pass", async () => {
    const { store, rep, sid } = await pair("Hanoi Totes");
    const m = await as(api, store.token, inbox.requestMeeting, { params: { sid }, body: { topic: "Factory tour", proposedTimes: [inHours(30)] } });
    expect(m).toMatchObject({ durationMinutes: 30, awaitingSide: "SUPPLIER", requestedByName: "Test store" });
    expect((await as(api, rep.token, inbox.getConversation, { params: { sid } })).needsReply).toMatchObject({ side: "SUPPLIER" });
    const declined = await as(api, rep.token, inbox.declineMeeting, { params: { id: m.id }, body: { reason: "We are closed that week." } });
    expect(declined).toMatchObject({ status: "DECLINED", declineReason: "We are closed that week.", awaitingSide: null });
    const last = (await as(api, store.token, inbox.listMessages, { params: { sid }, query: {} })).list[0];
    expect(last).toMatchObject({ type: "TEXT", authorSide: "SUPPLIER", body: "Declined the meeting request “Factory tour”. We are closed that week." });

    const lapsed = await as(api, store.token, inbox.requestMeeting, { params: { sid }, body: { topic: "Quick call", proposedTimes: [inHours(1)] } });
    await api.deps.pool.query(`UPDATE meetings SET proposed_times = ARRAY[now() - interval '1 minute'] WHERE id = $1`, [lapsed.id]);
    expect((await as(api, rep.token, inbox.getMeeting, { params: { id: lapsed.id } })).status).toBe("EXPIRED");
    await expectError(as(api, rep.token, inbox.acceptMeeting, { params: { id: lapsed.id }, body: { startsAt: inHours(1) } }), 409, undefined, /passed/);
    expect((await as(api, rep.token, inbox.listMeetings, { query: { when: "OPEN" } })).total).toBe(0);
    expect((await as(api, rep.token, inbox.listMeetings, { query: { sid } })).total).toBe(2);
  });

  it("refuses bad input with the field, keeps each side to its own meetings, refuses preview accounts, and replays a repeated accept", async () => {
    const { store, rep, sid } = await pair("Isolated Looms");
    const body = { topic: "Sample review", proposedTimes: [inHours(24)] };
    await expectError(as(api, store.token, inbox.requestMeeting, { params: { sid }, body: { ...body, proposedTimes: [] } }), 400, "body.proposedTimes", /at least one time/);
    await expectError(as(api, store.token, inbox.requestMeeting, { params: { sid }, body: { ...body, proposedTimes: ["tomorrow"] } }), 400, "body.proposedTimes.0");
    await expectError(as(api, store.token, inbox.requestMeeting, { params: { sid }, body: { ...body, proposedTimes: [inHours(-2)] } }), 400, "body.proposedTimes.0", /future/);
    await expectError(as(api, store.token, inbox.requestMeeting, { params: { sid }, body: { ...body, proposedTimes: [inHours(24), inHours(24)] } }), 400, "body.proposedTimes.1", /repeat/);
    await expectError(as(api, store.token, inbox.requestMeeting, { params: { sid }, body: { ...body, proposedTimes: Array.from({ length: 6 }, (_, i) => inHours(24 + i)) } }), 400, "body.proposedTimes", /at most 5/);
    await expectError(as(api, store.token, inbox.requestMeeting, { params: { sid }, body: { ...body, topic: " " } }), 400, "body.topic");
    await expectError(as(api, store.token, inbox.requestMeeting, { params: { sid }, body: { ...body, durationMinutes: 600 } }), 400, "body.durationMinutes", /8 hours/);
    // Meeting cards are objects: they are not sent as frozen cards.
    await expectError(as(api, store.token, inbox.sendMessage, { params: { sid }, body: { type: "ZOOM_MEETING_REQUEST", attributes: { topic: "x", proposedTimes: [inHours(24)], durationMinutes: 30 } } as never }), 400, "body.type");

    const m = await as(api, rep.token, inbox.requestMeeting, { params: { sid }, body });
    const otherStore = await registerUser(api);
    const otherRep = await supplierMember(api, await createSupplier(api, { name: "Other Mill" }));
    await expectError(as(api, otherStore.token, inbox.getMeeting, { params: { id: m.id } }), 404);
    await expectError(as(api, otherStore.token, inbox.acceptMeeting, { params: { id: m.id }, body: { startsAt: body.proposedTimes[0]! } }), 404);
    await expectError(as(api, otherRep.token, inbox.declineMeeting, { params: { id: m.id }, body: {} }), 404);
    await expectError(as(api, otherRep.token, inbox.requestMeeting, { params: { sid }, body }), 404);
    await expectError(as(api, otherStore.token, inbox.listMeetings, { query: { sid } }), 404);
    expect((await as(api, otherStore.token, inbox.listMeetings, { query: {} })).total).toBe(0);
    await expectError(as(api, store.token, inbox.getMeeting, { params: { id: "nope" } }), 400, "params.id");

    const preview = await previewStore(api);
    expect((await as(api, preview.token, inbox.listMeetings, { query: {} })).total).toBe(0);
    const previewSid = (await api.deps.pool.query<{ sid: string }>(
      `INSERT INTO conversations (sid, store_id, supplier_id, name) SELECT $1, $2, supplier_id, 'preview' FROM conversations WHERE sid = $3 RETURNING sid`,
      [`CH${crypto.randomBytes(16).toString("hex")}`, preview.store.id, sid],
    )).rows[0]!.sid;
    await expectError(as(api, preview.token, inbox.requestMeeting, { params: { sid: previewSid }, body }), 403, undefined, /preview/i);

    // CX answers meetings like messages.
    const cx = await teamMember(api, store, "CX");
    const key = crypto.randomUUID();
    const first = await as(api, cx.token, inbox.acceptMeeting, { params: { id: m.id }, body: { startsAt: body.proposedTimes[0]! } }, key);
    const again = await as(api, cx.token, inbox.acceptMeeting, { params: { id: m.id }, body: { startsAt: body.proposedTimes[0]! } }, key);
    expect(again).toEqual(first);
    expect((await as(api, store.token, inbox.listMessages, { params: { sid }, query: {} })).list.filter((x) => x.type === "ZOOM_MEETING")).toHaveLength(1);
  });
});

describe("a hosted video-meeting service (Daily)", () => {
  it("creates the accepted meeting as a Daily room when configured, and says on the card why it could not", async () => {
    const daily = await startDailyFake();
    const local = api.deps.providers.videoMeetings;
    // Selected by configuration, as ATELIER_DAILY_API_KEY and ATELIER_DAILY_API_URL set it.
    api.deps.providers.videoMeetings = createProviders(testConfig({ videoMeetings: { daily: { apiKey: daily.apiKey, baseUrl: daily.url } } })).videoMeetings;
    try {
      const { store, rep, sid } = await pair(`Daily Weavers ${Date.now()}`);
      const times = [inHours(30), inHours(54)];
      const m = await as(api, rep.token, inbox.requestMeeting, { params: { sid }, body: { topic: "Fabric swatches", proposedTimes: times, durationMinutes: 60 } });
      const accept = () => as(api, store.token, inbox.acceptMeeting, { params: { id: m.id }, body: { startsAt: times[0]! } }, crypto.randomUUID());

      // Each failure is a sentence for the card, and leaves the request open to accept again.
      const sayings: [number, string, RegExp][] = [
        [429, "rate-limit-error", /busy.*again in a minute/],
        [500, "server-error", /had a problem.*again in a few minutes/],
        [400, "invalid-request-error", /refused to create this meeting/],
      ];
      for (const [status, error, words] of sayings) {
        daily.failNext(status, error);
        const err = await expectError(accept(), status === 429 ? 503 : 502, undefined, words);
        expect(err.message).not.toMatch(/error|429|500|400|\{/);
      }
      expect((await as(api, store.token, inbox.getMeeting, { params: { id: m.id } })).status).toBe("REQUESTED");
      expect((await as(api, store.token, inbox.listMessages, { params: { sid }, query: {} })).list.some((x) => x.type === "ZOOM_MEETING")).toBe(false);

      const accepted = await accept();
      const room = daily.rooms.at(-1)!;
      expect(accepted).toMatchObject({ status: "ACCEPTED", provider: "daily", joinUrl: room.url });
      // Open from a quarter of an hour before to an hour after the meeting.
      const start = Date.parse(times[0]!) / 1000;
      expect(room).toMatchObject({ privacy: "public", config: { nbf: start - 15 * 60, exp: start + 60 * 60 + 60 * 60, eject_at_room_exp: true } });
      const card = (await as(api, rep.token, inbox.listMessages, { params: { sid }, query: {} })).list[0];
      expect(card).toMatchObject({ type: "ZOOM_MEETING", attributes: { joinUrl: room.url } });

      // While Daily takes its time, the conversation is not locked: a message sent meanwhile goes
      // through at once, and the meeting card comes after it.
      const at = inHours(60);
      const slow = await as(api, rep.token, inbox.requestMeeting, { params: { sid }, body: { topic: "Lining samples", proposedTimes: [at] } });
      const held = daily.holdNext();
      const accepting = as(api, store.token, inbox.acceptMeeting, { params: { id: slow.id }, body: { startsAt: at } });
      await held.arrived;
      const sent = await as(api, rep.token, inbox.sendMessage, { params: { sid }, body: { type: "TEXT", body: "Sending the swatches today", uploadIds: [] } });
      held.release();
      expect(await accepting).toMatchObject({ status: "ACCEPTED", provider: "daily" });
      const latest = (await as(api, rep.token, inbox.listMessages, { params: { sid }, query: {} })).list;
      expect(latest[0]).toMatchObject({ type: "ZOOM_MEETING", attributes: { topic: "Lining samples" } });
      expect(latest[0]!.index).toBeGreaterThan(sent.messages[0]!.index);

      // A key Daily does not accept.
      api.deps.providers.videoMeetings = createProviders(testConfig({ videoMeetings: { daily: { apiKey: "revoked", baseUrl: daily.url } } })).videoMeetings;
      const other = await as(api, rep.token, inbox.requestMeeting, { params: { sid }, body: { topic: "Trims", proposedTimes: [inHours(40)] } });
      await expectError(as(api, store.token, inbox.acceptMeeting, { params: { id: other.id }, body: { startsAt: inHours(40) } }), 502, undefined, /did not accept this workspace's account/);
      // Nobody answering at that address.
      await daily.close();
      await expectError(as(api, store.token, inbox.acceptMeeting, { params: { id: other.id }, body: { startsAt: inHours(40) } }), 502, undefined, /could not be reached/);
    } finally {
      api.deps.providers.videoMeetings = local;
      await daily.close();
    }
  });
});
