import { describe, expect, it } from "vitest";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { stores } from "@atelier/contracts";
import { OrdersListPage, ordersQueryOf } from "../src/features/orders/orders-page";
import { OrderDetailsPage } from "../src/features/orders/order-details-page";
import { setStoreRecord, startSession } from "../src/session/session-store";
import { createOrder } from "../../test/factories/orders";
import { callAs, registerRealUser, useRealApi, type RealUser } from "./support/real-api";

// The orders screens against the real API: what they show is what the API answered, and what
// they do is checked in the rows the API wrote.
const api = useRealApi();

// The machine is shared: a test with 23 real orders gets room beyond the default 5 s.
const TIMEOUT = { timeout: 10_000 };

async function storeWithOrders(): Promise<{ user: RealUser; ids: string[] }> {
  const user = await registerRealUser(api);
  const ids: string[] = [];
  for (let n = 0; n < 23; n++) {
    ids.push(await createOrder(api, user.store.id, { orderNumber: 1001 + n, customerName: n === 4 ? "Grace Hopper" : `Buyer ${n}`, placedAt: new Date(Date.UTC(2026, 9, 1 + n)).toISOString(), processingStatus: n % 2 ? "PROCESSING" : "OUTSTANDING" }));
  }
  startSession(user);
  setStoreRecord(await callAs(api, user, stores.getMyStore, {}));
  return { user, ids };
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/orders" element={<OrdersListPage />} />
        <Route path="/order-details/:id" element={<OrderDetailsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const rowNumbers = () => screen.getAllByTestId("order-row").map((r) => Number(r.getAttribute("data-order-number")));

describe("the orders list screen", () => {
  it("reads tab, search, sort and page from the address, refusing unknown values", () => {
    expect(ordersQueryOf(new URLSearchParams("filter=ON_HOLD&q=ada&sort=-total&page=2"))).toEqual({ filter: "ON_HOLD", search: "ada", sort: "-total", page: 2 });
    expect(ordersQueryOf(new URLSearchParams("filter=NOPE&sort=x&page=-4"))).toEqual({ filter: "ALL", search: "", sort: "-placedAt", page: 0 });
  });

  it("pages on the server, searches, switches tabs and holds orders in bulk after a confirmation", async () => {
    const { user } = await storeWithOrders();
    renderAt("/orders");
    await waitFor(() => expect(rowNumbers()).toHaveLength(20), TIMEOUT);
    expect(rowNumbers()[0]).toBe(1023);
    expect(screen.getByTestId("list-range").textContent).toBe("1–20 of 23");
    expect(screen.getByRole("tab", { name: "Outstanding (12)" })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
    await waitFor(() => expect(rowNumbers()).toEqual([1003, 1002, 1001]), TIMEOUT);

    fireEvent.change(screen.getByRole("searchbox", { name: "Search orders" }), { target: { value: "grace" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Search" })));
    await waitFor(() => expect(rowNumbers()).toEqual([1005]), TIMEOUT);
    fireEvent.change(screen.getByRole("searchbox", { name: "Search orders" }), { target: { value: "" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Search" })));
    await waitFor(() => expect(rowNumbers()).toHaveLength(20), TIMEOUT);

    fireEvent.click(screen.getByRole("checkbox", { name: "Select order #1023" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select order #1022" }));
    fireEvent.click(within(screen.getByTestId("orders-bulk")).getByRole("button", { name: "Hold" }));
    const dialog = screen.getByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Hold 2 orders" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Say why, in a few words.");
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Warehouse closed today" } });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Hold 2 orders" })));
    await waitFor(() => expect(screen.getByRole("tab", { name: "On hold (2)" })).toBeTruthy(), TIMEOUT);
    await act(async () => fireEvent.click(screen.getByRole("tab", { name: "On hold (2)" })));
    await waitFor(() => expect(rowNumbers()).toEqual([1023, 1022]), TIMEOUT);
    const { rows } = await api.db.query("SELECT count(*)::int AS n FROM order_holds WHERE store_id = $1 AND released_at IS NULL AND reason = 'Warehouse closed today' AND set_by_user_id = $2", [user.store.id, user.user.id]);
    expect(rows[0].n).toBe(2);
  }, 30_000);
});

describe("the order details screen", () => {
  it("shows the order, holds it with a reason, releases the hold and adds a note to the timeline", async () => {
    const { ids } = await storeWithOrders();
    renderAt(`/order-details/${ids[1]}`);
    await screen.findByRole("heading", { name: "Order #1002" }, TIMEOUT);
    expect(screen.getByText("Heavyweight tee")).toBeTruthy();
    expect(screen.getByTestId("order-status").textContent).toBe("Processing");

    fireEvent.click(screen.getByRole("button", { name: "Hold" }));
    fireEvent.change(within(screen.getByRole("alertdialog")).getByLabelText("Reason"), { target: { value: "Address looks wrong" } });
    await act(async () => fireEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Put on hold" })));
    await waitFor(() => expect(screen.getAllByTestId("open-hold")).toHaveLength(1), TIMEOUT);
    expect(screen.getByTestId("order-status").textContent).toBe("On hold");

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Release hold: Address looks wrong" })));
    await waitFor(() => expect(screen.queryAllByTestId("open-hold")).toHaveLength(0), TIMEOUT);
    expect(screen.getByTestId("order-status").textContent).toBe("Processing");

    fireEvent.change(screen.getByLabelText("Add a note"), { target: { value: "Customer confirmed the address by phone" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Add note" })));
    await waitFor(() => expect(screen.getAllByTestId("timeline-entry").map((e) => e.getAttribute("data-kind"))).toEqual(["NOTE_ADDED", "HOLD_RELEASED", "HOLD_PLACED", "PLACED"]), TIMEOUT);
    expect(screen.getAllByTestId("timeline-entry")[0]!.textContent).toContain("Customer confirmed the address by phone");
  }, 30_000);

  it("says when the order is not in this store", async () => {
    await storeWithOrders();
    const other = await registerRealUser(api);
    const foreign = await createOrder(api, other.store.id, { orderNumber: 1001 });
    renderAt(`/order-details/${foreign}`);
    await screen.findByText("This order could not be found in your store.", {}, TIMEOUT);
  }, 30_000);
});
