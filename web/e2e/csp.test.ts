import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newPage, poll, registerThroughUi, sendChat, uniqueEmail, useAgentStack } from "./browser";
import { WEB_CONTENT_SECURITY_POLICY } from "../server/serve-web";

// Issue 14, item 13: the built app runs under its strict Content-Security-Policy (no inline script)
// with nothing refused: sign-up, the home page, a page of the marketplace and a chat turn streamed
// from the agent server, watched for violations in the console and as DOM events.

const env = useAgentStack();

/** Every CSP violation the page reports, from the console and from securitypolicyviolation events. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on("console", (m) => {
    if (/content security policy/i.test(m.text())) fromConsole.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...fromConsole, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

describe("the app under its Content-Security-Policy", () => {
  it("is served with the policy, and signing up, browsing and chatting raise no violation", async () => {
    const document = await fetch(`${env.stack.api.url}/login`, { headers: { accept: "text/html" } });
    expect(document.headers.get("content-security-policy")).toBe(WEB_CONTENT_SECURITY_POLICY);
    expect(WEB_CONTENT_SECURITY_POLICY).not.toContain("'unsafe-inline' https://accounts.google.com/gsi/client");
    expect(/script-src[^;]*'unsafe-(inline|eval)'/.test(WEB_CONTENT_SECURITY_POLICY)).toBe(false);

    const page = await newPage(env.browser);
    const violations = await watchViolations(page);
    await registerThroughUi(page, env.stack.api.url, uniqueEmail("csp"));
    await poll(() => page.getByTestId("store-title").count()).toBe(1);
    await page.goto(`${env.stack.api.url}/browse-suppliers`);
    await page.waitForLoadState("networkidle");
    await page.locator("#nav-copilot").click();
    const dock = page.locator("aside.chat-dock");
    await sendChat(dock, "Message the assistant", "What plan am I on?");
    await poll(async () => (await dock.locator('[data-role="assistant"]').last().textContent()) ?? "").not.toBe("");
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it("an injected inline script does not run", async () => {
    const page = await newPage(env.browser);
    const violations = await watchViolations(page);
    await page.goto(`${env.stack.api.url}/login`);
    await page.evaluate(() => {
      const s = document.createElement("script");
      s.textContent = "window.__ran = true";
      document.body.append(s);
    });
    expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran ?? false)).toBe(false);
    await poll(async () => (await violations()).length).toBeGreaterThan(0);
    await page.context().close();
  });
});
