import type { ReactNode } from "react";
import { useLocation } from "react-router";
import type { AssistantId } from "@atelier/contracts/agent-context";
import { openChat } from "../chat/chat-intents";

type Props = { title: string; children?: ReactNode; actions?: ReactNode; chatPrompt?: string; assistant?: AssistantId };

/** The shared page frame: title, the page's chat entry, and the page. */
export function PageFrame({ title, children, actions, chatPrompt, assistant = "copilot" }: Props) {
  const location = useLocation();
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{title}</h1>
        <div className="page-actions">
          {actions}
          <button
            type="button"
            className="chat-entry"
            data-testid="page-chat-entry"
            onClick={() => openChat({ text: chatPrompt ?? "", newThread: true, source: "page", assistant })}
            title={`Ask the assistant about ${location.pathname}`}
          >
            Ask the assistant
          </button>
        </div>
      </div>
      {children}
    </section>
  );
}
