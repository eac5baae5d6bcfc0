import { useEffect, useState } from "react";

type WebConfig = { model?: { kind: string; label: string } };

/** Says plainly when the built-in offline assistant answers, and how to connect a real model. */
export function OfflineNote() {
  const [config, setConfig] = useState<WebConfig>({});
  useEffect(() => {
    let live = true;
    fetch("/web-config.json")
      .then((r) => (r.ok ? (r.json() as Promise<WebConfig>) : {}))
      .then((c) => live && setConfig(c), () => live && setConfig({}));
    return () => {
      live = false;
    };
  }, []);
  if (config.model?.kind !== "offline") return null;
  return (
    <p className="offline-banner" role="note" data-testid="offline-banner">
      You are talking to the built-in offline assistant: it understands common requests and uses the same tools. To connect a real model, set OPENAI_API_KEY (or OPENAI_BASE_URL for a local server such as Ollama) and ATELIER_MODEL, then restart.
    </p>
  );
}
