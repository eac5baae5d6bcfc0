import { useState, type FormEvent } from "react";
import { requestMeeting, type Meeting } from "@atelier/contracts/inbox/contracts";
import type { InboxPort } from "./inbox-port";

/** "2026-12-01T15:00" for a datetime-local field: the next whole hour, `days` from now, in the reader's zone. */
function localSlot(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setMinutes(0, 0, 0);
  d.setHours(Math.min(Math.max(d.getHours() + 1, 9), 17));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Either side: a topic, a length and up to three times (in the reader's zone) the other side picks from. */
export function ProposeMeetingForm({ port, sid, onSent, onCancel }: { port: InboxPort; sid: string; onSent: (m: Meeting) => void; onCancel: () => void }) {
  const [topic, setTopic] = useState("");
  const [minutes, setMinutes] = useState("30");
  const [times, setTimes] = useState([localSlot(1), localSlot(2), ""]);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const chosen = times.filter((t) => t.trim());
    if (chosen.length === 0) return setError("Propose at least one time.");
    setBusy(true);
    setError(null);
    try {
      const meeting = await port.call(requestMeeting, {
        params: { sid },
        // datetime-local is the reader's wall clock; Date reads it in the same zone.
        body: { topic: topic.trim(), durationMinutes: Number(minutes), proposedTimes: chosen.map((t) => new Date(t).toISOString()), note: note.trim() },
      }, { idempotencyKey: crypto.randomUUID() });
      onSent(meeting);
    } catch (err) {
      setError(err instanceof Error ? err.message : "The meeting request was not sent. Try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="quote-propose" aria-label="Propose a meeting" onSubmit={(e) => void submit(e)}>
      <label className="quote-wide">What the meeting is about<input required value={topic} maxLength={200} placeholder="Sample review" onChange={(e) => setTopic(e.target.value)} /></label>
      <label>Length
        <select value={minutes} onChange={(e) => setMinutes(e.target.value)}>
          {["15", "30", "45", "60", "90"].map((m) => <option key={m} value={m}>{m} minutes</option>)}
        </select>
      </label>
      {times.map((t, i) => (
        <label key={i}>{i === 0 ? "First choice" : i === 1 ? "Or" : "Or (optional)"}
          <input type="datetime-local" required={i === 0} value={t} onChange={(e) => setTimes(times.map((x, j) => (j === i ? e.target.value : x)))} />
        </label>
      ))}
      <label className="quote-wide">Note<input value={note} maxLength={2000} placeholder="A line for them" onChange={(e) => setNote(e.target.value)} /></label>
      {error && <p role="alert" className="error quote-wide">{error}</p>}
      <div className="quote-actions quote-wide">
        <button type="submit" className="button primary" disabled={busy}>Send meeting request</button>
        <button type="button" className="button" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
