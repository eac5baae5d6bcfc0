import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allContracts, buildPath, CONTRACT_PERMISSIONS, PERMISSIONS, roleMayCall, TEAM_ROLES, type Contract, type TeamRole } from "@atelier/contracts";
import { registerUser, startTestApi, type TestApi } from "../../api/test/harness";
import { setPlan, teamMember } from "../factories/accounts";

// Issue 14, item 12: the role table is data next to the contracts (contracts/src/permissions.ts),
// enforced by the route layer for every contract. This walks every contract against every role.

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const NIL = "00000000-0000-4000-8000-000000000000";

/** A value for each path parameter that names nothing: the walk needs no set-up. */
function pathOf(contract: Contract): string {
  const values: Record<string, string> = {};
  for (const m of contract.path.matchAll(/:([A-Za-z0-9_]+)/g)) values[m[1]!] = m[1] === "sn" || m[1] === "code" || m[1] === "slug" ? "nothing-here" : NIL;
  return buildPath(contract.path, values);
}

describe("the role table", () => {
  it("names a permission for every contract, and nothing else", () => {
    const ids = allContracts.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const missing = ids.filter((id) => !(id in CONTRACT_PERMISSIONS));
    expect(missing, "contracts without an entry in CONTRACT_PERMISSIONS (contracts/src/permissions.ts)").toEqual([]);
    expect(Object.keys(CONTRACT_PERMISSIONS).filter((id) => !ids.includes(id)), "entries for no contract").toEqual([]);
    for (const c of allContracts) {
      const needed = CONTRACT_PERMISSIONS[c.id]!;
      // "public" exactly for the contracts that need no session.
      expect(`${c.id}: ${needed === "public"}`).toBe(`${c.id}: ${c.access !== "user"}`);
      expect(needed === "public" || needed === "member" || needed in PERMISSIONS, `${c.id}: ${needed}`).toBe(true);
    }
  });

  it("keeps CX out of sourcing: tech packs, sourcing goals, the store's suppliers and its supplier orders", () => {
    for (const id of ["getTechPack", "listTechPackHistory", "getSourcingAgentGoal", "listMySuppliers", "listCreatorOrderItems", "getCreatorInvoice"]) {
      expect(roleMayCall("CX", id), id).toBe(false);
      expect(roleMayCall("ADMIN", id), id).toBe(true);
    }
    expect(roleMayCall("CX", "listOrders")).toBe(true);
    expect(roleMayCall("OWNER", "aContractNotInTheTable")).toBe(true);
    expect(roleMayCall("ADMIN", "aContractNotInTheTable")).toBe(false);
  });

  it("answers every contract for every role as the table says: refused is 403 with the role's sentence, allowed never is", async () => {
    // One store per role, so what one role's calls change (a cancelled plan, an emptied cart) cannot
    // change another's answers.
    const tokens = {} as Record<TeamRole, string>;
    for (const role of TEAM_ROLES) {
      const owner = await registerUser(api);
      await setPlan(api, owner.store.id, "TIER_3");
      tokens[role] = role === "OWNER" ? owner.token : (await teamMember(api, owner, role)).token;
    }
    const wrong: string[] = [];
    for (const role of TEAM_ROLES) {
      for (const contract of allContracts) {
        const res = await api.raw(contract.method, pathOf(contract), { token: tokens[role] });
        const refusedByRole = res.status === 403 && res.body?.message === `Your role (${role}) can't do this. Ask the store owner.`;
        const allowed = roleMayCall(role, contract.id);
        const ok = allowed ? !refusedByRole && res.status !== 401 && res.status < 500 : refusedByRole && res.body.code === "FORBIDDEN";
        if (!ok) wrong.push(`${role} ${contract.id} (${contract.method} ${contract.path}): ${res.status} ${res.body?.message ?? ""}; the table says ${allowed ? "allowed" : "refused"}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
