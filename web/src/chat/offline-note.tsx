import { useEffect, useState } from "react";
import { useSession } from "../session/session-store";

type WebConfig = { model?: { kind: string; label: string } };

/** Where the store owner's "got it" is remembered, so the note is shown once, not on every screen. */
export const OFFLINE_NOTE_DISMISSED_KEY = "atelier.offlineNoteDismissed";

function dismissed(): boolean {
  try {
    return window.localStorage.getItem(OFFLINE_NOTE_DISMISSED_KEY) === "1";
  } catch {
    // Storage blocked (private mode): the note shows, and dismissing hides it for this page.
    return false;
  }
}

/**
 * Tells the store owner once that the built-in offline assistant answers, and how to connect a real
 * model; dismissed, it stays away. Only the owner can act on it (the server's settings are theirs):
 * team members (ADMIN, CX) never see it, nor do storefront visitors (the chatbot never renders it).
 */
export function OfflineNote() {
  const session = useSession();
  const isOwner = (session.storeRecord?.role ?? session.role) === "OWNER";
  const [config, setConfig] = useState<WebConfig>({});
  const [hidden, setHidden] = useState(dismissed);
  useEffect(() => {
    if (hidden || !isOwner) return;
    let live = true;
    fetch("/web-config.json")
      .then((r) => (r.ok ? (r.json() as Promise<WebConfig>) : {}))
      .then((c) => live && setConfig(c), () => live && setConfig({}));
    return () => {
      live = false;
    };
  }, [hidden, isOwner]);
  if (hidden || !isOwner || config.model?.kind !== "offline") return null;
  const dismiss = () => {
    setHidden(true);
    try {
      window.localStorage.setItem(OFFLINE_NOTE_DISMISSED_KEY, "1");
    } catch {
      // Storage blocked: hidden for this page only, which is the best that can be done.
    }
  };
  return (
    <p className="offline-banner" role="note" data-testid="offline-banner">
      You are talking to the built-in offline assistant: it understands common requests and uses the same tools. To connect a real model, set OPENAI_API_KEY (or OPENAI_BASE_URL for a local server such as Ollama) and ATELIER_MODEL, then restart.{" "}
      <button type="button" className="link-button" onClick={dismiss}>Dismiss</button>
    </p>
  );
}
