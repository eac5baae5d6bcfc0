import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { stores } from "@atelier/contracts";
import { PaymentsReportPage } from "../src/features/payments/payments-report-page";
import "../src/api/client";
import { setStoreRecord, startSession } from "../src/session/session-store";
import { dueStorageFee } from "../../test/factories";
import { callAs, registerRealUser, useRealApi } from "./support/real-api";

// The export dialog against the real API and its job worker: opened from the address the
// fulfilment home links to, a preset period, the job's progress, then "Download CSV" hands the
// browser the file the API wrote, holding this store's fee.
const api = useRealApi();
const TIMEOUT = { timeout: 20_000 };

afterEach(() => vi.restoreAllMocks());

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/account/payments-report" element={<PaymentsReportPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("the export dialog", () => {
  it("checks the custom days, exports the last 30 days and downloads the CSV", async () => {
    const owner = await registerRealUser(api);
    const fee = await dueStorageFee({ client: api.client, db: api.db }, owner.store.id, 100);
    startSession(owner);
    setStoreRecord(await callAs(api, owner, stores.getMyStore, {}));
    const saved: Blob[] = [];
    Object.assign(URL, { createObjectURL: (b: Blob) => (saved.push(b), "blob:export"), revokeObjectURL: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);

    renderAt("/account/payments-report?export=FINANCIAL");
    const dialog = await screen.findByRole("dialog", { name: "Export the financial report" }, TIMEOUT);
    const d = within(dialog);
    await act(async () => fireEvent.click(d.getByLabelText("Choose the days")));
    fireEvent.change(d.getByLabelText("From"), { target: { value: "2026-10-10" } });
    fireEvent.change(d.getByLabelText("Through"), { target: { value: "2026-10-01" } });
    expect(d.getByRole("status").textContent).toBe("The last day must be on or after the first day.");
    expect((d.getByRole("button", { name: "Export" }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => fireEvent.click(d.getByLabelText("Last 30 days")));
    expect(d.getByRole("status").textContent).toMatch(/^From .+ through .+, in your store's time zone \(UTC\)\.$/);
    await act(async () => fireEvent.click(d.getByRole("button", { name: "Export" })));
    const download = await d.findByRole("button", { name: "Download CSV" }, TIMEOUT);
    expect(d.getByText(/^Your financial report for .+ is ready: 1 payment\.$/)).toBeTruthy();
    await act(async () => fireEvent.click(download));
    await waitFor(() => expect(saved).toHaveLength(1), TIMEOUT);
    const csv = await saved[0]!.text();
    expect(csv).toContain("Type of charge");
    expect(csv).toContain(`Storage fees,${fee.description},Balance due,-1.00,0.00,USD,-1.00`);
    // Sentences, never codes, on the dialog.
    expect(dialog.textContent).not.toMatch(/FINANCIAL|STORAGE_FEE|completed/);
  }, 60_000);

  it("counts the presets from the store's today, not the browser's", async () => {
    const owner = await registerRealUser(api);
    startSession(owner);
    setStoreRecord(await callAs(api, owner, stores.getMyStore, {}));
    // 8 pm on 30 November in London is already 10 am on 1 December on Kiritimati (UTC+14).
    await callAs(api, owner, stores.updateStoreConfigs, { body: { timezone: "Pacific/Kiritimati" } });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-30T20:00:00Z"));
    try {
      renderAt("/account/payments-report?export=FINANCIAL");
      const d = within(await screen.findByRole("dialog", { name: "Export the financial report" }, TIMEOUT));
      const status = () => d.getByRole("status").textContent;
      await waitFor(() => expect(status()).toBe("From November 1, 2026 through November 30, 2026, in your store's time zone (Pacific/Kiritimati)."), TIMEOUT);
      await act(async () => fireEvent.click(d.getByLabelText("This month")));
      expect(status()).toBe("From December 1, 2026 through December 31, 2026, in your store's time zone (Pacific/Kiritimati).");
      await act(async () => fireEvent.click(d.getByLabelText("Last 30 days")));
      expect(status()).toBe("From November 2, 2026 through December 1, 2026, in your store's time zone (Pacific/Kiritimati).");
    } finally {
      vi.useRealTimers();
    }
  }, 60_000);
});

