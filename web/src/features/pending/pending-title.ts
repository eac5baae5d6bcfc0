// Names of the screens not built yet, as the navigation and the product say them. A path missing
// here is named from its last fixed segment, with its acronyms in capitals.
const TITLES: Record<string, string> = {
  "/share-report/:id": "Shared report",
  "/shopify": "Shopify",
  "/shopify-paid-success": "Shopify payment received",
  "/app-bind": "Connect your store",
  "/bind-shopify": "Connect Shopify",
  "/appsumo": "Redeem an AppSumo code",
  "/ai-storefront": "AI storefront",
  "/sms-marketing/start-campaign": "Start an SMS campaign",
  "/homebase/quiz": "Onboarding quiz",
  "/content-studio/start": "Content studio",
  "/bk/:id": "Business kit",
  "/business-kits": "Business kits",
  "/business-kits/:brandKitId": "Business kit",
  "/manage-shop": "Manage shop",
  "/text-fans": "Text your fans",
  "/discount": "Discounts",
  "/discount-detail/:id": "Discount",
  "/email-fans": "Email your fans",
  "/pop-setup/:productName": "Print-on-demand setup",
  "/inbox/messages": "Messages",
  "/leave-a-review/:orderId": "Leave a review",
  "/fulfillment-services": "Fulfilment services",
  "/fulfillment-services/connect-shopify": "Connect Shopify",
  "/fulfillment-services/connect-woocommerce": "Connect WooCommerce",
  "/fulfillment-services/connect-amazon": "Connect Amazon",
  "/fulfillment-rules": "Fulfilment rules",
  "/ecommerce-services": "Sales channels",
  "/ecommerce-services/shopify": "Shopify",
  "/ecommerce-services/own-shop": "Your own shop",
  "/ecommerce-services/instagram": "Instagram",
  "/ecommerce-services/wholesale": "Wholesale",
  "/ecommerce-services/amazon": "Amazon",
  "/ecommerce-services/google-shopping": "Google Shopping",
  "/receivings/new": "New receiving",
  "/receivings/:sn/details": "Receiving details",
  "/print-on-demand-catalog": "Print-on-demand catalogue",
  "/printful-widget/:externalProductId?": "Printful products",
  "/template-item/:templateId": "Product template",
  "/product-ideation/:id": "Product idea",
  "/sourcing/product-design": "Product design",
  "/social-analysis/all-content": "Social analysis: all content",
  "/content-studio/dashboard/home": "Content studio",
  "/llm/:homebaseOptionKey": "AI assistant",
  "/ai-agents": "AI agents",
  "/ai-agents/data-sources": "Brand vault",
  "/ecommerce-query-templates": "E-commerce query templates",
  "/homebase/tiktok-shop": "TikTok Shop",
  "/homebase/subscription-cycle-change": "Change billing cycle",
  "/homebase/subscription-downgrade": "Downgrade plan",
  "/homebase/subscription-updated": "Plan updated",
  "/homebase/blueprint": "Blueprint",
  "/v2/affiliate-marketing": "Affiliate marketing",
  "/analytics": "Analytics",
  "/fulfillment-metrics": "Fulfilment metrics",
};

const ACRONYMS = new Set(["ai", "sms", "ltv", "rfm", "aov", "cx"]);

/** The title a screen not built yet shows: its product name, never a slug like "Bk". */
export function pendingTitle(path: string): string {
  const known = TITLES[path];
  if (known) return known;
  const last = path.split("/").filter((s) => s && !s.startsWith(":")).at(-1) ?? "home";
  if (last.startsWith("analytics-")) return `Analytics: ${pendingTitle(`/${last.slice("analytics-".length)}`)}`;
  const words = last.split("-").map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w));
  const title = words.join(" ");
  return title.charAt(0).toUpperCase() + title.slice(1);
}
