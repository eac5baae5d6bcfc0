import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { orders, presales, receivings, stores } from "@atelier/contracts";
import { PresalePage } from "../src/features/presale/presale-page";
import { setStoreRecord, startSession } from "../src/session/session-store";
import { manualOrderBody, stockSku } from "../../test/factories/inventory";
import { callAs, registerRealUser, useRealApi } from "./support/real-api";

// The pre-sale screen against the real API: an open pre-sale shows its queue, and ending it first
// says what happens to the order still waiting, then the API's sentence; the waiting order stays.
// The edit dialog refuses a limit below what is sold under the field and moves the date.
const api = useRealApi();

/** A new store with `sku` on pre-sale (cap 5, receiving expected 15 January 2031), one order of `quantity` waiting, and its panel open. */
async function openPresale(sku: string, title: string, quantity: number) {
  const user = await registerRealUser(api);
  await stockSku(api, user.token, sku, 0, { title });
  const rcv = await callAs(api, user, receivings.createReceiving, { body: { supplierName: "Jingdezhen Ceramics", boxCount: 1, expectedArrival: "2031-01-15", lines: [{ sku, expectedQuantity: 20 }] } });
  const presale = await callAs(api, user, presales.startPresale, { body: { sku, receivingSn: `RCV-${rcv.number}`, cap: 5 } });
  const order = await callAs(api, user, orders.createManualRetailOrder, { body: manualOrderBody([{ sku, quantity }]) });
  startSession(user);
  setStoreRecord(await callAs(api, user, stores.getMyStore, {}));
  render(
    <MemoryRouter initialEntries={[`/fulfillment-services/pre-sale?presale=${presale.id}`]}>
      <Routes><Route path="/fulfillment-services/pre-sale" element={<PresalePage />} /></Routes>
    </MemoryRouter>,
  );
  return { user, rcv, presale, order, panel: await screen.findByTestId("presale-panel") };
}

describe("the pre-sale screen", () => {
  it("ends a pre-sale after saying the waiting order keeps its place", async () => {
    const { user, rcv, presale, order, panel } = await openPresale("MUG-BLUE", "Blue mug", 2);
    await within(panel).findByText(`Order #${order.orderNumber}`);
    expect(within(panel).getByTestId("presale-summary").textContent).toBe(`2 of 5 units pre-ordered, 3 left. 1 order (2 units) waits for receiving RCV-${rcv.number}, expected to ship on 17 January 2031.`);
    fireEvent.click(within(panel).getByRole("button", { name: "End pre-sale" }));
    expect((await screen.findByTestId("presale-end-confirm")).textContent).toBe(`No new pre-orders of Blue mug will be taken. The order already waiting keeps its place and ships when the stock of receiving RCV-${rcv.number} is received; you can cancel it from Orders.`);
    fireEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "End pre-sale" }));
    // Under load the end and the panel's reload take longer than waitFor's default second.
    await within(panel).findByText("Ended:", { exact: false }, { timeout: 10_000 });
    expect((await callAs(api, user, presales.getPresale, { params: { id: presale.id } })).status).toBe("ENDED");
    expect(within(panel).getByTestId("preorder").getAttribute("data-status")).toBe("WAITING");
  }, 20_000);

  it("edits the limit and the date in a dialog: below what is sold is refused under the field, the waiting order follows the date, the history says who", async () => {
    const { user, rcv, order, panel } = await openPresale("MUG-GRN", "Green mug", 3);
    fireEvent.click(await within(panel).findByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Pre-order limit"), { target: { value: "2" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((await within(dialog).findByText(/already pre-ordered, so the limit/)).textContent).toBe("3 units are already pre-ordered, so the limit can't go below 3.");

    fireEvent.change(within(dialog).getByLabelText("Pre-order limit"), { target: { value: "200" } });
    fireEvent.change(within(dialog).getByLabelText("Expected ship date"), { target: { value: "2031-03-03" } });
    expect(within(dialog).getByTestId("presale-edit-note").textContent).toBe("The order waiting will say it is expected to ship on 3 March 2031.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), { timeout: 10_000 });
    await waitFor(() => expect(within(panel).getByTestId("presale-summary").textContent).toContain("3 of 200 units pre-ordered"), { timeout: 10_000 });
    expect(within(panel).getByTestId("presale-summary").textContent).toContain("expected to ship on 3 March 2031");
    const history = within(panel).getByTestId("presale-history").textContent;
    expect(history).toContain(`${user.user.username} raised the cap from 5 to 200 units.`);
    expect(history).toContain(`${user.user.username} moved the expected ship date from 17 January 2031 to 3 March 2031.`);
    const waiting = await callAs(api, user, orders.getOrder, { params: { id: order.id } });
    expect(waiting.holds[0]!.reason).toBe(`Pre-sale: expected to ship on 3 March 2031; 3 × MUG-GRN wait for receiving RCV-${rcv.number}`);
  }, 20_000);
});
