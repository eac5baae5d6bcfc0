import type { SalesChannel, SalesChannelInfo } from "@atelier/contracts/sales-channels";
import type { UserContext } from "../../context";
import * as imports from "../../queries/orders/order-imports";
import { feedStatus } from "./product-feed-status";

const count = (n: number, what = "order") => `${n.toLocaleString("en-US")} ${what}${n === 1 ? "" : "s"}`;
const day = (d: Date) => d.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

type Channel = { name: string; description: string; path: string; status: (orders: number, last: Date | null) => string };

const imported = (platform: string) => (orders: number, last: Date | null) =>
  last ? `${count(orders)} imported, the last import on ${day(last)}.` : orders ? `${count(orders)} from ${platform}.` : `Nothing imported yet: upload ${platform}'s order export to start.`;

/** What each channel does for the store (designed in docs/decisions.md: "Sales channels"). */
const CHANNELS: Record<SalesChannel, Channel> = {
  "own-shop": { name: "Your Atelier shop", description: "Your own storefront: its orders reach the fulfilment center by themselves, nothing to import.", path: "/ecommerce-services/own-shop", status: (n) => (n ? `${count(n)} from your shop.` : "Open, no orders yet.") },
  shopify: { name: "Shopify", description: "Bring in orders from your Shopify store with its orders export; the fulfilment center ships them.", path: "/ecommerce-services/shopify", status: imported("Shopify") },
  amazon: { name: "Amazon", description: "Ship your Amazon merchant-fulfilled orders: import the order report from Seller Central.", path: "/ecommerce-services/amazon", status: imported("Amazon") },
  woocommerce: { name: "WooCommerce", description: "Bring in orders from your WooCommerce shop with an order export file.", path: "/fulfillment-services/connect-woocommerce", status: imported("WooCommerce") },
  instagram: { name: "Instagram Shopping", description: "List your products on Instagram through a catalog in Meta Commerce Manager.", path: "/ecommerce-services/instagram", status: () => "" },
  "google-shopping": { name: "Google Shopping", description: "Show your products on Google through a product feed in Merchant Center.", path: "/ecommerce-services/google-shopping", status: () => "" },
  wholesale: { name: "Wholesale", description: "Orders from retailers, entered as wholesale orders and shipped by the fulfilment center.", path: "/ecommerce-services/wholesale", status: (n) => (n ? `${count(n, "wholesale order")}.` : "No wholesale orders yet.") },
};

/** The store's channels with their orders and last import. */
export async function listSalesChannels(ctx: UserContext): Promise<{ channels: SalesChannelInfo[] }> {
  const [{ orders, lastImportAt }, feeds] = await Promise.all([imports.channelCounts(ctx.pool, ctx.auth.storeId), feedStatus(ctx)]);
  const channels = (Object.keys(CHANNELS) as SalesChannel[]).map((key) => {
    const c = CHANNELS[key];
    const n = orders[key] ?? 0;
    const last = lastImportAt[key] ?? null;
    // The feed channels stand as their product feed does.
    const status = key === "instagram" || key === "google-shopping" ? feeds.summary : c.status(n, last);
    const connectedShop = key === "shopify" ? (ctx.providers.shops.shopify?.shopName ?? null) : null;
    return { key, name: c.name, description: c.description, status, orderCount: n, lastImportAt: last?.toISOString() ?? null, path: c.path, connectedShop };
  });
  return { channels };
}
