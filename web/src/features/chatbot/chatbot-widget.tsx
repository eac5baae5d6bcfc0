import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { submitChatbotFeedback } from "@atelier/contracts/help-center";
import { request } from "../../api/client";
import { anonymousCreatorId } from "../../session/session-store";
import { CHATBOT_ASSISTANT, CHATBOT_THREAD_KEY, chatbotClient, toChatbotMessages, type WireMessage } from "./chatbot-client";
import { GETTING_STARTED_ID, STARTER_QUESTIONS, createChatbotStore, type ChatbotMessage, type ChatbotStore } from "./chatbot-state";
import "./chatbot.css";
import { errorSentence } from "../../api/error-catalogue";
import { MarkdownAnswer } from "../../chat/markdown-text";
import { SupportForm } from "./support-form";

// One conversation per tab: moving between public pages keeps the window and its messages.
let shared: ChatbotStore | null = null;
function chatbotStore(): ChatbotStore {
  shared ??= createChatbotStore();
  return shared;
}

const FEEDBACK_KEY = "atelier.chatbot.feedback";

function storedFeedback(): Record<string, "up" | "down"> {
  try {
    return JSON.parse(window.localStorage.getItem(FEEDBACK_KEY) ?? "{}") as Record<string, "up" | "down">;
  } catch {
    // A damaged entry only loses the highlighted thumbs; the ratings are on the server.
    return {};
  }
}

function withFeedback(messages: ChatbotMessage[]): ChatbotMessage[] {
  const given = storedFeedback();
  return messages.map((m) => (given[m.id] ? { ...m, feedback: given[m.id]! } : m));
}

/** The customer chatbot on public pages (000 §2.7): a launcher and a window talking to the storefront chat agent. */
export function ChatbotWidget({ store = chatbotStore() }: { store?: ChatbotStore }) {
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  // The chat, or the form that writes to a person (the help centre's human channel).
  const [writing, setWriting] = useState(false);
  const restored = useRef(false);
  const endRef = useRef<HTMLDivElement>(null);

  // The visitor's earlier conversation comes back the first time the window opens.
  useEffect(() => {
    if (!state.isOpen || restored.current) return;
    restored.current = true;
    const saved = window.localStorage.getItem(CHATBOT_THREAD_KEY);
    if (!saved || state.threadId) return;
    store.setLoader(true);
    chatbotClient()
      .threads.getState<{ messages?: WireMessage[] }>(saved)
      .then(
        (s) => {
          store.setThreadId(saved);
          store.setConversation(withFeedback(toChatbotMessages(s.values?.messages ?? [])));
        },
        // Another visitor's or a deleted thread: start afresh.
        () => window.localStorage.removeItem(CHATBOT_THREAD_KEY),
      )
      .finally(() => store.setLoader(false));
  }, [state.isOpen, state.threadId, store]);
  // Braces matter: newer browsers' scrollIntoView returns a promise, which React would take for a clean-up.
  useEffect(() => {
    void endRef.current?.scrollIntoView?.({ block: "end" });
  }, [state.messages.length, state.showLoader]);

  const ask = async (text: string) => {
    const question = text.trim();
    if (!question || state.inputDisabled) return;
    setDraft("");
    setError(null);
    store.setInputDisabled(true);
    store.setLoader(true);
    store.appendVisitorMessage(`local-${crypto.randomUUID()}`, question);
    try {
      const client = chatbotClient();
      let threadId = store.get().threadId;
      if (!threadId) {
        threadId = (await client.threads.create({ metadata: { graph_id: CHATBOT_ASSISTANT, source: "chatbot-widget" } })).thread_id;
        store.setThreadId(threadId);
        window.localStorage.setItem(CHATBOT_THREAD_KEY, threadId);
      }
      for await (const chunk of client.runs.stream(threadId, CHATBOT_ASSISTANT, { input: { messages: [{ type: "human", content: question }] }, streamMode: ["values"] })) {
        if (chunk.event === "values") store.setConversation(withFeedback(toChatbotMessages((chunk.data as { messages?: WireMessage[] }).messages ?? [])));
        if (chunk.event === "error") throw new Error(String((chunk.data as { message?: unknown } | null)?.message ?? "The assistant could not answer."));
      }
    } catch (err) {
      store.appendMessage({ id: `notice-${crypto.randomUUID()}`, role: "bot", contentType: "notice", text: `Sorry, I couldn't answer that just now. ${errorSentence(err, "Please try again.")}`, feedback: null, cards: [] });
    } finally {
      store.setLoader(false);
      store.setInputDisabled(false);
    }
  };

  const rate = async (message: ChatbotMessage, rating: "up" | "down") => {
    const threadId = store.get().threadId;
    if (!threadId) return;
    const before = message.feedback;
    store.setFeedback(message.id, rating);
    try {
      await request(submitChatbotFeedback, { body: { threadId, messageId: message.id, rating, anonymousId: anonymousCreatorId() } }, { quiet: true });
      window.localStorage.setItem(FEEDBACK_KEY, JSON.stringify({ ...storedFeedback(), [message.id]: rating }));
    } catch {
      store.setFeedback(message.id, before);
      setError("Your feedback could not be sent. Please try again.");
    }
  };

  const refresh = () => {
    window.localStorage.removeItem(CHATBOT_THREAD_KEY);
    setError(null);
    store.refresh();
  };

  return (
    <div className="chatbot" data-testid="chatbot">
      {state.isOpen && (
        <section className="chatbot-window" role="dialog" aria-label="Atelier chat">
          <header className="chatbot-head">
            <strong>Atelier help</strong>
            <button type="button" className="link-button" onClick={refresh} disabled={state.inputDisabled}>Refresh conversation</button>
            <button type="button" aria-label="Close chat" onClick={() => store.setOpen(false)}>×</button>
          </header>
          {writing ? <SupportForm threadId={state.threadId} onBack={() => setWriting(false)} /> : (
            <>
              <div className="chatbot-messages" aria-live="polite">
                {state.messages.map((m) => (
                  <ChatbotBubble key={m.id} message={m} canRate={Boolean(state.threadId)} onRate={(r) => void rate(m, r)} onAsk={(q) => void ask(q)} busy={state.inputDisabled} />
                ))}
                {state.showLoader && <div className="chatbot-msg bot" data-content-type="loading" role="status"><span className="chatbot-dots" aria-label="The assistant is typing"><i /><i /><i /></span></div>}
                <div ref={endRef} />
              </div>
              {error && <p className="form-error chatbot-error" role="alert">{error}</p>}
              <form className="chatbot-composer" onSubmit={(e) => { e.preventDefault(); void ask(draft); }}>
                <input aria-label="Your question" placeholder="Ask a question" value={draft} maxLength={2000} disabled={state.inputDisabled} onChange={(e) => setDraft(e.target.value)} />
                <button type="submit" className="primary" disabled={state.inputDisabled || !draft.trim()}>Send</button>
              </form>
              <p className="chatbot-human">Need a person? <button type="button" className="link-button" onClick={() => setWriting(true)}>Write to our team</button></p>
            </>
          )}
        </section>
      )}
      <button
        type="button"
        className={`chatbot-launcher${state.welcomeAnimation ? " welcome" : ""}`}
        aria-expanded={state.isOpen}
        aria-label={state.isOpen ? "Close chat" : "Chat with us"}
        data-testid="chatbot-launcher"
        onClick={() => store.setOpen(!state.isOpen)}
      >
        {state.isOpen ? "×" : "Chat"}
      </button>
    </div>
  );
}

