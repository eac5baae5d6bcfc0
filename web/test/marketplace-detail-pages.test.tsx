import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import type { z } from "zod";
import type { catalogItemDetailSchema, catalogItemSchema, supplierProfileSchema, supplierSchema } from "@atelier/contracts/marketplace";
import { SupplierProfilePage } from "../src/features/marketplace/supplier-profile-page";
import { CatalogItemPage } from "../src/features/marketplace/catalog-item-page";
import { BrowseSuppliersPage } from "../src/features/marketplace/browse-suppliers-page";
import { WORDS_ONLY_SEARCH_NOTICE } from "@atelier/contracts/search-notice";
import { clearSession } from "../src/session/session-store";

// A detail page reached from another detail page of the same route (a similar product, a
// supplier linked by the assistant) must show the new one's state, not keep the previous one's.

const SUPPLIER_A = "5b0c1e7e-8a43-4c39-9d1f-2f6f0e3a9a11";
const SUPPLIER_B = "6c1d2f8f-9b54-4d4a-8e2f-3f7f1f4b0b22";
const ITEM_X = "7d2e3a9a-ac65-4e5b-9f3a-4a8a2a5c1c33";
const ITEM_Y = "8e3f4bab-bd76-4f6c-8a4b-5b9b3b6d2d44";

type Supplier = z.infer<typeof supplierSchema>;
type Item = z.infer<typeof catalogItemSchema>;

