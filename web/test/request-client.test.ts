import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, UPGRADE_REQUIRED_MESSAGE, PREVIEW_MODE_MESSAGE, REFRESHED_TOKEN_HEADER, stores, auth } from "@atelier/contracts";
import { interpretError, MESSAGES } from "../src/api/error-catalogue";
import { handleApiError, reportQuietly, request, setNavigator } from "../src/api/client";
import { clearSession, getSession, restoreSession, startSession, STORAGE_KEYS } from "../src/session/session-store";
import { currentToasts, dismissToast, isUpgradePromptOpen, openUpgradePrompt } from "../src/ui/toast-store";
import { jwt } from "./support/jwt";

const getToastsForTest = () => currentToasts().map((t) => t.message);
const resetToastsForTest = () => currentToasts().forEach((t) => dismissToast(t.id));

const loc = (pathname: string, search = "") => ({ pathname, search });

const future = () => Math.floor(Date.now() / 1000) + 3600;
const session = (over: Partial<{ isPreviewAccount: boolean }> = {}) => ({
  token: jwt({ exp: future(), typ: "v1" }),
  v2UserToken: jwt({ exp: future(), typ: "v2-user" }),
  v2StoreToken: jwt({ exp: future(), typ: "v2-store" }),
  expiresAt: new Date().toISOString(),
  user: { id: "u", email: "a@example.com", username: "a" },
  store: { id: "s", title: "Shop", planType: "TIER_1" as const, isPreviewAccount: over.isPreviewAccount ?? false },
  role: "OWNER" as const,
});

describe("the error catalogue (000 §8)", () => {
  it("401: session-expired toast, logout, login with the prior path", () => {
    expect(interpretError(new ApiError(401, "UNAUTHORIZED", "x"), loc("/inbox/orders", "?open=cart"))).toEqual({
      toast: MESSAGES.sessionExpired, logout: true, redirectTo: "/login?path=%2Finbox%2Forders%3Fopen%3Dcart", upgrade: false,
    });
    expect(MESSAGES.sessionExpired).toBe("Your session has expired - please log in again.");
  });

  it("401 on a public path logs out but stays", () => {
    expect(interpretError(new ApiError(401, "UNAUTHORIZED", "x"), loc("/track-order")).redirectTo).toBeNull();
  });

  it("403 with the upgrade code fires the upgrade gate without logout", () => {
    expect(interpretError(new ApiError(403, "UPGRADE_REQUIRED", UPGRADE_REQUIRED_MESSAGE), loc("/homebase"))).toEqual({ toast: null, logout: false, redirectTo: null, upgrade: true });
  });

  it("other 403: the permission message and logout", () => {
    const out = interpretError(new ApiError(403, "FORBIDDEN", "nope"), loc("/account-info"));
    expect(out).toMatchObject({ toast: "This account doesn't have the permission to view this page.", logout: true, upgrade: false });
  });

  it("a preview refusal shows its message and keeps the session", () => {
    expect(interpretError(new ApiError(403, "PREVIEW_MODE", PREVIEW_MODE_MESSAGE), loc("/account-info"))).toEqual({ toast: PREVIEW_MODE_MESSAGE, logout: false, redirectTo: null, upgrade: false });
  });

  it("a refused field reads as a sentence about the field, never its path", () => {
    const error = new ApiError(400, "VALIDATION_FAILED", "body.promotionCode is not a promotion code for sourcing purchases", [{ field: "body.promotionCode", reason: "is not a promotion code for sourcing purchases" }]);
    expect(interpretError(error, loc("/pay/1")).toast).toBe("The promotion code is not a promotion code for sourcing purchases.");
    expect(interpretError(new ApiError(409, "CONFLICT", "Already on TIER_2_5"), loc("/")).toast).toBe("Already on Scaling.");
  });

  it("500: the network message", () => {
    expect(interpretError(new ApiError(500, "INTERNAL", "boom"), loc("/homebase")).toast).toBe("Something is wrong with the network - please wait a few moments and try again.");
  });

  it("otherwise the response message, else the error, else the fallback", () => {
    expect(interpretError(new ApiError(409, "CONFLICT", "That already exists."), loc("/")).toast).toBe("That already exists.");
    expect(interpretError(new ApiError(409, "CONFLICT", "SOME_CODE"), loc("/")).toast).toBe(MESSAGES.fallback);
    expect(interpretError(new ApiError(404, "NOT_FOUND", ""), loc("/")).toast).toBe(MESSAGES.fallback);
    expect(interpretError(new Error("socket hang up"), loc("/")).toast).toBe("socket hang up");
    expect(interpretError(undefined, loc("/")).toast).toBe("There was an error. Please try again later.");
  });
});

