import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allContracts, auth, isMutating, PREVIEW_MODE_MESSAGE, PREVIEW_QUERY_KEY, type Contract } from "@atelier/contracts";
import { sampleRequest, withQuery } from "./contract-samples";
import { setPlan, signUp } from "./factories";
import { footprintChanges, startIsolatedApi, tableFootprint, type IsolatedApi } from "./isolated-api";

// A preview account may look at everything and change nothing: every mutating contract that is
// not marked previewAllowed answers 403 with the preview message, and no table changes. Each
// request is one the contract accepts (sampled from the contract itself), so the refusal is the
// preview gate's and not a validation error. The database is the file's own, so "no table
// changes" covers every table, not only this store's rows.

const PREVIEW_EMAIL = "preview-walk@example.com";
const gated = allContracts.filter((c) => isMutating(c) && !c.previewAllowed);

let api: IsolatedApi;
let session: { token: string; v2UserToken: string; v2StoreToken: string; store: { id: string } };
beforeAll(async () => {
  api = await startIsolatedApi({ previewEmails: [PREVIEW_EMAIL] });
  session = await signUp(api.client, api.deps.pool, { email: PREVIEW_EMAIL, password: "correct-horse-battery", storeName: "Preview store", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" });
  // Professional, so no refusal could be the plan gate's instead.
  await setPlan(api, session.store.id, "TIER_3");
}, 120_000);
afterAll(() => api?.close());

function tokenFor(contract: Contract): string {
  return contract.tokenVersion === "v2" ? session.v2StoreToken : session.token;
}

describe("preview accounts", () => {
  it("are preview accounts, and the walk covers the mutations", async () => {
    expect(await api.client.call(auth.login, { body: { email: PREVIEW_EMAIL, password: "correct-horse-battery" } })).toMatchObject({ store: { isPreviewAccount: true } });
    expect(gated.length).toBeGreaterThan(40);
  });

  it.each(gated.map((c) => [`${c.method} ${c.path}`, c] as const))("%s answers 403 PREVIEW_MODE to a valid request and writes nothing", async (_name, contract) => {
    const request = sampleRequest(contract);
    const before = await tableFootprint(api.deps.pool);
    // With and without the flag the web client appends: the token decides, not the query.
    for (const query of [request.query, { ...request.query, [PREVIEW_QUERY_KEY]: "true" }]) {
      const res = await fetch(`${api.url}/rest/main${withQuery(request.path, query)}`, {
        method: contract.method,
        headers: { authorization: `Bearer ${tokenFor(contract)}`, "content-type": "application/json" },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
      expect({ status: res.status, body: await res.json() }).toEqual({
        status: 403,
        body: expect.objectContaining({ code: "PREVIEW_MODE", message: PREVIEW_MODE_MESSAGE }),
      });
    }
    expect(footprintChanges(before, await tableFootprint(api.deps.pool))).toEqual([]);
  });
});
