import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { helpCenter as c } from "@atelier/contracts";
import { SUPPORT_ADDRESS } from "../src/services/support/create-support-request";
import { as, expectError, registerUser, startTestApi, type TestApi } from "./harness";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const address = () => `visitor-${crypto.randomUUID().slice(0, 8)}@example.com`;
const mailFor = async (id: string) =>
  (await api.deps.pool.query("SELECT to_address, kind, subject, body, payload FROM outbox_messages WHERE payload->>'supportRequestId' = $1", [id])).rows;

describe("POST /commons/support-requests", () => {
  it("mails a visitor's question to the support team with the address to reply to, and says who received it", async () => {
    const email = address();
    const sent = await api.client.call(c.createSupportRequest, { body: { email, name: "Ada", message: "Can you print on recycled polyester?" } });
    expect(sent).toEqual({ id: expect.any(String), email, to: "the Atelier support team", replyWithinHours: 24 });
    const mail = await mailFor(sent.id);
    expect(mail).toEqual([expect.objectContaining({ to_address: SUPPORT_ADDRESS, kind: "SUPPORT_REQUEST", subject: `Support request from Ada <${email}>` })]);
    expect(mail[0].body).toContain("Can you print on recycled polyester?");
    expect(mail[0].payload).toMatchObject({ replyTo: email });
    // The writer's own address gets nothing from here (the form is not a relay to typed addresses).
    const toWriter = await api.deps.pool.query("SELECT 1 FROM outbox_messages WHERE to_address = $1", [email]);
    expect(toWriter.rowCount).toBe(0);
  });

  it("records a logged-in store's request as its own, also from a preview account", async () => {
    const user = await registerUser(api);
    const sent = await as(api, user.token, c.createSupportRequest, { body: { email: user.user.email, message: "My invoice shows the wrong plan." } });
    const { rows } = await api.deps.pool.query("SELECT store_id, user_id FROM support_requests WHERE id = $1", [sent.id]);
    expect(rows).toEqual([{ store_id: user.store.id, user_id: user.user.id }]);
    const preview = (await api.deps.tokens.sign({ userId: user.user.id, storeId: user.store.id, role: "OWNER", isPreview: true }, "v1")).token;
    await expect(as(api, preview, c.createSupportRequest, { body: { email: user.user.email, message: "Asking from the preview." } })).resolves.toMatchObject({ email: user.user.email });
  });

  it("takes five an hour from one address, then says to wait, and writes nothing more", async () => {
    const email = address();
    await Promise.all(Array.from({ length: 5 }, (_, n) => api.client.call(c.createSupportRequest, { body: { email, message: `Question number ${n} about samples` } })));
    const err = await expectError(api.client.call(c.createSupportRequest, { body: { email: email.toUpperCase(), message: "One more question, please." } }), 429);
    expect(err.message).toContain("please wait before writing again");
    const { rows } = await api.deps.pool.query("SELECT count(*)::int AS n FROM support_requests WHERE lower(email) = lower($1)", [email]);
    expect(rows[0].n).toBe(5);
  });

  it("names each bad field and stores nothing", async () => {
    const bad = await api.raw("POST", "/commons/support-requests", { body: { email: "not-an-address", message: "short", extra: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(["body.email", "body.message", "body.extra"]));
    await expectError(api.client.call(c.createSupportRequest, { body: { email: address(), message: "x".repeat(4001) } }), 400, "body.message");
    await expectError(api.client.call(c.createSupportRequest, { body: { message: "No address given here." } as never }), 400, "body.email");
  });
});
