import type { Meeting, Message, Quote } from "@atelier/contracts/inbox/contracts";
import { Link } from "react-router";
import type { InboxPort } from "./inbox-port";
import { MeetingCard, MeetingRequestCard } from "./meeting-card";
import { QuoteCard } from "./quote-card";
import { AttachmentChip } from "./attachment-chip";

const FILE_FIELDS = ["imageUrls", "videoUrls", "pdfUrls", "fileUrls"] as const;
const KIND_LABEL: Record<string, string> = { IMAGE: "Image", VIDEO: "Video", PDF: "PDF", AI: "Illustrator file", FILE: "Spreadsheet" };

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/** What a card says, per type: people read sentences, never the payload. */
type CardProps = { message: Message; port?: InboxPort; onQuote?: (q: Quote) => void; onMeeting?: (m: Meeting) => void; onOpenFile?: (attachmentId: string) => void };

function CardBody({ message, port, onQuote, onMeeting, onOpenFile }: CardProps) {
  const a = message.attributes;
  switch (message.type) {
    case "QUOTE":
      return message.quote ? <QuoteCard quote={message.quote} port={port} onChange={onQuote} /> : <p><strong>Quote:</strong> {str(a.title)}</p>;
    case "IMAGE":
    case "VIDEO":
    case "PDF":
    case "AI":
    case "FILE": {
      const urls = FILE_FIELDS.flatMap((f) => (Array.isArray(a[f]) ? (a[f] as string[]) : []));
      return (
        <ul className="inbox-files" aria-label={KIND_LABEL[message.type]}>
          {urls.map((u) => <AttachmentChip key={u} port={port} url={u} label={KIND_LABEL[message.type]!} onOpen={onOpenFile} />)}
        </ul>
      );
    }
    case "ZOOM_MEETING_REQUEST":
      return <MeetingRequestCard message={message} port={port} onChange={onMeeting} />;
    case "ZOOM_MEETING":
      return <MeetingCard message={message} />;
    case "TRACKING_LINK":
      return <p><strong>Tracking:</strong> <a href={str(a.url)} target="_blank" rel="noreferrer">{str(a.carrier) || "Track the shipment"} {str(a.trackingNumber)}</a></p>;
    case "CATALOG_ITEM":
    case "REMIX_PRODUCT_ITEM":
      return <p><strong>{message.type === "CATALOG_ITEM" ? "Catalog item" : "Remix request"}:</strong> <Link to={`/browse-suppliers/catalog-item/${str(a.catalogItemId)}`}>{str(a.title)}</Link>{a.changes ? ` — ${str(a.changes)}` : ""}</p>;
    case "SUPPLIER_PROFILE":
      return <p><Link to={`/supplier-profile/${str(a.supplierId)}`}>Supplier profile</Link></p>;
    case "CREATOR_CUSTOM_PROJECT":
      return <p><strong>Custom project:</strong> {str(a.title)}</p>;
    case "CREATOR_MILESTONE":
      return <p><strong>Milestone reached:</strong> {str(a.level)}</p>;
    case "IMAGE_COLLABORATION":
      return <p><strong>Image comments:</strong> {(a.pins as { comment: string }[]).map((p) => p.comment).join(" · ")}</p>;
    default:
      return null;
  }
}

/** One message: the other side's on the left, ours on the right. */
export function MessageBubble({ message, mine, port, onQuote, onMeeting, onOpenFile }: CardProps & { mine: boolean }) {
  return (
    <li className={`inbox-message${mine ? " inbox-message-mine" : ""}`} data-index={message.index}>
      <div className="inbox-bubble">
        <CardBody message={message} port={port} onQuote={onQuote} onMeeting={onMeeting} onOpenFile={onOpenFile} />
        {message.body && <p className="inbox-text">{message.body}</p>}
      </div>
      <span className="inbox-meta">
        {message.authorName} · {new Date(message.createdAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}
        {/* The demo answers for suppliers nobody staffs (api demo-responder); say so, never pass it off as a person. */}
        {message.attributes.demoReply === true && <span className="badge inbox-demo-reply" title="Written automatically by the demo for this supplier, not by a person">Automatic demo reply</span>}
      </span>
    </li>
  );
}
