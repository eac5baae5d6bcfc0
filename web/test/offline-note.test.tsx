import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { OfflineNote } from "../src/chat/offline-note";

// The web config is what the server answers at /web-config.json; here the offline assistant.
beforeEach(() => {
  window.localStorage.clear();
  vi.spyOn(window, "fetch").mockImplementation(async () => new Response(JSON.stringify({ model: { kind: "offline", label: "offline assistant" } }), { status: 200 }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the offline assistant note", () => {
  it("shows once: dismissed, it stays dismissed on the next screen", async () => {
    render(<OfflineNote />);
    const banner = await screen.findByTestId("offline-banner");
    fireEvent.click(screen.getByRole("button", { name: /dismiss/i }));
    expect(screen.queryByTestId("offline-banner")).toBeNull();
    cleanup();
    render(<OfflineNote />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId("offline-banner")).toBeNull();
    expect(window.fetch).toHaveBeenCalledTimes(1);
    expect(banner.textContent).toMatch(/offline assistant/);
  });
});
