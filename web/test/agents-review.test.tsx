import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { AgentReviewPage } from "../src/features/agents/agent-review-page";
import { clearSession, startSession } from "../src/session/session-store";
import { jwt } from "./support/jwt";

// What the review page shows when the agent server refuses: an unknown (or another user's)
// thread, and a save while the agent is still answering.

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const STATE = { values: { reviewForm: { productName: "Mug" }, perUnitPrice: 4, productMoq: 500, tariffCountry: { name: "China", code: "CN" } }, next: [], tasks: [], checkpoint: {}, metadata: {}, created_at: null, parent_checkpoint: null };

let stateAnswer: () => Response;
let saveAnswer: () => Response;
let threadStatus: "idle" | "busy" = "busy";
let saved: unknown[] = [];

beforeEach(() => {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  startSession({ token: jwt({ exp }), v2UserToken: "", v2StoreToken: "", expiresAt: "", user: { id: "u", email: "a@example.com", username: "a" }, store: { id: "s1", title: "Shop", planType: "TIER_1", isPreviewAccount: false }, role: "OWNER" });
  saved = [];
  threadStatus = "busy";
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const path = new URL(String(url instanceof Request ? url.url : url), "http://localhost").pathname;
      const method = init?.method ?? (url instanceof Request ? url.method : "GET");
      if (path.endsWith("/threads/search")) return json(200, []);
      if (path.endsWith("/threads/t1") && method === "GET") return json(200, { thread_id: "t1", status: threadStatus, metadata: {}, values: {}, created_at: "", updated_at: "" });
      if (path.endsWith("/threads/t1/state") && method === "GET") return stateAnswer();
      if (path.endsWith("/threads/t1/state") && method === "POST") {
        saved.push(JSON.parse(String(init?.body)));
        return saveAnswer();
      }
      return json(404, { detail: "Not found" });
    }),
  );
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

function open() {
  render(
    <MemoryRouter initialEntries={["/sourcing-agent-review?id=t1"]}>
      <AgentReviewPage />
    </MemoryRouter>,
  );
}

describe("the agent review page when the agent server refuses", () => {
  it("says a thread that is unknown or not the user's does not exist, and shows no form", async () => {
    stateAnswer = () => json(404, { detail: "Thread not found" });
    open();
    expect((await screen.findByRole("alert", {}, { timeout: 8000 })).textContent).toBe("This conversation does not exist or is not yours.");
    expect(screen.queryByRole("form", { name: "Review form" })).toBeNull();
  });

  it("asks to save again when the agent is still answering (409), and keeps the edits", async () => {
    stateAnswer = () => json(200, STATE);
    saveAnswer = () => json(409, { detail: "Thread is busy" });
    open();
    const form = await screen.findByRole("form", { name: "Review form" }, { timeout: 8000 });
    expect(screen.getByTestId("tariff-country").textContent).toBe("China (CN)");
    fireEvent.change(screen.getByLabelText("MOQ"), { target: { value: "800" } });
    fireEvent.submit(form);
    expect((await screen.findByRole("alert")).textContent).toBe("The agent is still answering: save again when it has finished.");
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ values: { productMoq: 800, perUnitPrice: 4, tariffCountry: { name: "China", code: "CN" } } });
    expect((screen.getByLabelText("MOQ") as HTMLInputElement).value).toBe("800");
    expect(screen.queryByText("Saved to the conversation.")).toBeNull();
  });

  it("says the review could not be saved for any other refusal", async () => {
    stateAnswer = () => json(200, STATE);
    saveAnswer = () => json(403, { detail: "Forbidden" });
    open();
    fireEvent.submit(await screen.findByRole("form", { name: "Review form" }, { timeout: 8000 }));
    expect((await screen.findByRole("alert")).textContent).toBe("The review could not be saved.");
  });

  // The page reads the answer's status and the thread's own status, never words in the answer's text.
  it("says a refusal that is not a 404 could not load, whatever its text says", async () => {
    stateAnswer = () => json(403, { detail: "checkpoint not found" });
    open();
    expect((await screen.findByRole("alert", {}, { timeout: 8000 })).textContent).toBe("The conversation could not be loaded.");
  });

  it("tells a thread that no agent has answered yet from a busy one (both 409), by the thread's status", async () => {
    stateAnswer = () => json(200, STATE);
    saveAnswer = () => json(409, { detail: "This thread has no assistant yet: start a run first." });
    threadStatus = "idle";
    open();
    fireEvent.submit(await screen.findByRole("form", { name: "Review form" }, { timeout: 8000 }));
    expect((await screen.findByRole("alert")).textContent).toBe("Ask the agent something first: the review is saved into its conversation.");
  });

  it("does not call a refusal 'still answering' because its text says busy", async () => {
    stateAnswer = () => json(200, STATE);
    saveAnswer = () => json(400, { detail: "The server is busy" });
    open();
    fireEvent.submit(await screen.findByRole("form", { name: "Review form" }, { timeout: 8000 }));
    expect((await screen.findByRole("alert")).textContent).toBe("The review could not be saved.");
  });
});