const supplier = (id: string, name: string): Supplier => ({
  id, name, slug: name.toLowerCase(), countryCode: "IT", region: "EU", city: "Prato", description: `${name} weaves.`, capabilities: ["weaving"], certifications: [],
  categoryIds: [1], primaryVertical: "products", employeeCount: 40, foundedYear: null, moq: 100, samplePriceMinCents: 2000, samplePriceMaxCents: 2000,
  productionDaysMin: 1, productionDaysMax: 30, orderVolumeUnits: 1000, productionMinPriceCents: 500, tariffRatePercent: 10, rank: 1, enabledAt: null,
  firstEnabledAt: null, isOnline: false, lastOnlineAt: null, averageReview: 0, reviewCount: 0, isExpandedNetwork: false, avatarColor: "#336699", website: null, score: null,
});
const item = (id: string, title: string, color: string): Item => ({
  id, supplierId: SUPPLIER_A, supplierName: "Alpha Looms", supplierCountryCode: "IT", type: "PRODUCT", title, description: `${title}.`, verticalId: 1, groupId: null,
  subgroupId: null, materials: [], colors: [{ name: color, hex: "#112233", variant: "" }], priceMinCents: 1000, priceMaxCents: 1000, moq: 50, samplePriceCents: 1500,
  productionDaysMin: 1, productionDaysMax: 20, imageUrl: "data:image/svg+xml;base64,", imageUrls: [], isSampleKit: false, rank: 1, rankedAt: null, enabledAt: null, firstEnabledAt: null, score: null,
});
const summary = (supplierId: string) => ({ supplierId, average: 0, count: 0, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
const profile = (s: Supplier, favoriteId: string | null): z.infer<typeof supplierProfileSchema> => ({
  supplier: s,
  tabs: {
    PROFILE_INFO: { description: s.description, city: s.city, countryCode: s.countryCode, countryName: "Italy", foundedYear: null, employeeCount: s.employeeCount, website: null, certifications: [] },
    BASE_PRODUCTS: { list: [], total: 0, page: 0, size: 12 },
    CAPABILITIES: { capabilities: s.capabilities, categories: [], moq: s.moq, productionDaysMin: 1, productionDaysMax: 30, samplePriceMinCents: 2000, samplePriceMaxCents: 2000, orderVolumeUnits: 1000, tariffRatePercent: 10 },
    REVIEWS: { summary: summary(s.id), list: [] },
  },
  favoriteId,
});
const detail = (i: Item, similar: Item[], favoriteId: string | null): z.infer<typeof catalogItemDetailSchema> => ({
  item: i, supplier: supplier(SUPPLIER_A, "Alpha Looms"), supplierCapabilities: ["weaving"], similarProducts: similar, reviews: { summary: summary(SUPPLIER_A), list: [] }, favoriteId,
});

const THROW = item(ITEM_X, "Jacquard throw", "Rust");
const PILLOW = item(ITEM_Y, "Jacquard pillow", "Sage");
const ANSWERS: Record<string, unknown> = {
  [`GET /web/catalog-companies/${SUPPLIER_A}/profile`]: profile(supplier(SUPPLIER_A, "Alpha Looms"), "fav-a"),
  [`GET /web/catalog-companies/${SUPPLIER_B}/profile`]: profile(supplier(SUPPLIER_B, "Beta Mills"), null),
  [`GET /web/catalog-items/${ITEM_X}`]: detail(THROW, [PILLOW], "fav-x"),
  [`GET /web/catalog-items/${ITEM_Y}`]: detail(PILLOW, [THROW], null),
  "GET /web/catalog-companies": { list: [supplier(SUPPLIER_A, "Alpha Looms")], total: 1, page: 0, size: 24, notice: WORDS_ONLY_SEARCH_NOTICE },
  "GET /web/stores/me/seen-state": { seenSourcingHomeTour: true, seenSourcingMarketplaceTour: true, seenSupplierProfileTour: true },
  "POST /web/catalog-companies/action/detail-view": { accepted: true, recorded: true },
  "POST /web/favorites": { id: "fav-new", kind: "SUPPLIER", createdAt: new Date().toISOString(), supplier: null, item: null },
  "DELETE /web/favorites/fav-a": { deleted: true },
  "DELETE /web/favorites/fav-x": { deleted: true },
  "POST /web/creator-order-items": { title: "Jacquard pillow", quantity: 1, totalCents: 1500 },
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
let calls: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  clearSession();
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const path = new URL(String(url), "http://localhost").pathname.replace(/^\/rest\/main/, "");
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = ANSWERS[`${method} ${path}`];
      return answer === undefined ? json(404, { code: "NOT_FOUND", message: `${method} ${path}`, requestId: "r" }) : json(200, answer);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/supplier-profile/:supplierId", element: <SupplierProfilePage /> },
      { path: "/browse-suppliers/catalog-item/:itemId", element: <CatalogItemPage /> },
      { path: "/browse-suppliers", element: <BrowseSuppliersPage /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}
const heading = () => screen.getByRole("heading", { level: 1 }).textContent;
const favorite = () => screen.getByTestId("favorite-button");

describe("detail pages follow the id in the address", () => {
  it("a supplier profile shows the new supplier's saved state, and saving adds that supplier", async () => {
    const router = open(`/supplier-profile/${SUPPLIER_A}`);
    await waitFor(() => expect(heading()).toBe("Alpha Looms"));
    expect(favorite().textContent).toBe("★ Saved to favorites");

    await act(() => router.navigate(`/supplier-profile/${SUPPLIER_B}`));
    await waitFor(() => expect(heading()).toBe("Beta Mills"));
    expect(favorite().textContent).toBe("☆ Save to favorites");
    fireEvent.click(favorite());
    await waitFor(() => expect(favorite().textContent).toBe("★ Saved to favorites"));
    expect(calls.filter((c) => c.path.startsWith("/web/favorites"))).toEqual([{ method: "POST", path: "/web/favorites", body: { kind: "SUPPLIER", targetId: SUPPLIER_B } }]);
  });

  it("a similar product opens with its own saved state and colours, and orders in its colour", async () => {
    open(`/browse-suppliers/catalog-item/${ITEM_X}`);
    await waitFor(() => expect(heading()).toBe("Jacquard throw"));
    expect(favorite().textContent).toBe("★ Saved to favorites");
    expect((screen.getByRole("combobox", { name: "Colour" }) as HTMLSelectElement).value).toBe("Rust");

    fireEvent.click(screen.getAllByRole("link", { name: "Jacquard pillow" })[0]!);
    await waitFor(() => expect(heading()).toBe("Jacquard pillow"));
    expect(favorite().textContent).toBe("☆ Save to favorites");
    expect((screen.getByRole("combobox", { name: "Colour" }) as HTMLSelectElement).value).toBe("Sage");
    fireEvent.click(screen.getByRole("button", { name: "Add sample to cart" }));
    await waitFor(() => expect(screen.getByTestId("added-to-cart").textContent).toContain("Jacquard pillow × 1 is in your cart"));
    expect(calls.find((c) => c.method === "POST" && c.path === "/web/creator-order-items")?.body).toEqual({ catalogItemId: ITEM_Y, kind: "SAMPLE", quantity: 1, color: "Sage", addToCart: true });
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
  });
});

describe("a degraded search", () => {
  it("shows the API's notice above the results it qualifies", async () => {
    open("/browse-suppliers?searchKey=jacquard");
    await waitFor(() => expect(screen.getByTestId("search-notice").textContent).toBe(WORDS_ONLY_SEARCH_NOTICE));
    expect(screen.getByTestId("results").textContent).toContain("Alpha Looms");
  });
});
