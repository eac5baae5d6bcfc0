import { useSyncExternalStore } from "react";

/** Main navigation sections, top level (000 §2.6). */
export const TOP_LEVEL_KEYS = [
  "homebase", "product-design", "shopify-design", "sourcing", "fulfillment", "storefront", "sales-and-marketing", "data-analysis",
  "education", "copilot", "ai-content-studio", "pulse", "retail-connect", "visitor-id", "affiliate-marketing", "rewards", "forge",
  "print-on-demand", "brand-vault", "quality-control", "tiktok-shop", "ecommerce-templates",
] as const;
export type TopLevelKey = (typeof TOP_LEVEL_KEYS)[number];

export type MobileMenu = "open" | "closed" | "hidden";

export type NavState = { topLevel: TopLevelKey; secondLevel: string | null; mobileMenu: MobileMenu };

// Most specific first: the first matching prefix wins.
const SECTIONS: [RegExp, TopLevelKey][] = [
  [/^\/homebase\/quality-control/, "quality-control"],
  [/^\/homebase\/tiktok-shop/, "tiktok-shop"],
  [/^\/homebase\/rewards/, "rewards"],
  [/^\/homebase/, "homebase"],
  [/^\/(sourcing\/product-design|product-design|product-ideation|your-ideations|business-kits|crowdfund-your-idea)/, "product-design"],
  [/^\/shopify-design/, "shopify-design"],
  [/^\/(home|inbox|browse-suppliers|supplier-profile|create-custom-project|favorites|pay-invoice|add-shipping-address|sourcing-agent|tariff-rate-agent|packaging-agent|order-packaging)(\/|$|-)/, "sourcing"],
  [/^\/(fulfillment-services|fulfillment-rules|return-settings|orders|order-details|receivings|inventory|ecommerce-services)(\/|$)/, "fulfillment"],
  [/^\/(manage-shop|discount|discount-detail|subscribers)(\/|$)/, "storefront"],
  [/^\/(email-fans|text-fans|sms-marketing|email-capture)(\/|$)/, "sales-and-marketing"],
  [/^\/v2\/affiliate-marketing/, "affiliate-marketing"],
  [/^\/(analytics|order-|product-(all|best|sold|return|cross|follow)|free-shipping|marketing-channels|customer-daily|fulfillment-metrics)/, "data-analysis"],
  [/^\/education/, "education"],
  [/^\/(content-studio|social-analysis)/, "ai-content-studio"],
  [/^\/retail-connect/, "retail-connect"],
  [/^\/(print-on-demand-catalog|printful-widget|pop-setup)/, "print-on-demand"],
  [/^\/ai-agents\/data-sources/, "brand-vault"],
  [/^\/(ai-agents|llm)(\/|$)/, "copilot"],
  [/^\/ecommerce-query-templates/, "ecommerce-templates"],
];

/** The top-level key of a path (default homebase) and its second-level key (inbox tab or `tab` query). */
export function navKeysFor(pathname: string, search: string): { topLevel: TopLevelKey; secondLevel: string | null } {
  const topLevel = SECTIONS.find(([re]) => re.test(pathname))?.[1] ?? "homebase";
  const inboxTab = /^\/inbox\/([^/]+)/.exec(pathname)?.[1];
  const secondLevel = inboxTab ?? new URLSearchParams(search).get("tab");
  return { topLevel, secondLevel };
}

let state: NavState = { topLevel: "homebase", secondLevel: null, mobileMenu: "closed" };
const listeners = new Set<() => void>();

export function setNavState(patch: Partial<NavState>): void {
  const next = { ...state, ...patch };
  if (next.topLevel === state.topLevel && next.secondLevel === state.secondLevel && next.mobileMenu === state.mobileMenu) return;
  state = next;
  listeners.forEach((l) => l());
}

export function getNavState(): NavState {
  return state;
}

export function useNavState(): NavState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getNavState,
    getNavState,
  );
}

/** Dialogs opened by the `open` query value (000 §2.7). */
export const QUERY_DIALOGS = ["manage_plan", "SEND_MY_INVENTORY", "cart"] as const;
export type QueryDialog = (typeof QUERY_DIALOGS)[number];

export function dialogFor(search: string): QueryDialog | null {
  const open = new URLSearchParams(search).get("open");
  return (QUERY_DIALOGS as readonly string[]).includes(open ?? "") ? (open as QueryDialog) : null;
}

/** The search string without the `open` value: closing a dialog. */
export function withoutDialog(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("open");
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}