function ChatbotBubble({ message, canRate, onRate, onAsk, busy }: { message: ChatbotMessage; canRate: boolean; onRate: (r: "up" | "down") => void; onAsk: (q: string) => void; busy: boolean }) {
  const rateable = canRate && message.role === "bot" && message.id !== GETTING_STARTED_ID && !message.id.startsWith("notice-");
  return (
    <div className={`chatbot-msg ${message.role}`} data-content-type={message.contentType} data-role={message.role}>
      {/* Answers are markdown, drawn as the copilot draws them; a visitor's words and notices stay as typed. */}
      {message.role === "bot" && message.contentType === "text" ? <MarkdownAnswer text={message.text} /> : <p>{message.text}</p>}
      {message.cards.length > 0 && (
        <div className="chatbot-cards">
          {message.cards.map((c) => (
            <Link key={c.id} className="chatbot-card" data-card={c.kind} to={c.kind === "supplier" ? `/preview-supplier-profile/${c.id}` : `/preview-catalog-item/${c.id}`}>
              <strong>{c.title}</strong>
              {c.detail && <span className="muted">{c.detail}</span>}
            </Link>
          ))}
        </div>
      )}
      {message.id === GETTING_STARTED_ID && (
        <div className="chatbot-starters">
          {STARTER_QUESTIONS.map((q) => <button key={q} type="button" disabled={busy} onClick={() => onAsk(q)}>{q}</button>)}
        </div>
      )}
      {rateable && (
        <div className="chatbot-feedback" role="group" aria-label="Was this helpful?">
          <button type="button" aria-label="Helpful" aria-pressed={message.feedback === "up"} onClick={() => onRate("up")}><Thumb /></button>
          <button type="button" aria-label="Not helpful" aria-pressed={message.feedback === "down"} onClick={() => onRate("down")}><Thumb down /></button>
        </div>
      )}
    </div>
  );
}

/** A thumb drawn, not an emoji: many systems (and headless browsers) have no emoji font and show empty boxes. */
function Thumb({ down = false }: { down?: boolean }) {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" style={down ? { transform: "rotate(180deg)" } : undefined}>
      <path fill="currentColor" d="M2 21h4V9H2v12zm20-11c0-1.1-.9-2-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6C6.2 8 6 8.5 6 9v10c0 1.1.9 2 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2z" />
    </svg>
  );
}
