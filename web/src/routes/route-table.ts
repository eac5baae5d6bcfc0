import type { FeatureFlag } from "../app/env";

/**
 * Who may open a route: public (no login), user (logged in), v2 (logged in with the version-2
 * token), analytics (logged in and the analytics flag on), playground (outside production only).
 */
export type RouteAccess = "public" | "user" | "v2" | "analytics" | "playground";

/** The screens this client has; every other route shows the shared frame with what is not built yet. */
export type ScreenKey = SalesChannelScreenKey | "supplier-scorecards" | "login" | "homebase" | "account-info" | "not-found" | "playground" | "track-order" | "pending" | "help-centre" | "help-article" | MarketplaceScreenKey | AgentScreenKey | OrdersScreenKey | AnalyticsScreenKey | CreationScreenKey | ShippingScreenKey | BusinessKitScreenKey | FulfilmentScreenKey | ReceivingScreenKey | WarehouseTicketScreenKey | PaymentsScreenKey | KittingScreenKey | PresaleScreenKey;

/** Sales channels and the connect pages that import other platforms' orders (issue 16). */
export type SalesChannelScreenKey = "sales-channels" | "connect-channel" | "product-feed" | "order-packaging" | "channel-orders";

/** The payments report and its payout and card payment records (issue 16, 000 §7). */
export type PaymentsScreenKey = "payments-report" | "payout-record" | "payment-record";

/** Warehouse tickets: the store's questions to its fulfilment center (issue 16). */
export type WarehouseTicketScreenKey = "warehouse-tickets";
export type KittingScreenKey = "kitting";
export type PresaleScreenKey = "presale";

/** Receivings: inbound shipments to the fulfilment center (issue 16). */
export type ReceivingScreenKey = "receivings" | "new-receiving" | "receiving-details";

/** The analytics suite: one screen for every report of the registry, and the public shared report (issue 20). */
export type AnalyticsScreenKey = "analytics-report" | "share-report";

/** AI product design and the image gallery (issue 19). */
export type CreationScreenKey = "product-design" | IdeationScreenKey;

/** Product ideation: the opener, the ideation, saved ideations and crowdfunding an idea (issue 19). */
export type IdeationScreenKey = "product-ideation-open" | "product-ideation" | "your-ideations" | "crowdfund-your-idea";

/** Shipping labels (issue 17): create (quote and buy) and label history, reached from the fulfilment home. */
export type ShippingScreenKey = "create-shipping-label" | "label-history" | "label-batches" | "quality-control" | "book-freight";

/** Business kits: the kits list and new-kit flow, the editor, and the public share page (issue 19). */
export type BusinessKitScreenKey = "business-kits" | "business-kit" | "public-business-kit";

/** Fulfilment rules (issue 16). */
export type FulfilmentScreenKey = "fulfillment-rules" | "fulfillment-services";

/** The store's customer orders (issue 16, first slice). */
export type OrdersScreenKey = "orders" | "order-details" | "inventory" | "return-settings";

/** The sourcing agents' full-page chats and review pages, and the public supplier review (issue 4). */
export type AgentScreenKey = "agent-chat" | "agent-review" | "post-review" | "leave-a-review";

/** The sourcing marketplace, checkout and sourcing inbox screens (issue 5). */
export type MarketplaceScreenKey =
  | "sourcing-home"
  | "browse-suppliers"
  | "catalog-item"
  | "supplier-profile"
  | "image-search"
  | "favorites"
  | "custom-project"
  | "checkout"
  | "pay-invoice"
  | "add-shipping-address"
  | "public-pay-invoice"
  | "preview-catalog-item"
  | "preview-supplier-profile"
  | "inbox-custom-project-requests"
  | "inbox-needs-payment"
  | "inbox-orders"
  | "inbox-my-suppliers"
  | "inbox-messages"
  | "inbox-entry";

