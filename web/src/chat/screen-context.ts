import { matchPath } from "react-router";
import { buildScreenContext, type ScreenContext, type ScreenEntityType } from "@atelier/contracts/agent-context";
import { PRODUCT_REPORT_IDS } from "@atelier/contracts/analytics/index";
import { findRoute } from "../routes/guards";

export type { ScreenContext } from "@atelier/contracts/agent-context";

const ENTITY_PARAMS: Record<string, ScreenEntityType> = {
  supplierId: "supplier", itemId: "catalog_item", orderId: "order", invoiceId: "invoice", rfpId: "custom_project",
  brandKitId: "business_kit", templateId: "template", sn: "receiving", externalProductId: "product",
};

/** Routes that name their entity `:id`: which entity that is. */
const ID_ROUTES: Record<string, ScreenEntityType> = {
  "/order-details/:id": "order", "/discount-detail/:id": "discount", "/share-report/:id": "share_report", "/bk/:id": "business_kit", "/product-ideation/:id": "product_ideation",
  "/account/payout-records/:id": "payout", "/account/payment-records/:id": "payment_record",
};

/** Routes that open an entity through a query parameter. */
const QUERY_ENTITIES: Record<string, { param: string; type: ScreenEntityType }> = { "/fulfillment-rules": { param: "rule", type: "order_rule" }, "/crowdfund-your-idea": { param: "idea", type: "product_ideation" }, "/homebase/quality-control": { param: "inspection", type: "qc_inspection" }, "/fulfillment-services/warehouse-tickets": { param: "ticket", type: "warehouse_ticket" }, "/inbox/supplier-scorecards": { param: "supplier", type: "supplier" }, "/fulfillment-services/book-freight-shipment": { param: "booking", type: "freight_booking" }, "/fulfillment-services/kitting": { param: "kit", type: "kit" }, "/fulfillment-services/pre-sale": { param: "presale", type: "presale" } };

// The connect pages open one order import in place (?import=<id>): "this file", "this import".
for (const path of ["/fulfillment-services/connect-shopify", "/fulfillment-services/connect-woocommerce", "/fulfillment-services/connect-amazon", "/ecommerce-services/shopify", "/ecommerce-services/amazon"]) {
  QUERY_ENTITIES[path] = { param: "import", type: "order_import" };
}

const PRODUCT_REPORT_ROUTES = PRODUCT_REPORT_IDS.map((id) => `/${id}`);
// The product reports open one product's row in place (?product=<its name>): "this product".
for (const path of PRODUCT_REPORT_ROUTES) QUERY_ENTITIES[path] = { param: "product", type: "report_product" };

/** What the panel tells the agent about the screen (the contract's shape): so "this supplier" means the one on screen. */
export function screenContextOf(pathname: string, search: string): ScreenContext {
  const route = findRoute(pathname);
  const params = route ? (matchPath({ path: route.path, end: true }, pathname)?.params ?? {}) : {};
  let entity: ScreenContext["entity"] = null;
  for (const [param, type] of Object.entries(ENTITY_PARAMS)) {
    const value = params[param];
    if (value) entity = { type, id: value };
  }
  const idType = route ? ID_ROUTES[route.path] : undefined;
  if (!entity && params.id && idType) entity = { type: idType, id: params.id };
  // Screens that open one entity in place name it in the query (/fulfillment-rules?rule=<id>).
  const opened = QUERY_ENTITIES[route?.path ?? ""];
  const openedId = opened ? new URLSearchParams(search).get(opened.param) : null;
  if (!entity && opened && openedId && openedId !== "new") entity = { type: opened.type, id: openedId.slice(0, 200) };
  // The contract caps lengths; an address typed by hand is cut to fit rather than refused.
  const query = Object.fromEntries([...new URLSearchParams(search)].slice(0, 50).map(([k, v]) => [k.slice(0, 200), v.slice(0, 2000)]));
  return buildScreenContext({ route: (route?.path ?? pathname).slice(0, 500), path: pathname.slice(0, 2000), query, entity });
}
