import type { ImportChannel } from "@atelier/contracts/sales-channels";

/** How to get each platform's order export, in the platform's own menu words (000 §2.7 connect pages). */
export const EXPORT_STEPS: Record<ImportChannel, { title: string; file: string; steps: string[] }> = {
  SHOPIFY: {
    title: "Import your Shopify orders",
    file: "the orders CSV Shopify e-mails you",
    steps: [
      "In your Shopify admin, open Orders and filter the orders to ship (for example Unfulfilled).",
      "Click Export, choose “Current page” or “All orders matching your search”, and “Plain CSV file”.",
      "Shopify e-mails you the file (orders_export_1.csv). Upload it below as it is.",
    ],
  },
  WOOCOMMERCE: {
    title: "Import your WooCommerce orders",
    file: "the order export CSV",
    steps: [
      "In WordPress, install the free “Advanced Order Export For WooCommerce” plugin if you haven't.",
      "Open WooCommerce → Export Orders, pick the dates and the Processing status, and keep the default CSV fields (they include SKU and the shipping address).",
      "Click Export and upload the CSV below.",
    ],
  },
  AMAZON: {
    title: "Import your Amazon orders",
    file: "the Unshipped Orders report",
    steps: [
      "In Seller Central, open Orders → Order Reports.",
      "Under Unshipped Orders, click Request Report and download it when it is ready (a .txt file, tab-separated).",
      "Upload it below. The All Orders report has no street address, so its orders can't be shipped.",
    ],
  },
};

export const CHANNEL_OF_PATH: Record<string, ImportChannel> = {
  "/fulfillment-services/connect-shopify": "SHOPIFY",
  "/fulfillment-services/connect-woocommerce": "WOOCOMMERCE",
  "/fulfillment-services/connect-amazon": "AMAZON",
  "/ecommerce-services/shopify": "SHOPIFY",
  "/ecommerce-services/amazon": "AMAZON",
};
