import { marketplace } from "@atelier/contracts";
import { defineTool } from "../tool-spec";
import { ITEM_FILTER_ARGS, MARKETPLACE_FILTER_ARGS } from "./marketplace-tools";

// The packaging agent's marketplace: the general searches with the listing type fixed to
// PACKAGING, so a model cannot drift into products or services (packaging suppliers are those of
// the ecommerce-packaging vertical).

const { type: _type, vertical: _vertical, ...filters } = MARKETPLACE_FILTER_ARGS;

export const packagingTools = [
  defineTool({
    contract: marketplace.searchCatalogItems,
    name: "search_packaging_items",
    description:
      "Search packaging catalog items (mailer boxes, poly mailers, tissue, inserts, labels) by keyword and filters; each has its supplier, price, sample price and MOQ. Use it for 'find mailer boxes with inside printing'.",
    argDescriptions: { ...filters, ...ITEM_FILTER_ARGS },
    omit: ["type", "vertical"],
    argsFrom: (a) => ({ query: { ...a, type: "PACKAGING" } as never }),
    agentOnly: true,
  }),
  defineTool({
    contract: marketplace.searchSuppliers,
    name: "search_packaging_suppliers",
    description:
      "Search packaging suppliers (the ecommerce-packaging vertical) by keyword with the browse screen's filters (MOQ, country, region, reviews, production time). Use it for 'find packaging suppliers for …'.",
    argDescriptions: filters,
    omit: ["type", "vertical"],
    argsFrom: (a) => ({ query: { ...a, type: "PACKAGING" } as never }),
    agentOnly: true,
  }),
];
