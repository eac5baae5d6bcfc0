import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newPage, poll, registerThroughUi, uniqueEmail, sendChat, useAgentStack } from "./browser";

// A 1×1 PNG: the upload checks the file's leading bytes against its extension.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

const env = useAgentStack();

/** Types into the chat and sends. */
function send(page: Page, text: string) {
  return sendChat(page.locator(".agent-chat"), "Message the tariff rate agent", text);
}

describe("the sourcing agents' full-page chats (offline model)", () => {
  it("shows a logged-out visitor the tariff agent with a login prompt that comes back to it", async () => {
    const page = await newPage(env.browser);
    await page.goto(`${env.stack.api.url}/tariff-rate-agent`);
    await page.getByTestId("agent-login-prompt").waitFor();
    await page.getByRole("link", { name: "Log in to chat" }).click();
    await page.waitForURL(/\/login\?path=%2Ftariff-rate-agent$/);
    await page.context().close();
  });

  it("answers a tariff question with its as-of date, carries an attachment, and the review page shows the tariff country", async () => {
    const page = await newPage(env.browser);
    const base = env.stack.api.url;
    await registerThroughUi(page, base, uniqueEmail("tariff"));
    await page.goto(`${base}/tariff-rate-agent`);
    const chat = page.locator(".agent-chat");
    await poll(() => chat.getByTestId("offline-banner").count()).toBe(1);

    await send(page, "what is the tariff on ceramic mugs from China");
    const answer = () => chat.locator('[data-role="assistant"]').last().textContent();
    await poll(answer).toMatch(/as of \d{4}-\d{2}-\d{2}/i);
    expect(await answer()).toMatch(/China/);
    // The thread is in the URL and the list: a reload restores it.
    await poll(() => new URL(page.url()).searchParams.get("id")).toMatch(/^[0-9a-f-]{36}$/);
    const threadId = new URL(page.url()).searchParams.get("id")!;
    await page.reload();
    await poll(() => page.locator(".agent-chat").getByText("what is the tariff on ceramic mugs from China").count()).toBe(1);
    await poll(() => page.locator(".agent-threads button[aria-current='true']").count()).toBe(1);

    // An attachment: uploaded through /upload, shown as a chip, sent in the message and kept in the thread state.
    await page.getByLabel("Attach files").setInputFiles({ name: "mug-design.png", mimeType: "image/png", buffer: PNG });
    expect(await page.locator(".agent-chat [role=alert]").count()).toBe(0);
    await poll(() => page.locator("[data-testid='pending-attachments'] [data-testid='attachment-chip']").count()).toBe(1);
    expect(await page.locator("[data-testid='pending-attachments'] [data-testid='attachment-chip']").getAttribute("data-type")).toBe("IMAGE");
    await send(page, "here is my mug design");
    await poll(() => page.locator('.agent-chat [data-role="user"] [data-testid="attachment-chip"]').count()).toBe(1);
    await poll(() => page.locator('.agent-chat [data-role="assistant"]').count()).toBeGreaterThan(1);

    await page.getByRole("link", { name: "Review this conversation" }).click();
    await page.waitForURL(`${base}/tariff-rate-agent-review?id=${threadId}`);
    await poll(() => page.getByTestId("tariff-country").textContent()).toBe("China (CN)");
    await poll(() => page.locator("section[aria-label='Attachments'] [data-testid='attachment-chip']").count()).toBe(1);

    // The review form is saved back into the thread's state.
    await page.getByRole("textbox", { name: "MOQ" }).fill("500");
    await page.getByRole("textbox", { name: "Product name" }).fill("Speckled stoneware mug");
    await page.getByRole("button", { name: "Save review" }).click();
    await poll(() => page.getByTestId("product-moq").textContent()).toBe("500");
    const state = (await (await fetch(`${base}/agent-api/threads/${threadId}/state`, { headers: { authorization: `Bearer ${await page.evaluate(() => window.localStorage.getItem("atelier.token"))}` } })).json()) as { values: { productMoq: number; reviewForm: { productName: string }; tariffCountry: { code: string } } };
    expect(state.values.productMoq).toBe(500);
    expect(state.values.reviewForm.productName).toBe("Speckled stoneware mug");
    expect(state.values.tariffCountry.code).toBe("CN");
    await page.context().close();
  });
});
