import { useEffect, useState } from "react";
import { currentToken } from "../../session/session-store";
import { hasThumbnail, type ChatAttachment } from "./attachment-types";

/** An uploaded image is served to the store's members only: fetched with the token, shown from a blob URL. */
function useAuthorisedImage(url: string, enabled: boolean): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let objectUrl: string | null = null;
    let live = true;
    const token = currentToken();
    window
      .fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then((r) => (r.ok ? r.blob() : null))
      .then((blob) => {
        if (!blob || !live) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      // No thumbnail is not an error: the chip still names the file.
      .catch(() => undefined);
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, enabled]);
  return src;
}

/** One attachment: a thumbnail for images a browser can draw, otherwise a chip with its type. */
export function AttachmentChip({ attachment, onRemove }: { attachment: ChatAttachment; onRemove?: () => void }) {
  const thumb = useAuthorisedImage(attachment.url, hasThumbnail(attachment.name));
  return (
    <span className="attachment-chip" data-testid="attachment-chip" data-type={attachment.type} title={attachment.name}>
      {thumb ? <img src={thumb} alt={attachment.name} className="attachment-thumb" /> : <span className="attachment-type">{attachment.type}</span>}
      <span className="attachment-name">{attachment.name}</span>
      {onRemove && <button type="button" className="link-button" aria-label={`Remove ${attachment.name}`} onClick={onRemove}>×</button>}
    </span>
  );
}

export function AttachmentChips({ list, onRemove, testId }: { list: ChatAttachment[]; onRemove?: (a: ChatAttachment) => void; testId?: string }) {
  if (!list.length) return null;
  return (
    <div className="attachment-chips" data-testid={testId}>
      {list.map((a) => <AttachmentChip key={a.url} attachment={a} onRemove={onRemove ? () => onRemove(a) : undefined} />)}
    </div>
  );
}
