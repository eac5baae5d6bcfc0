import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from "@testing-library/react";
import { ApiError } from "../src/api/contracts";
import { usePaged, type Page } from "../src/ui/use-paged";
import { fieldErrors } from "../src/ui/field-errors";
import { imageSearchError } from "../src/features/marketplace/image-search-page";
import { homeTabOf } from "../src/features/marketplace/sourcing-home-page";
import { profileTabOf } from "../src/features/marketplace/supplier-profile-view";
import { OnceTour, SOURCING_HOME_TOUR } from "../src/features/marketplace/sourcing-tours";
import { clearSession, setStoreRecord, type StoreRecord } from "../src/session/session-store";

type Deferred = { page: number; key: string; resolve: (p: Page<string>) => void; reject: (e: unknown) => void };

/** A loader whose answers the test releases one by one, in any order. */
function controlledLoader() {
  const pending: Deferred[] = [];
  const make = (key: string) => (page: number) => new Promise<Page<string>>((resolve, reject) => pending.push({ page, key, resolve, reject }));
  const answer = async (d: Deferred, total: number, size = 2) => {
    const list = Array.from({ length: Math.min(size, Math.max(0, total - d.page * size)) }, (_, n) => `${d.key}-${d.page * size + n}`);
    await act(async () => d.resolve({ list, total, page: d.page, size }));
  };
  return { pending, make, answer };
}

describe("a list loaded page by page", () => {
  it("appends the next page and stops when the total is shown", async () => {
    const loader = controlledLoader();
    const { result } = renderHook(() => usePaged(loader.make("a"), "a"));
    expect(result.current.total).toBeNull();
    await loader.answer(loader.pending.at(-1)!, 3);
    expect(result.current.items).toEqual(["a-0", "a-1"]);
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    // A second call while the page loads does not skip a page.
    act(() => result.current.loadMore());
    expect(loader.pending.map((d) => d.page)).toEqual([0, 1]);
    await loader.answer(loader.pending.at(-1)!, 3);
    expect(result.current.items).toEqual(["a-0", "a-1", "a-2"]);
    expect(result.current.hasMore).toBe(false);
    act(() => result.current.loadMore());
    expect(loader.pending).toHaveLength(2);
  });

  it("drops a slow answer of the previous search and starts the new one at page 0", async () => {
    const loader = controlledLoader();
    const { result, rerender } = renderHook(({ key }) => usePaged(loader.make(key), key), { initialProps: { key: "old" } });
    const slow = loader.pending[0]!;
    rerender({ key: "new" });
    const fresh = loader.pending.findLast((d) => d.key === "new" && d.page === 0)!;
    await loader.answer(fresh, 1);
    await loader.answer(slow, 5);
    expect(result.current.items).toEqual(["new-0"]);
    expect(result.current.total).toBe(1);
  });

  it("reloads from the first page, replacing what was shown", async () => {
    const loader = controlledLoader();
    const { result } = renderHook(() => usePaged(loader.make("r"), "r"));
    await loader.answer(loader.pending[0]!, 4);
    act(() => result.current.loadMore());
    await loader.answer(loader.pending[1]!, 4);
    expect(result.current.items).toHaveLength(4);
    act(() => result.current.reload());
    expect(result.current.items).toEqual([]);
    await loader.answer(loader.pending.findLast((d) => d.page === 0)!, 1);
    expect(result.current.items).toEqual(["r-0"]);
    expect(result.current.hasMore).toBe(false);
  });

  it("keeps what it has and the error when a page fails", async () => {
    const loader = controlledLoader();
    const { result } = renderHook(() => usePaged(loader.make("e"), "e"));
    await loader.answer(loader.pending[0]!, 4);
    act(() => result.current.loadMore());
    const failure = new Error("offline");
    await act(async () => loader.pending[1]!.reject(failure));
    await waitFor(() => expect(result.current.error).toBe(failure));
    expect(result.current.items).toEqual(["e-0", "e-1"]);
    expect(result.current.loading).toBe(false);
  });
});

describe("values read from the address", () => {
  it("falls back to the first tab for unknown values", () => {
    expect(homeTabOf(new URLSearchParams("tab=website-development"))).toBe("website-development");
    expect(homeTabOf(new URLSearchParams("tab=shoes"))).toBe("all");
    expect(homeTabOf(new URLSearchParams(""))).toBe("all");
    expect(profileTabOf(new URLSearchParams("activeTabKey=REVIEWS"))).toBe("REVIEWS");
    expect(profileTabOf(new URLSearchParams("activeTabKey=reviews"))).toBe("PROFILE_INFO");
  });
});

