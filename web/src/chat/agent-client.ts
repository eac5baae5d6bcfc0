import { Client } from "@langchain/langgraph-sdk";
import { getRuntime } from "../app/runtime";
import { currentToken } from "../session/session-store";

/** The agent server's LangGraph client, sending the user's own token on every request. */
export function agentClient(): Client {
  return new Client({
    apiUrl: getRuntime().agentUrl,
    onRequest: (_url, init) => {
      const token = currentToken();
      const headers = new Headers(init.headers);
      if (token) headers.set("authorization", `Bearer ${token}`);
      return { ...init, headers };
    },
  });
}

/** Where the browser keeps the open thread of each assistant, so a reload restores it. */
export function threadStorageKey(assistant: string): string {
  return `atelier.chat.${assistant}.thread`;
}
