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

/**
 * The HTTP status of an agent server refusal: the SDK's HTTPError carries it as a typed field
 * (its message is "HTTP 409: <body>" and is never read); null for anything else (network, aborted).
 */
export function agentErrorStatus(err: unknown): number | null {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : null;
}

/** Where the browser keeps the open thread of each assistant, so a reload restores it. */
export function threadStorageKey(assistant: string): string {
  return `atelier.chat.${assistant}.thread`;
}

/**
 * A run's events as the chat runtime reads them. The agent server closes every stream with an
 * `end` frame (its event log's marker, which lets a follower resuming with Last-Event-ID know the
 * run is over); assistant-ui's LangGraph runtime has no case for it and warned "Unhandled event
 * received: end null" after every run, so it stops here.
 */
export async function* runEvents<E extends { event: string }>(events: AsyncIterable<E>): AsyncGenerator<E> {
  for await (const event of events) {
    if (event.event !== "end") yield event;
  }
}
