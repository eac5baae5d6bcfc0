import { marketplace } from "@atelier/contracts";
import { defineTool } from "../tool-spec";
import { ITEM_FILTER_ARGS, MARKETPLACE_FILTER_ARGS } from "./marketplace-tools";

// The storefront chatbot's catalogue: public search that needs no account, for anonymous visitors.

const size = `Results per page, 1-${marketplace.PUBLIC_SEARCH_MAX_SIZE}`;

export const visitorTools = [
  defineTool({
    contract: marketplace.searchPublicSuppliers,
    name: "search_public_suppliers",
    description:
      "Search the marketplace's suppliers without an account (works for anonymous visitors) by keyword, with the browse screen's filters and sorts. Use it when a visitor asks who makes something, e.g. 'show me suppliers of leather bags'.",
    argDescriptions: { ...MARKETPLACE_FILTER_ARGS, size },
    agentOnly: true,
  }),
  defineTool({
    contract: marketplace.searchPublicCatalogItems,
    name: "search_public_catalog_items",
    description:
      "Search the marketplace's catalog items (products, packaging, services) without an account (works for anonymous visitors), each with its supplier, sample price and MOQ. Use it when a visitor asks for products, e.g. 'find products like ceramic mugs'.",
    argDescriptions: { ...MARKETPLACE_FILTER_ARGS, size, ...ITEM_FILTER_ARGS },
    agentOnly: true,
  }),
];
