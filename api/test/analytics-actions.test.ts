import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analytics, type CallInput } from "@atelier/contracts";
import { as, expectError, registerUser, startTestApi, type TestApi, type TestUser } from "./harness";
import { previewStore, seedAnalyticsHistory, setAnalyticsFlags, teamMember, type AnalyticsSeed } from "../../test/factories";
import { Oracle } from "./analytics-oracle";

// From a report, one action (issue 20, agents): a churn-risk row saved as a customer list. The
// members are checked against the report's own drill-down and the independent computation's count;
// then bad input, other stores, roles and preview accounts.

const ANCHOR = new Date("2026-11-01T00:00:00Z");
const TZ = "America/New_York";
const RANGE = { from: "2024-11-01", to: "2026-11-01", asOf: ANCHOR.toISOString() } as const;
const AT_RISK = "03";

let api: TestApi;
let owner: TestUser;
let seed: AnalyticsSeed;
beforeAll(async () => {
  api = await startTestApi();
  owner = await registerUser(api);
  await setAnalyticsFlags(api, owner.token, { analytics: true, fulfillmentMetrics: true }, TZ);
  seed = await seedAnalyticsHistory(api, owner.store.id, { anchor: ANCHOR, scale: 0.03 });
}, 120_000);
afterAll(() => api.close());

const save = (user: TestUser, body: CallInput<typeof analytics.saveCustomerList>["body"]) => as(api, user.token, analytics.saveCustomerList, { body });

describe("customer lists from a report", () => {
  it("saves the churn-risk segment as a list holding exactly the report's customers of that row", async () => {
    const expected = new Oracle({ seed, ...RANGE, tz: TZ }).expected("analytics-churn-risk")!.get(AT_RISK)!;
    expect(expected.customers).toBeGreaterThan(0);
    const list = await save(owner, { reportId: "analytics-churn-risk", params: RANGE, key: AT_RISK });
    expect(list).toMatchObject({ reportId: "analytics-churn-risk", reportTitle: "Churn risk", segmentLabel: "At risk", asOf: RANGE.asOf, customerCount: expected.customers });
    expect(list.name).toBe("Churn risk: At risk, Nov 2026");
    // The members are the drill-down's customers of the row, every page of both.
    const members = new Set<string>();
    const drilled = new Set<string>();
    for (let page = 0; page * 100 < list.customerCount; page++) {
      const got = await as(api, owner.token, analytics.getCustomerList, { params: { listId: list.id }, query: { page, size: 100 } });
      for (const c of got.customers.list) members.add(c.id);
      const drill = await as(api, owner.token, analytics.drillDownReport, { params: { reportId: "analytics-churn-risk" }, query: { ...RANGE, key: AT_RISK, page, size: 100 } });
      for (const c of drill.customers!.list) drilled.add(c.id);
    }
    expect(members.size).toBe(list.customerCount);
    expect([...members].sort()).toEqual([...drilled].sort());
    const named = await save(owner, { reportId: "analytics-churn-risk", params: RANGE, key: "04", name: "Win-back, November" });
    expect(named.name).toBe("Win-back, November");
    const lists = await as(api, owner.token, analytics.listCustomerLists, { query: { size: 1 } });
    expect(lists.total).toBe(2);
    expect(lists.list[0]!.id).toBe(named.id);
  });

  it("answers bad input with the field and the reason", async () => {
    await expectError(save(owner, { reportId: "analytics-churn-risk", params: RANGE, key: "99" }), 400, "body.key");
    await expectError(save(owner, { reportId: "analytics" as "analytics-churn-risk", params: RANGE, key: AT_RISK }), 400, "body.reportId");
    await expectError(save(owner, { reportId: "analytics-churn-risk", params: { ...RANGE, from: "2026-02-30" }, key: AT_RISK }), 400, "body.params.from");
    await expectError(save(owner, { reportId: "analytics-churn-risk", params: RANGE, key: AT_RISK, name: " " }), 400, "body.name");
    // A row with no customers is refused rather than saved empty (a store without orders).
    const empty = await registerUser(api);
    await setAnalyticsFlags(api, empty.token, { analytics: true, fulfillmentMetrics: false });
    await expectError(save(empty, { reportId: "analytics-churn-risk", params: RANGE, key: AT_RISK }), 400, "body.key");
    await expectError(as(api, owner.token, analytics.getCustomerList, { params: { listId: "nope" }, query: {} }), 400, "params.listId");
  });

  it("keeps stores apart, lets members read, and only owners and admins save; preview accounts are refused", async () => {
    const list = await save(owner, { reportId: "analytics-churn-risk", params: RANGE, key: AT_RISK, name: "Roles" });
    const other = await registerUser(api);
    await setAnalyticsFlags(api, other.token, { analytics: true, fulfillmentMetrics: false });
    await expectError(as(api, other.token, analytics.getCustomerList, { params: { listId: list.id }, query: {} }), 404);
    expect((await as(api, other.token, analytics.listCustomerLists, { query: {} })).total).toBe(0);
    const cx = await teamMember(api, owner, "CX");
    expect((await as(api, cx.token, analytics.getCustomerList, { params: { listId: list.id }, query: { size: 1 } })).list.id).toBe(list.id);
    await expectError(save(cx, { reportId: "analytics-churn-risk", params: RANGE, key: AT_RISK }), 403);
    const admin = await teamMember(api, owner, "ADMIN");
    expect((await save(admin, { reportId: "analytics-churn-risk", params: RANGE, key: AT_RISK })).customerCount).toBe(list.customerCount);
    const preview = await previewStore(api);
    await expectError(as(api, preview.token, analytics.saveCustomerList, { body: { reportId: "analytics-churn-risk", params: RANGE, key: AT_RISK } }), 403);
  });
});
