import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { routeObjects } from "../src/app/router";
import { clearSession } from "../src/session/session-store";

const SUPPLIER_ID = "5b0c1e7e-8a43-4c39-9d1f-2f6f0e3a9a11";
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let posted: unknown[] = [];
let answer: () => Response;
// The public profile: only the supplier's name is read here.
let profile: () => Response;

beforeEach(() => {
  clearSession();
  posted = [];
  profile = () => json(404, { code: "NOT_FOUND", message: "Supplier not found", requestId: "r" });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).includes("/post-review")) {
        posted.push(JSON.parse(String(init?.body)));
        return answer();
      }
      if (String(url).includes(`/app/catalog-companies/${SUPPLIER_ID}`)) return profile();
      return json(200, {});
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(query = "?reviewToken=item.signature") {
  render(<RouterProvider router={createMemoryRouter(routeObjects(), { initialEntries: [`/supplier-profile/${SUPPLIER_ID}/post-review${query}`] })} />);
}

describe("the public post-review page", () => {
  it("says so for an unknown supplier instead of offering the form", async () => {
    open();
    expect(await screen.findByText("This supplier does not exist or is no longer listed.", {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Post a review" })).toBeNull();
  });

  it("asks for a rating, posts the review, and shows each field the API refused beside it", async () => {
    profile = () => json(200, { supplier: { name: "Jingdezhen Ceramics" } });
    answer = () => json(400, { code: "VALIDATION_FAILED", message: "Invalid input", requestId: "r", details: [{ field: "body.email", reason: "must be an email address" }, { field: "body.body", reason: "must not be empty" }] });
    open();
    await screen.findByRole("heading", { name: "Review Jingdezhen Ceramics" }, { timeout: 8000 });
    fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "Ana" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "not-an-email" } });
    fireEvent.click(screen.getByRole("button", { name: "Post review" }));
    expect(await screen.findByText("choose 1 to 5 stars")).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.click(screen.getByLabelText("4 stars"));
    fireEvent.click(screen.getByRole("button", { name: "Post review" }));
    expect(await screen.findByText("must be an email address")).toBeTruthy();
    expect(screen.getByText("must not be empty")).toBeTruthy();
    expect(screen.getByLabelText(/Email/).getAttribute("aria-invalid")).toBe("true");
    expect(posted).toEqual([{ authorName: "Ana", email: "not-an-email", rating: 4, title: "", body: "", reviewToken: "item.signature" }]);

    answer = () => json(201, { id: "r1", supplierId: SUPPLIER_ID, authorName: "Ana", rating: 4, title: "", body: "Great", isMine: false, createdAt: new Date().toISOString(), updatedAt: null });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: "ana@example.com" } });
    fireEvent.change(screen.getByRole("textbox", { name: /^Review/ }), { target: { value: "Great" } });
    fireEvent.click(screen.getByRole("button", { name: "Post review" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toContain("Your review of Jingdezhen Ceramics is posted and counts in its rating."));
  });

  it("without a store's review link explains how reviews work instead of a form that could never count", async () => {
    profile = () => json(200, { supplier: { name: "Jingdezhen Ceramics" } });
    open("");
    const how = await screen.findByTestId("review-how", {}, { timeout: 8000 });
    expect(how.textContent).toContain("Reviews of Jingdezhen Ceramics come from stores that ordered from it");
    expect(screen.getByRole("link", { name: "Log in and review it from the order" }).getAttribute("href")).toBe("/inbox/orders");
    expect(screen.queryByRole("form", { name: "Post a review" })).toBeNull();
  });
});
