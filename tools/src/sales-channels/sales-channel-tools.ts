import { productFeeds, salesChannels } from "@atelier/contracts";
import { defineTool } from "../tool-spec";

// Sales channels and the orders brought in from them: importing an export file the user uploaded
// on a connect page, how an import went and which rows failed, and the store's channels.

export const salesChannelTools = [
  defineTool({
    contract: salesChannels.startOrderImport,
    name: "import_orders_file",
    description:
      "Import the orders of an export file the user uploaded on a connect page (Shopify's orders export, a WooCommerce order export or an Amazon order report). Each order is placed as an Imported order: stock reserved, fulfilment rules run; orders already imported are skipped; bad rows are reported and don't stop the others. 'this file' or 'it' is the import on the user's screen; otherwise take the newest import with status UPLOADED from list_order_imports. If the user has uploaded no file, tell them to upload it on the platform's connect page (Fulfilment → Sales channels). Nothing is charged or sent.",
    argDescriptions: { importId: "The uploaded file's import id" },
  }),
  defineTool({
    contract: salesChannels.importShopOrders,
    name: "read_shop_orders",
    description:
      "Read the open, unshipped orders of the Shopify shop connected to Atelier (list_sales_channels shows it as connectedShop on Shopify) and check them like an uploaded export: answers an import with status UPLOADED and how many orders it holds; nothing is placed until import_orders_file is called with its id. Use it for 'import my Shopify orders' when a shop is connected and no uploaded file is waiting. If no shop is connected it answers so: then tell the user to upload Shopify's orders export on the Shopify page. Nothing is charged or sent.",
    argDescriptions: { channel: "SHOPIFY" },
  }),
  defineTool({
    contract: salesChannels.listOrderImports,
    name: "list_order_imports",
    description: "The store's order imports, newest first: file, platform, status and how many orders were imported, skipped as already imported, or could not be imported. Use it for 'how did the import go?', 'did my Amazon orders come in?'.",
    argDescriptions: { channel: "Optional: SHOPIFY, WOOCOMMERCE or AMAZON", page: "Page number, starting at 0", size: "Imports per page, 1-100" },
  }),
  defineTool({
    contract: salesChannels.getOrderImport,
    name: "get_order_import",
    description: "One order import: the rows that could not be imported with the reason for each (unknown SKU, missing address, bad quantity), and the orders it placed. Use it for 'which orders failed to import?' and 'why'. 'this import' is the one on the user's screen; otherwise the newest from list_order_imports.",
    argDescriptions: { id: "The import's id" },
  }),
  defineTool({
    contract: salesChannels.listSalesChannels,
    name: "list_sales_channels",
    description: "The store's sales channels (its own Atelier shop, Shopify, Amazon, WooCommerce, Instagram Shopping, Google Shopping, wholesale): what each does, how many orders came from it, when it was last imported, and its page. Use it for 'where do I sell?', 'can I connect Amazon?', 'how many Shopify orders do I have?'.",
  }),
  // Product feeds: the store's SKUs on Google Shopping (Merchant Center) and Instagram (Meta's catalog).
  defineTool({
    contract: productFeeds.getProductFeedStatus,
    name: "get_product_feed_status",
    description: "How the store's product feeds for Google Shopping (Merchant Center) and Instagram Shopping (Meta Commerce Manager) stand: how many SKUs are in them, how many are left out for a missing field, and the feed addresses to give each platform (none until made). Use it for 'is my google shopping feed working?', 'are my products on instagram?', 'what's my feed url?'. Then list_feed_listings with filter NOT_READY says what each left-out SKU misses.",
  }),
  defineTool({
    contract: productFeeds.listFeedListings,
    name: "list_feed_listings",
    description: "The store's SKUs as the product feeds list them: title, description, link, picture, price, brand, GTIN/MPN, condition, stock, and for each SKU left out what it misses in a sentence. filter NOT_READY gives only the SKUs left out (use it for 'why isn't my feed working?', 'which products are missing from google shopping?'), READY the ones in the feeds.",
    argDescriptions: { filter: "ALL, READY (in the feeds) or NOT_READY (left out, with what is missing)", search: "Optional words of a SKU or its title", page: "Page number, starting at 0", size: "SKUs per page, 1-100" },
  }),
  defineTool({
    contract: productFeeds.updateFeedListing,
    name: "update_feed_listing",
    description: "Sets what the Google Shopping and Instagram feeds say of one SKU: title, description, link to its page, picture address, price in cents, brand, GTIN or MPN, condition. Only the fields given change. Use it when the user gives a missing field ('the price of the mug is $24', 'set the brand of all my tees to Clay & Co', one call per SKU). Never invent a link, picture, price or brand: ask the user for it. Nothing is charged or sent.",
    argDescriptions: { sku: "The SKU, e.g. TEE-BLK-M", title: "The product's name in the feeds", description: "What the product is, for shoppers", link: "The product's page, https://…", imageLink: "Its picture's address, https://…", priceCents: "Its price in US cents (2400 for $24.00)", brand: "Its brand", gtin: "Its barcode number (UPC/EAN/ISBN)", mpn: "The maker's part number", condition: "NEW, REFURBISHED or USED" },
  }),
  defineTool({
    contract: productFeeds.createProductFeedUrl,
    name: "create_product_feed_url",
    description: "Makes the secret feed addresses the user pastes into Google Merchant Center (Products → Feeds → scheduled fetch) and Meta Commerce Manager (Catalog → Data sources). If the store already has one, it is replaced and the old one stops working, so use it only when there is none yet (get_product_feed_status) or the user asks for a new one. Use it for 'send my products to instagram', 'set up google shopping'.",
  }),
  defineTool({
    contract: productFeeds.revokeProductFeedUrl,
    name: "revoke_product_feed_url",
    description: "Stops the store's feed addresses: Google and Meta can no longer fetch its products until a new address is made. Use it only when the user asks to stop or take down the feed.",
  }),
];
