import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { LoginPage } from "../src/features/auth/login-page";
import { clearSession } from "../src/session/session-store";
import { routeFetchTo, startRealApi, type RealApi } from "./support/real-api";

// The login and registration forms against the real API: its 400 reasons reach the person as
// sentences naming the field, never as a bare reason or a `body.password` path.
let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
}, 120_000);
afterAll(() => api?.close());

beforeEach(() => {
  clearSession();
  vi.stubGlobal("fetch", routeFetchTo(api.url));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TIMEOUT = { timeout: 10_000 };

function openForm(path: string) {
  const { container } = render(
    <MemoryRouter initialEntries={[path]}>
      <LoginPage />
    </MemoryRouter>,
  );
  return container.querySelector("form")!;
}

async function submit(form: HTMLFormElement, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) fireEvent.change(form.querySelector(`[name="${name}"]`)!, { target: { value } });
  await act(async () => fireEvent.submit(form));
}

const RAW = /\b(body|query|params)\.|\b[A-Z]{2,}_[A-Z_]+\b|HTTP \d{3}/;

describe("login and registration forms: field reasons in sentences", () => {
  it("registration: the password's reason names the field, once", async () => {
    const form = openForm("/login?signup=1");
    await submit(form, { email: `short-${Date.now()}@example.com`, password: "short", storeName: "Kiln & Co" });
    const under = await screen.findByText("The password must be at least 10 characters.", {}, TIMEOUT);
    expect(under.className).toBe("field-error");
    expect(form.textContent).not.toMatch(RAW);
    // The alert does not repeat what the field already says.
    expect(screen.queryByRole("alert")?.textContent ?? "").not.toContain("at least 10 characters");
  });

  it("registration: an easily guessed password reads as a sentence about the password", async () => {
    const form = openForm("/login?signup=1");
    await submit(form, { email: `weak-${Date.now()}@example.com`, password: "password123", storeName: "Kiln & Co" });
    const under = await screen.findByText(/^The password is too easy to guess/, {}, TIMEOUT);
    expect(under.className).toBe("field-error");
    expect(form.textContent).not.toMatch(RAW);
  });

  it("login: a malformed email names the email field", async () => {
    const form = openForm("/login");
    await submit(form, { email: "not-an-email", password: "whatever" });
    const under = await screen.findByText(/^The email /, {}, TIMEOUT);
    expect(under.className).toBe("field-error");
    expect(form.textContent).not.toMatch(RAW);
  });
});