describe("the request client (000 §7)", () => {
  let calls: { url: string; init: RequestInit }[];
  let respond: (url: string) => Response;

  beforeEach(() => {
    clearSession();
    resetToastsForTest();
    calls = [];
    respond = () => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { "content-type": "application/json" } });
    vi.stubGlobal("fetch", vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return respond(url);
    }));
  });
  afterEach(() => vi.unstubAllGlobals());

  const header = (i = 0, name = "authorization") => (calls[i]!.init.headers as Record<string, string>)[name];

  it("calls /rest/main same-origin with the store state's bearer token", async () => {
    const s = session();
    startSession(s);
    await request(stores.getMyStore, {});
    expect(calls[0]!.url).toBe("/rest/main/web/stores/me");
    expect(header()).toBe(`Bearer ${s.token}`);
  });

  it("falls back to session storage, then local storage", async () => {
    const t1 = jwt({ exp: future(), n: 1 });
    const t2 = jwt({ exp: future(), n: 2 });
    window.localStorage.setItem(STORAGE_KEYS.token, t1);
    await request(stores.getMyStore, {});
    expect(header(0)).toBe(`Bearer ${t1}`);
    window.sessionStorage.setItem(STORAGE_KEYS.token, t2);
    await request(stores.getMyStore, {});
    expect(header(1)).toBe(`Bearer ${t2}`);
  });

  it("keeps a session in session storage when not remembered, and restores it", () => {
    const s = session();
    startSession(s, false);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe(s.token);
    restoreSession();
    expect(getSession().token).toBe(s.token);
    expect(getSession().store?.title).toBe("Shop");
  });

  it("treats an expired stored token as absent", () => {
    window.localStorage.setItem(STORAGE_KEYS.token, jwt({ exp: 1 }));
    restoreSession();
    expect(getSession().token).toBeNull();
  });

  it("saves a refreshed token from the response header to local storage and uses it next", async () => {
    startSession(session());
    const refreshed = jwt({ exp: future(), refreshed: true });
    respond = () => new Response("{}", { status: 200, headers: { [REFRESHED_TOKEN_HEADER]: refreshed } });
    await request(stores.getMyStore, {});
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(refreshed);
    await request(stores.getMyStore, {});
    expect(header(1)).toBe(`Bearer ${refreshed}`);
  });

  it("sends the version-2 token to routes that need it", async () => {
    const s = session();
    startSession(s);
    const v2Contract = { ...stores.getMyStore, tokenVersion: "v2" as const };
    await request(v2Contract, {});
    expect(header()).toBe(`Bearer ${s.v2StoreToken}`);
  });

  it("saves a token refreshed on a version-2 call into the version-2 slot, leaving the version-1 token alone", async () => {
    const s = session();
    startSession(s);
    const v2Contract = { ...stores.getMyStore, tokenVersion: "v2" as const };
    const refreshed = jwt({ exp: future(), typ: "v2-store", refreshed: true });
    respond = () => new Response("{}", { status: 200, headers: { [REFRESHED_TOKEN_HEADER]: refreshed } });
    await request(v2Contract, {});
    expect(getSession()).toMatchObject({ token: s.token, v2StoreToken: refreshed, v2UserToken: s.v2UserToken });
    expect(window.localStorage.getItem(STORAGE_KEYS.v2StoreToken)).toBe(refreshed);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(s.token);

    respond = () => new Response("{}", { status: 200 });
    await request(v2Contract, {});
    await request(stores.getMyStore, {});
    expect(header(1)).toBe(`Bearer ${refreshed}`);
    expect(header(2)).toBe(`Bearer ${s.token}`);
    // After a reload the refreshed version-2 token is the one restored.
    restoreSession();
    expect(getSession()).toMatchObject({ token: s.token, v2StoreToken: refreshed });
  });

  it("keeps a refreshed version-2 token in session storage for a session that is not remembered", async () => {
    const s = session();
    startSession(s, false);
    const refreshed = jwt({ exp: future(), typ: "v2-store", refreshed: true });
    respond = () => new Response("{}", { status: 200, headers: { [REFRESHED_TOKEN_HEADER]: refreshed } });
    await request({ ...stores.getMyStore, tokenVersion: "v2" as const }, {});
    expect(window.sessionStorage.getItem(STORAGE_KEYS.v2StoreToken)).toBe(refreshed);
    expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe(s.token);
    restoreSession();
    expect(getSession().v2StoreToken).toBe(refreshed);
  });

  it("appends preview=true for preview accounts only", async () => {
    startSession(session({ isPreviewAccount: true }));
    await request(stores.getMyStore, {});
    expect(calls[0]!.url).toBe("/rest/main/web/stores/me?preview=true");
    startSession(session());
    await request(stores.getMyStore, {});
    expect(calls[1]!.url).toBe("/rest/main/web/stores/me");
  });

  it("on 401 shows the toast, clears every storage and goes to login", async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    window.history.replaceState(null, "", "/inbox/orders?open=cart");
    startSession(session());
    window.localStorage.setItem("other", "x");
    respond = () => new Response(JSON.stringify({ code: "UNAUTHORIZED", message: "Log in to continue.", requestId: "r" }), { status: 401 });
    await expect(request(stores.getMyStore, {})).rejects.toBeInstanceOf(ApiError);
    expect(getToastsForTest()).toEqual(["Your session has expired - please log in again."]);
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(getSession().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith("/login?path=%2Finbox%2Forders%3Fopen%3Dcart");
  });

  it("on 403 upgrade opens the prompt and keeps the session", async () => {
    openUpgradePrompt(false);
    startSession(session());
    respond = () => new Response(JSON.stringify({ code: "UPGRADE_REQUIRED", message: UPGRADE_REQUIRED_MESSAGE, requestId: "r" }), { status: 403 });
    await expect(request(stores.getMyStore, {})).rejects.toBeInstanceOf(ApiError);
    expect(getSession().token).not.toBeNull();
    expect(getToastsForTest()).toEqual([]);
    expect(isUpgradePromptOpen()).toBe(true);
  });

  it("leaves log-in failures to the form", async () => {
    respond = () => new Response(JSON.stringify({ code: "UNAUTHORIZED", message: "Wrong email or password.", requestId: "r" }), { status: 401 });
    await expect(request(auth.login, { body: { email: "a@example.com", password: "x" } }, { skipCatalogue: true })).rejects.toThrow("Wrong email or password.");
    expect(getToastsForTest()).toEqual([]);
  });

  it("a quiet call still logs out on 401 but shows no other toast", () => {
    handleApiError(new ApiError(400, "VALIDATION_FAILED", "body.email is bad"), true);
    expect(getToastsForTest()).toEqual([]);
    handleApiError(new ApiError(400, "VALIDATION_FAILED", "body.email is bad"));
    expect(getToastsForTest()).toEqual(["The email is bad."]);
  });

  it("swallows failed usage reports", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    respond = () => new Response(JSON.stringify({ code: "INTERNAL", message: "x", requestId: "r" }), { status: 500 });
    await expect(reportQuietly(stores.getMyStore, {})).resolves.toBeUndefined();
    expect(getToastsForTest()).toEqual([]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
