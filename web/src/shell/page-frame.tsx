import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import type { AssistantId } from "@atelier/contracts/agent-context";
import { openChat } from "../chat/chat-intents";
import { isLoggedIn, useSession } from "../session/session-store";

type Props = { title: string; children?: ReactNode; actions?: ReactNode; chatPrompt?: string; assistant?: AssistantId };

/** The shared page frame: title, the page's chat entry, and the page. */
export function PageFrame({ title, children, actions, chatPrompt, assistant = "copilot" }: Props) {
  const location = useLocation();
  // The assistant panel lives in the logged-in shell; logged out, the entry leads to the login
  // (and back here after it) instead of a button that opens nothing.
  const loggedIn = isLoggedIn(useSession());
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{title}</h1>
        <div className="page-actions">
          {actions}
          {!loggedIn ? (
            <Link className="button chat-entry" data-testid="page-chat-entry" to={`/login?path=${encodeURIComponent(location.pathname + location.search)}`}>
              Log in to ask the assistant
            </Link>
          ) : <button
            type="button"
            className="chat-entry"
            data-testid="page-chat-entry"
            onClick={() => openChat({ text: chatPrompt ?? "", newThread: true, source: "page", assistant })}
            title={`Ask the assistant about ${location.pathname}`}
          >
            Ask the assistant
          </button>}
        </div>
      </div>
      {children}
    </section>
  );
}
