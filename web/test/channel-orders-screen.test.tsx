import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { orders, stores } from "@atelier/contracts";
import "../src/api/client";
import { ChannelOrdersPage } from "../src/features/orders/channel-orders-page";
import { setStoreRecord, startSession } from "../src/session/session-store";
import { manualOrderBody, stockSku } from "../../test/factories/inventory";
import { callAs, registerRealUser, useRealApi, type RealUser } from "./support/real-api";

// The own-shop and wholesale channel pages against the real API: each shows how the channel stands
// and only its own orders, newest first, with the way to the rest on the Orders screen.
const api = useRealApi();

async function open(user: RealUser, path: string) {
  startSession(user);
  setStoreRecord(await callAs(api, user, stores.getMyStore, {}));
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes><Route path="/ecommerce-services/:channel" element={<ChannelOrdersPage />} /></Routes>
    </MemoryRouter>,
  );
}

describe("the channel pages", () => {
  it("lists the wholesale orders only, with the channel's status and the way to enter one", async () => {
    const user = await registerRealUser(api);
    await stockSku(api, user.token, "CAP-NVY", 50, { title: "Navy cap" });
    const retail = await callAs(api, user, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: "CAP-NVY", quantity: 1 }]) });
    const first = await callAs(api, user, orders.createManualWholesaleOrder, { body: { ...manualOrderBody([{ sku: "CAP-NVY", quantity: 12, unitPriceCents: 1400 }]), customer: { name: "Bloom Boutique", email: "buyer@bloom.example" } } });
    const second = await callAs(api, user, orders.createManualWholesaleOrder, { body: { ...manualOrderBody([{ sku: "CAP-NVY", quantity: 6, unitPriceCents: 1400 }]), customer: { name: "Corner Goods", email: "orders@corner.example" } } });
    const view = await open(user, "/ecommerce-services/wholesale");
    expect((await screen.findByTestId("channel-status")).textContent).toBe("2 wholesale orders.");
    const rows = await screen.findAllByTestId("channel-order-row");
    expect(rows.map((r) => within(r).getByRole("link").textContent)).toEqual([`#${second.orderNumber}`, `#${first.orderNumber}`]);
    expect(rows.map((r) => r.textContent).join(" ")).not.toContain(`#${retail.orderNumber}`);
    expect(within(rows[1]!).getByText("Bloom Boutique")).toBeTruthy();
    expect(screen.getByRole("link", { name: "New wholesale order" }).getAttribute("href")).toBe("/orders?new=wholesale");
    expect(screen.getByRole("link", { name: "These orders on the Orders screen" }).getAttribute("href")).toBe("/orders?origin=MANUAL_WHOLESALE");
    expect(screen.getByRole("link", { name: "Send a retailer's requirements to the fulfilment center" }).getAttribute("href")).toBe("/fulfillment-services/warehouse-tickets?new=WHOLESALE_ORDER_REQUIREMENTS");
    view.unmount();
  }, 20_000);

  it("says the own shop has no orders yet, with no wholesale action", async () => {
    const user = await registerRealUser(api);
    await open(user, "/ecommerce-services/own-shop");
    expect((await screen.findByTestId("channel-orders-empty")).textContent).toBe("No orders from your shop yet.");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Your Atelier shop");
    expect((await screen.findByTestId("channel-status")).textContent).toBe("Open, no orders yet.");
    expect(screen.queryByRole("link", { name: "New wholesale order" })).toBeNull();
  }, 20_000);
});
