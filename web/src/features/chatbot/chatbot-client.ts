import { Client } from "@langchain/langgraph-sdk";
import type { AssistantId } from "@atelier/contracts/agent-context";
import { getRuntime } from "../../app/runtime";
import { anonymousCreatorId, currentToken } from "../../session/session-store";
import { isTokenValid } from "../../session/token";
import { CHATBOT_CONTENT_TYPES, type ChatbotCard, type ChatbotContentType, type ChatbotMessage } from "./chatbot-state";

export const CHATBOT_ASSISTANT: AssistantId = "storefront-chat";
/** Where the browser keeps the visitor's open chatbot thread, so a reload continues it. */
export const CHATBOT_THREAD_KEY = "atelier.chatbot.thread";

/** The agent server as the chatbot reaches it: a logged-in user's token, otherwise the anonymous creator id (000 §3). */
export function chatbotClient(): Client {
  return new Client({
    apiUrl: getRuntime().agentUrl,
    onRequest: (_url, init) => {
      const headers = new Headers(init.headers);
      const token = currentToken();
      if (token && isTokenValid(token)) headers.set("authorization", `Bearer ${token}`);
      else headers.set("x-anonymous-id", anonymousCreatorId());
      return { ...init, headers };
    },
  });
}

/** A LangChain message as the agent server sends it. */
export type WireMessage = { id?: string; type: string; content: unknown; name?: string; tool_calls?: unknown[]; additional_kwargs?: Record<string, unknown> };

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((p) => (p && typeof p === "object" && "text" in p ? String((p as { text: unknown }).text) : "")).join("");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // A truncated or plain-text tool answer has no cards; the answer's text still says it.
    return null;
  }
}

const str = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");

/** Supplier and product cards from one tool answer (a list, or one record). */
export function cardsOf(kind: ChatbotCard["kind"], result: unknown): ChatbotCard[] {
  const r = result as Record<string, unknown> | null;
  const list = Array.isArray(r?.list) ? r.list : Array.isArray(r?.items) ? r.items : r && typeof r === "object" && "id" in r ? [r] : [];
  return (list as Record<string, unknown>[]).slice(0, 4).flatMap((x): ChatbotCard[] => {
    const id = str(x.id);
    if (!id) return [];
    if (kind === "supplier") {
      const detail = [str(x.countryName ?? x.countryCode), x.moq ? `MOQ ${str(x.moq)}` : "", typeof x.averageReview === "number" && x.averageReview > 0 ? `★ ${x.averageReview.toFixed(1)}` : ""].filter(Boolean).join(" · ");
      return [{ kind, id, title: str(x.name) || "Supplier", detail }];
    }
    const price = typeof x.samplePriceCents === "number" ? `sample $${(x.samplePriceCents / 100).toFixed(2)}` : "";
    return [{ kind, id, title: str(x.title) || str(x.name) || "Product", detail: [str(x.supplierName), price, x.moq ? `MOQ ${str(x.moq)}` : ""].filter(Boolean).join(" · ") }];
  });
}

const contentTypeOf = (v: unknown): ChatbotContentType => ((CHATBOT_CONTENT_TYPES as readonly string[]).includes(String(v)) ? (v as ChatbotContentType) : "text");

/**
 * The thread's messages as the widget shows them: the visitor's questions and the bot's final
 * answers (tool calls hidden), each answer with its content type and the cards of its turn.
 */
export function toChatbotMessages(messages: WireMessage[]): ChatbotMessage[] {
  const out: ChatbotMessage[] = [];
  let turnCards: ChatbotCard[] = [];
  for (const m of messages) {
    if (m.type === "human") {
      turnCards = [];
      out.push({ id: m.id ?? crypto.randomUUID(), role: "visitor", contentType: "text", text: textOf(m.content), feedback: null, cards: [] });
    } else if (m.type === "tool") {
      const kind = /supplier|compan|factor/.test(m.name ?? "") ? "supplier" : /product|catalog|item/.test(m.name ?? "") ? "product" : null;
      if (kind) turnCards = [...turnCards, ...cardsOf(kind, parseJson(textOf(m.content)))];
    } else if (m.type === "ai" && !m.tool_calls?.length) {
      const text = textOf(m.content);
      if (!text.trim()) continue;
      const contentType = contentTypeOf(m.additional_kwargs?.contentType);
      const cards = contentType === "supplier" || contentType === "product" ? turnCards.filter((c) => c.kind === contentType) : [];
      out.push({ id: m.id ?? crypto.randomUUID(), role: "bot", contentType, text, feedback: null, cards });
    }
  }
  return out;
}
