import { useEffect, useState } from "react";
import { currentToken } from "../session/session-store";

/**
 * An uploaded picture: the API serves the store's files only with the member's bearer token, which
 * an <img> can't send, so the bytes are fetched and shown from an object URL (freed on unmount).
 */
export function AuthedImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let revoked = false;
    let made: string | null = null;
    const token = currentToken();
    window
      .fetch(src, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => {
        if (revoked) return;
        made = URL.createObjectURL(blob);
        setObjectUrl(made);
      })
      .catch(() => !revoked && setFailed(true));
    return () => {
      revoked = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [src]);
  if (failed) return <div className={`authed-image-missing ${className ?? ""}`} role="img" aria-label={`${alt} (could not be loaded)`}>Picture unavailable</div>;
  if (!objectUrl) return <div className={`authed-image-loading ${className ?? ""}`} role="img" aria-label={`${alt} (loading)`} aria-busy="true" />;
  return <img className={className} src={objectUrl} alt={alt} />;
}
