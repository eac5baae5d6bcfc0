/** Chatbot message content types (000 §3). */
export const CHATBOT_CONTENT_TYPES = ["text", "supplier", "product", "getting started", "loading", "notice"] as const;
export type ChatbotContentType = (typeof CHATBOT_CONTENT_TYPES)[number];

/** A supplier or product shown as a card under an answer. */
export type ChatbotCard = { kind: "supplier" | "product"; id: string; title: string; detail: string };

/** One chatbot message: contentType, feedback and id (000 §3), plus who wrote it and its cards. */
export type ChatbotMessage = {
  id: string;
  role: "visitor" | "bot";
  contentType: ChatbotContentType;
  text: string;
  feedback: "up" | "down" | null;
  cards: ChatbotCard[];
};

/**
 * The widget's state. Opening the window, disabling input and showing a loader are independent
 * flags (000 §2.7): each setter changes its own flag only.
 */
export type ChatbotState = {
  isOpen: boolean;
  inputDisabled: boolean;
  showLoader: boolean;
  /** The launcher's welcome animation; on until the visitor has opened the window. */
  welcomeAnimation: boolean;
  threadId: string | null;
  messages: ChatbotMessage[];
};

export const GETTING_STARTED_ID = "getting-started";

/** The first message of every conversation, and what "refresh conversation" goes back to. */
export const GETTING_STARTED_MESSAGE: ChatbotMessage = {
  id: GETTING_STARTED_ID,
  role: "bot",
  contentType: "getting started",
  text: "Hi! I'm Atelier's assistant. Ask me about getting started, plans and pricing, sales channels, fulfilment or support.",
  feedback: null,
  cards: [],
};

/** Questions offered under the getting-started message. */
export const STARTER_QUESTIONS = ["how do I get started", "how much does fulfilment cost", "what plans are there", "which sales channels can I sell on"];

export function initialChatbotState(overrides: Partial<ChatbotState> = {}): ChatbotState {
  return { isOpen: false, inputDisabled: false, showLoader: false, welcomeAnimation: true, threadId: null, messages: [GETTING_STARTED_MESSAGE], ...overrides };
}

export type ChatbotStore = ReturnType<typeof createChatbotStore>;

/** A small store for one widget: the flags, the conversation, and the transitions between them. */
export function createChatbotStore(initial: ChatbotState = initialChatbotState()) {
  let state = initial;
  const listeners = new Set<() => void>();
  const set = (patch: Partial<ChatbotState>) => {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  };
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Opening the window also ends the welcome animation: it has done its job. */
    setOpen: (isOpen: boolean) => set(isOpen ? { isOpen, welcomeAnimation: false } : { isOpen }),
    setInputDisabled: (inputDisabled: boolean) => set({ inputDisabled }),
    setLoader: (showLoader: boolean) => set({ showLoader }),
    setWelcomeAnimation: (welcomeAnimation: boolean) => set({ welcomeAnimation }),
    setThreadId: (threadId: string | null) => set({ threadId }),
    /** The server's conversation, always after the getting-started message. */
    setConversation: (messages: ChatbotMessage[]) => set({ messages: [GETTING_STARTED_MESSAGE, ...messages.filter((m) => m.id !== GETTING_STARTED_ID)] }),
    appendVisitorMessage: (id: string, text: string) => set({ messages: [...state.messages, { id, role: "visitor", contentType: "text", text, feedback: null, cards: [] }] }),
    /** A message of the widget's own (a failure notice), after the conversation. */
    appendMessage: (message: ChatbotMessage) => set({ messages: [...state.messages, message] }),
    setFeedback: (id: string, feedback: "up" | "down" | null) => set({ messages: state.messages.map((m) => (m.id === id ? { ...m, feedback } : m)) }),
    /** Refresh conversation: back to the getting-started message on a new thread; the window stays as it is. */
    refresh: () => set({ threadId: null, messages: [GETTING_STARTED_MESSAGE], showLoader: false, inputDisabled: false }),
  };
}
