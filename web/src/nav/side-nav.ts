import type { Permission } from "@atelier/contracts/permissions";
import type { FeatureFlag } from "../app/env";
import type { NavIconName } from "./nav-icons";

/** One side-navigation entry (000 §2.6). */
export type NavEntry = {
  /** The element id, also the test handle. */
  id: string;
  label: string;
  /** Absent for entries that act instead of navigating (AI Copilot). */
  link?: string;
  icon: NavIconName;
  children?: NavEntry[];
  /** More paths that make this entry the current one (prefix match). */
  relevantLinks?: string[];
  /** Regular expressions on the path that make this entry the current one. */
  matchLinks?: RegExp[];
  hidden?: boolean;
  blockedForPreview?: boolean;
  /** The permission its screen needs: a role without it does not see the entry (the API would refuse it). */
  permission?: Permission;
  /** What the entry does when it has no link. */
  action?: "new-chat";
};

/** Sourcing home tab query values (000 §2.6). */
export const SOURCING_TABS = ["all", "business-and-creative-services", "ecommerce-packaging", "products", "website-development"] as const;

/** Merch storefront tab query values (000 §2.6). */
export const STOREFRONT_TABS = ["products", "profile", "coming-soon-page", "discounts", "subscribers", "marketing-assets", "wholesale", "print-on-demand"] as const;

const sourcingGroup: NavEntry = {
  id: "nav-sourcing",
  label: "Sourcing",
  link: "/home",
  icon: "search",
  children: [
    { id: "nav-sourcing-home", label: "Sourcing Home", link: "/home?tab=all", icon: "home", relevantLinks: ["/browse-suppliers", "/supplier-profile", "/create-custom-project"] },
    { id: "nav-custom-project-requests", label: "Custom Project Requests", link: "/inbox/custom-project-requests", icon: "clipboard", permission: "sourcing.use" },
    { id: "nav-inbox", label: "Inbox", link: "/inbox/messages", icon: "inbox", matchLinks: [/^\/inbox\/?$/] },
    { id: "nav-invoices", label: "Invoices", link: "/inbox/needs-payment", icon: "receipt", relevantLinks: ["/pay-invoice", "/add-shipping-address"], permission: "sourcing.use" },
    { id: "nav-orders-shipments", label: "Orders & Shipments", link: "/inbox/orders", icon: "truck", permission: "sourcing.use" },
    { id: "nav-my-suppliers", label: "My Suppliers", link: "/inbox/my-suppliers", icon: "users", permission: "sourcing.use" },
    { id: "nav-favorites", label: "My Favorites", link: "/favorites", icon: "heart", permission: "sourcing.use" },
    { id: "nav-sourcing-design", label: "Product Design Studio", link: "/sourcing/product-design", icon: "pen" },
    { id: "nav-sourcing-pod", label: "Print on Demand", link: "/print-on-demand-catalog", icon: "shirt", relevantLinks: ["/printful-widget"] },
  ],
};

const fulfillmentGroup: NavEntry = {
  id: "nav-fulfillment",
  label: "Fulfillment",
  link: "/fulfillment-services",
  icon: "box",
  children: [
    { id: "nav-fulfillment-home", label: "Fulfillment Home", link: "/fulfillment-services", icon: "home" },
    { id: "nav-orders", label: "Orders & Fulfillment", link: "/orders", icon: "list", relevantLinks: ["/order-details"] },
    { id: "nav-inventory", label: "Products", link: "/inventory", icon: "tag" },
    { id: "nav-receivings", label: "Receivings", link: "/receivings", icon: "download", relevantLinks: ["/receivings/"] },
    { id: "nav-returns", label: "Manage Returns", link: "/return-settings", icon: "undo", blockedForPreview: true },
  ],
};

const storefrontGroup: NavEntry = {
  id: "nav-storefront",
  label: "Merch storefront",
  link: "/manage-shop?tab=profile",
  icon: "store",
  children: [
    { id: "nav-storefront-profile", label: "Storefront", link: "/manage-shop?tab=profile", icon: "store" },
    { id: "nav-storefront-pod", label: "Print on Demand", link: "/manage-shop?tab=print-on-demand", icon: "shirt" },
    { id: "nav-storefront-wholesale", label: "Wholesale", link: "/manage-shop?tab=wholesale", icon: "boxes" },
    { id: "nav-storefront-discounts", label: "Discount codes", link: "/manage-shop?tab=discounts", icon: "percent", blockedForPreview: true, relevantLinks: ["/discount"] },
    { id: "nav-storefront-subscribers", label: "Subscribers", link: "/manage-shop?tab=subscribers", icon: "mail", blockedForPreview: true, relevantLinks: ["/subscribers"] },
    { id: "nav-storefront-assets", label: "Marketing assets", link: "/manage-shop?tab=marketing-assets", icon: "image", blockedForPreview: true },
  ],
};

