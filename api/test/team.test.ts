import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stores, team } from "@atelier/contracts";
import { as, registerUser, setPlan, startTestApi, type TestApi, type TestUser } from "./harness";
import { makePreview } from "../../test/factories/accounts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const newEmail = () => `invitee-${crypto.randomUUID().slice(0, 10)}@example.com`;

async function professional(): Promise<TestUser> {
  const owner = await registerUser(api);
  await setPlan(api, owner.store.id, "TIER_3");
  return owner;
}

async function inviteEmail(email: string): Promise<{ token: string; body: string; subject: string }> {
  const { rows } = await api.deps.pool.query(
    "SELECT payload->>'token' AS token, body, subject FROM outbox_messages WHERE to_address = $1 AND kind = 'team_member_invite' ORDER BY created_at DESC LIMIT 1",
    [email],
  );
  return rows[0];
}

/** Invites, registers the invitee and accepts: the member's session in the owner's store. */
async function join(owner: TestUser, role: "ADMIN" | "CX") {
  const email = newEmail();
  const invite = await as(api, owner.token, team.createTeamMemberInvite, { body: { email, role } });
  const member = await registerUser(api, { email });
  const { token } = await inviteEmail(email);
  const session = await as(api, member.token, team.acceptTeamMemberInvite, { body: { token } });
  return { invite, member, session };
}

describe("inviting team members", () => {
  it("sends the invite email with an accept link and lists the invite with the seats", async () => {
    const owner = await professional();
    const email = newEmail();
    const invite = await as(api, owner.token, team.createTeamMemberInvite, { body: { email: email.toUpperCase(), role: "CX" } });
    expect(invite).toMatchObject({ email, role: "CX", status: "PENDING", invitedByUserId: owner.user.id, acceptedUserId: null });
    const mail = await inviteEmail(email);
    expect(mail.subject).toContain("Test store");
    expect(mail.body).toContain(`/app-bind?bindCode=${encodeURIComponent(mail.token)}`);
    const { rows } = await api.deps.pool.query("SELECT token_hash FROM store_team_member_invites WHERE id = $1", [invite.id]);
    expect(rows[0].token_hash).not.toBe(mail.token);
    const list = await as(api, owner.token, team.listTeamMemberInvites, {});
    expect(list).toMatchObject({ total: 1, seats: { included: 5, used: 1 }, list: [{ id: invite.id }] });
    expect(await as(api, owner.token, team.getTeamMemberInvite, { params: { id: invite.id } })).toEqual(invite);
  });

  it("answers the upgrade code on plans without team seats", async () => {
    for (const plan of ["TIER_1", "TIER_2", "TIER_2_5"] as const) {
      const owner = await registerUser(api);
      await setPlan(api, owner.store.id, plan);
      const res = await api.raw("POST", "/web/store-team-member-invites", { token: owner.token, body: { email: newEmail(), role: "CX" } });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: "UPGRADE_REQUIRED", message: "PLAN_UPGRADE_REQUIRED", details: [{ currentPlan: plan, requiredPlan: "TIER_3" }] });
    }
  });

  it("allows 5 additional team accounts on Professional; the 6th needs an upgrade until one is cancelled", async () => {
    const owner = await professional();
    const invites = [];
    for (let i = 0; i < 5; i++) invites.push(await as(api, owner.token, team.createTeamMemberInvite, { body: { email: newEmail(), role: "CX" } }));
    const sixth = api.raw("POST", "/web/store-team-member-invites", { token: owner.token, body: { email: newEmail(), role: "CX" } });
    expect(await sixth).toMatchObject({ status: 403, body: { code: "UPGRADE_REQUIRED", message: "PLAN_UPGRADE_REQUIRED" } });
    await as(api, owner.token, team.cancelTeamMemberInvite, { params: { id: invites[0]!.id } });
    await as(api, owner.token, team.createTeamMemberInvite, { body: { email: newEmail(), role: "CX" } });
    expect((await as(api, owner.token, team.listTeamMemberInvites, {})).seats).toEqual({ included: 5, used: 5 });
  });

  it("names bad fields and refuses duplicates and the owner's own email", async () => {
    const owner = await professional();
    const bad = await api.raw("POST", "/web/store-team-member-invites", { token: owner.token, body: { email: "nope", role: "OWNER" } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(["body.email", "body.role"]));
    const email = newEmail();
    await as(api, owner.token, team.createTeamMemberInvite, { body: { email, role: "CX" } });
    await expect(as(api, owner.token, team.createTeamMemberInvite, { body: { email, role: "ADMIN" } })).rejects.toMatchObject({ status: 409 });
    await expect(as(api, owner.token, team.createTeamMemberInvite, { body: { email: owner.email, role: "ADMIN" } })).rejects.toMatchObject({ status: 409 });
    const badId = await api.raw("GET", "/web/store-team-member-invites/not-a-uuid", { token: owner.token });
    expect(badId.status).toBe(400);
    expect(badId.body.details[0].field).toBe("params.id");
  });

  it("refuses logged-out callers and preview accounts", async () => {
    expect((await api.raw("POST", "/web/store-team-member-invites", { body: { email: newEmail(), role: "CX" } })).status).toBe(401);
    expect((await api.raw("GET", "/web/store-team-member-invites")).status).toBe(401);
    const session = await makePreview(api, await professional());
    await expect(as(api, session.token, team.createTeamMemberInvite, { body: { email: newEmail(), role: "CX" } })).rejects.toMatchObject({ status: 403, code: "PREVIEW_MODE" });
  });
});

