import { useEffect, useState } from "react";
import { ATTACHMENT_KINDS, listAttachments, type Attachment, type AttachmentKind } from "@atelier/contracts/inbox/contracts";
import type { InboxPort } from "./inbox-port";
import { AuthorisedImage, downloadFile } from "./attachment-chip";

const KIND_WORDS: Record<AttachmentKind, string> = { IMAGE: "Pictures", VIDEO: "Videos", PDF: "PDFs", AI: "Illustrator files", FILE: "Spreadsheets" };
const PAGE = 12;
const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** A conversation's files from both sides, newest first, paged and filtered on the server. */
export function AttachmentsPanel({ port, sid, version, onOpen, onClose }: { port: InboxPort; sid: string; version: number; onOpen: (id: string) => void; onClose: () => void }) {
  const [kind, setKind] = useState<AttachmentKind | "">("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const [data, setData] = useState<{ list: Attachment[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(() => {
      port.call(listAttachments, { params: { sid }, query: { page, size: PAGE, ...(kind ? { kind } : {}), ...(search.trim() ? { search: search.trim() } : {}) } }).then(
        (r) => live && setData(r),
        () => live && setError("The files could not be loaded."),
      );
    }, search ? 250 : 0);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [port, sid, kind, search, page, version]);
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE)) : 1;
  return (
    <section className="inbox-files-panel" aria-label="Files in this conversation">
      <header className="inbox-pins-head">
        <h3>Files{data ? ` (${data.total})` : ""}</h3>
        <button type="button" className="button" onClick={onClose}>Close</button>
      </header>
      <div className="inbox-filters">
        <input type="search" aria-label="Search files by name" placeholder="Search by name" value={search} onChange={(e) => { setSearch(e.target.value); setPage(0); }} />
        <select aria-label="Kind of file" value={kind} onChange={(e) => { setKind(e.target.value as AttachmentKind | ""); setPage(0); }}>
          <option value="">All kinds</option>
          {ATTACHMENT_KINDS.map((k) => <option key={k} value={k}>{KIND_WORDS[k]}</option>)}
        </select>
      </div>
      {error && <p role="alert" className="error">{error}</p>}
      <ul className="inbox-file-list">
        {data?.list.map((a) => (
          <li key={a.id} className="inbox-file-item">
            {a.thumbnailUrl ? (
              <button type="button" className="inbox-thumb-button" onClick={() => onOpen(a.id)} aria-label={`Open ${a.fileName} with its pins`}>
                <AuthorisedImage port={port} url={a.thumbnailUrl} alt={a.fileName} className="inbox-thumb-small" />
              </button>
            ) : <span className="chip">{KIND_WORDS[a.kind].replace(/s$/, "")}</span>}
            <span className="inbox-file-main">
              <span className="inbox-file-name">{a.fileName}</span>
              <span className="muted">{a.side === port.side ? "You" : a.authorName} · {new Date(a.createdAt).toLocaleDateString()} · {size(a.sizeBytes)}{a.pinCount ? ` · ${a.pinCount} pin${a.pinCount === 1 ? "" : "s"}` : ""}</span>
            </span>
            <button type="button" className="link" onClick={() => void downloadFile(port, a.url).catch(() => setError(`${a.fileName} could not be downloaded.`))}>Download</button>
          </li>
        ))}
        {data && data.list.length === 0 && <li className="muted">{search || kind ? "No file matches." : "No files yet. Use Attach to send one."}</li>}
      </ul>
      {pages > 1 && (
        <nav className="inbox-file-pages" aria-label="Pages of files">
          <button type="button" className="button" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>Previous</button>
          <span className="muted">Page {page + 1} of {pages}</span>
          <button type="button" className="button" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>Next</button>
        </nav>
      )}
    </section>
  );
}
