import { describe, expect, it } from "vitest";
import { REDIRECTS, resolveRedirect } from "../src/routes/redirects";
import { ROUTES, ANALYTICS_PATHS } from "../src/routes/route-table";
import { afterLoginPath, decideLogin, decideRoute, findRoute, isPublicPath, loginRedirect, type GuardContext } from "../src/routes/guards";
import type { FeatureFlag } from "../src/app/env";
import { pendingTitle } from "../src/features/pending/pending-title";
import { nextSteps } from "../src/features/homebase/next-steps";

const ctx = (over: Partial<GuardContext> = {}): GuardContext => ({ loggedIn: true, hasV2Token: true, planPaused: false, environment: "local", flags: new Set<FeatureFlag>(), ...over });
const route = (path: string) => {
  const r = findRoute(path);
  if (!r) throw new Error(`no route for ${path}`);
  return r;
};

describe("the redirect table of 000 §2.5", () => {
  it.each([
    ["/workboard", "?a=1", "/inbox/messages?a=1"],
    ["/supplier-chat", "", "/inbox/messages"],
    ["/setup-business", "", "/fulfillment-services"],
    ["/browse-under-500", "?tab=all", "/home?tab=all"],
    ["/store-profile", "", "/manage-shop"],
    ["/billing-and-reporting", "?x=y", "/account-info?x=y"],
    ["/audience-capture", "", "/email-capture"],
    ["/shopify-bind", "?bindCode=1", "/app-bind?bindCode=1"],
    ["/invite-bind", "", "/app-bind"],
    ["/appsumo-bind", "", "/app-bind"],
    ["/partners-top-nav", "?ref=top&x=1", "/partners"],
    ["/fulfillment-services/shopify", "", "/ecommerce-services/shopify"],
    ["/fulfillment-services/own-shop", "", "/ecommerce-services/own-shop"],
    ["/fulfillment-services/instagram", "", "/ecommerce-services/instagram"],
    ["/fulfillment-services/wholesale", "", "/ecommerce-services/wholesale"],
    ["/fulfillment-services/amazon", "", "/ecommerce-services/amazon"],
    ["/fulfillment-services/google-shopping", "?q=1", "/ecommerce-services/google-shopping?q=1"],
    ["/home/subscription-cycle-change", "", "/homebase/subscription-cycle-change"],
    ["/home/subscription-downgrade", "", "/homebase/subscription-downgrade"],
    ["/home/subscription-updated", "", "/homebase/subscription-updated"],
    ["/home/quiz", "?seenQuiz=1", "/homebase/quiz?seenQuiz=1"],
    ["/home/blueprint", "", "/homebase/blueprint"],
  ])("%s%s → %s", (from, search, to) => {
    expect(resolveRedirect(from, search)).toBe(to);
  });

  it("does not redirect other paths, including the fulfilment pages that stay", () => {
    expect(resolveRedirect("/home", "")).toBeNull();
    expect(resolveRedirect("/fulfillment-services", "")).toBeNull();
    expect(resolveRedirect("/fulfillment-services/book-freight-shipment", "")).toBeNull();
    expect(resolveRedirect("/partners", "?x=1")).toBeNull();
  });

  it("sends every redirect to a registered route", () => {
    for (const r of REDIRECTS) expect(findRoute(r.to), r.to).toBeDefined();
  });
});

