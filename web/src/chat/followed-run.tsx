import { createContext, useContext, useEffect, useState } from "react";
import { agentClient } from "./agent-client";

/** A run of the shown thread started in another tab (or by a reclaiming worker): followed here live. */
export type Followed = { threadId: string; runId: string } | null;

export const FollowedRunContext = createContext<Followed>(null);

type StreamPart = { event: string; data: unknown };

/** The text of the newest assistant message in a `values` event's messages, if any. */
function lastAssistantText(values: unknown): string | null {
  const messages = (values as { messages?: { type?: string; content?: unknown }[] } | null)?.messages;
  const last = Array.isArray(messages) ? messages.at(-1) : undefined;
  if (!last || (last.type !== "ai" && last.type !== "AIMessageChunk")) return null;
  return typeof last.content === "string" ? last.content : null;
}

/**
 * Shows a reply being written in another tab of the same user, from the run's own event stream
 * (joined from its start). When the run ends, the runtime reloads the thread and this disappears.
 */
export function FollowedRun() {
  const followed = useContext(FollowedRunContext);
  const [text, setText] = useState("");
  useEffect(() => {
    setText("");
    if (!followed) return;
    const abort = new AbortController();
    void (async () => {
      const chunks = new Map<string, string>();
      try {
        const parts = agentClient().runs.joinStream(followed.threadId, followed.runId, { signal: abort.signal, lastEventId: "-1" }) as AsyncGenerator<StreamPart>;
        for await (const part of parts) {
          if (part.event === "values") {
            const shown = lastAssistantText(part.data);
            if (shown !== null) setText(shown);
          } else if (part.event === "messages") {
            const [message] = part.data as [{ id?: string; type?: string; content?: unknown }];
            if (message?.type !== "AIMessageChunk" || typeof message.content !== "string") continue;
            const id = message.id ?? "";
            chunks.set(id, (chunks.get(id) ?? "") + message.content);
            setText(chunks.get(id)!);
          }
        }
      } catch (err) {
        // The run's end reloads the thread anyway; a broken follow stream only loses the live preview.
        if (!abort.signal.aborted) console.warn("following the run failed", err);
      }
    })();
    return () => abort.abort();
  }, [followed]);
  if (!followed) return null;
  return (
    <div className="chat-followed" role="status" aria-live="polite" data-testid="followed-run">
      <p className="muted">Replying in another tab…</p>
      {text && <p className="chat-followed-text">{text}</p>}
    </div>
  );
}
