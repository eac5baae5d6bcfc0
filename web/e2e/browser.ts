import { mkdirSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { mailedSignUpToken } from "../../test/factories/accounts";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import type { Config } from "../../api/src/config";
import { stores } from "@atelier/contracts";
import { as, startTestApi, testConfig, type TestApi, type TestUser } from "../../api/test/harness";
import { ensureWebBuild, mountWebApp, webRuntimeConfig } from "../server/serve-web";
import { mountAgentProxy } from "../server/agent-proxy";
import { startAgentServer, type AgentServer } from "../../agent-server/src/server";
import { publish } from "../../api/src/realtime";
import { productGraphs } from "../../agent-server/src/product-graphs";
import type { ModelFactory } from "@atelier/graphs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The API in-process, serving the built web app, as `npm start` does. */
export async function startWebApi(overrides: Partial<Config> = {}): Promise<TestApi> {
  await ensureWebBuild();
  return startTestApi({ config: testConfig(overrides), extend: (app) => mountWebApp(app) });
}

/** Starts a server and Chromium before one test file's tests, hands both over, and closes them after. */
function serverAndBrowserForFile<S extends { close(): Promise<void> }>(start: () => Promise<S>, ready: (server: S, browser: Browser) => void): void {
  let server: S | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await start();
    browser = await launchBrowser();
    ready(server, browser);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.close();
  });
}

/** The API serving the web app, and Chromium, for one test file (filled in before its tests). */
export function useWebApi(overrides: Partial<Config> = {}): { api: TestApi; browser: Browser } {
  const env = {} as { api: TestApi; browser: Browser };
  serverAndBrowserForFile(() => startWebApi(overrides), (api, browser) => Object.assign(env, { api, browser }));
  return env;
}

/** The API serving the web app, and the agent server behind its proxy. */
export type AgentStack = { api: TestApi; agent: AgentServer; close(): Promise<void> };

/** Test-only choices for the agent stack: the model factory (default: the offline assistant, as `npm start` without a model). */
export type AgentStackOptions = { modelFactory?: ModelFactory };

/** The API with the web app and the agent server (offline model) behind /agent-api, as `npm start` runs them. */
export async function startWebWithAgents(options: AgentStackOptions = {}): Promise<AgentStack> {
  await ensureWebBuild();
  const runtime = await webRuntimeConfig({});
  let agentUrl = "";
  const api = await startTestApi({
    config: testConfig(),
    extend: (app, deps) => {
      // The agent server starts after the API (its tools call the API); the proxy reads its address then.
      app.use("/agent-api", (req, res, next) => (agentUrl ? next() : res.status(503).end()));
      mountAgentProxy(app, "http://127.0.0.1:1", () => agentUrl, deps.tokens.forwarderKey);
      mountWebApp(app, { runtime });
    },
  });
  const agent = await startAgentServer({ config: testConfig(), pool: api.deps.pool, graphs: productGraphs(api.url, options.modelFactory), apiBaseUrl: api.url, port: 0, pollMs: 50, publish });
  agentUrl = agent.url;
  return { api, agent, async close() { await agent.close(); await api.close(); } };
}

/** Marks the sourcing tours as seen for the store: they would sit over the buttons a test clicks. */
export async function skipSourcingTours(api: TestApi, user: TestUser): Promise<void> {
  await as(api, user.token, stores.updateStoreSeenState, { body: { seenSourcingHomeTour: true, seenSourcingMarketplaceTour: true, seenSupplierProfileTour: true } });
}

/**
 * Chromium 156 in headless mode still builds every window's address-bar popups as WebUI pages
 * (chrome://omnibox-popup.top-chrome/ and its AI-mode page), one renderer per browser context:
 * about 1 s of CPU per context that no test looks at (docs/benchmarks.md, "Browser tests without
 * the address bar's popups"). Chromium keeps only the last --disable-features, so Playwright's own
 * list (playwright-core 1.65.1, chromiumSwitches) is repeated here before ours.
 */
const DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades", "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
  "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch",
  "WebUIOmniboxPopup", "WebUIOmniboxAimPopup",
];

let shared: Promise<Browser> | null = null;

/**
 * The worker's Chromium: launched once and shared by the files the worker runs one after another
 * (a launch and its first page took 3–7 s of every file). Files never close it: they hand it back
 * with releaseBrowser, which closes their contexts. Playwright ends it when the worker exits.
 */
