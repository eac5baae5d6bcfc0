import { describe, expect, it } from "vitest";
import { activeEntry, buildSideNav, isEntryActive, navForRole, SOURCING_TABS, STOREFRONT_TABS, type NavEntry } from "../src/nav/side-nav";
import { roleCan } from "../src/session/roles";
import { dialogFor, navKeysFor, withoutDialog } from "../src/nav/nav-state";
import { findRoute } from "../src/routes/guards";

const flat = (entries: NavEntry[]): NavEntry[] => entries.flatMap((e) => [e, ...flat(e.children ?? [])]);
const byId = (entries: NavEntry[], id: string) => flat(entries).find((e) => e.id === id)!;

describe("side navigation data", () => {
  const nav = buildSideNav(new Set());

  it("has the entries of the 000 §2.6 table with their links", () => {
    const links = Object.fromEntries(flat(nav).map((e) => [e.label, e.link]));
    expect(links).toMatchObject({
      Home: "/homebase", "Brand Vault": "/ai-agents/data-sources", "E-commerce Templates": "/ecommerce-query-templates", "AI Assistants (Beta)": "/ai-agents",
      "Print on demand": "/print-on-demand-catalog", "Content creation": "/content-studio/dashboard/home", "Social research": "/social-analysis/all-content",
      "Retail outreach": "/retail-connect", "Product concepts": "/product-design", "Product design studio": "/shopify-design", "Get help": "/education",
      "Quality control": "/homebase/quality-control", "TikTok Shop": "/homebase/tiktok-shop", "Affiliate marketing": "/v2/affiliate-marketing",
      "Email capture": "/email-capture", Checkout: "/checkout",
    });
    const copilot = byId(nav, "nav-copilot");
    expect(copilot.link).toBeUndefined();
    expect(copilot.action).toBe("new-chat");
  });

  it("has unique element ids and every link goes to a registered route", () => {
    const ids = flat(nav).map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of flat(buildSideNav(new Set(["analytics", "fulfillment-metrics"])))) if (e.link) expect(findRoute(e.link.split("?")[0]!), e.link).toBeDefined();
  });

  it("blocks Manage Returns, Discount codes, Subscribers and Marketing assets for preview accounts, and nothing else", () => {
    expect(flat(nav).filter((e) => e.blockedForPreview).map((e) => e.label).sort()).toEqual(["Discount codes", "Manage Returns", "Marketing assets", "Subscribers"]);
  });

  it("hides from a role what the API refuses it: CX sees no sourcing purchases, suppliers or favourites; owners see them", () => {
    const visible = (role: string) => {
      const walk = (list: NavEntry[]): string[] => list.filter((e) => !e.hidden).flatMap((e) => [e.id, ...walk(e.children ?? [])]);
      return walk(navForRole(buildSideNav(new Set()), (p) => roleCan(role, p)));
    };
    const sourcingOnly = ["nav-custom-project-requests", "nav-invoices", "nav-orders-shipments", "nav-my-suppliers", "nav-favorites"];
    for (const id of sourcingOnly) {
      expect(visible("OWNER")).toContain(id);
      expect(visible("ADMIN")).toContain(id);
      expect(visible("CX")).not.toContain(id);
    }
    expect(visible("CX")).toEqual(expect.arrayContaining(["nav-home", "nav-inbox", "nav-orders", "nav-sourcing-home"]));
  });

  it("hides analytics unless its flag is on; fulfilment metrics has its own flag", () => {
    expect(byId(nav, "nav-analytics").hidden).toBe(true);
    const on = buildSideNav(new Set(["analytics"]));
    expect(byId(on, "nav-analytics").hidden).toBe(false);
    expect(byId(on, "nav-fulfillment-metrics").hidden).toBe(true);
    expect(byId(buildSideNav(new Set(["analytics", "fulfillment-metrics"])), "nav-fulfillment-metrics").hidden).toBe(false);
  });

  it("links the storefront entries by tab query value", () => {
    const tabs = byId(nav, "nav-storefront").children!.map((c) => new URLSearchParams(c.link!.split("?")[1]).get("tab"));
    expect(tabs).toEqual(["profile", "print-on-demand", "wholesale", "discounts", "subscribers", "marketing-assets"]);
    for (const t of tabs) expect(STOREFRONT_TABS).toContain(t);
    expect(SOURCING_TABS).toEqual(["all", "business-and-creative-services", "ecommerce-packaging", "products", "website-development"]);
  });

  it("treats ?open=cart as the same entry", () => {
    expect(activeEntry(nav, "/inbox/orders", "?open=cart")?.id).toBe("nav-orders-shipments");
    expect(activeEntry(nav, "/inbox/needs-payment", "?open=cart")?.id).toBe("nav-invoices");
  });

  it("matches tabs, relevant links and patterns", () => {
    expect(activeEntry(nav, "/home", "")?.id).toBe("nav-sourcing-home");
    expect(activeEntry(nav, "/home", "?tab=products")?.id).not.toBe("nav-sourcing-home");
    expect(activeEntry(nav, "/manage-shop", "?tab=wholesale")?.id).toBe("nav-storefront-wholesale");
    expect(activeEntry(nav, "/manage-shop", "")?.id).toBe("nav-storefront-profile");
    expect(activeEntry(nav, "/order-details/42", "")?.id).toBe("nav-orders");
    expect(activeEntry(nav, "/printful-widget/7", "")?.id).toBe("nav-sourcing-pod");
    expect(activeEntry(nav, "/llm/brand", "")?.id).toBe("nav-ai-assistants");
    expect(isEntryActive(byId(nav, "nav-home"), "/homebase/rewards", "")).toBe(false);
    // Hidden entries are never current.
    expect(activeEntry(nav, "/analytics-churn-risk", "")).toBeNull();
  });
});

