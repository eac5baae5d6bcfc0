import { useState, type FormEvent } from "react";
import { proposeQuote, type Message, type QuoteDetail } from "@atelier/contracts/inbox/contracts";
import type { InboxPort } from "./inbox-port";

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

/** The custom project this conversation is about: the latest one the store sent. */
export function latestProject(messages: Message[]): { projectId: string; title: string } | null {
  const card = [...messages].reverse().find((m) => m.type === "CREATOR_CUSTOM_PROJECT");
  const a = card?.attributes as { projectId?: unknown; title?: unknown } | undefined;
  return typeof a?.projectId === "string" ? { projectId: a.projectId, title: typeof a.title === "string" ? a.title : "" } : null;
}

/** The supplier's side: a quote for the store's latest custom project (or a free one), sent as a live card. */
export function ProposeQuoteForm({ port, sid, messages, onSent, onCancel }: { port: InboxPort; sid: string; messages: Message[]; onSent: (q: QuoteDetail) => void; onCancel: () => void }) {
  const project = latestProject(messages);
  const [f, setF] = useState({ title: project?.title ?? "", price: "", quantity: "", moq: "", lead: "30", sample: "", until: inDays(14), note: "" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const cents = (t: string) => Math.round(Number(t.replace(/[$,\s]/g, "")) * 100);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const quote = await port.call(proposeQuote, {
        params: { sid },
        body: {
          title: f.title.trim(),
          ...(project ? { projectId: project.projectId } : {}),
          unitPriceCents: cents(f.price),
          quantity: Number(f.quantity),
          moq: Number(f.moq || f.quantity),
          leadTimeDays: Number(f.lead),
          samplePriceCents: f.sample.trim() ? cents(f.sample) : null,
          validUntil: new Date(`${f.until}T23:59:00Z`).toISOString(),
          note: f.note.trim(),
        },
      }, { idempotencyKey: crypto.randomUUID() });
      onSent(quote);
    } catch (err) {
      setError(err instanceof Error ? err.message : "The quote was not sent. Try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="quote-propose" aria-label="New quote" onSubmit={(e) => void submit(e)}>
      <label className="quote-wide">What you quote{project ? ` (for the custom project “${project.title}”)` : ""}<input required value={f.title} maxLength={200} onChange={set("title")} /></label>
      <label>Unit price ($)<input required inputMode="decimal" placeholder="4.20" value={f.price} onChange={set("price")} /></label>
      <label>Quantity<input required inputMode="numeric" placeholder="500" value={f.quantity} onChange={set("quantity")} /></label>
      <label>Minimum order<input inputMode="numeric" placeholder="Same as quantity" value={f.moq} onChange={set("moq")} /></label>
      <label>Lead time (days)<input required inputMode="numeric" value={f.lead} onChange={set("lead")} /></label>
      <label>Sample price ($)<input inputMode="decimal" placeholder="No sample" value={f.sample} onChange={set("sample")} /></label>
      <label>Valid until<input required type="date" value={f.until} onChange={set("until")} /></label>
      <label className="quote-wide">Note<input value={f.note} maxLength={2000} onChange={set("note")} /></label>
      {error && <p role="alert" className="error quote-wide">{error}</p>}
      <div className="quote-actions quote-wide">
        <button type="submit" className="button primary" disabled={busy}>Send quote</button>
        <button type="button" className="button" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
