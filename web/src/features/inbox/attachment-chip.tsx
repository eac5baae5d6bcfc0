import { useEffect, useState } from "react";
import { attachmentIdOfUrl } from "@atelier/contracts/inbox/contracts";
import type { InboxPort } from "./inbox-port";

function fileNameOf(url: string): string {
  return decodeURIComponent(url.split("/").pop() ?? url);
}

/** A picture drawn from a conversation file (fetched with the side's token). */
export function AuthorisedImage({ port, url, alt, className }: { port: InboxPort; url: string; alt: string; className?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    port.fileUrl(url).then((u) => live && setSrc(u), () => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [port, url]);
  if (failed) return <span className="muted">The picture could not be loaded.</span>;
  return src ? <img src={src} alt={alt} className={className} /> : <span className={`inbox-thumb-wait ${className ?? ""}`} aria-busy="true" />;
}

/** Saves a conversation file: fetched with the token, then handed to the browser as a download. */
export async function downloadFile(port: InboxPort, url: string): Promise<void> {
  const href = await port.fileUrl(url);
  const a = document.createElement("a");
  a.href = href;
  a.download = fileNameOf(url);
  a.click();
}

/**
 * One attached file in a message: a picture's thumbnail (click to open it with its pins), or the
 * file's name with a download button. Links that are not conversation files (an old upload, an
 * outside link) show by name.
 */
export function AttachmentChip({ port, url, label, onOpen }: { port?: InboxPort; url: string; label: string; onOpen?: (attachmentId: string) => void }) {
  const id = attachmentIdOfUrl(url);
  const name = fileNameOf(url);
  const [error, setError] = useState<string | null>(null);
  if (!id || !port) return <li><span className="chip">{label}</span> {name}</li>;
  if (label === "Image" && onOpen) {
    return (
      <li>
        <button type="button" className="inbox-thumb-button" onClick={() => onOpen(id)} aria-label={`Open ${name} with its pins`}>
          <AuthorisedImage port={port} url={`${url.slice(0, url.indexOf("/file/"))}/thumbnail.webp`} alt={name} className="inbox-thumb" />
        </button>
      </li>
    );
  }
  return (
    <li className="inbox-file-row">
      <span className="chip">{label}</span> <span className="inbox-file-name">{name}</span>
      <button type="button" className="link" onClick={() => downloadFile(port, url).catch((e: unknown) => setError(e instanceof Error ? e.message : "The file could not be downloaded."))}>Download</button>
      {error && <span role="alert" className="error">{error}</span>}
    </li>
  );
}
