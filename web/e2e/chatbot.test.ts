import { describe, expect, it } from "vitest";
import { newPage, overflowsSideways, poll, shot, useAgentStack } from "./browser";

const env = useAgentStack();

describe("the customer chatbot on public pages (offline model)", () => {
  it("answers an anonymous visitor, takes feedback, keeps the conversation across a reload and refreshes to the getting-started message", async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.stack.api.url}/login`);
    const launcher = page.getByTestId("chatbot-launcher");
    await launcher.waitFor();
    expect(await launcher.getAttribute("class")).toContain("welcome");
    await launcher.click();
    const chat = page.getByRole("dialog", { name: "Atelier chat" });
    await poll(() => chat.locator('[data-content-type="getting started"]').count()).toBe(1);

    await chat.getByLabel("Your question").fill("how much does fulfilment cost");
    await chat.getByRole("button", { name: "Send" }).click();
    // The answer from the help centre (the getting-started message also mentions fulfilment).
    const answer = chat.locator('.chatbot-msg[data-role="bot"]:not([data-content-type="getting started"])').last();
    await poll(() => answer.textContent()).toMatch(/\$\d+\.\d{2} per order/);
    await poll(() => chat.getByLabel("Your question").isDisabled()).toBe(false);

    // The anonymous visitor's id and thread are kept in local storage.
    const { anonymousId, threadId } = await page.evaluate(() => ({ anonymousId: window.localStorage.getItem("atelier.anonymousCreatorId"), threadId: window.localStorage.getItem("atelier.chatbot.thread") }));
    expect(anonymousId).toMatch(/^[0-9a-f-]{36}$/);
    expect(threadId).toMatch(/^[0-9a-f-]{36}$/);

    await answer.getByRole("button", { name: "Not helpful" }).click();
    await poll(() => answer.getByRole("button", { name: "Not helpful" }).getAttribute("aria-pressed")).toBe("true");
    // The button shows pressed as soon as it is clicked; the feedback row follows with the request.
    const feedback = async () =>
      (await env.stack.api.deps.pool.query<{ rating: string; anonymous_id: string; store_id: string | null }>("SELECT rating, anonymous_id, store_id FROM chatbot_feedback WHERE thread_id = $1", [threadId])).rows;
    await poll(feedback).toEqual([{ rating: "down", anonymous_id: anonymousId, store_id: null }]);

    // A reload continues the same conversation, feedback included.
    await page.reload();
    await page.getByTestId("chatbot-launcher").click();
    await poll(() => chat.locator('.chatbot-msg[data-role="visitor"]').count()).toBe(1);
    await poll(() => answer.getByRole("button", { name: "Not helpful" }).getAttribute("aria-pressed")).toBe("true");

    await chat.getByRole("button", { name: "Refresh conversation" }).click();
    await poll(() => chat.locator(".chatbot-msg").count()).toBe(1);
    expect(await chat.locator(".chatbot-msg").getAttribute("data-content-type")).toBe("getting started");
    expect(await page.evaluate(() => window.localStorage.getItem("atelier.chatbot.thread"))).toBeNull();
    await page.context().close();
  });

  it("asked for a person, points to the team and sends the visitor's question to it, saying who received it (desktop and phone)", async () => {
    for (const viewport of [{ width: 1400, height: 900 }, { width: 390, height: 844 }]) {
      const page = await newPage(env.browser, viewport);
      await page.goto(`${env.stack.api.url}/login`);
      await page.getByTestId("chatbot-launcher").click();
      const chat = page.getByRole("dialog", { name: "Atelier chat" });
      await chat.getByLabel("Your question").fill("can i talk to a human");
      await chat.getByRole("button", { name: "Send" }).click();
      const answer = chat.locator('.chatbot-msg[data-role="bot"]:not([data-content-type="getting started"])').last();
      await poll(() => answer.textContent()).toContain("Write to our team");

      await chat.getByRole("button", { name: "Write to our team" }).click();
      const email = `visitor-${viewport.width}-${Date.now()}@example.com`;
      await chat.getByLabel("Your e-mail").fill(email);
      await chat.getByLabel("Your question").fill("Do you ship samples to Canada?");
      await shot(page, `chatbot-support-form-${viewport.width}`);
      expect(await overflowsSideways(page)).toBe(false);
      await chat.getByRole("button", { name: "Send to the Atelier support team" }).click();
      await poll(() => chat.getByRole("status").textContent()).toContain(`A person replies to ${email} within 24 hours`);
      const mail = await env.stack.api.deps.pool.query("SELECT kind FROM outbox_messages WHERE payload->>'replyTo' = $1", [email]);
      expect(mail.rows).toEqual([{ kind: "SUPPORT_REQUEST" }]);
      await chat.getByRole("button", { name: "Back to the chat" }).click();
      await poll(() => chat.getByLabel("Your question").count()).toBe(1);
      await page.context().close();
    }
  });
});
