import { ECOMMERCE_CHANNELS } from "./route-table";

/** One redirect of 000 §2.5; the query string is kept unless `dropQuery`. */
export type Redirect = { from: string; to: string; dropQuery?: boolean };

/** Every redirect of 000 §2.5, as data. */
export const REDIRECTS: Redirect[] = [
  { from: "/workboard", to: "/inbox/messages" },
  { from: "/supplier-chat", to: "/inbox/messages" },
  { from: "/setup-business", to: "/fulfillment-services" },
  { from: "/browse-under-500", to: "/home" },
  { from: "/store-profile", to: "/manage-shop" },
  { from: "/billing-and-reporting", to: "/account-info" },
  { from: "/audience-capture", to: "/email-capture" },
  { from: "/shopify-bind", to: "/app-bind" },
  { from: "/invite-bind", to: "/app-bind" },
  { from: "/appsumo-bind", to: "/app-bind" },
  { from: "/partners-top-nav", to: "/partners", dropQuery: true },
  ...ECOMMERCE_CHANNELS().map((c) => ({ from: `/fulfillment-services/${c}`, to: `/ecommerce-services/${c}` })),
  ...["subscription-cycle-change", "subscription-downgrade", "subscription-updated", "quiz", "blueprint"].map((p) => ({ from: `/home/${p}`, to: `/homebase/${p}` })),
];

const byPath = new Map(REDIRECTS.map((r) => [r.from, r]));

/** Where a location redirects to (path and query), or null when it does not. */
export function resolveRedirect(pathname: string, search: string): string | null {
  const redirect = byPath.get(pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);
  if (!redirect) return null;
  return redirect.dropQuery ? redirect.to : redirect.to + search;
}
