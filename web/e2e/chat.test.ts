import { afterAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { payments, plans } from "@atelier/contracts";
import { newPage, poll, registerThroughUi, uniqueEmail, sendChat, useAgentStack } from "./browser";
import { HOLD_PHRASE, heldOfflineModels } from "./held-model";

/** Types into the chat and sends. */
function send(page: Page, text: string) {
  return sendChat(page.locator("aside.chat-dock"), "Message the assistant", text);
}

// The offline assistant, except that a message with the hold phrase keeps it thinking until the run
// is cancelled: Stop is pressed while the run certainly streams, however fast the machine.
const held = heldOfflineModels();
const env = useAgentStack({ modelFactory: held.factory });
// Registered after the stack, so it runs before the stack closes: nothing is left holding.
afterAll(() => held.hold.releaseAll());

type RunSummary = { run_id: string; status: string; kwargs: { checkpoint_id: string | null } };

/** The runs of the dock's thread on the agent server, newest first, read with the page's own token. */
async function runsOf(page: Page): Promise<RunSummary[]> {
  const token = await page.evaluate(() => window.localStorage.getItem("atelier.token"));
  const threadId = await page.evaluate(() => window.localStorage.getItem("atelier.chat.copilot.thread"));
  const res = await fetch(`${env.stack.api.url}/agent-api/threads/${threadId}/runs`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as RunSummary[];
}

const lastAnswer = (dock: Locator) => dock.locator('[data-role="assistant"]').last().textContent();

/** A new store registered through the UI, with the assistant panel opened from the nav. */
async function openDock(emailPrefix: string): Promise<{ page: Page; dock: Locator }> {
  const page = await newPage(env.browser);
  await registerThroughUi(page, env.stack.api.url, uniqueEmail(emailPrefix));
  await page.locator("#nav-copilot").click();
  return { page, dock: page.locator("aside.chat-dock") };
}

describe("the assistant panel against the agent server (offline model)", () => {
  it("renders a tool card for a copilot turn, restores the thread on reload, and approves an interrupt", async () => {
    const { page, dock } = await openDock("chat");
    await poll(() => dock.getByTestId("offline-banner").count()).toBe(1);

    await send(page, "What plan am I on?");
    await poll(() => dock.locator('[data-card="plan"]').count()).toBeGreaterThan(0);
    await poll(() => dock.locator('[data-role="assistant"]').last().textContent()).toMatch(/Free/);

    await page.reload();
    await page.getByRole("button", { name: "Ask AI" }).click();
    await poll(() => page.locator("aside.chat-dock").getByText("What plan am I on?").count()).toBe(1);

    // A saved card, so the approved purchase really charges and adds the credits.
    const token = await page.evaluate(() => window.localStorage.getItem("atelier.token"));
    await env.stack.api.client.call(payments.attachPaymentMethod, { body: { cardNumber: payments.TEST_CARDS.visaSuccess, expMonth: 12, expYear: 2035, cvc: "123", makeDefault: true } }, { token: token! });
    await send(page, "Buy 1000 AI credits");
    const approval = page.getByTestId("approval-card");
    await approval.waitFor({ state: "visible", timeout: 20_000 });
    await approval.getByRole("button", { name: "Approve" }).click();
    await poll(() => page.getByTestId("approval-card").count()).toBe(0);
    await poll(() => page.locator('aside.chat-dock [data-card="credits"]').last().textContent()).toContain("+1,000 credits");
    const balance = await env.stack.api.client.call(plans.getAiCredits, {}, { token: token! });
    expect(balance.balance).toBe(1000);
    expect(await page.locator('aside.chat-dock [data-tool="purchase_ai_credits"]').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it("edits a sent message into a new branch from its checkpoint, switches back with the branch picker, and retry forks too", async () => {
    const { page, dock } = await openDock("branch");
    await send(page, "What plan am I on?");
    await poll(() => lastAnswer(dock)).toMatch(/Free/);
    await poll(async () => (await runsOf(page)).every((r) => r.status === "success")).toBe(true);
    expect(await dock.getByTestId("branch-picker").count()).toBe(0);

    // Edit: the message turns into an input with Send and Cancel; Cancel leaves it as it was.
    await dock.locator('[data-role="user"]').first().getByRole("button", { name: "Edit" }).click();
    const editor = dock.locator('[data-role="user-edit"]');
    await poll(() => editor.getByLabel("Edit message").inputValue()).toBe("What plan am I on?");
    await editor.getByRole("button", { name: "Cancel" }).click();
    await poll(() => editor.count()).toBe(0);
    await dock.locator('[data-role="user"]').first().getByRole("button", { name: "Edit" }).click();
    await editor.getByLabel("Edit message").fill("who is on my team");
    await editor.getByRole("button", { name: "Send" }).click();

    // The new branch answers the new message, and its run forked from the checkpoint before it.
    await poll(() => lastAnswer(dock)).toMatch(/Nobody else is on your team/);
    await poll(() => dock.locator('[data-role="user"]').first().textContent()).toContain("who is on my team");
    expect(await dock.locator('[data-role="user"]').count()).toBe(1);
    const afterEdit = await runsOf(page);
    expect(afterEdit).toHaveLength(2);
    expect(afterEdit[0]!.kwargs.checkpoint_id).toMatch(/\w/);
    expect(afterEdit[1]!.kwargs.checkpoint_id).toBeNull();
    const userPicker = dock.locator('[data-role="user"]').first().getByTestId("branch-picker");
    await poll(() => userPicker.getByTestId("branch-number").textContent()).toBe("2/2");

    // The picker shows the first branch again, with its own answer, and back.
    const firstUser = () => dock.locator('[data-role="user"]').first();
    await firstUser().getByRole("button", { name: "Previous version" }).click();
    await poll(() => firstUser().textContent()).toContain("What plan am I on?");
    await poll(() => lastAnswer(dock)).toMatch(/Free/);
    await poll(() => firstUser().getByTestId("branch-number").textContent()).toBe("1/2");
    await firstUser().getByRole("button", { name: "Next version" }).click();
    await poll(() => firstUser().textContent()).toContain("who is on my team");
    await poll(() => lastAnswer(dock)).toMatch(/Nobody else is on your team/);
    await firstUser().getByRole("button", { name: "Previous version" }).click();
    await poll(() => lastAnswer(dock)).toMatch(/Free/);

    // Retry forks too: a third run, from a checkpoint (a copy of the one before the answer), and a second version of the answer.
    const before = (await runsOf(page))[0]!.kwargs.checkpoint_id;
    await dock.locator('[data-role="assistant"]').last().getByRole("button", { name: "Retry" }).click();
    await poll(async () => (await runsOf(page)).length).toBe(3);
    await poll(async () => (await runsOf(page))[0]!.status).toBe("success");
    const retried = (await runsOf(page))[0]!.kwargs.checkpoint_id;
    expect(retried).toMatch(/\w/);
    expect(retried).not.toBe(before);
    await poll(() => dock.locator('[data-role="assistant"]').last().getByTestId("branch-number").textContent()).toBe("2/2");
    await poll(() => lastAnswer(dock)).toMatch(/Free/);
    expect(await firstUser().getByTestId("branch-number").textContent()).toBe("1/2");
    expect(await dock.getByRole("alert").count()).toBe(0);
    await page.context().close();
  });

  it("writes nothing when an approval is rejected, and the assistant says it did not go ahead", async () => {
    const page = await newPage(env.browser);
    await registerThroughUi(page, env.stack.api.url, uniqueEmail("reject"));
    const token = await page.evaluate(() => window.localStorage.getItem("atelier.token"));
    await env.stack.api.client.call(payments.attachPaymentMethod, { body: { cardNumber: payments.TEST_CARDS.visaSuccess, expMonth: 12, expYear: 2035, cvc: "123", makeDefault: true } }, { token: token! });
    await page.locator("#nav-copilot").click();
    const dock = page.locator("aside.chat-dock");
    await send(page, "Buy 1000 AI credits");
    const approval = page.getByTestId("approval-card");
    await approval.waitFor({ state: "visible", timeout: 20_000 });
    expect(await approval.textContent()).toMatch(/purchase ai credits/i);
    // A message typed while the approval waits is kept, with a visible word on why it waits.
    const input = dock.getByPlaceholder("Message the assistant");
    await input.fill("what's in my cart");
    await input.press("Enter");
    await dock.getByTestId("approval-pending-note").waitFor({ state: "visible" });
    expect((await input.inputValue()).trim()).toBe("what's in my cart");
    await approval.getByRole("button", { name: "Reject" }).click();
    await poll(() => page.getByTestId("approval-card").count()).toBe(0);
    await poll(() => lastAnswer(dock)).toMatch(/Understood, I didn't do it\./);
    expect(await lastAnswer(dock)).not.toMatch(/The user declined/);
    await poll(async () => (await runsOf(page))[0]!.status).toBe("success");
    const credits = await env.stack.api.client.call(plans.getAiCredits, {}, { token: token! });
    expect(credits.balance).toBe(0);
    const movements = await env.stack.api.client.call(plans.listAiCreditMovements, { query: {} }, { token: token! });
    expect(movements.total).toBe(0);
    await page.context().close();
  });

  it("stops a streaming run with Stop, and the same thread takes the next message", async () => {
    const { page, dock } = await openDock("stop");
    const entered = held.hold.entered;
    await send(page, `${HOLD_PHRASE} and tell me what plan I am on`);

    // The run is streaming: the model is thinking, and the composer offers Stop instead of Send.
    await poll(() => held.hold.entered).toBe(entered + 1);
    const stop = dock.getByRole("button", { name: "Stop" });
    await stop.waitFor({ state: "visible" });
    expect(await dock.getByRole("button", { name: "Send" }).count()).toBe(0);
    await poll(async () => (await runsOf(page))[0]?.status).toBe("running");
    const threadId = await page.evaluate(() => window.localStorage.getItem("atelier.chat.copilot.thread"));

    await stop.click();
    await poll(async () => (await runsOf(page))[0]?.status).toBe("cancelled");
    await dock.getByRole("button", { name: "Send" }).waitFor({ state: "visible" });
    expect(await dock.getByRole("button", { name: "Stop" }).count()).toBe(0);
    // No answer was made up for the stopped question.
    expect(await dock.locator('[data-role="assistant"]').allTextContents()).not.toContainEqual(expect.stringMatching(/Free/));

    // The same thread goes on: the next question is answered, after the stopped one.
    await send(page, "What plan am I on?");
    await poll(() => lastAnswer(dock)).toMatch(/Free/);
    await poll(async () => (await runsOf(page)).map((r) => r.status)).toEqual(["success", "cancelled"]);
    expect(await page.evaluate(() => window.localStorage.getItem("atelier.chat.copilot.thread"))).toBe(threadId);
    expect(await dock.locator('[data-role="user"]').allTextContents()).toEqual([
      expect.stringContaining(`${HOLD_PHRASE} and tell me what plan I am on`),
      expect.stringContaining("What plan am I on?"),
    ]);
    expect(await dock.getByRole("alert").count()).toBe(0);

    // What the thread stored is what was shown: a reload restores both questions and the answer.
    await page.reload();
    await page.getByRole("button", { name: "Ask AI" }).click();
    const restored = page.locator("aside.chat-dock");
    await poll(() => restored.locator('[data-role="user"]').count()).toBe(2);
    await poll(() => lastAnswer(restored)).toMatch(/Free/);
    await page.context().close();
  });
});