describe("the route table", () => {
  it("registers every path once", () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("registers the routes of 000 §2.1–2.4 with their access", () => {
    expect(route("/login").access).toBe("public");
    expect(route("/share-report/abc").access).toBe("public");
    expect(route("/supplier-profile/12/post-review").access).toBe("public");
    expect(route("/supplier-profile/12").access).toBe("user");
    expect(route("/create-custom-project").access).toBe("user");
    expect(route("/create-custom-project/rfp-1").access).toBe("user");
    expect(route("/printful-widget").access).toBe("user");
    expect(route("/v2/affiliate-marketing").access).toBe("v2");
    expect(route("/sms-marketing").access).toBe("v2");
    expect(route("/sms-marketing/start-campaign").access).toBe("public");
    expect(route("/homebase/quiz").access).toBe("public");
    for (const p of ANALYTICS_PATHS) expect(route(p).access).toBe("analytics");
    expect(ANALYTICS_PATHS).toHaveLength(41);
  });

  it("marks /business-kits, /account-info and /playground always reachable", () => {
    expect(ROUTES.filter((r) => r.alwaysReachable).map((r) => r.path).sort()).toEqual(["/account-info", "/business-kits", "/business-kits/:brandKitId", "/playground"]);
  });

  it("says what is not built yet for every pending screen", () => {
    for (const r of ROUTES.filter((x) => x.screen === "pending")) expect(r.pending, r.path).toMatch(/\w/);
  });
});

describe("guards", () => {
  it("opens public routes without login", () => {
    expect(decideRoute(route("/track-order"), ctx({ loggedIn: false }), "/track-order", "")).toEqual({ kind: "allow" });
  });

  it("sends a logged-out visitor to /login with the prior path and query encoded", () => {
    expect(decideRoute(route("/homebase"), ctx({ loggedIn: false }), "/inbox/orders", "?open=cart")).toEqual({ kind: "redirect", to: "/login?path=%2Finbox%2Forders%3Fopen%3Dcart" });
  });

  it("needs the version-2 token for the v2 routes", () => {
    const r = route("/v2/affiliate-marketing");
    expect(decideRoute(r, ctx({ hasV2Token: false }), "/v2/affiliate-marketing", "")).toEqual({ kind: "redirect", to: loginRedirect("/v2/affiliate-marketing", "") });
    expect(decideRoute(r, ctx(), "/v2/affiliate-marketing", "")).toEqual({ kind: "allow" });
  });

  it("keeps a session without the version-2 token on the login form for a v2 route, instead of bouncing back", () => {
    const search = `?path=${encodeURIComponent("/sms-marketing?x=1")}`;
    expect(decideLogin(ctx({ hasV2Token: false }), search)).toEqual({ kind: "allow" });
    expect(decideLogin(ctx({ hasV2Token: false }), "?path=%2Fv2%2Faffiliate-marketing")).toEqual({ kind: "allow" });
    expect(decideLogin(ctx(), search)).toEqual({ kind: "redirect", to: "/sms-marketing?x=1" });
    // Other pages do not need it: the login goes on as before.
    expect(decideLogin(ctx({ hasV2Token: false }), "?path=%2Finbox%2Forders")).toEqual({ kind: "redirect", to: "/inbox/orders" });
    expect(decideLogin(ctx({ hasV2Token: false }), "")).toEqual({ kind: "redirect", to: "/homebase" });
    expect(decideLogin(ctx({ loggedIn: false }), search)).toEqual({ kind: "allow" });
  });

  it("hides analytics unless its flag is on; fulfilment metrics has its own flag", () => {
    expect(decideRoute(route("/analytics-ltv"), ctx(), "/analytics-ltv", "")).toEqual({ kind: "redirect", to: "/404" });
    expect(decideRoute(route("/analytics-ltv"), ctx({ flags: new Set(["analytics"]) }), "/analytics-ltv", "")).toEqual({ kind: "allow" });
    expect(decideRoute(route("/fulfillment-metrics"), ctx({ flags: new Set(["analytics"]) }), "/fulfillment-metrics", "")).toEqual({ kind: "redirect", to: "/404" });
    expect(decideRoute(route("/fulfillment-metrics"), ctx({ flags: new Set(["fulfillment-metrics"]) }), "/fulfillment-metrics", "")).toEqual({ kind: "allow" });
  });

  it("serves /playground only outside production, logged in or not", () => {
    expect(decideRoute(route("/playground"), ctx({ environment: "production" }), "/playground", "")).toEqual({ kind: "redirect", to: "/404" });
    expect(decideRoute(route("/playground"), ctx({ loggedIn: false, environment: "staging" }), "/playground", "")).toEqual({ kind: "allow" });
  });

  it("keeps a paused store to the always-reachable screens", () => {
    expect(decideRoute(route("/homebase"), ctx({ planPaused: true }), "/homebase", "")).toEqual({ kind: "redirect", to: "/account-info?open=manage_plan" });
    expect(decideRoute(route("/account-info"), ctx({ planPaused: true }), "/account-info", "")).toEqual({ kind: "allow" });
    expect(decideRoute(route("/business-kits/k1"), ctx({ planPaused: true }), "/business-kits/k1", "")).toEqual({ kind: "allow" });
    expect(decideRoute(route("/homebase"), ctx({ planPaused: null }), "/homebase", "")).toEqual({ kind: "allow" });
  });

  it("knows the public paths a forced logout stays on", () => {
    expect(isPublicPath("/track-order")).toBe(true);
    expect(isPublicPath("/preview-catalog-item/9")).toBe(true);
    expect(isPublicPath("/homebase")).toBe(false);
    expect(isPublicPath("/inbox/messages")).toBe(false);
  });

  it("returns after login only to same-site paths", () => {
    expect(afterLoginPath("?path=%2Faccount-info%3Ftab%3Dbilling")).toBe("/account-info?tab=billing");
    expect(afterLoginPath("?path=https%3A%2F%2Fevil.example")).toBe("/homebase");
    expect(afterLoginPath("?path=%2F%2Fevil.example")).toBe("/homebase");
    expect(afterLoginPath("?path=%2Flogin")).toBe("/homebase");
    expect(afterLoginPath("")).toBe("/homebase");
  });
});

describe("docs/routes.md", () => {
  it("lists every registered route and redirect", async () => {
    const { readFileSync } = await import("node:fs");
    // Tests run from the repository root.
    const doc = readFileSync("docs/routes.md", "utf8");
    for (const r of ROUTES) expect(doc, r.path).toContain(`| \`${r.path}\` |`);
    for (const r of REDIRECTS) expect(doc, r.from).toContain(`| \`${r.from}\` |`);
  });
});

describe("the names and links of screens not built yet", () => {
  it("names every pending screen as the product does, never by a slug ('Bk', 'Ai storefront')", () => {
    const titles = ROUTES.filter((r) => r.screen === "pending").map((r) => pendingTitle(r.path));
    expect(titles).not.toContain("Bk");
    expect(pendingTitle("/bk/:id")).toBe("Business kit");
    expect(pendingTitle("/ai-storefront")).toBe("AI storefront");
    expect(pendingTitle("/homebase/quiz")).toBe("Onboarding quiz");
    expect(pendingTitle("/analytics-ltv")).toBe("Analytics: LTV");
    for (const t of titles) expect(t, t).not.toMatch(/\b(Ai|Sms|Ltv|Rfm|Aov)\b/);
  });

  it("lists no next step on homebase that opens a screen not built yet", () => {
    const store = { planType: "TIER_1" } as Parameters<typeof nextSteps>[0]["store"];
    const steps = nextSteps({ store, profile: null, businessPlan: null, samples: null });
    expect(steps.map((s) => s.id)).toEqual(["samples", "plan", "help"]);
    for (const s of steps) expect(findRoute(s.to.split("?")[0]!)?.screen, s.to).not.toBe("pending");
  });
});
