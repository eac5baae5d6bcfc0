import { salesChannels } from "@atelier/contracts";
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
];