export type RouteEntry = {
  path: string;
  access: RouteAccess;
  screen: ScreenKey;
  /** Reachable whatever the account's state (a paused plan), 000 §2.1. */
  alwaysReachable?: boolean;
  /** The flag that must be on for the route to exist (analytics routes). */
  flag?: FeatureFlag;
  /** For pending screens: the capability still to be built, said in one line. */
  pending?: string;
};

const pending = (path: string, access: RouteAccess, what: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({ path, access, screen: "pending", pending: what, ...extra });

const STOREFRONT = "Storefront management (profile, discounts, subscribers, wholesale)";
const MARKETING = "Marketing (email and SMS campaigns, affiliates, email capture)";

/** 000 §2.1: open without login. */
const publicRoutes: RouteEntry[] = [
  { path: "/login", access: "public", screen: "login" },
  { path: "/track-order", access: "public", screen: "track-order" },
  { path: "/playground", access: "playground", screen: "playground", alwaysReachable: true },
  { path: "/404", access: "public", screen: "not-found" },
  { path: "/share-report/:id", access: "public", screen: "share-report" },
  { path: "/supplier-profile/:supplierId/post-review", access: "public", screen: "post-review" },
  { path: "/public-pay-invoice/:sn", access: "public", screen: "public-pay-invoice" },
  { path: "/preview-catalog-item/:itemId", access: "public", screen: "preview-catalog-item" },
  { path: "/preview-supplier-profile/:supplierId", access: "public", screen: "preview-supplier-profile" },
  pending("/shopify", "public", "The store platform entry and app binding"),
  pending("/shopify-paid-success", "public", "The store platform entry and app binding"),
  pending("/app-bind", "public", "The store platform entry and app binding"),
  pending("/bind-shopify", "public", "The store platform entry and app binding"),
  pending("/appsumo", "public", "AppSumo code redemption"),
  pending("/ai-storefront", "public", "The AI storefront and its customer chatbot"),
  pending("/sms-marketing/start-campaign", "public", MARKETING),
  pending("/homebase/quiz", "public", "The onboarding quiz"),
  pending("/content-studio/start", "public", "The AI content studio"),
  { path: "/bk/:id", access: "public", screen: "public-business-kit" },
  { path: "/sourcing-agent", access: "public", screen: "agent-chat" },
  { path: "/sourcing-agent-review", access: "public", screen: "agent-review" },
  { path: "/tariff-rate-agent", access: "public", screen: "agent-chat" },
  { path: "/tariff-rate-agent-review", access: "public", screen: "agent-review" },
  { path: "/packaging-agent", access: "public", screen: "agent-chat" },
  { path: "/packaging-agent-review", access: "public", screen: "agent-review" },
];

/** 000 §2.2 and the paths seen in navigation: logged in. */
const userRoutes: RouteEntry[] = [
  { path: "/homebase", access: "user", screen: "homebase" },
  { path: "/account-info", access: "user", screen: "account-info", alwaysReachable: true },
  // The spec names the calls (payments-report, payout-records, stripe-payment-records) but no screen route: these are ours.
  { path: "/account/payments-report", access: "user", screen: "payments-report" },
  { path: "/account/payout-records/:id", access: "user", screen: "payout-record" },
  { path: "/account/payment-records/:id", access: "user", screen: "payment-record" },
  { path: "/business-kits", access: "user", screen: "business-kits", alwaysReachable: true },
  { path: "/business-kits/:brandKitId", access: "user", screen: "business-kit", alwaysReachable: true },
  { path: "/education", access: "user", screen: "help-centre" },
  { path: "/education/:slug", access: "user", screen: "help-article" },
  { path: "/home", access: "user", screen: "sourcing-home" },
  pending("/manage-shop", "user", STOREFRONT),
  pending("/subscribers", "user", STOREFRONT),
  { path: "/checkout", access: "user", screen: "checkout" },
  pending("/text-fans", "user", MARKETING),
  pending("/discount", "user", STOREFRONT),
  pending("/discount-detail/:id", "user", STOREFRONT),
  pending("/email-fans", "user", MARKETING),
  pending("/pop-setup/:productName", "user", "Print-on-demand product setup"),
  { path: "/browse-suppliers", access: "user", screen: "browse-suppliers" },
  { path: "/browse-suppliers/catalog-item/:itemId", access: "user", screen: "catalog-item" },
  { path: "/browse-suppliers/supplier-profile/:supplierId", access: "user", screen: "supplier-profile" },
  { path: "/browse-suppliers-with-uploaded-image", access: "user", screen: "image-search" },
  { path: "/create-custom-project/:rfpId?", access: "user", screen: "custom-project" },
  { path: "/supplier-profile/:supplierId", access: "user", screen: "supplier-profile" },
  { path: "/pay-invoice/:invoiceId", access: "user", screen: "pay-invoice" },
  { path: "/add-shipping-address/:invoiceId", access: "user", screen: "add-shipping-address" },
  { path: "/inbox", access: "user", screen: "inbox-entry" },
  { path: "/inbox/messages", access: "user", screen: "inbox-messages" },
  { path: "/inbox/my-suppliers", access: "user", screen: "inbox-my-suppliers" },
  { path: "/inbox/supplier-scorecards", access: "user", screen: "supplier-scorecards" },
  { path: "/inbox/orders", access: "user", screen: "inbox-orders" },
  { path: "/inbox/needs-payment", access: "user", screen: "inbox-needs-payment" },
  { path: "/inbox/custom-project-requests", access: "user", screen: "inbox-custom-project-requests" },
  { path: "/leave-a-review/:orderId", access: "user", screen: "leave-a-review" },
  { path: "/fulfillment-services", access: "user", screen: "fulfillment-services" },
  ...["connect-shopify", "connect-woocommerce", "connect-amazon"].map((p) => ({ path: `/fulfillment-services/${p}`, access: "user" as const, screen: "connect-channel" as const })),
  { path: "/fulfillment-services/book-freight-shipment", access: "user", screen: "book-freight" },
  { path: "/fulfillment-rules", access: "user", screen: "fulfillment-rules" },
  { path: "/return-settings", access: "user", screen: "return-settings" },
  { path: "/ecommerce-services", access: "user", screen: "sales-channels" },
  // Shopify and Amazon import their orders; the other channels' pages are still to come.
  ...ECOMMERCE_CHANNELS().map((c) => (c === "shopify" || c === "amazon" ? { path: `/ecommerce-services/${c}`, access: "user" as const, screen: "connect-channel" as const } : c === "instagram" || c === "google-shopping" ? { path: `/ecommerce-services/${c}`, access: "user" as const, screen: "product-feed" as const } : { path: `/ecommerce-services/${c}`, access: "user" as const, screen: "channel-orders" as const })),
  { path: "/orders", access: "user", screen: "orders" },
  { path: "/receivings", access: "user", screen: "receivings" },
  { path: "/receivings/new", access: "user", screen: "new-receiving" },
  { path: "/receivings/:sn/details", access: "user", screen: "receiving-details" },
  { path: "/fulfillment-services/warehouse-tickets", access: "user", screen: "warehouse-tickets" },
  { path: "/fulfillment-services/kitting", access: "user", screen: "kitting" },
  { path: "/fulfillment-services/pre-sale", access: "user", screen: "presale" },
  { path: "/inventory", access: "user", screen: "inventory" },
  { path: "/fulfillment-services/create-shipping-label", access: "user", screen: "create-shipping-label" },
  { path: "/fulfillment-services/label-history", access: "user", screen: "label-history" },
  { path: "/fulfillment-services/label-batches", access: "user", screen: "label-batches" },
  { path: "/order-details/:id", access: "user", screen: "order-details" },
  { path: "/order-packaging/:packagingCategory", access: "user", screen: "order-packaging" },
  pending("/print-on-demand-catalog", "user", "The print-on-demand catalogue"),
  pending("/printful-widget/:externalProductId?", "user", "The print-on-demand catalogue"),
  pending("/template-item/:templateId", "user", "Product templates"),
  pending("/partners", "user", "Partner offers"),
  { path: "/product-ideation", access: "user", screen: "product-ideation-open" },
  { path: "/product-ideation/:id", access: "user", screen: "product-ideation" },
  { path: "/favorites", access: "user", screen: "favorites" },
  { path: "/your-ideations", access: "user", screen: "your-ideations" },
  { path: "/crowdfund-your-idea", access: "user", screen: "crowdfund-your-idea" },
  pending("/email-capture", "user", MARKETING),
  { path: "/product-design", access: "user", screen: "product-design" },
  { path: "/sourcing/product-design", access: "user", screen: "product-design" },
  pending("/shopify-design", "user", "The product design studio"),
  pending("/retail-connect", "user", "Retail outreach"),
  pending("/social-analysis", "user", "Social research"),
  pending("/social-analysis/all-content", "user", "Social research"),
  pending("/content-studio", "user", "The AI content studio"),
  pending("/content-studio/dashboard/home", "user", "The AI content studio"),
  pending("/llm/:homebaseOptionKey", "user", "AI assistants"),
  pending("/ai-agents", "user", "AI assistants"),
  pending("/ai-agents/data-sources", "user", "The brand vault"),
  pending("/ecommerce-query-templates", "user", "E-commerce query templates"),
  { path: "/homebase/quality-control", access: "user", screen: "quality-control" },
  pending("/homebase/tiktok-shop", "user", "TikTok Shop"),
  pending("/homebase/rewards", "user", "Rewards"),
  ...HOMEBASE_SUBPAGES().map((p) => pending(`/homebase/${p}`, "user", "Plan change confirmations and the blueprint")),
];

/** 000 §2.3. */
const v2Routes: RouteEntry[] = [pending("/v2/affiliate-marketing", "v2", MARKETING), pending("/sms-marketing", "v2", MARKETING)];

/** 000 §2.4; fulfilment metrics has its own flag. */
export const ANALYTICS_PATHS = [
  "/analytics", "/analytics-customer", "/analytics-all-customers-graph", "/analytics-all-order", "/analytics-repeat-purchase",
  "/analytics-repeat-purchase-development", "/analytics-time-between-purchase", "/analytics-base-zone", "/analytics-ltv", "/analytics-rfm",
  "/analytics-percentile-analysis", "/analytics-customer-economics", "/analytics-zone-development", "/analytics-cohorts", "/analytics-order",
  "/order-development", "/order-count-distribution", "/order-time-analysis", "/order-discounts", "/order-first-order-value",
  "/order-aov-pre-order-count", "/order-avg-value", "/product-all", "/product-all-variants", "/product-best-item", "/product-sold-item",
  "/product-return-rate", "/product-return-items", "/free-shipping-threshold", "/analytics-product", "/marketing-channels",
  "/customer-daily-ltv", "/fulfillment-metrics", "/order-items-per-basket", "/product-cross-selling-analysis",
  "/product-follow-up-purchases", "/analytics-recovered-customers", "/analytics-revenue-by-cohorts", "/analytics-churn-risk",
  "/analytics-churn-risk-development", "/analytics-customer-persona",
] as const;

const analyticsRoutes: RouteEntry[] = ANALYTICS_PATHS.map((path) => ({
  path, access: "analytics", screen: "analytics-report", flag: path === "/fulfillment-metrics" ? "fulfillment-metrics" : "analytics",
}));

/** The channels that moved from /fulfillment-services to /ecommerce-services (000 §2.5). */
export function ECOMMERCE_CHANNELS(): string[] {
  return ["shopify", "own-shop", "instagram", "wholesale", "amazon", "google-shopping"];
}

/** The plan pages that moved from /home to /homebase (000 §2.5). */
export function HOMEBASE_SUBPAGES(): string[] {
  return ["subscription-cycle-change", "subscription-downgrade", "subscription-updated", "blueprint"];
}

/** Every route of 000 §2.1–2.4, each once. */
export const ROUTES: RouteEntry[] = [...publicRoutes, ...userRoutes, ...v2Routes, ...analyticsRoutes];
