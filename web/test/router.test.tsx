import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen, fireEvent } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { routeObjects } from "../src/app/router";
import { clearSession, getSession, restoreSession, startSession, STORAGE_KEYS } from "../src/session/session-store";
import { isTokenValid } from "../src/session/token";
import { registerRealUser, routeFetchTo, startRealApi, type RealApi } from "./support/real-api";
import { getChatIntent, closeChat } from "../src/chat/chat-intents";
import { getNavState } from "../src/nav/nav-state";
import { jwt } from "./support/jwt";
import { STORE_CONFIG_DEFAULTS } from "@atelier/contracts/stores";

const store = {
  id: "s1", title: "Shop", planType: "TIER_1", blueprintSubscriptionId: null, blueprintSubscriptionStatus: null, blueprintSubscriptionBehavior: null,
  blueprintSubscriptionResumesAt: null, blueprintSubscriptionPausedAt: null, isBlueprintActive: false, isBlueprintPaused: false, isPreviewAccount: false,
  accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS", externalFields: [], authCredential: { name: "a" }, user: { id: "u", username: "a", email: "a@example.com" }, role: "OWNER", createdAt: new Date().toISOString(),
};

function logIn() {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  startSession({ token: jwt({ exp }), v2UserToken: jwt({ exp }), v2StoreToken: jwt({ exp }), expiresAt: "", user: { id: "u", email: "a@example.com", username: "a" }, store: { id: "s1", title: "Shop", planType: "TIER_1", isPreviewAccount: false }, role: "OWNER" });
}

function renderAt(path: string) {
  const router = createMemoryRouter(routeObjects(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

// The screens call the API; here it answers the store record and an empty object for the rest.
beforeEach(() => {
  clearSession();
  closeChat();
  vi.stubGlobal("fetch", vi.fn(async (url: string) => new Response(JSON.stringify(answerFor(String(url))), { status: 200 })));
});

function answerFor(url: string): unknown {
  if (url.includes("/web/stores/me?") || url.endsWith("/web/stores/me")) return store;
  if (url.includes("/web/stores/me/configs")) return { ...STORE_CONFIG_DEFAULTS, updatedAt: null };
  return {};
}
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("routing in the app", () => {
  it("sends a logged-out visitor of /homebase to /login with the path", async () => {
    const router = renderAt("/homebase?x=1");
    await screen.findByRole("heading", { name: "Log in to Atelier" }, { timeout: 8000 });
    expect(router.state.location.pathname + router.state.location.search).toBe("/login?path=%2Fhomebase%3Fx%3D1");
  });

  it("redirects /partners-top-nav to /partners without its query", async () => {
    logIn();
    const router = renderAt("/partners-top-nav?ref=1");
    await screen.findByTestId("pending-note", {}, { timeout: 8000 });
    expect(router.state.location.pathname).toBe("/partners");
    expect(router.state.location.search).toBe("");
  });

  it("sends unknown paths to /404", async () => {
    const router = renderAt("/definitely/not/here");
    await screen.findByRole("heading", { name: "Page not found" }, { timeout: 8000 });
    expect(router.state.location.pathname).toBe("/404");
  });

  it("shows a later issue's route in the page frame with its chat entry, what is not built, and its query dialog", async () => {
    logIn();
    renderAt("/email-capture?open=SEND_MY_INVENTORY");
    expect((await screen.findByTestId("pending-note", {}, { timeout: 8000 })).textContent).toMatch(/Marketing .* is not built yet/);
    expect(screen.getByTestId("page-chat-entry")).toBeTruthy();
    expect(await screen.findByRole("dialog", { name: "Send my inventory" }, { timeout: 8000 })).toBeTruthy();
    expect(document.getElementById("nav-email-capture")?.getAttribute("aria-current")).toBe("page");
    expect(getNavState()).toMatchObject({ topLevel: "sales-and-marketing", secondLevel: null });
  });

  it("opens a new copilot chat with empty text, tagged as from the nav", async () => {
    logIn();
    renderAt("/partners");
    const button = await screen.findByRole("button", { name: /AI Copilot/ }, { timeout: 8000 });
    await act(async () => fireEvent.click(button));
    expect(getChatIntent()).toMatchObject({ text: "", newThread: true, source: "nav", assistant: "copilot" });
  });
});

describe("the version-2 routes with a session that has only the version-1 token", () => {
  let api: RealApi;
  beforeAll(async () => {
    api = await startRealApi();
  }, 120_000);
  afterAll(() => api?.close());

  /** A real session whose version-2 store token is gone (an older login, or cleared storage). */
  async function logInWithoutV2() {
    const user = await registerRealUser(api);
    startSession(user);
    window.localStorage.removeItem(STORAGE_KEYS.v2StoreToken);
    restoreSession();
    expect(getSession().v2StoreToken).toBeNull();
    return user;
  }

  it.each(["/sms-marketing", "/v2/affiliate-marketing"])("sends %s to the login form (no loop), and logging in issues the token and comes back", async (path) => {
    vi.stubGlobal("fetch", routeFetchTo(api.url));
    const user = await logInWithoutV2();
    const router = renderAt(path);
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname + state.location.search));

    await screen.findByRole("heading", { name: "Log in to Atelier" }, { timeout: 8000 });
    const login = `/login?path=${encodeURIComponent(path)}`;
    expect(router.state.location.pathname + router.state.location.search).toBe(login);
    expect(screen.getByTestId("login-again").textContent).toBe("Log in again to open this page.");
    // Settled: the login page stays put instead of bouncing back to the guarded route.
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(visited.filter((v) => v !== login)).toEqual([]);

    fireEvent.change(screen.getByLabelText("Email"), { target: { value: user.email } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: user.password } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Log in" })));
    await screen.findByTestId("pending-note", {}, { timeout: 8000 });
    expect(router.state.location.pathname).toBe(path);
    expect(isTokenValid(getSession().v2StoreToken)).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.v2StoreToken)).toBe(getSession().v2StoreToken);
  }, 30_000);

  it("opens a version-2 route directly when the session has the token", async () => {
    vi.stubGlobal("fetch", routeFetchTo(api.url));
    startSession(await registerRealUser(api));
    const router = renderAt("/sms-marketing");
    await screen.findByTestId("pending-note", {}, { timeout: 8000 });
    expect(router.state.location.pathname).toBe("/sms-marketing");
  }, 30_000);
});
