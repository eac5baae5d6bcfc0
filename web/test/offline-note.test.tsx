import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { OfflineNote } from "../src/chat/offline-note";
import { clearSession, startSession } from "../src/session/session-store";

/** A session as the login page starts it, with the member's role (the note reads only the role). */
function signInAs(role: "OWNER" | "ADMIN" | "CX") {
  const session = { token: "t", v2UserToken: "u", v2StoreToken: "s", user: { id: "u1", email: "a@example.com" }, store: { id: "s1" }, role };
  startSession(session as unknown as Parameters<typeof startSession>[0]);
}

// The web config is what the server answers at /web-config.json; here the offline assistant.
beforeEach(() => {
  window.localStorage.clear();
  clearSession();
  vi.spyOn(window, "fetch").mockImplementation(async () => new Response(JSON.stringify({ model: { kind: "offline", label: "offline assistant" } }), { status: 200 }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the offline assistant note", () => {
  it("shows once to the store owner: dismissed, it stays dismissed on the next screen", async () => {
    signInAs("OWNER");
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

  it.each(["ADMIN", "CX"] as const)("is never shown to a team member (%s): the server's settings are the owner's", async (role) => {
    signInAs(role);
    render(<OfflineNote />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId("offline-banner")).toBeNull();
    expect(window.fetch).not.toHaveBeenCalled();
  });

  it("is never shown to a visitor who is not signed in", async () => {
    render(<OfflineNote />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId("offline-banner")).toBeNull();
  });
});