describe("accepting an invite", () => {
  it("makes the invited user a member with a session for the inviting store", async () => {
    const owner = await professional();
    const { invite, member, session } = await join(owner, "CX");
    expect(session).toMatchObject({ role: "CX", user: { id: member.user.id }, store: { id: owner.store.id, planType: "TIER_3" } });
    expect(await as(api, session.token, stores.getMyStore, {})).toMatchObject({ id: owner.store.id, role: "CX" });
    expect(await as(api, owner.token, team.getTeamMemberInvite, { params: { id: invite.id } })).toMatchObject({ status: "ACCEPTED", acceptedUserId: member.user.id });
    const { token } = await inviteEmail(invite.email);
    await expect(as(api, member.token, team.acceptTeamMemberInvite, { body: { token } })).rejects.toMatchObject({ status: 409 });
  });

  it("refuses someone logged in with another email, and unknown tokens", async () => {
    const owner = await professional();
    const email = newEmail();
    await as(api, owner.token, team.createTeamMemberInvite, { body: { email, role: "ADMIN" } });
    const { token } = await inviteEmail(email);
    const stranger = await registerUser(api);
    await expect(as(api, stranger.token, team.acceptTeamMemberInvite, { body: { token } })).rejects.toMatchObject({ status: 403, code: "FORBIDDEN" });
    await expect(as(api, stranger.token, team.acceptTeamMemberInvite, { body: { token: "x".repeat(43) } })).rejects.toMatchObject({ status: 404 });
    const short = await api.raw("POST", "/web/store-team-member-invites/-/accept", { token: stranger.token, body: { token: "abc" } });
    expect(short.body.details[0].field).toBe("body.token");
    expect((await api.raw("POST", "/web/store-team-member-invites/-/accept", { body: { token } })).status).toBe(401);
    const { rows } = await api.deps.pool.query("SELECT 1 FROM store_members WHERE store_id = $1 AND user_id = $2", [owner.store.id, stranger.user.id]);
    expect(rows).toEqual([]);
  });

  it("answers 404 for a cancelled invite's link", async () => {
    const owner = await professional();
    const email = newEmail();
    const invite = await as(api, owner.token, team.createTeamMemberInvite, { body: { email, role: "CX" } });
    const { token } = await inviteEmail(email);
    await as(api, owner.token, team.cancelTeamMemberInvite, { params: { id: invite.id } });
    const invitee = await registerUser(api, { email });
    await expect(as(api, invitee.token, team.acceptTeamMemberInvite, { body: { token } })).rejects.toMatchObject({ status: 404 });
  });
});

