import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { TestApi } from "../../api/test/harness";
import { launchBrowser, loginThroughUi, newPage, overflowsSideways, poll, registerThroughUi, shot, startWebApi, uniqueEmail, releaseBrowser } from "./browser";

const previewEmail = uniqueEmail("preview");
let api: TestApi;
let browser: Browser;

beforeAll(async () => {
  api = await startWebApi({ previewEmails: [previewEmail] });
  browser = await launchBrowser();
});

afterAll(async () => {
  await releaseBrowser(browser);
  await api?.close();
});

describe("sessions in the browser", () => {
  it("registers, logs out and logs in again", async () => {
    const page = await newPage(browser);
    const email = uniqueEmail("e2e");
    await registerThroughUi(page, api.url, email, "Moss & Fern");
    await poll(() => page.getByTestId("store-title").textContent()).toBe("Moss & Fern");
    await poll(() => page.getByTestId("homebase-plan").textContent()).toContain("Free");

    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(`${api.url}/login`);
    expect(await page.evaluate(() => window.localStorage.getItem("atelier.token"))).toBeNull();

    await loginThroughUi(page, email, "wrong-password-123");
    await poll(() => page.getByRole("alert").first().textContent()).toMatch(/email or password/i);
    expect(new URL(page.url()).pathname).toBe("/login");

    await loginThroughUi(page, email);
    await page.waitForURL(`${api.url}/homebase`);
    await poll(() => page.getByTestId("store-title").textContent()).toBe("Moss & Fern");
    await page.context().close();
  });

  it("tells a new sign-up to check its e-mail, fitting a phone, and sends the link again on request", async () => {
    const page = await newPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    const email = uniqueEmail("check");
    await page.goto(`${api.url}/login?signup=1`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("correct-horse-battery");
    await page.getByLabel("Store name").fill("Moss & Fern");
    await page.getByRole("button", { name: "Create account" }).click();
    await poll(() => page.getByTestId("check-email").textContent()).toContain(`We sent a link to ${email}`);
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, "check-email-phone");
    await page.getByRole("button", { name: "Send the link again" }).click();
    await poll(async () => (await api.deps.pool.query("SELECT 1 FROM outbox_messages WHERE to_address = $1", [email])).rowCount).toBe(2);
    await page.context().close();
  });

  it("shows field errors from the API on registration", async () => {
    const page = await newPage(browser);
    await page.goto(`${api.url}/login`);
    await page.getByRole("button", { name: "Create an account" }).click();
    await page.getByLabel("Email").fill(uniqueEmail("short"));
    await page.getByLabel("Password").fill("short");
    await page.getByLabel("Store name").fill("Shop");
    // The browser's own minlength check would stop the form; the API's answer is what we test.
    await page.evaluate(() => document.querySelector("form")?.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Create account" }).click();
    await poll(() => page.locator("#password-error").textContent()).toContain("at least 10 characters");
    await page.context().close();
  });

  it("sends a logged-out visitor of a logged-in route to /login with path, and back after login", async () => {
    const page = await newPage(browser);
    const email = uniqueEmail("return");
    await registerThroughUi(page, api.url, email);
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(`${api.url}/login`);

    await page.goto(`${api.url}/account-info?tab=billing`);
    await page.waitForURL(`${api.url}/login?path=%2Faccount-info%3Ftab%3Dbilling`);
    await loginThroughUi(page, email);
    await page.waitForURL(`${api.url}/account-info?tab=billing`);
    await poll(() => page.getByRole("heading", { name: "Account" }).count()).toBe(1);
    await page.context().close();
  });

  it("logs out with the session-expired toast when the API answers 401 mid-session", async () => {
    const page = await newPage(browser);
    await registerThroughUi(page, api.url, uniqueEmail("expired"));
    // A token the API no longer accepts (its signature broken) but the browser still believes in.
    await page.evaluate(() => {
      const token = window.localStorage.getItem("atelier.token")!;
      const [h, p, s] = token.split(".");
      window.localStorage.setItem("atelier.token", `${h}.${p}.${s!.slice(0, -4)}AAAA`);
    });
    await page.goto(`${api.url}/homebase`);
    await page.waitForURL(`${api.url}/login?path=%2Fhomebase`);
    await poll(() => page.getByTestId("toast").first().textContent()).toContain("Your session has expired - please log in again.");
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    await page.context().close();
  });

  it("shows a preview account the preview message and refuses its changes without logging it out", async () => {
    const page = await newPage(browser);
    await registerThroughUi(page, api.url, previewEmail);
    await poll(() => page.getByTestId("preview-banner").textContent()).toContain("Preview mode can't take this action.");

    // Blocked navigation entries say so instead of opening.
    await page.locator("summary", { hasText: "Fulfillment" }).click();
    await page.locator("#nav-returns").waitFor({ state: "visible" });
    await page.locator("#nav-returns").click();
    await poll(() => page.getByTestId("toast").first().textContent()).toContain("Preview mode can't take this action.");

    // A change the API refuses: the message, and the session stays.
    await page.goto(`${api.url}/account-info`);
    await page.getByLabel("Description").fill("Trying to change things");
    await page.getByRole("button", { name: "Save profile" }).click();
    await poll(async () => (await page.getByTestId("toast").allTextContents()).join(" ")).toContain("Preview mode can't take this action.");
    expect(new URL(page.url()).pathname).toBe("/account-info");
    expect(await page.evaluate(() => window.localStorage.getItem("atelier.token"))).not.toBeNull();
    await page.context().close();
  });

  it("applies redirects and sends unknown paths to /404", async () => {
    const page = await newPage(browser);
    await registerThroughUi(page, api.url, uniqueEmail("redirects"));
    await page.goto(`${api.url}/billing-and-reporting?from=mail`);
    await page.waitForURL(`${api.url}/account-info?from=mail`);
    await page.goto(`${api.url}/partners-top-nav?utm=x`);
    await page.waitForURL(`${api.url}/partners`);
    await page.goto(`${api.url}/no-such-page`);
    await page.waitForURL(`${api.url}/404`);
    await poll(() => page.getByRole("heading", { name: "Page not found" }).count()).toBe(1);
    await page.context().close();
  });
});
