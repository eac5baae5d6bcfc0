import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { addPin, listPins, type Attachment, type Pin } from "@atelier/contracts/inbox/contracts";
import type { InboxPort } from "./inbox-port";
import { AuthorisedImage } from "./attachment-chip";

const sideWords = (p: Pin, mySide: string) => (p.side === mySide ? "You" : p.authorName);

/**
 * A picture attached in a conversation with its numbered pins, both sides': click the picture to
 * drop a pin with a comment; the other side's pins arrive live (attachment.pinned). Points are
 * fractions of the picture, so they sit right at any size.
 */
export function ImagePins({ port, attachmentId, onClose }: { port: InboxPort; attachmentId: string; onClose: () => void }) {
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [pins, setPins] = useState<Pin[]>([]);
  const [draft, setDraft] = useState<{ x: number; y: number } | null>(null);
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // One key per pin being written: a retry after a lost answer drops it once.
  const pinKey = useRef(crypto.randomUUID());

  useEffect(() => {
    let live = true;
    port.call(listPins, { params: { id: attachmentId } }).then((r) => {
      if (!live) return;
      setAttachment(r.attachment);
      setPins(r.pins);
    }, () => live && setError("This picture could not be opened."));
    return () => {
      live = false;
    };
  }, [port, attachmentId]);
  useEffect(() => port.on("attachment.pinned", ({ pin }) => {
    if (pin.attachmentId === attachmentId) setPins((list) => (list.some((p) => p.id === pin.id) ? list : [...list, pin].sort((a, b) => a.number - b.number)));
  }), [port, attachmentId]);
  useEffect(() => {
    if (draft) input.current?.focus();
  }, [draft]);

  const place = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const clamp = (v: number) => Math.min(1, Math.max(0, Math.round(v * 1000) / 1000));
    setDraft({ x: clamp((e.clientX - box.left) / box.width), y: clamp((e.clientY - box.top) / box.height) });
    setError(null);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft || !comment.trim() || saving) return;
    setSaving(true);
    try {
      const pin = await port.call(addPin, { params: { id: attachmentId }, body: { ...draft, comment: comment.trim() } }, { idempotencyKey: pinKey.current });
      pinKey.current = crypto.randomUUID();
      setPins((list) => (list.some((p) => p.id === pin.id) ? list : [...list, pin].sort((a, b) => a.number - b.number)));
      setDraft(null);
      setComment("");
    } catch (err) {
      setError(err instanceof Error ? err.message : "The pin was not saved. Try again.");
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="inbox-pins" aria-label={attachment ? `Pins on ${attachment.fileName}` : "Picture"}>
      <header className="inbox-pins-head">
        <h3>{attachment?.fileName ?? "…"}</h3>
        <button type="button" className="button" onClick={onClose}>Close</button>
      </header>
      <div className="inbox-pins-body">
        <div className="inbox-pins-stage" onClick={place} role="presentation" title="Click the picture to drop a pin">
          {attachment && <AuthorisedImage port={port} url={attachment.url} alt={attachment.fileName} className="inbox-pins-image" />}
          {pins.map((p) => (
            <span key={p.id} className={`inbox-pin${p.side === port.side ? " inbox-pin-mine" : ""}`} style={{ left: `${p.x * 100}%`, top: `${p.y * 100}%` }} aria-hidden="true">{p.number}</span>
          ))}
          {draft && <span className="inbox-pin inbox-pin-draft" style={{ left: `${draft.x * 100}%`, top: `${draft.y * 100}%` }} aria-hidden="true">{pins.length + 1}</span>}
        </div>
        <div className="inbox-pins-side">
          {draft ? (
            <form className="inbox-pin-form" onSubmit={(e) => void save(e)}>
              <label>Pin {pins.length + 1}: what should they see here?
                <input ref={input} value={comment} maxLength={1000} onChange={(e) => setComment(e.target.value)} placeholder="e.g. Move the logo 1 cm up" />
              </label>
              <div className="inbox-pin-actions">
                <button type="submit" className="button primary" disabled={saving || !comment.trim()}>Add pin</button>
                <button type="button" className="button" onClick={() => setDraft(null)}>Cancel</button>
              </div>
            </form>
          ) : (
            <p className="muted">Click the picture to drop a numbered pin with a comment.</p>
          )}
          {error && <p role="alert" className="error">{error}</p>}
          <ol className="inbox-pin-list" aria-label="Pins">
            {pins.map((p) => <li key={p.id}><strong>{p.number}.</strong> {p.comment} <span className="muted">— {sideWords(p, port.side)}</span></li>)}
          </ol>
          {pins.length === 0 && <p className="muted">No pins yet.</p>}
        </div>
      </div>
    </section>
  );
}