describe("roles, updates and cancelling", () => {
  it("changes an accepted member's role with the invite", async () => {
    const owner = await professional();
    const { invite, member } = await join(owner, "CX");
    const updated = await as(api, owner.token, team.updateTeamMemberInvite, { params: { id: invite.id }, body: { role: "ADMIN" } });
    expect(updated.role).toBe("ADMIN");
    const { rows } = await api.deps.pool.query("SELECT role FROM store_members WHERE store_id = $1 AND user_id = $2", [owner.store.id, member.user.id]);
    expect(rows).toEqual([{ role: "ADMIN" }]);
    const bad = await api.raw("PUT", `/web/store-team-member-invites/${invite.id}`, { token: owner.token, body: { role: "OWNER" } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe("body.role");
  });

  it("lets an admin invite and manage CX only, and CX nothing", async () => {
    const owner = await professional();
    const { session: admin } = await join(owner, "ADMIN");
    const cxInvite = await as(api, admin.token, team.createTeamMemberInvite, { body: { email: newEmail(), role: "CX" } });
    await expect(as(api, admin.token, team.createTeamMemberInvite, { body: { email: newEmail(), role: "ADMIN" } })).rejects.toMatchObject({ status: 403, code: "FORBIDDEN" });
    await expect(as(api, admin.token, team.updateTeamMemberInvite, { params: { id: cxInvite.id }, body: { role: "ADMIN" } })).rejects.toMatchObject({ status: 403 });
    const adminInvite = await as(api, owner.token, team.createTeamMemberInvite, { body: { email: newEmail(), role: "ADMIN" } });
    await expect(as(api, admin.token, team.cancelTeamMemberInvite, { params: { id: adminInvite.id } })).rejects.toMatchObject({ status: 403 });
    expect((await as(api, admin.token, team.cancelTeamMemberInvite, { params: { id: cxInvite.id } })).status).toBe("CANCELED");
    const { session: cx } = await join(owner, "CX");
    await expect(as(api, cx.token, team.listTeamMemberInvites, {})).rejects.toMatchObject({ status: 403, code: "FORBIDDEN" });
    await expect(as(api, cx.token, team.createTeamMemberInvite, { body: { email: newEmail(), role: "CX" } })).rejects.toMatchObject({ status: 403, code: "FORBIDDEN" });
  });

  it("cancelling an accepted invite removes the member; cancelled invites are kept and listed on request", async () => {
    const owner = await professional();
    const { invite, member } = await join(owner, "CX");
    const canceled = await as(api, owner.token, team.cancelTeamMemberInvite, { params: { id: invite.id } });
    expect(canceled).toMatchObject({ status: "CANCELED" });
    expect(canceled.canceledAt).not.toBeNull();
    const { rows } = await api.deps.pool.query("SELECT 1 FROM store_members WHERE store_id = $1 AND user_id = $2", [owner.store.id, member.user.id]);
    expect(rows).toEqual([]);
    await expect(as(api, owner.token, team.cancelTeamMemberInvite, { params: { id: invite.id } })).rejects.toMatchObject({ status: 409 });
    await expect(as(api, owner.token, team.updateTeamMemberInvite, { params: { id: invite.id }, body: { role: "ADMIN" } })).rejects.toMatchObject({ status: 409 });
    expect((await as(api, owner.token, team.listTeamMemberInvites, {})).total).toBe(0);
    expect((await as(api, owner.token, team.listTeamMemberInvites, { query: { status: "CANCELED" } })).list.map((i) => i.id)).toEqual([invite.id]);
    const wrongStatus = await api.raw("GET", "/web/store-team-member-invites?status=GONE", { token: owner.token });
    expect(wrongStatus.body.details[0].field).toBe("query.status");
  });

  it("never shows or changes another store's invites", async () => {
    const owner = await professional();
    const other = await professional();
    const invite = await as(api, owner.token, team.createTeamMemberInvite, { body: { email: newEmail(), role: "CX" } });
    await expect(as(api, other.token, team.getTeamMemberInvite, { params: { id: invite.id } })).rejects.toMatchObject({ status: 404 });
    await expect(as(api, other.token, team.updateTeamMemberInvite, { params: { id: invite.id }, body: { role: "ADMIN" } })).rejects.toMatchObject({ status: 404 });
    await expect(as(api, other.token, team.cancelTeamMemberInvite, { params: { id: invite.id } })).rejects.toMatchObject({ status: 404 });
    expect((await as(api, other.token, team.listTeamMemberInvites, {})).total).toBe(0);
    expect(await as(api, owner.token, team.getTeamMemberInvite, { params: { id: invite.id } })).toMatchObject({ status: "PENDING", role: "CX" });
  });
});

// The role table against every contract and role: test/security/role-table.test.ts.
