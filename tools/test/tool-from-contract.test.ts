import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, defineContract, plans, team } from "@atelier/contracts";
import { registerUser, setPlan, startTestApi, type TestApi } from "../../api/test/harness";
import { createOrder } from "../../test/factories";
import { argsSchemaOf, runContextOf, specByName, splitArgs, toolFromContract, type ApprovalLookup, type ApprovalRequest } from "../src/index";
import { bodyOf, compact, errorResult } from "../src/tool-from-contract";
import { inbox } from "@atelier/contracts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const ctx = (token?: string) => ({ context: runContextOf({ apiToken: token, apiBaseUrl: api.url }) });

describe("toolFromContract", () => {
  it("derives a flat argument schema from params, query and body, and splits it back", () => {
    const schema = argsSchemaOf(team.updateTeamMemberInvite);
    expect(Object.keys(schema.shape).sort()).toEqual(["id", "role"]);
    expect(splitArgs(team.updateTeamMemberInvite, { id: "x", role: "CX" })).toEqual({ params: { id: "x" }, body: { role: "CX" } });
    expect(schema.safeParse({ id: "not-a-uuid", role: "CX" }).success).toBe(false);
  });

  it("nests params, query and body when their field names collide", () => {
    const clash = defineContract({ id: "clash", method: "POST", path: "/x/:id", summary: "", tags: [], access: "user", params: z.strictObject({ id: z.string() }), body: z.strictObject({ id: z.string() }), response: z.object({}) });
    expect(Object.keys(argsSchemaOf(clash).shape).sort()).toEqual(["body", "params"]);
  });

  it("calls the API with the user's token and returns compact JSON", async () => {
    const user = await registerUser(api);
    const tool = toolFromContract(specByName("get_plan"), { apiBaseUrl: "http://127.0.0.1:1" });
    const out = JSON.parse(String(await tool.invoke({}, ctx(user.token))));
    expect(out.planType).toBe("TIER_1");
  });

  it("passes a path argument on as the model wrote it: an order number reaches the order, not an object in the URL", async () => {
    const user = await registerUser(api);
    await createOrder(api, user.store.id, { orderNumber: 1540 });
    const tool = toolFromContract(specByName("get_order"), { apiBaseUrl: "http://127.0.0.1:1" });
    for (const ref of ["1540", "#1540"]) {
      const out = JSON.parse(String(await tool.invoke({ id: ref }, ctx(user.token))));
      expect(out.error).toBeUndefined();
      expect(out.orderNumber).toBe(1540);
    }
  });

  it("keeps a long result parseable: a page keeps its first entries and says how many it left out", () => {
    const list = Array.from({ length: 200 }, (_, n) => ({ id: n, title: `item ${n} `.repeat(10) }));
    const page = JSON.parse(compact({ list, total: 200 }));
    expect(page.total).toBe(200);
    expect(page.list.length).toBeGreaterThan(10);
    expect(page.list.length).toBeLessThan(200);
    expect(page.list).toEqual(list.slice(0, page.list.length));
    expect(page.truncated).toMatchObject({ shown: page.list.length, of: 200 });
    expect(compact({ list, total: 200 }).length).toBeLessThanOrEqual(12_000);
    const blob = JSON.parse(compact({ text: "x".repeat(50_000) }));
    expect(blob.truncated).toBe(true);
    expect(blob.partial.length).toBeLessThan(12_000);
    expect(compact({ list: [1, 2] })).toBe('{"list":[1,2]}');
  });

  it("keeps a long profile's shape: its nested lists are shortened, not the whole cut", () => {
    const products = Array.from({ length: 300 }, (_, n) => ({ id: n, title: `product ${n} `.repeat(5) }));
    const profile = { supplier: { name: "Costa Nova", capabilities: ["printing"] }, tabs: { PRODUCTS: { list: products, total: 300 }, REVIEWS: { list: [{ rating: 5 }], total: 1 } } };
    const text = compact(profile);
    expect(text.length).toBeLessThanOrEqual(12_000);
    const out = JSON.parse(text);
    expect(out.supplier).toEqual(profile.supplier);
    expect(out.tabs.REVIEWS.list).toEqual([{ rating: 5 }]);
    expect(out.tabs.PRODUCTS.list.length).toBeGreaterThan(0);
    expect(out.tabs.PRODUCTS.list).toEqual(products.slice(0, out.tabs.PRODUCTS.list.length));
    expect(out.truncated).not.toBe(true);
  });

  it("returns API errors (status, code, message) instead of throwing", async () => {
    const user = await registerUser(api);
    const tool = toolFromContract(specByName("upgrade_plan"), { apiBaseUrl: api.url, interrupt: () => true });
    const out = JSON.parse(String(await tool.invoke({ targetPlan: "TIER_3" }, ctx(user.token))));
    expect(out.error.status).toBeGreaterThanOrEqual(400);
    expect(out.error.code).toBeTypeOf("string");
    expect(out.error.message).toBeTypeOf("string");
  });

  it("words an API error for the person the model answers: no field path, code or tier in its message", async () => {
    const refused = new ApiError(400, "VALIDATION_FAILED", "body.promotionCode is not a promotion code for sourcing purchases", [{ field: "body.promotionCode", reason: "is not a promotion code for sourcing purchases" }]);
    expect(JSON.parse(errorResult(refused)).error).toMatchObject({ status: 400, code: "VALIDATION_FAILED", message: "The promotion code is not a promotion code for sourcing purchases." });
    expect(JSON.parse(errorResult(new ApiError(403, "FORBIDDEN", "PLAN_UPGRADE_REQUIRED"))).error.message).toMatch(/^Your plan doesn't include this/);
    const pause = await specByName("pause_plan").approval?.summary({ behavior: "keep_as_draft" }, async () => undefined);
    expect(pause).toBe("Pause the plan (open invoices are kept as drafts)");
    const downgrade = await specByName("downgrade_plan").approval?.summary({ targetPlan: "TIER_2_5" }, async () => undefined);
    expect(downgrade).not.toMatch(/TIER/);
  });

  it("reads an approval's body through the contract: typed fields and defaults in the summary, nothing for arguments that would not parse", async () => {
    expect(bodyOf(inbox.addPin, { id: "a", x: 0.1, y: 0.9, comment: " logo up " })).toMatchObject({ x: 0.1, y: 0.9, comment: "logo up" });
    expect(bodyOf(inbox.addPin, { id: "a", x: "left", y: 0.9, comment: "c" })).toBeUndefined();
    const found: Record<string, unknown> = {
      [inbox.getQuote.id]: { supplierName: "Jiale Knits", title: "Ribbed beanie", unitPriceCents: 420, quantity: 500 },
      [inbox.listPins.id]: { attachment: { fileName: "sample.jpg", conversationSid: "CH1", width: 800 }, pins: [] },
      [inbox.getConversation.id]: { supplierName: "Jiale Knits" },
      [inbox.getMeeting.id]: { supplierName: "Jiale Knits", durationMinutes: 30, topic: "Sample review" },
    };
    const lookup = (async (contract: { id: string }) => found[contract.id]) as unknown as ApprovalLookup;
    const summary = (tool: string, args: Record<string, unknown>) => specByName(tool).approval!.summary(args, lookup);
    expect(await summary("counter_quote", { id: "q", unitPriceCents: 380, note: " final offer " })).toBe("Counter Jiale Knits's quote for “Ribbed beanie”: 500 units at $3.80 each, $1,900.00 in all with the note “final offer”");
    expect(await summary("add_image_pin", { id: "a", x: 0.1, y: 0.1, comment: " move the logo up " })).toBe("Pin on sample.jpg for Jiale Knits at the top left: “move the logo up”");
    expect(await summary("request_meeting", { sid: "CH1", topic: "Fit check", proposedTimes: ["2030-01-02T15:00:00Z"] })).toBe("Propose a 30-minute video meeting “Fit check” to Jiale Knits at Wed, 02 Jan 2030 15:00 UTC");
    expect(await summary("accept_meeting", { id: "m", startsAt: "2030-01-02T15:00:00Z" })).toBe("Accept Jiale Knits's 30-minute video meeting “Sample review” at Wed, 02 Jan 2030 15:00 UTC");
  });

  it("asks approval for writes that contact people, and refuses when nobody can approve", async () => {
    const user = await registerUser(api);
    await setPlan(api, user.store.id, "TIER_3");
    const asked: ApprovalRequest[] = [];
    const approving = toolFromContract(specByName("invite_team_member"), { apiBaseUrl: api.url, interrupt: (p) => (asked.push(p), { approved: true }) });
    const invite = JSON.parse(String(await approving.invoke({ email: "lee@example.com", role: "CX" }, ctx(user.token))));
    expect(invite.status).toBe("PENDING");
    expect(asked).toEqual([{ type: "approval", tool: "invite_team_member", args: { email: "lee@example.com", role: "CX" }, summary: expect.stringContaining("lee@example.com") }]);

    const unattended = toolFromContract(specByName("invite_team_member"), { apiBaseUrl: api.url });
    const refused = JSON.parse(String(await unattended.invoke({ email: "max@example.com", role: "CX" }, ctx(user.token))));
    expect(refused.declined).toBe(true);
    const rows = await api.deps.pool.query("SELECT email FROM store_team_member_invites WHERE store_id = $1", [user.store.id]);
    expect(rows.rows.map((r) => r.email)).toEqual(["lee@example.com"]);
  });

  it("checks a contract's plan gate before asking approval, and says which plan it needs", async () => {
    const user = await registerUser(api);
    const asked: ApprovalRequest[] = [];
    const invite = specByName("invite_team_member");
    const gated = toolFromContract({ ...invite, contract: { ...invite.contract, minPlan: "TIER_3" } }, { apiBaseUrl: api.url, interrupt: (p) => (asked.push(p), { approved: true }) });
    const out = JSON.parse(String(await gated.invoke({ email: "kim@example.com", role: "CX" }, ctx(user.token))));
    expect(asked).toEqual([]);
    expect(out.error.message).toBe("Your plan doesn't include this: it needs the Professional plan, and your store is on Free. Upgrade your plan to use it.");
    // Without the gate, the seat check speaks: the free plan has no seats, and names the plan that has.
    const ungated = toolFromContract(invite, { apiBaseUrl: api.url, interrupt: (p) => (asked.push(p), { approved: true }) });
    const seats = JSON.parse(String(await ungated.invoke({ email: "kim@example.com", role: "CX" }, ctx(user.token))));
    expect(asked).toEqual([]);
    expect(seats.error.message).toBe("kim@example.com can't be invited yet: your plan includes no team seats; the Professional plan includes 5.");
  });

  it("derives plan tool schemas that reject arguments the contract rejects", () => {
    const schema = argsSchemaOf(plans.purchaseAiCredits);
    expect(schema.safeParse({ credits: 1234 }).success).toBe(false);
    expect(schema.safeParse({ credits: 1000 }).success).toBe(true);
    expect(schema.safeParse({ credits: 1000, extra: 1 }).success).toBe(false);
  });
});