describe("API reasons beside form fields", () => {
  it("maps each detail to its field, first reason wins, else one form message", () => {
    const err = new ApiError(400, "VALIDATION_FAILED", "Invalid input", [
      { field: "body.title", reason: "is required to submit the project" },
      { field: "body.attachments.2", reason: "is not one of this store's uploads" },
      { field: "body.title", reason: "second reason" },
    ]);
    expect(fieldErrors(err)).toEqual({ title: "is required to submit the project", attachments: "is not one of this store's uploads" });
    expect(fieldErrors(new ApiError(409, "CONFLICT", "Already invited"))).toEqual({ form: "Already invited." });
    expect(fieldErrors(new Error("boom"), "It could not be saved.")).toEqual({ form: "It could not be saved." });
  });

  it("says an image search failure about the picture or the link", () => {
    const failed = (field: string, reason: string) => new ApiError(400, "VALIDATION_FAILED", `${field} ${reason}`, [{ field, reason }]);
    expect(imageSearchError(failed("body.image", "is not a PNG or SVG picture"))).toBe("The picture is not a PNG or SVG picture");
    expect(imageSearchError(failed("body.imageUrl", "could not be fetched (404)"))).toBe("The link could not be fetched (404)");
    expect(imageSearchError(new ApiError(502, "BAD_GATEWAY", "The image embedding model did not answer"))).toBe("The image embedding model did not answer.");
    expect(imageSearchError(new TypeError("Failed to fetch"))).toBe("The image could not be searched.");
  });
});

describe("a guided tour shown once per store", () => {
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  let writes: unknown[] = [];
  let seen = false;

  beforeEach(() => {
    clearSession();
    writes = [];
    seen = false;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        expect(String(url)).toContain("/web/stores/me/seen-state");
        if (init?.method === "PUT") writes.push(JSON.parse(String(init.body)));
        return json({ seenSourcingHomeTour: seen });
      }),
    );
    // jsdom lays nothing out; the tour scrolls its target into view in a browser.
    Element.prototype.scrollIntoView = vi.fn();
    for (const { target } of SOURCING_HOME_TOUR) {
      const el = document.createElement("div");
      el.id = target;
      document.body.appendChild(el);
    }
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.body.innerHTML = "";
  });

  const tour = () => screen.queryByTestId("tour");

  it("starts for a store that has not seen it, steps through its targets, and stores the flag when done", async () => {
    render(<OnceTour flag="seenSourcingHomeTour" steps={SOURCING_HOME_TOUR} />);
    for (const [n, step] of SOURCING_HOME_TOUR.entries()) {
      await waitFor(() => expect(tour()?.getAttribute("aria-label")).toBe(`Tour step ${n + 1} of 4`), { timeout: 2000 });
      expect(tour()?.textContent).toContain(step.title);
      expect(document.getElementById(step.target)!.classList.contains("tour-target")).toBe(true);
      expect(writes).toEqual([]);
      fireEvent.click(screen.getByRole("button", { name: n === 3 ? "Done" : "Next" }));
    }
    expect(tour()).toBeNull();
    await waitFor(() => expect(writes).toEqual([{ seenSourcingHomeTour: true }]));
    // The last step's target is no longer highlighted.
    expect(document.querySelectorAll(".tour-target")).toHaveLength(0);
  });

  it("does not start once seen", async () => {
    seen = true;
    render(<OnceTour flag="seenSourcingHomeTour" steps={SOURCING_HOME_TOUR} />);
    await new Promise((r) => setTimeout(r, 900));
    expect(tour()).toBeNull();
  });

  it("closes on skip without writing for a preview account", async () => {
    setStoreRecord({ isPreviewAccount: true, title: "Preview", planType: "TIER_1" } as StoreRecord);
    render(<OnceTour flag="seenSourcingHomeTour" steps={SOURCING_HOME_TOUR} />);
    await waitFor(() => expect(tour()).not.toBeNull(), { timeout: 2000 });
    fireEvent.click(screen.getByRole("button", { name: "Skip tour" }));
    expect(tour()).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(writes).toEqual([]);
  });
});
