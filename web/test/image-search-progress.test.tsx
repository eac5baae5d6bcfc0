import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { ImageSearchPage } from "../src/features/marketplace/image-search-page";
import { clearSession, startSession } from "../src/session/session-store";
import { jwt } from "./support/jwt";

// Right after a start the picture index is still being built by a background job: a search that
// must wait shows the job's own progress (the shared job bar), not a bare "Searching…".

const JOB_ID = "8d0c6a56-6a4e-4b8e-9d0e-3a1f1b2c3d4e";
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
const job = { id: JOB_ID, type: "marketplace.build-image-index", status: "running", progress: { percent: 40, message: "Indexing product pictures: 400 of 1,000 done." }, attempt: 1, maxAttempts: 3, error: null, result: null, runAt: "2026-01-01T00:00:00.000Z", createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:01.000Z", finishedAt: null };

beforeEach(() => {
  startSession({ token: jwt({ exp: Math.floor(Date.now() / 1000) + 3600 }), v2UserToken: "", v2StoreToken: "", expiresAt: "", user: { id: "u", email: "a@example.com", username: "a" }, store: { id: "s1", title: "Shop", planType: "TIER_1", isPreviewAccount: false }, role: "OWNER" });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string | URL | Request) => {
      const path = new URL(String(url instanceof Request ? url.url : url), "http://localhost").pathname;
      if (path.endsWith(`/web/jobs/${JOB_ID}`)) return json(job);
      if (path.endsWith("/web/sourcing/home/image-search")) return json({ list: [], descriptor: { kind: "descriptor", dominantColors: [] }, indexing: { done: 400, total: 1000, share: 0.4, jobId: JOB_ID } });
      return json({});
    }),
  );
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe("the image search while the picture index builds", () => {
  it("shows the index job's progress bar and message", async () => {
    render(
      <MemoryRouter initialEntries={["/image-search?imageUrl=https%3A%2F%2Fexample.com%2Fmug.png"]}>
        <ImageSearchPage />
      </MemoryRouter>,
    );
    const bar = await screen.findByRole("progressbar", { name: "Indexing product pictures" }, { timeout: 8000 });
    await waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("40"));
    expect(screen.getByTestId("job-progress").textContent).toContain("Indexing product pictures: 400 of 1,000 done.");
    expect(screen.getByTestId("image-search-status").textContent).toContain("40% done");
  });
});
