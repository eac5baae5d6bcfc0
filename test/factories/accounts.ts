// Stores, owners, team members and preview accounts for tests, made the way a user makes them:
// through the API (real registration, real tokens). Where the product has no API for a state a
// test starts from (a plan set by the billing back office, a preview account listed in the
// deployment's config), the factory writes that one column and then logs in through the API, so
// the token is the one the API issues for that state.
import type pg from "pg";
import { auth, payments, plans, team, type ApiClient, type CallInput, type ResponseOf, type TeamRole } from "@atelier/contracts";

/** What the factories need of a test's API: its client, and a pool on its database. */
export type FactoryApi = { client: ApiClient } & ({ deps: { pool: pg.Pool } } | { db: pg.Pool });

export type PlanType = "TIER_1" | "TIER_2" | "TIER_2_5" | "TIER_3";

/** A signed-in owner (or member) of a store: the API's session plus the login to sign in again. */
export type StoreSession = ResponseOf<typeof auth.confirmRegistration> & { email: string; password: string };

const PASSWORD = "correct-horse-battery";

export function poolOf(api: FactoryApi): pg.Pool {
  return "deps" in api ? api.deps.pool : api.db;
}

export const uniqueEmail = (prefix = "user") => `${prefix}-${crypto.randomUUID().slice(0, 12)}@example.com`;

/** The token of the newest sign-up link mailed to this address (the outbox holds what would be sent). */
export async function mailedSignUpToken(db: pg.Pool, email: string): Promise<string> {
  const { rows } = await db.query<{ token: string }>(
    "SELECT payload->>'token' AS token FROM outbox_messages WHERE to_address = $1 AND kind = 'sign_up_confirmation' ORDER BY created_at DESC LIMIT 1",
    [email],
  );
  if (!rows[0]) throw new Error(`no sign-up link was mailed to ${email}`);
  return rows[0].token;
}

/**
 * Signs up as a person does: the form, then the link mailed to the address (read from the outbox,
 * which is what the built-in mail provider keeps). For tests and benchmarks that have only a client.
 */
export async function signUp(client: ApiClient, db: pg.Pool, body: CallInput<typeof auth.register>["body"]): Promise<ResponseOf<typeof auth.confirmRegistration>> {
  await client.call(auth.register, { body });
  return client.call(auth.confirmRegistration, { body: { token: await mailedSignUpToken(db, body.email) } });
}

/** A new store and its owner, signed up through the API; each test makes its own. */
export async function createStore(api: FactoryApi, overrides: Partial<CallInput<typeof auth.register>["body"]> = {}): Promise<StoreSession> {
  const email = overrides.email ?? uniqueEmail();
  const session = await signUp(api.client, poolOf(api), { email, password: PASSWORD, storeName: "Test store", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS", ...overrides });
  return { ...session, email, password: overrides.password ?? PASSWORD };
}

/** Signs in again through the API: the session carries the store's current role and preview flag. */
export async function signIn(api: FactoryApi, user: { email: string; password: string }): Promise<StoreSession> {
  const session = await api.client.call(auth.login, { body: { email: user.email, password: user.password } });
  return { ...session, email: user.email, password: user.password };
}

/** Sets a store's plan directly (tests of plan rules start from a given plan; billing sets it in the product). */
export async function setPlan(api: FactoryApi, storeId: string, plan: PlanType): Promise<void> {
  await poolOf(api).query("UPDATE stores SET plan_type = $2 WHERE id = $1", [storeId, plan]);
}

/** A new store on a plan (see setPlan); the owner's session. */
export async function storeOnPlan(api: FactoryApi, plan: PlanType, overrides: Partial<CallInput<typeof auth.register>["body"]> = {}): Promise<StoreSession> {
  const owner = await createStore(api, overrides);
  await setPlan(api, owner.store.id, plan);
  return owner;
}

/** A store on Beginner through a real card and a real upgrade, so it has a subscription to manage. */
export async function paidStore(api: FactoryApi, overrides: Partial<CallInput<typeof auth.register>["body"]> = {}): Promise<StoreSession> {
  const owner = await createStore(api, overrides);
  const expYear = new Date().getUTCFullYear() + 1;
  await api.client.call(payments.attachPaymentMethod, { body: { cardNumber: "4242424242424242", expMonth: 12, expYear, cvc: "123", makeDefault: true } }, { token: owner.token });
  await api.client.call(plans.upgradePlan, { body: { targetPlan: "TIER_2" } }, { token: owner.token });
  return owner;
}

/**
 * Turns the user's store into a preview account (the deployment lists preview accounts by email,
 * so the API has no call for it) and signs in again: the token is the API's preview token.
 */
export async function makePreview(api: FactoryApi, user: { store: { id: string }; email: string; password: string }): Promise<StoreSession> {
  await poolOf(api).query("UPDATE stores SET is_preview = true WHERE id = $1", [user.store.id]);
  return signIn(api, user);
}

/** A new store in preview mode; the owner's session holds a preview token. */
export async function previewStore(api: FactoryApi, overrides: Partial<CallInput<typeof auth.register>["body"]> = {}): Promise<StoreSession> {
  return makePreview(api, await createStore(api, overrides));
}

/** The invite token the API mailed to this address (the outbox holds what would be sent). */
export async function mailedInviteToken(api: FactoryApi, email: string): Promise<string> {
  const { rows } = await poolOf(api).query<{ token: string }>(
    "SELECT payload->>'token' AS token FROM outbox_messages WHERE to_address = $1 AND kind = 'team_member_invite' ORDER BY created_at DESC LIMIT 1",
    [email],
  );
  if (!rows[0]) throw new Error(`no team invite was mailed to ${email}`);
  return rows[0].token;
}

/**
 * A second person in the owner's store, through the API's invite and accept flow: the session it
 * returns is the member's, for the owner's store. The store is moved to the Professional plan first
 * (room for seats).
 */
export async function teamMember(api: FactoryApi, owner: { store: { id: string }; token: string }, role: Exclude<TeamRole, "OWNER">): Promise<StoreSession> {
  await setPlan(api, owner.store.id, "TIER_3");
  const email = uniqueEmail("member");
  await api.client.call(team.createTeamMemberInvite, { body: { email, role } }, { token: owner.token });
  const member = await createStore(api, { email });
  const session = await api.client.call(team.acceptTeamMemberInvite, { body: { token: await mailedInviteToken(api, email) } }, { token: member.token });
  return { ...member, ...session };
}
