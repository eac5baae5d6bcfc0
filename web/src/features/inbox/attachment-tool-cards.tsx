import { Link } from "react-router";
import { placeWords, type Attachment, type AttachmentKind, type Pin } from "@atelier/contracts/inbox/contracts";
import type { QuoteComparisonRow } from "@atelier/contracts/inbox/contracts";
import { AuthedImage } from "../../ui/authed-image";
import { QuoteComparisonCard } from "./quote-tool-cards";
import "./quote-tool-cards.css";

// The chat's cards for the inbox file tools (issue 18): a conversation's files with their
// thumbnails, a picture with its numbered pins where they sit, a pin just dropped, and the quotes
// compared per tech pack. Everything in words: kinds, sizes, sides and places, never codes or numbers of a point.

const KIND_WORDS: Record<AttachmentKind, string> = { IMAGE: "Picture", VIDEO: "Video", PDF: "PDF", AI: "Illustrator file", FILE: "Spreadsheet" };
const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const who = (side: Attachment["side"], authorName: string) => (side === "STORE" ? "you" : authorName);
/** Where the file opens in the inbox: the conversation, with a picture's pins beside it. */
const openAt = (a: Pick<Attachment, "conversationSid" | "id" | "kind">) => `/inbox/messages?c=${encodeURIComponent(a.conversationSid)}${a.kind === "IMAGE" ? `&file=${encodeURIComponent(a.id)}` : ""}`;

export function AttachmentsCard({ files, total }: { files: Attachment[]; total: number }) {
  if (!files.length) return <span className="muted">No files in this conversation yet.</span>;
  return (
    <>
      {files.slice(0, 5).map((f) => (
        <div key={f.id} className="tool-row tool-file" data-testid="card-file">
          {f.thumbnailUrl ? <AuthedImage src={f.thumbnailUrl} alt={f.fileName} className="tool-file-thumb" /> : <span className="tool-file-kind" aria-hidden="true">{f.extension.toUpperCase()}</span>}
          <div className="tool-file-text">
            <Link to={openAt(f)}>{f.fileName}</Link>
            <div className="muted">
              {[KIND_WORDS[f.kind], size(f.sizeBytes), `from ${who(f.side, f.authorName)}`, f.kind === "IMAGE" ? (f.pinCount === 1 ? "1 pin" : `${f.pinCount} pins`) : ""].filter(Boolean).join(" · ")}
            </div>
          </div>
        </div>
      ))}
      {total > Math.min(files.length, 5) && <div className="muted">{total - Math.min(files.length, 5)} more in the conversation.</div>}
    </>
  );
}

const pinLine = (p: Pin) => `${p.side === "STORE" ? "You" : p.authorName}, ${placeWords(p.x, p.y)}: “${p.comment}”`;

/** A picture with its pins drawn where they are, and the pins in words beside it. */
export function PinsCard({ attachment, pins }: { attachment: Attachment; pins: Pin[] }) {
  return (
    <div className="tool-pins">
      <Link to={openAt(attachment)} className="tool-pins-stage" aria-label={`Open ${attachment.fileName} in the inbox`}>
        <AuthedImage src={attachment.thumbnailUrl ?? attachment.url} alt={attachment.fileName} className="tool-pins-image" />
        {pins.map((p) => (
          <span key={p.id} className={`tool-pin${p.side === "STORE" ? " tool-pin-mine" : ""}`} style={{ left: `${p.x * 100}%`, top: `${p.y * 100}%` }} aria-hidden="true">{p.number}</span>
        ))}
      </Link>
      <div className="tool-pins-text">
        <strong>{attachment.fileName}</strong>
        {pins.length ? (
          <ol className="tool-pin-list">{pins.map((p) => <li key={p.id} value={p.number}>{pinLine(p)}</li>)}</ol>
        ) : (
          <div className="muted">No pins on this picture yet.</div>
        )}
      </div>
    </div>
  );
}

/** A pin just dropped: its number, where and what, and that the supplier sees it. */
export function PinAddedCard({ pin }: { pin: Pin }) {
  return (
    <div className="tool-row" data-testid="card-pin">
      <strong>Pin {pin.number}</strong> at the {placeWords(pin.x, pin.y)}: “{pin.comment}” <span className="muted">· the supplier sees it now</span>
    </div>
  );
}

export type ProjectComparison = { project: { id: string; title: string }; rows: QuoteComparisonRow[]; cheapestQuoteId: string | null };

/** compare_quotes_by_project: one landed-cost table per tech pack, the latest quoted first. */
export function ProjectComparisonsCard({ projects, total }: { projects: ProjectComparison[]; total: number }) {
  if (!projects.length) return <span className="muted">No quotes to compare yet.</span>;
  return (
    <>
      {projects.map((c) => (
        <section key={c.project.id} className="tool-project-quotes" aria-label={`Quotes for ${c.project.title}`}>
          <strong>{c.project.title}</strong> <span className="muted">· {c.rows.length === 1 ? "1 supplier" : `${c.rows.length} suppliers`}</span>
          <QuoteComparisonCard title={c.project.title} rows={c.rows} cheapestQuoteId={c.cheapestQuoteId} />
        </section>
      ))}
      {total > projects.length && <div className="muted">{total - projects.length === 1 ? "1 more tech pack" : `${total - projects.length} more tech packs`} with quotes.</div>}
    </>
  );
}