function analyticsGroup(flags: Set<FeatureFlag>): NavEntry {
  return {
    id: "nav-analytics",
    label: "Analytics",
    link: "/analytics",
    icon: "chart",
    hidden: !flags.has("analytics"),
    children: [
      { id: "nav-analytics-customers", label: "Customers", link: "/analytics-customer", icon: "users", matchLinks: [/^\/analytics-(customer|all-customers|repeat|time-between|base-zone|ltv|rfm|percentile|zone|cohorts|recovered|revenue-by-cohorts)/, /^\/customer-daily-ltv/] },
      { id: "nav-analytics-orders", label: "Orders", link: "/analytics-order", icon: "list", matchLinks: [/^\/analytics-(all-)?order/, /^\/order-(development|count-distribution|time-analysis|discounts|first-order-value|aov-pre-order-count|avg-value|items-per-basket)/, /^\/free-shipping-threshold/] },
      { id: "nav-analytics-products", label: "Products", link: "/analytics-product", icon: "tag", matchLinks: [/^\/product-(all|best-item|sold-item|return|cross-selling|follow-up)/] },
      { id: "nav-analytics-marketing", label: "Marketing channels", link: "/marketing-channels", icon: "megaphone" },
      { id: "nav-analytics-churn", label: "Churn risk", link: "/analytics-churn-risk", icon: "alert", matchLinks: [/^\/analytics-churn-risk/] },
      { id: "nav-fulfillment-metrics", label: "Fulfillment Metrics", link: "/fulfillment-metrics", icon: "gauge", hidden: !flags.has("fulfillment-metrics") },
    ],
  };
}

/** The side navigation as data; flags decide what is hidden. */
export function buildSideNav(flags: Set<FeatureFlag>): NavEntry[] {
  return [
    { id: "nav-home", label: "Home", link: "/homebase", icon: "home", matchLinks: [/^\/homebase\/?$/] },
    { id: "nav-copilot", label: "AI Copilot", icon: "sparkles", action: "new-chat" },
    sourcingGroup,
    fulfillmentGroup,
    storefrontGroup,
    analyticsGroup(flags),
    { id: "nav-brand-vault", label: "Brand Vault", link: "/ai-agents/data-sources", icon: "vault" },
    { id: "nav-ecommerce-templates", label: "E-commerce Templates", link: "/ecommerce-query-templates", icon: "template" },
    { id: "nav-ai-assistants", label: "AI Assistants (Beta)", link: "/ai-agents", icon: "bot", matchLinks: [/^\/ai-agents\/?$/, /^\/llm\//] },
    { id: "nav-print-on-demand", label: "Print on demand", link: "/print-on-demand-catalog", icon: "shirt" },
    { id: "nav-content-creation", label: "Content creation", link: "/content-studio/dashboard/home", icon: "film", relevantLinks: ["/content-studio"] },
    { id: "nav-social-research", label: "Social research", link: "/social-analysis/all-content", icon: "trend", relevantLinks: ["/social-analysis"] },
    { id: "nav-retail-outreach", label: "Retail outreach", link: "/retail-connect", icon: "building" },
    { id: "nav-product-concepts", label: "Product concepts", link: "/product-design", icon: "bulb", relevantLinks: ["/product-ideation", "/your-ideations", "/business-kits"] },
    { id: "nav-design-studio", label: "Product design studio", link: "/shopify-design", icon: "pen" },
    { id: "nav-quality-control", label: "Quality control", link: "/homebase/quality-control", icon: "check" },
    { id: "nav-tiktok-shop", label: "TikTok Shop", link: "/homebase/tiktok-shop", icon: "music" },
    { id: "nav-affiliate", label: "Affiliate marketing", link: "/v2/affiliate-marketing", icon: "link" },
    { id: "nav-email-capture", label: "Email capture", link: "/email-capture", icon: "mail" },
    { id: "nav-checkout", label: "Checkout", link: "/checkout", icon: "cart" },
    { id: "nav-get-help", label: "Get help", link: "/education", icon: "help" },
  ];
}

function splitLink(link: string): { path: string; tab: string | null } {
  const [path = "", query = ""] = link.split("?");
  return { path, tab: new URLSearchParams(query).get("tab") };
}

/**
 * Whether an entry is the current one. Query values other than `tab` never matter, so
 * `?open=cart` on an inbox page is the same entry; a `tab` in the link must match the location's
 * tab (a missing tab counts as the first one: all, or profile on the storefront).
 */
export function isEntryActive(entry: NavEntry, pathname: string, search: string): boolean {
  if (!entry.link) return false;
  const { path, tab } = splitLink(entry.link);
  if (pathname === path) {
    if (!tab) return true;
    const current = new URLSearchParams(search).get("tab") ?? (path === "/home" ? "all" : path === "/manage-shop" ? "profile" : null);
    return current === tab;
  }
  if (entry.relevantLinks?.some((p) => pathname === p || pathname.startsWith(p.endsWith("/") ? p : `${p}/`))) return true;
  return entry.matchLinks?.some((re) => re.test(pathname)) ?? false;
}

/** The entries a role may open: an entry needing a permission the role lacks is hidden (and so are its children). */
export function navForRole(entries: NavEntry[], may: (permission: Permission) => boolean): NavEntry[] {
  return entries.map((e) => ({
    ...e,
    hidden: e.hidden || (e.permission !== undefined && !may(e.permission)),
    ...(e.children ? { children: navForRole(e.children, may) } : {}),
  }));
}

/** The deepest visible entry that is current, searching children first. */
export function activeEntry(entries: NavEntry[], pathname: string, search: string): NavEntry | null {
  for (const entry of entries) {
    if (entry.hidden) continue;
    const child = entry.children ? activeEntry(entry.children, pathname, search) : null;
    if (child) return child;
    if (isEntryActive(entry, pathname, search)) return entry;
  }
  return null;
}
