import { describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { LoginPage } from "../src/features/auth/login-page";
import { getSession } from "../src/session/session-store";
import { mailedSignUpToken } from "../../test/factories/accounts";
import { registerRealUser, useRealApi } from "./support/real-api";

// The login and registration forms against the real API: its 400 reasons reach the person as
// sentences naming the field, never as a bare reason or a `body.password` path.
const api = useRealApi();

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

describe("sign-up by mailed link: the same answer for every address", () => {
  it("a new address is told to check its e-mail; the mailed link creates the account and logs in", async () => {
    const email = `new-${Date.now()}@example.com`;
    const form = openForm("/login?signup=1");
    await submit(form, { email, password: "correct-horse-battery", storeName: "Kiln & Co" });
    const card = await screen.findByTestId("check-email", {}, TIMEOUT);
    expect(card.textContent).toContain(email);
    expect(card.textContent).toContain("Kiln & Co");
    expect(getSession().token).toBeNull();
    cleanup();

    render(
      <MemoryRouter initialEntries={[`/login?confirmSignUp=${await mailedSignUpToken(api.db, email)}`]}>
        <LoginPage />
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(getSession().user?.email).toBe(email), TIMEOUT);
  });

  it("an address that has an account sees exactly the same screen, and its owner gets a note instead of a link", async () => {
    const owner = await registerRealUser(api);
    const form = openForm("/login?signup=1");
    await submit(form, { email: owner.email, password: "another-horse-battery", storeName: "Someone else" });
    const card = await screen.findByTestId("check-email", {}, TIMEOUT);
    expect(card.textContent).toContain(owner.email);
    const { rows } = await api.db.query<{ kind: string }>("SELECT kind FROM outbox_messages WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1", [owner.email]);
    expect(rows[0]?.kind).toBe("sign_up_existing_account");
  });

  it("a used or unknown link says so in a sentence and offers the sign-up form", async () => {
    render(
      <MemoryRouter initialEntries={["/login?confirmSignUp=not-a-real-token-0123456789abcdef"]}>
        <LoginPage />
      </MemoryRouter>,
    );
    const alert = await screen.findByRole("alert", {}, TIMEOUT);
    expect(alert.textContent).toMatch(/not a working sign-up link/);
    expect(alert.textContent).not.toMatch(RAW);
    expect(screen.getByRole("button", { name: "Create account" })).toBeTruthy();
  });
});
