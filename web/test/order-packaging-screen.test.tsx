import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { stores } from "@atelier/contracts";
import "../src/api/client";
import { OrderPackagingPage } from "../src/features/packaging/order-packaging-page";
import { setStoreRecord, startSession } from "../src/session/session-store";
import { seedCatalog, uniq } from "../../test/factories/catalog-scope";
import { callAs, registerRealUser, useRealApi } from "./support/real-api";

// /order-packaging/:packagingCategory against the real API: one packaging category's items with
// their supplier, searched on the server; an unknown category says so and lists the real ones.
const api = useRealApi();

function open(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes><Route path="/order-packaging/:packagingCategory" element={<OrderPackagingPage />} /></Routes>
    </MemoryRouter>,
  );
}

describe("the packaging screen", () => {
  it("lists one category's packaging, narrows it by a search, and names an unknown category", async () => {
    const user = await registerRealUser(api);
    startSession(user);
    setStoreRecord(await callAs(api, user, stores.getMyStore, {}));
    const word = `pk${uniq()}`;
    const fixture = await seedCatalog(api.db, [{ name: `Mailer Works ${word}`, countryCode: "VN" }], [
      { supplier: 0, title: `Kraft mailer box ${word}`, type: "PACKAGING", price: 85, moq: 500, productionDaysMax: 21 },
      { supplier: 0, title: `White tissue paper ${word}`, type: "PACKAGING", price: 12, moq: 1000, productionDaysMax: 14 },
    ], "ecommerce-packaging");
    const { rows } = await api.db.query<{ slug: string; title: string }>("SELECT slug, title FROM catalog_categories WHERE id = $1", [fixture.groupId]);
    const group = rows[0]!;

    const view = open(`/order-packaging/${group.slug}`);
    // The title names the category once the category tree has loaded (it reads "Packaging for your orders" before).
    expect(await screen.findByRole("heading", { level: 1, name: `${group.title} for your orders` })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("packaging-row").map((r) => r.textContent).join(" ")).toContain(`Kraft mailer box ${word}`));
    expect(screen.getAllByTestId("packaging-row").map((r) => r.textContent).join(" ")).toContain(`Mailer Works ${word}`);
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "tissue" } });
    fireEvent.submit(screen.getByRole("searchbox").closest("form")!);
    await waitFor(() => expect(screen.getAllByTestId("packaging-row").map((r) => within(r).getAllByRole("link")[0]!.textContent)[0]).toBe(`White tissue paper ${word}`));
    view.unmount();

    open("/order-packaging/no-such-category");
    expect((await screen.findByTestId("packaging-unknown")).textContent).toBe("There is no packaging category called “no-such-category”. Pick one of the categories below.");
    expect(within(screen.getByRole("navigation", { name: "Packaging categories" })).getByRole("link", { name: group.title })).toBeTruthy();
  }, 30_000);
});
