import { useState } from "react";
import { acceptMeeting, declineMeeting, type Meeting, type Message } from "@atelier/contracts/inbox/contracts";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import type { InboxPort } from "./inbox-port";

const STATUS_WORDS: Record<Meeting["status"], string> = { REQUESTED: "Waiting for an answer", ACCEPTED: "Accepted", DECLINED: "Declined", EXPIRED: "Expired" };
/** A time in the reader's own zone, with the day: "Tue, 1 Dec, 15:00". */
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/** The join link and the calendar invitation of an accepted meeting. */
function MeetingLinks({ joinUrl, calendarUrl }: { joinUrl: string; calendarUrl: string | null }) {
  return (
    <div className="quote-actions">
      <a className="button primary" href={joinUrl} target="_blank" rel="noreferrer">Join the meeting</a>
      {calendarUrl && <a className="button" href={calendarUrl} download>Add to calendar</a>}
    </div>
  );
}

/**
 * A meeting request in the conversation, as it stands now (live through message.updated): the
 * proposed times, and for the side whose turn it is, one button per time (after a confirmation
 * naming the other side and the time) and decline. Once accepted: the time, the join link and the
 * calendar invitation.
 */
export function MeetingRequestCard({ message, port, onChange }: { message: Message; port?: InboxPort; onChange?: (m: Meeting) => void }) {
  const meeting = message.meeting;
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!meeting) {
    const a = message.attributes;
    return <p><strong>Meeting request:</strong> {str(a.topic)}</p>;
  }
  const myTurn = port !== undefined && meeting.awaitingSide === port.side;
  const other = port?.side === "STORE" ? meeting.supplierName : meeting.storeName;
  const run = async (fn: () => Promise<Meeting>) => {
    setBusy(true);
    setError(null);
    try {
      onChange?.(await fn());
      setPicked(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : "That did not work. Try again.");
    } finally {
      setBusy(false);
    }
  };
  const key = () => ({ idempotencyKey: crypto.randomUUID() });
  return (
    <div className={`quote-card meeting-card quote-${meeting.status.toLowerCase()}`} data-meeting={meeting.id}>
      <div className="quote-head">
        <strong>Meeting request: {meeting.topic}</strong>
        <span className="chip quote-status">{STATUS_WORDS[meeting.status]}</span>
      </div>
      <p className="quote-foot">{meeting.durationMinutes} minutes · video call · proposed by {meeting.requestedByName}</p>
      {meeting.status === "ACCEPTED" && meeting.startsAt ? (
        <>
          <p>Set for <strong>{when(meeting.startsAt)}</strong></p>
          {meeting.joinUrl && <MeetingLinks joinUrl={meeting.joinUrl} calendarUrl={meeting.calendarUrl} />}
        </>
      ) : (
        <ul className="meeting-times" aria-label="Proposed times">
          {meeting.proposedTimes.map((t) => (
            <li key={t}>
              <span>{when(t)}</span>
              {myTurn && <button type="button" className="button" disabled={busy || Date.parse(t) <= Date.now()} onClick={() => setPicked(t)}>Pick this time</button>}
            </li>
          ))}
        </ul>
      )}
      {meeting.status === "REQUESTED" && !myTurn && <p className="quote-foot">Waiting for {other || "the other side"} to pick a time.</p>}
      {meeting.status === "DECLINED" && meeting.declineReason && <p className="quote-foot">{meeting.declineReason}</p>}
      {error && <p role="alert" className="error">{error}</p>}
      {myTurn && (
        <div className="quote-actions">
          <button type="button" className="button" disabled={busy} onClick={() => void run(() => port!.call(declineMeeting, { params: { id: meeting.id }, body: {} }, key()))}>None of these work</button>
        </div>
      )}
      {picked && (
        <ConfirmDialog title={`Meet ${other} on ${when(picked)}?`} confirmLabel="Accept this time" busy={busy}
          onConfirm={() => void run(() => port!.call(acceptMeeting, { params: { id: meeting.id }, body: { startsAt: picked } }, key()))} onCancel={() => setPicked(null)}>
          <p>A {meeting.durationMinutes}-minute video meeting about “{meeting.topic}”. {other} gets the join link and a calendar invitation in this conversation.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The meeting an accepted request created: when, the join link and the calendar invitation. */
export function MeetingCard({ message }: { message: Message }) {
  const a = message.attributes;
  const calendarUrl = message.meeting?.calendarUrl ?? (str(a.calendarUrl) || null);
  return (
    <div className="quote-card meeting-card">
      <div className="quote-head">
        <strong>Video meeting{str(a.topic) ? `: ${str(a.topic)}` : ""}</strong>
      </div>
      <p><strong>{when(str(a.startsAt))}</strong> · {String(a.durationMinutes)} minutes</p>
      <MeetingLinks joinUrl={str(a.joinUrl)} calendarUrl={calendarUrl} />
    </div>
  );
}
