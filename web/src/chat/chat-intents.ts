import type { AssistantId } from "@atelier/contracts/agent-context";
import { useSyncExternalStore } from "react";

/** A request to open the assistant panel: a new thread with its first text, and where it came from. */
export type ChatIntent = { id: number; text: string; newThread: boolean; source: "nav" | "screen" | "page"; assistant: AssistantId };

let intent: ChatIntent | null = null;
let seq = 0;
const listeners = new Set<() => void>();

/** Opens the panel; "AI Copilot" in the navigation calls this with empty text, tagged as from the nav. */
export function openChat(request: Omit<ChatIntent, "id">): ChatIntent {
  intent = { ...request, id: ++seq };
  listeners.forEach((l) => l());
  return intent;
}

export function closeChat(): void {
  intent = null;
  listeners.forEach((l) => l());
}

export function getChatIntent(): ChatIntent | null {
  return intent;
}

export function useChatIntent(): ChatIntent | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getChatIntent,
    getChatIntent,
  );
}
