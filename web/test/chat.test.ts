import { describe, expect, it } from "vitest";
import { screenContextOf } from "../src/chat/screen-context";
import { toolUis } from "../src/chat/tool-uis";

describe("the screen the assistant is told about", () => {
  it("names the route pattern and the entity on screen", () => {
    expect(screenContextOf("/browse-suppliers/supplier-profile/sup-9", "?tab=REVIEWS")).toEqual({
      route: "/browse-suppliers/supplier-profile/:supplierId", path: "/browse-suppliers/supplier-profile/sup-9", query: { tab: "REVIEWS" }, entity: { type: "supplier", id: "sup-9" },
    });
    expect(screenContextOf("/order-details/42", "").entity).toEqual({ type: "order", id: "42" });
    expect(screenContextOf("/pay-invoice/inv-1", "").entity).toEqual({ type: "invoice", id: "inv-1" });
    expect(screenContextOf("/homebase", "").entity).toBeNull();
  });
});

describe("tool UIs by tool name", () => {
  it("gives suppliers, orders, credits, plans and products their cards and leaves the rest to the fallback", () => {
    const ui = toolUis(["find_suppliers", "list_orders", "purchase_ai_credits", "get_plan", "search_catalog_items", "get_country_tariff"]);
    expect(ui.find_suppliers?.name).toBe("SupplierCard");
    expect(ui.list_orders?.name).toBe("OrderCard");
    expect(ui.purchase_ai_credits?.name).toBe("CreditsCard");
    expect(ui.get_plan?.name).toBe("PlanCard");
    expect(ui.search_catalog_items?.name).toBe("ProductCard");
    expect(ui.get_country_tariff).toBeUndefined();
  });
});
