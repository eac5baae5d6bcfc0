import { marketplace } from "@atelier/contracts";
import { defineTool } from "../tool-spec";

// The sourcing marketplace: supplier and catalog-item search with the screen's filters and sorts,
// profiles, image and design search, reviews and favourites.

const page = "Page number, starting at 0";
const size = "Results per page, 1-100";
const supplierId = "The supplier's id, from search_suppliers or a catalog item's supplierId";
const itemId = "The catalog item's id, from search_catalog_items";

/** The marketplace filters of the browse screen, described once for every search tool. */
export const MARKETPLACE_FILTER_ARGS: Record<string, string> = {
  keyword: "Words to search for: product, material or supplier name, e.g. 'organic cotton tees'",
  viewType: "Which list: SUPPLIERS (vetted, the default), EXPANDED_NETWORK (outside the vetted network), RFP (suppliers taking custom projects) or CATALOG_PRODUCTS",
  type: "Kind of listing: PRODUCT, PACKAGING, SERVICES, SUPPLIER or an RFP_ type",
  vertical: "Marketplace vertical: products, ecommerce-packaging, business-creative-services or website-development",
  group: "Category group id or key, e.g. products/apparel (list_catalog_categories lists them)",
  subgroup: "Category subgroup id or key under the group",
  categoryIds: "Category ids to narrow to, from list_catalog_categories",
  sort: "Order: relevance (best match, default with a keyword), -rank (featured), -enabledAt (newest), productionMinPrice (price low to high), -productionMinPrice (price high to low), -isOnline (online now), -firstEnabledAt (newly added), tariffRatePercent (lowest tariffs)",
  samplePrice: "Sample price bucket: ALL, 5_50 ($5-$50), 50_100 ($50-$100), 100_PLUS ($100+) or CUSTOM_QUOTE",
  moq: "Minimum order quantity bucket: 0_100 (under 100 units), 100_1000 (100-999), 1000_PLUS (1000 or more) or CUSTOM_QUOTE",
  orderVolume: "Order volume bucket in units: 0_1000, 1000_5000 or 5000_PLUS",
  review: "Minimum average review: 4, 3, 2 or 1 (stars or up)",
  productionTime: "Longest production time: UNDER_1_MONTH, 1_2_MONTHS, 2_3_MONTHS or 3_PLUS_MONTHS",
  supplierSize: "Supplier size by employees: 250_PLUS, 100_PLUS, 50_PLUS or UNDER_50",
  regions: "Regions the supplier is in: AF, NA, SA, AS, EU or OA",
  countryCodes: "Two-letter codes of the countries the supplier is in, e.g. ['VN']",
  onlineOnly: "'true' for suppliers online now only",
  page,
  size,
};

/** The catalog-item filters beside the browse screen's, for every item search tool. */
export const ITEM_FILTER_ARGS: Record<string, string> = { supplierId: "Only this supplier's items", isSampleKit: "'true' for sample kits only, 'false' to leave them out" };

const reviewArgs = { rating: "Stars from 1 to 5", title: "Short headline of the review; may be empty", body: "The review text, in the user's words" };

export const marketplaceTools = [
  defineTool({
    contract: marketplace.searchSuppliers,
    name: "search_suppliers",
    description:
      "Search the marketplace's suppliers by keyword with the browse screen's filters (MOQ, sample price, country, region, reviews, production time, size) and sorts. Use it for 'find suppliers for …', 'show me … suppliers in …'. Prefer match_factories only when matching a tech pack.",
    argDescriptions: MARKETPLACE_FILTER_ARGS,
  }),
  defineTool({
    contract: marketplace.getSupplierProfile,
    name: "get_supplier",
    description: "Get one supplier's profile: description, location, capabilities, MOQ and prices, its first catalog items, reviews, and favoriteId when the store favourited it. Use it when the user asks about a specific supplier.",
    argDescriptions: { id: supplierId, productsSize: "How many of its catalog items to include, 1-100", reviewsSize: "How many latest reviews to include, 1-50" },
  }),
  defineTool({
    contract: marketplace.searchCatalogItems,
    name: "search_catalog_items",
    description:
      "Search catalog items (products, packaging, services suppliers sell) by keyword and filters, or list one supplier's items with supplierId. Each item has its sample price and MOQ. Use it to find an item to order a sample of.",
    argDescriptions: { ...MARKETPLACE_FILTER_ARGS, ...ITEM_FILTER_ARGS },
  }),
  defineTool({
    contract: marketplace.getCatalogItem,
    name: "get_catalog_item",
    description: "Get one catalog item with its prices, MOQ, colours, supplier, similar products and reviews. Use it before ordering, or when the user asks about an item.",
    argDescriptions: { id: itemId },
  }),
  defineTool({
    contract: marketplace.searchByImage,
    name: "search_catalog_by_image",
    description: "Find catalog items that look like a picture, given its link. Use it when the user shares an image link and wants similar products.",
    omit: ["image"],
    argDescriptions: { imageUrl: "Link to the picture (http(s) or an uploaded file's URL)", quantity: "How many items to return, 1-500", type: "Only PRODUCT, PACKAGING or SERVICES" },
  }),
  defineTool({
    contract: marketplace.matchDesignProducts,
    name: "match_design_products",
    description: "Find catalog items that match a product design description (materials, style, use). Use it when the user describes a design rather than a search keyword.",
    argDescriptions: { text: "The design description", type: "Only PRODUCT, PACKAGING or SERVICES", categoryIds: "Category ids to narrow to", size: "How many items, 1-100" },
  }),
  defineTool({
    contract: marketplace.listCatalogCategories,
    name: "list_catalog_categories",
    description: "List the marketplace's category tree (verticals, groups, subgroups) with ids and keys. Use it to turn a category the user names into a filter.",
    argDescriptions: { vertical: "Only this vertical's branch" },
  }),
  defineTool({
    contract: marketplace.listSupplierReviews,
    name: "list_supplier_reviews",
    description: "List a supplier's reviews, newest first; isMine marks the store's own. Use it before writing or editing a review.",
    argDescriptions: { supplierId, page, size },
  }),
  defineTool({
    contract: marketplace.createSupplierReview,
    name: "create_supplier_review",
    description: "Write the store's review of a supplier (one per supplier; edit it with update_supplier_review). Use it only when the user gives a rating and what to say.",
    argDescriptions: { supplierId, ...reviewArgs },
  }),
  defineTool({
    contract: marketplace.updateSupplierReview,
    name: "update_supplier_review",
    description: "Edit the store's own review of a supplier. Send only what changes.",
    argDescriptions: { id: "The review's id (list_supplier_reviews, isMine true)", ...reviewArgs },
  }),
  defineTool({
    contract: marketplace.listFavorites,
    name: "list_favorites",
    description: "List the store's favourite suppliers and catalog items, newest first. Use it for 'my favourites'.",
    argDescriptions: { kind: "Only SUPPLIER or only CATALOG_ITEM favourites", page, size },
  }),
  defineTool({
    contract: marketplace.addFavorite,
    name: "add_favorite",
    description: "Add a supplier or catalog item to the store's favourites (adding one twice is harmless). Use it for 'favourite this supplier' or 'save this item'.",
    argDescriptions: { kind: "SUPPLIER or CATALOG_ITEM", targetId: "The supplier's or catalog item's id" },
  }),
  defineTool({
    contract: marketplace.removeFavorite,
    name: "remove_favorite",
    description: "Remove one of the store's favourites by the favourite's id (list_favorites, or favoriteId of get_supplier / get_catalog_item).",
    argDescriptions: { id: "The favourite's id (not the supplier's or item's id)" },
  }),
];
