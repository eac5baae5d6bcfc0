import { useId, useState } from "react";
import { SUPPORT_TEAM, createSupportRequest } from "@atelier/contracts/help-center";
import { request } from "../../api/client";
import { errorSentence } from "../../api/error-catalogue";
import { anonymousCreatorId, getSession } from "../../session/session-store";

type Sent = { email: string; to: string; replyWithinHours: number };

/**
 * The help centre's human channel inside the chatbot: the visitor's question goes to the support
 * team, and a person replies by e-mail. The button names who receives it; nothing is sent before
 * the visitor presses it.
 */
export function SupportForm({ threadId, onBack }: { threadId: string | null; onBack: () => void }) {
  const [email, setEmail] = useState(getSession().user?.email ?? "");
  const [name, setName] = useState("");
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const id = useId();

  if (sent) {
    return (
      <div className="chatbot-support" role="status">
        <p><strong>Sent to {sent.to}.</strong> A person replies to {sent.email} within {sent.replyWithinHours} hours.</p>
        <button type="button" onClick={onBack}>Back to the chat</button>
      </div>
    );
  }
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const body = { email: email.trim(), message: message.trim(), ...(name.trim() ? { name: name.trim() } : {}), ...(threadId ? { threadId } : {}), anonymousId: anonymousCreatorId() };
      setSent(await request(createSupportRequest, { body }, { quiet: true }));
    } catch (err) {
      setError(errorSentence(err, "Your message could not be sent. Please try again."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="chatbot-support" aria-label="Write to our team" onSubmit={(e) => { e.preventDefault(); void send(); }}>
      <p className="muted">A person from {SUPPORT_TEAM.name} reads this and replies by e-mail within {SUPPORT_TEAM.replyWithinHours} hours.</p>
      <label htmlFor={`${id}-email`}>Your e-mail</label>
      <input id={`${id}-email`} type="email" required maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
      <label htmlFor={`${id}-name`}>Your name (optional)</label>
      <input id={`${id}-name`} maxLength={120} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
      <label htmlFor={`${id}-message`}>Your question</label>
      <textarea id={`${id}-message`} required minLength={10} maxLength={4000} rows={4} value={message} onChange={(e) => setMessage(e.target.value)} />
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="chatbot-support-actions">
        <button type="button" onClick={onBack} disabled={busy}>Back</button>
        <button type="submit" className="primary" disabled={busy || !email.trim() || message.trim().length < 10}>Send to {SUPPORT_TEAM.name}</button>
      </div>
    </form>
  );
}
