import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFRESHED_TOKEN_HEADER, team } from "@atelier/contracts";
import { startAgentEnv, type AgentEnv } from "../../agent-server/test/harness";
import { as, registerUser } from "../../api/test/harness";
import { teamMember } from "../factories/accounts";

// Issue 14, item 5: a membership change takes effect on the member's next request, not when their
// token is next refreshed (up to hours later).

let env: AgentEnv;
beforeAll(async () => {
  env = await startAgentEnv();
});
afterAll(() => env.close());

/** The member's invite, as the owner's team list shows it. */
async function inviteOf(ownerToken: string, email: string) {
  const list = await as(env.api, ownerToken, team.listTeamMemberInvites, { query: {} });
  return list.list.find((i) => i.email === email)!;
}

describe("removing or demoting a team member", () => {
  it("a removed member's old token is refused at once by the API, with a sentence", async () => {
    const owner = await registerUser(env.api);
    const member = await teamMember(env.api, owner, "ADMIN");
    expect((await env.api.raw("GET", "/web/store-team-member-invites", { token: member.token })).status).toBe(200);

    await as(env.api, owner.token, team.cancelTeamMemberInvite, { params: { id: (await inviteOf(owner.token, member.email)).id } });

    const after = await env.api.raw("GET", "/web/store-team-member-invites", { token: member.token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe("You are no longer a member of this store. Log in again to continue.");
    // Everywhere a session is read, not only on team endpoints.
    expect((await env.api.raw("GET", "/web/stores/me/profile", { token: member.token })).status).toBe(401);
    // The owner is untouched.
    expect((await env.api.raw("GET", "/web/store-team-member-invites", { token: owner.token })).status).toBe(200);
  });

  it("a demoted member's old token has the new role's rights on the next request, and gets a token with it", async () => {
    const owner = await registerUser(env.api);
    const member = await teamMember(env.api, owner, "ADMIN");
    expect((await env.api.raw("GET", "/web/store-team-member-invites", { token: member.token })).status).toBe(200);

    await as(env.api, owner.token, team.updateTeamMemberInvite, { params: { id: (await inviteOf(owner.token, member.email)).id }, body: { role: "CX" } });

    const after = await env.api.raw("GET", "/web/store-team-member-invites", { token: member.token });
    expect(after.status).toBe(403);
    expect(after.body.message).toBe("Your role (CX) can't do this. Ask the store owner.");
    // The answer carries a token with the current role, so the client's copy catches up.
    const refreshed = after.headers.get(REFRESHED_TOKEN_HEADER);
    expect(refreshed).toBeTruthy();
    expect((await env.api.deps.tokens.verify(refreshed!))?.role).toBe("CX");
    // What CX may still do works with the old token.
    expect((await env.api.raw("GET", "/web/stores/me/profile", { token: member.token })).status).toBe(200);
  });

  it("a promoted member gets the new rights at once", async () => {
    const owner = await registerUser(env.api);
    const member = await teamMember(env.api, owner, "CX");
    expect((await env.api.raw("GET", "/web/store-team-member-invites", { token: member.token })).status).toBe(403);
    await as(env.api, owner.token, team.updateTeamMemberInvite, { params: { id: (await inviteOf(owner.token, member.email)).id }, body: { role: "ADMIN" } });
    expect((await env.api.raw("GET", "/web/store-team-member-invites", { token: member.token })).status).toBe(200);
  });

  it("the agent server refuses a removed member's old token at once", async () => {
    const owner = await registerUser(env.api);
    const member = await teamMember(env.api, owner, "CX");
    const threads = (token: string) => fetch(`${env.agent.url}/threads`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: "{}" });
    expect((await threads(member.token)).status).toBe(200);

    await as(env.api, owner.token, team.cancelTeamMemberInvite, { params: { id: (await inviteOf(owner.token, member.email)).id } });

    const after = await threads(member.token);
    expect(after.status).toBe(401);
    expect(((await after.json()) as { message: string }).message).toBe("You are no longer a member of this store. Log in again to continue.");
    expect((await threads(owner.token)).status).toBe(200);
  });
});
