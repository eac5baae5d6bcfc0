import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { GETTING_STARTED_MESSAGE, createChatbotStore, initialChatbotState, type ChatbotMessage } from "../src/features/chatbot/chatbot-state";
import { cardsOf, toChatbotMessages, type WireMessage } from "../src/features/chatbot/chatbot-client";
import { ChatbotWidget } from "../src/features/chatbot/chatbot-widget";
import { STORAGE_KEYS } from "../src/session/session-store";

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the chatbot's flags (000 §2.7)", () => {
  it("starts closed, input enabled, no loader, welcome animation on, at the getting-started message", () => {
    expect(initialChatbotState()).toEqual({ isOpen: false, inputDisabled: false, showLoader: false, welcomeAnimation: true, threadId: null, messages: [GETTING_STARTED_MESSAGE] });
  });

  it("changes each of open, input disabled and loader without touching the other two", () => {
    const store = createChatbotStore();
    const flags = () => ({ isOpen: store.get().isOpen, inputDisabled: store.get().inputDisabled, showLoader: store.get().showLoader });
    store.setLoader(true);
    expect(flags()).toEqual({ isOpen: false, inputDisabled: false, showLoader: true });
    store.setInputDisabled(true);
    expect(flags()).toEqual({ isOpen: false, inputDisabled: true, showLoader: true });
    store.setLoader(false);
    expect(flags()).toEqual({ isOpen: false, inputDisabled: true, showLoader: false });
    store.setOpen(true);
    expect(flags()).toEqual({ isOpen: true, inputDisabled: true, showLoader: false });
    store.setInputDisabled(false);
    store.setOpen(false);
    expect(flags()).toEqual({ isOpen: false, inputDisabled: false, showLoader: false });
  });

  it("ends the welcome animation once the window is opened; it can also be turned off alone", () => {
    const store = createChatbotStore();
    store.setWelcomeAnimation(false);
    expect(store.get()).toMatchObject({ welcomeAnimation: false, isOpen: false });
    const other = createChatbotStore();
    other.setOpen(true);
    expect(other.get().welcomeAnimation).toBe(false);
    other.setOpen(false);
    expect(other.get().welcomeAnimation).toBe(false);
  });

  it("refreshing the conversation resets the messages to the getting-started message and forgets the thread", () => {
    const store = createChatbotStore();
    store.setOpen(true);
    store.setThreadId("t1");
    store.appendVisitorMessage("m1", "hello");
    store.setLoader(true);
    store.refresh();
    expect(store.get()).toMatchObject({ isOpen: true, threadId: null, showLoader: false, inputDisabled: false, messages: [GETTING_STARTED_MESSAGE] });
  });

  it("keeps the getting-started message first when the conversation arrives, and records feedback per message", () => {
    const store = createChatbotStore();
    const answer: ChatbotMessage = { id: "a1", role: "bot", contentType: "text", text: "Hi", feedback: null, cards: [] };
    store.setConversation([answer]);
    expect(store.get().messages.map((m) => m.id)).toEqual([GETTING_STARTED_MESSAGE.id, "a1"]);
    store.setFeedback("a1", "down");
    expect(store.get().messages[1]!.feedback).toBe("down");
  });
});

describe("the thread as the chatbot shows it", () => {
  const supplier = { id: "s1", name: "Jingdezhen Ceramics", countryCode: "CN", moq: 300, averageReview: 4.5 };
  const item = { id: "i1", title: "Stoneware mug", supplierName: "Jingdezhen Ceramics", samplePriceCents: 1250, moq: 100 };
  const messages: WireMessage[] = [
    { id: "h1", type: "human", content: "find mug suppliers" },
    { id: "a0", type: "ai", content: "", tool_calls: [{ name: "search_suppliers" }] },
    { id: "t1", type: "tool", name: "search_suppliers", content: JSON.stringify({ list: [supplier], total: 1 }) },
    { id: "a1", type: "ai", content: "Here are suppliers:", additional_kwargs: { contentType: "supplier" } },
    { id: "h2", type: "human", content: [{ type: "text", text: "and products?" }] },
    { id: "t2", type: "tool", name: "search_catalog_items", content: JSON.stringify({ list: [item] }) },
    { id: "a2", type: "ai", content: "Some products:", additional_kwargs: { contentType: "product" } },
    { id: "h3", type: "human", content: "how much does fulfilment cost" },
    { id: "a3", type: "ai", content: "Fulfilment costs $3.00 per order.", additional_kwargs: { contentType: "mystery" } },
  ];

  it("shows questions and final answers with their content type and the turn's cards; tool steps hidden", () => {
    const out = toChatbotMessages(messages);
    expect(out.map((m) => [m.id, m.role, m.contentType])).toEqual([
      ["h1", "visitor", "text"], ["a1", "bot", "supplier"], ["h2", "visitor", "text"], ["a2", "bot", "product"], ["h3", "visitor", "text"], ["a3", "bot", "text"],
    ]);
    expect(out[1]!.cards).toEqual([{ kind: "supplier", id: "s1", title: "Jingdezhen Ceramics", detail: "CN · MOQ 300 · ★ 4.5" }]);
    expect(out[2]!.text).toBe("and products?");
    expect(out[3]!.cards).toEqual([{ kind: "product", id: "i1", title: "Stoneware mug", detail: "Jingdezhen Ceramics · sample $12.50 · MOQ 100" }]);
    expect(out[5]!.cards).toEqual([]);
  });

  it("makes no cards from an error or a truncated answer", () => {
    expect(cardsOf("supplier", { error: { status: 401 } })).toEqual([]);
    expect(cardsOf("supplier", null)).toEqual([]);
  });
});