describe("top-level navigation keys", () => {
  it("defaults to homebase and derives the section and second level", () => {
    expect(navKeysFor("/somewhere-else", "")).toEqual({ topLevel: "homebase", secondLevel: null });
    expect(navKeysFor("/inbox/orders", "?open=cart")).toEqual({ topLevel: "sourcing", secondLevel: "orders" });
    expect(navKeysFor("/manage-shop", "?tab=discounts")).toEqual({ topLevel: "storefront", secondLevel: "discounts" });
    expect(navKeysFor("/homebase/tiktok-shop", "").topLevel).toBe("tiktok-shop");
    expect(navKeysFor("/ai-agents/data-sources", "").topLevel).toBe("brand-vault");
    expect(navKeysFor("/order-details/1", "").topLevel).toBe("fulfillment");
    expect(navKeysFor("/order-avg-value", "").topLevel).toBe("data-analysis");
  });
});

describe("dialogs by query value", () => {
  it("opens manage_plan, SEND_MY_INVENTORY and cart, nothing else", () => {
    expect(dialogFor("?open=manage_plan")).toBe("manage_plan");
    expect(dialogFor("?open=SEND_MY_INVENTORY")).toBe("SEND_MY_INVENTORY");
    expect(dialogFor("?tab=x&open=cart")).toBe("cart");
    expect(dialogFor("?open=send_my_inventory")).toBeNull();
    expect(dialogFor("")).toBeNull();
    expect(withoutDialog("?tab=x&open=cart")).toBe("?tab=x");
    expect(withoutDialog("?open=cart")).toBe("");
  });
});

describe("plan management flow", async () => {
  const { PLAN_TRANSITIONS, canMove, visibleSurveySteps, SURVEY_STEPS } = await import("../src/features/account/plan-flow-state");
  it("moves OVERVIEW → MANAGE_PLAN → VERIFY_PAUSE / VERIFY_CANCEL → PLAN_RESUMED / CONFIRMED_REQUEST_SENT only", () => {
    expect(canMove("OVERVIEW", "MANAGE_PLAN")).toBe(true);
    expect(canMove("OVERVIEW", "VERIFY_CANCEL")).toBe(false);
    expect(canMove("MANAGE_PLAN", "VERIFY_PAUSE")).toBe(true);
    expect(canMove("MANAGE_PLAN", "PLAN_RESUMED")).toBe(true);
    expect(canMove("VERIFY_CANCEL", "CONFIRMED_REQUEST_SENT")).toBe(true);
    expect(canMove("VERIFY_CANCEL", "PLAN_RESUMED")).toBe(false);
    expect(Object.keys(PLAN_TRANSITIONS)).toEqual(["OVERVIEW", "MANAGE_PLAN", "VERIFY_PAUSE", "VERIFY_CANCEL", "PLAN_RESUMED", "CONFIRMED_REQUEST_SENT"]);
  });
  it("asks the survey in the spec's order and skips suggestions when the offer is taken", () => {
    expect(SURVEY_STEPS).toEqual(["reason", "rating", "bookCall", "samplesNotOrderedReason", "offerAnswer", "suggestions"]);
    expect(visibleSurveySteps({ offerAnswer: "NO" })).toContain("suggestions");
    expect(visibleSurveySteps({ offerAnswer: "YES" })).not.toContain("suggestions");
  });
});
