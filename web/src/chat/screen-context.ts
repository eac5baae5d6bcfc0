import { matchPath } from "react-router";
import { findRoute } from "../routes/guards";

/** What the panel tells the agent about the screen: so "this supplier" means the one on screen. */
export type ScreenContext = { route: string; path: string; query: Record<string, string>; entity: { type: string; id: string } | null };

const ENTITY_PARAMS: Record<string, string> = {
  supplierId: "supplier", itemId: "catalog_item", orderId: "order", invoiceId: "invoice", rfpId: "custom_project",
  brandKitId: "business_kit", templateId: "template", sn: "receiving", externalProductId: "product",
};

/** The route pattern, its parameters and the entity the screen is about. */
export function screenContextOf(pathname: string, search: string): ScreenContext {
  const route = findRoute(pathname);
  const params = route ? (matchPath({ path: route.path, end: true }, pathname)?.params ?? {}) : {};
  let entity: ScreenContext["entity"] = null;
  for (const [param, type] of Object.entries(ENTITY_PARAMS)) {
    const value = params[param];
    if (value) entity = { type, id: value };
  }
  // /order-details/:id, /discount-detail/:id and the like name their entity by path.
  if (!entity && params.id && route) entity = { type: route.path.split("/")[1]!.replace(/-details?$/, ""), id: params.id };
  return { route: route?.path ?? pathname, path: pathname, query: Object.fromEntries(new URLSearchParams(search)), entity };
}