describe("the chatbot widget", () => {
  it("opens from the launcher at the getting-started message, with the welcome animation until then", () => {
    const store = createChatbotStore();
    render(<MemoryRouter><ChatbotWidget store={store} /></MemoryRouter>);
    const launcher = screen.getByTestId("chatbot-launcher");
    expect(launcher.className).toContain("welcome");
    fireEvent.click(launcher);
    expect(screen.getByRole("dialog", { name: "Atelier chat" })).toBeTruthy();
    expect(document.querySelector('[data-content-type="getting started"]')?.textContent).toContain("getting started");
    expect(screen.getByTestId("chatbot-launcher").className).not.toContain("welcome");
  });

  it("disables the input and shows the loader from their own flags", () => {
    const store = createChatbotStore(initialChatbotState({ isOpen: true }));
    render(<MemoryRouter><ChatbotWidget store={store} /></MemoryRouter>);
    expect((screen.getByLabelText("Your question") as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(screen.getByTestId("chatbot-launcher"));
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => {
      store.setOpen(true);
      store.setInputDisabled(true);
    });
    expect((screen.getByLabelText("Your question") as HTMLInputElement).disabled).toBe(true);
    expect(document.querySelector('[data-content-type="loading"]')).toBeNull();
    act(() => store.setLoader(true));
    expect(document.querySelector('[data-content-type="loading"]')).not.toBeNull();
    expect(store.get()).toMatchObject({ isOpen: true, inputDisabled: true, showLoader: true });
  });

  it("draws an answer's markdown (bold, lists, links) with the copilot's renderer; a visitor's question stays as typed", async () => {
    const store = createChatbotStore(initialChatbotState({ isOpen: true }));
    store.setConversation([
      { id: "q1", role: "visitor", contentType: "text", text: "what is **fulfilment**?", feedback: null, cards: [] },
      { id: "a1", role: "bot", contentType: "text", text: "**Fulfilment** costs:\n\n- $3.00 per order\n- $0.50 per extra item\n\nSee [the help centre](/education).", feedback: null, cards: [] },
    ]);
    render(<MemoryRouter><ChatbotWidget store={store} /></MemoryRouter>);
    const answer = document.querySelector('[data-role="bot"][data-content-type="text"]')!;
    await waitFor(() => expect(answer.querySelectorAll("li")).toHaveLength(2));
    expect(answer.querySelector(".chat-markdown")).not.toBeNull();
    expect(answer.querySelector("strong")?.textContent).toBe("Fulfilment");
    expect(answer.querySelector("a")?.getAttribute("href")).toBe("/education");
    expect(answer.textContent).not.toContain("**");
    expect(answer.textContent).not.toContain("- $3.00");
    const question = document.querySelector('[data-role="visitor"]')!;
    expect(question.textContent).toContain("what is **fulfilment**?");
  });

  it("posts thumbs up or down for an answer with the anonymous creator id", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: "f1", threadId: "t1", messageId: "a1", rating: "up", comment: null, updatedAt: new Date().toISOString() }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const store = createChatbotStore(initialChatbotState({ isOpen: true, threadId: "t1" }));
    store.setConversation([{ id: "a1", role: "bot", contentType: "text", text: "Fulfilment costs $3.00 per order.", feedback: null, cards: [] }]);
    render(<MemoryRouter><ChatbotWidget store={store} /></MemoryRouter>);
    fireEvent.click(screen.getByRole("button", { name: "Helpful" }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain("/rest/main/commons/chatbot-feedback");
    expect(JSON.parse(String(init.body))).toEqual({ threadId: "t1", messageId: "a1", rating: "up", anonymousId: window.localStorage.getItem(STORAGE_KEYS.anonymousCreatorId) });
    await waitFor(() => expect(screen.getByRole("button", { name: "Helpful" }).getAttribute("aria-pressed")).toBe("true"));
    // The getting-started message is the widget's own: nothing to rate.
    expect(document.querySelector('[data-content-type="getting started"] .chatbot-feedback')).toBeNull();
  });

  it("takes the thumb back and says so when the API refuses the feedback", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: "NOT_FOUND", message: "No such thread", requestId: "r" }), { status: 404, headers: { "content-type": "application/json" } }));
    vi.stubGlobal("fetch", fetch);
    const store = createChatbotStore(initialChatbotState({ isOpen: true, threadId: "t1" }));
    store.setConversation([{ id: "a2", role: "bot", contentType: "text", text: "Plans start at $0.", feedback: null, cards: [] }]);
    render(<MemoryRouter><ChatbotWidget store={store} /></MemoryRouter>);
    fireEvent.click(screen.getByRole("button", { name: "Not helpful" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Your feedback could not be sent. Please try again.");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Not helpful" }).getAttribute("aria-pressed")).toBe("false");
    expect(store.get().messages.find((m) => m.id === "a2")?.feedback).toBeNull();
    expect(JSON.parse(window.localStorage.getItem("atelier.chatbot.feedback") ?? "{}")).not.toHaveProperty("a2");
  });
});
