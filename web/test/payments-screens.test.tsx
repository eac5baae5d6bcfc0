import { describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { stores } from "@atelier/contracts";
import { PaymentsReportPage } from "../src/features/payments/payments-report-page";
import { PayoutRecordPage } from "../src/features/payments/payout-record-page";
import { PaymentRecordPage } from "../src/features/payments/payment-record-page";
import { screenContextOf } from "../src/chat/screen-context";
// The app loads the request client with its router; these read-only screens do not import it themselves.
import "../src/api/client";
import { setStoreRecord, startSession } from "../src/session/session-store";
import { createOrder, createPayout, paidStore } from "../../test/factories";
import { callAs, useRealApi } from "./support/real-api";

// The payments report and its two record screens against the real API: the rows, totals and
// records shown are what the API answered for this store's own payout and plan payment.
const api = useRealApi();

const TIMEOUT = { timeout: 10_000 };

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/account/payments-report" element={<PaymentsReportPage />} />
        <Route path="/account/payout-records/:id" element={<PayoutRecordPage />} />
        <Route path="/account/payment-records/:id" element={<PaymentRecordPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("the payments screens", () => {
  it("list a payout and a card payment with totals, filter by kind, and open each record", async () => {
    // A store on Beginner through a real card: its plan payment is a card payment of the report.
    const owner = await paidStore({ client: api.client, db: api.db });
    const base = 5000 + (Date.now() % 1000);
    const first = await createOrder({ client: api.client, db: api.db }, owner.store.id, { orderNumber: base, totalCents: 10_000 });
    const second = await createOrder({ client: api.client, db: api.db }, owner.store.id, { orderNumber: base + 1, totalCents: 4_000 });
    const payoutId = await createPayout({ client: api.client, db: api.db }, owner.store.id, {
      orders: [{ orderId: first, orderNumber: base, amountCents: 10_000 }, { orderId: second, orderNumber: base + 1, amountCents: 4_000 }],
      fees: [{ orderNumber: base, amountCents: 150 }],
    });
    startSession(owner);
    setStoreRecord(await callAs(api, owner, stores.getMyStore, {}));

    renderAt("/account/payments-report");
    await waitFor(() => expect(screen.getAllByTestId("payment-row").map((r) => r.getAttribute("data-kind")).sort()).toEqual(["FULFILMENT_FEE", "PAYOUT", "SUBSCRIPTION"]), TIMEOUT);
    const payoutTotal = screen.getAllByTestId("payment-total").find((t) => t.getAttribute("data-kind") === "PAYOUT")!;
    expect(within(payoutTotal).getByText("$131.50")).toBeTruthy();
    // Sentences, never codes: the statuses and kinds are words.
    expect(screen.getByText("Taken from a payout")).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/FULFILMENT_FEE|PAID_OUT|DEDUCTED/);

    await act(async () => fireEvent.click(screen.getByRole("tab", { name: "Payouts" })));
    await waitFor(() => expect(screen.getAllByTestId("payment-row").map((r) => r.getAttribute("data-kind"))).toEqual(["PAYOUT"]), TIMEOUT);
    cleanup();

    renderAt(`/account/payout-records/${payoutId}`);
    await waitFor(() => expect(screen.getByTestId("payout-net").textContent).toBe("$131.50"), TIMEOUT);
    expect(screen.getAllByTestId("payout-order")).toHaveLength(2);
    expect(screen.getByText(`Fulfilment fee for order #${base} ($1.50 per order on the Free plan)`)).toBeTruthy();
    expect(screenContextOf(`/account/payout-records/${payoutId}`, "").entity).toEqual({ type: "payout", id: payoutId });
    cleanup();

    renderAt("/account/payments-report?kind=SUBSCRIPTION");
    await waitFor(() => expect(screen.getAllByTestId("payment-row")).toHaveLength(1), TIMEOUT);
    const link = within(screen.getByTestId("payment-row")).getAllByRole("link")[0]!;
    const recordPath = link.getAttribute("href")!;
    expect(recordPath).toMatch(/^\/account\/payment-records\/ch_/);
    cleanup();
    renderAt(recordPath);
    await waitFor(() => expect(screen.getByTestId("payment-summary").textContent).toContain("Visa ending 4242"), TIMEOUT);
    expect(screen.getByText("Subscription")).toBeTruthy();
    expect(screenContextOf(recordPath, "").entity).toEqual({ type: "payment_record", id: recordPath.split("/").pop() });
  }, 30_000);

  it("says so when a record is not the store's", async () => {
    const owner = await paidStore({ client: api.client, db: api.db });
    startSession(owner);
    setStoreRecord(await callAs(api, owner, stores.getMyStore, {}));
    renderAt(`/account/payout-records/${crypto.randomUUID()}`);
    await waitFor(() => expect(screen.getByText("This payout could not be found.")).toBeTruthy(), TIMEOUT);
  }, 20_000);
});