export function launchBrowser(): Promise<Browser> {
  shared ??= chromium
    .launch({
      executablePath: CHROMIUM_PATH,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", `--disable-features=${DISABLED_FEATURES.join(",")}`],
    })
    .then((browser) => {
      // A crashed browser is launched again for the next file.
      browser.once("disconnected", () => (shared = null));
      return browser;
    });
  return shared;
}

/** Hands the shared browser back at the end of a file: every context the file opened is closed. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser?.isConnected()) return;
  await Promise.all(browser.contexts().map((context) => context.close().catch(() => {})));
}

/** A fresh browser context (its own storage) and page on the app; a desktop window unless told. */
export async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

/** A page in a fresh browser context, logged in as the user (the session the login page would store), or logged out. */
export async function pageAs(browser: Browser, user: { token: string; user: unknown; store: unknown; role: unknown } | null): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (user) {
    const summary = JSON.stringify({ user: user.user, store: user.store, role: user.role });
    await context.addInitScript(([token, session]) => {
      window.localStorage.setItem("atelier.token", token!);
      window.localStorage.setItem("atelier.session", session!);
    }, [user.token, summary]);
  }
  return context.newPage();
}

/** Registers through the login page's form; lands on /homebase. */
/**
 * Signs up as a person does: the form, the "check your e-mail" screen, then the mailed link (read
 * from the outbox on the run's database, which is what the built-in mail provider keeps).
 */
export async function registerThroughUi(page: Page, base: string, email: string, storeName = "E2E store"): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByLabel("Store name").fill(storeName);
  await page.getByLabel("Creator").check();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByTestId("check-email").waitFor();
  const db = new pg.Pool({ connectionString: inject("databaseUrl"), max: 1 });
  const token = await mailedSignUpToken(db, email).finally(() => db.end());
  await page.goto(`${base}/login?confirmSignUp=${token}`);
  await page.waitForURL(`${base}/homebase`);
}

export async function loginThroughUi(page: Page, email: string, password = "correct-horse-battery"): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 10)}@example.com`;
}

/** A made-up word of letters only, so full-text search and names find only this run's rows. */
export function madeUpWord(prefix: string): string {
  return `${prefix}${[...crypto.getRandomValues(new Uint8Array(8))].map((b) => String.fromCharCode(97 + (b % 26))).join("")}`;
}

/** Polls what the page shows until it matches; the page renders after its API calls answer. */
export function poll<T>(fn: () => Promise<T> | T) {
  return expect.poll(fn, { timeout: 15_000, interval: 100 });
}

/**
 * Types into a chat composer (the dock's or an agent page's) and sends. The composer may be reset
 * while a new or restored thread settles, so the text is typed again until the click lands.
 */
export async function sendChat(chat: Locator, placeholder: string, text: string): Promise<void> {
  const button = chat.getByRole("button", { name: "Send" });
  // Both chats mark the sender's messages with data-role="user".
  const sent = chat.locator('[data-role="user"]').filter({ hasText: text });
  const sentCount = () => sent.count();
  const before = await sentCount();
  // A loaded machine may take a while to settle a new thread: up to 30 s.
  await expect.poll(async () => {
    // A click can go through and still report its timeout on a loaded machine: typing and clicking
    // again would send the question twice (a reload then restored it twice), so look first.
    if ((await sentCount()) > before) return true;
    await chat.getByPlaceholder(placeholder).fill(text);
    try {
      await button.click({ timeout: 1000 });
      return true;
    } catch {
      // The composer was reset before the click: type again, unless the click went through after all.
      return sent.nth(before).waitFor({ state: "attached", timeout: 2000 }).then(() => true, () => false);
    }
  }, { timeout: 30_000, interval: 100 }).toBe(true);
}

/** The API and agent server on the offline model, and Chromium, for one test file (filled in before its tests). */
export function useAgentStack(options: AgentStackOptions = {}): { stack: AgentStack; browser: Browser } {
  const env = {} as { stack: AgentStack; browser: Browser };
  serverAndBrowserForFile(() => startWebWithAgents(options), (stack, browser) => Object.assign(env, { stack, browser }));
  return env;
}

const SHOTS = process.env.ATELIER_SCREENSHOTS_DIR;

/** A screenshot for a person to look at, when ATELIER_SCREENSHOTS_DIR is set. */
export async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

/** Whether the page scrolls or sticks out sideways. */
export const overflowsSideways = (page: Page): Promise<boolean> => page.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth);
