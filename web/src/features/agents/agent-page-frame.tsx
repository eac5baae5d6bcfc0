import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { loginRedirect } from "../../routes/guards";
import { isLoggedIn, useSession } from "../../session/session-store";
import type { AgentPage } from "./agent-pages";
import "./agents.css";

type Props = { page: AgentPage; title: string; intro?: string; action: ReactNode; children: ReactNode };

/** The frame of an agent's chat and review pages: the heading and its link, then the page, or the way in for a logged-out visitor. */
export function AgentPageFrame({ page, title, intro, action, children }: Props) {
  const location = useLocation();
  const session = useSession();
  return (
    <section className="page agent-page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{title}</h1>
        {action}
      </div>
      {intro && <p className="muted">{intro}</p>}
      {isLoggedIn(session) ? children : <LoginPrompt page={page} to={loginRedirect(location.pathname, location.search)} />}
    </section>
  );
}

/** What a logged-out visitor sees: the agent's purpose and the way in (the agent acts with the user's own token). */
function LoginPrompt({ page, to }: { page: AgentPage; to: string }) {
  return (
    <div className="card agent-login" data-testid="agent-login-prompt">
      <strong>Log in to start chatting with the {page.title.toLowerCase()}.</strong>
      <p className="muted">The agent works with your own account: it saves tech packs, matches factories and contacts them on your behalf. For example:</p>
      <ul>{page.examples.map((e) => <li key={e}>“{e}”</li>)}</ul>
      <div><Link className="button primary" to={to}>Log in to chat</Link></div>
    </div>
  );
}
