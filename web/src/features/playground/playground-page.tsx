import { useState } from "react";
import { formatCompact, formatRelativeTime, formatUsd, gramsToPounds, isValidLink } from "../../format/format";
import { isTokenValid } from "../../session/token";
import { resolveRedirect } from "../../routes/redirects";
import { findRoute } from "../../routes/guards";
import { navKeysFor } from "../../nav/nav-state";

/** A developer playground (never in production): try the formats, links, tokens and route rules. */
export function PlaygroundPage() {
  const [number, setNumber] = useState("1234.5");
  const [grams, setGrams] = useState("1000");
  const [link, setLink] = useState("https://example.com");
  const [token, setToken] = useState("");
  const [path, setPath] = useState("/partners-top-nav?x=1");
  const [date, setDate] = useState(new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10));
  const n = Number(number);
  const [pathname = "/", query = ""] = path.split("?");
  const search = query ? `?${query}` : "";
  const route = findRoute(pathname);
  return (
    <section className="page" aria-labelledby="pg-title">
      <h1 id="pg-title">Playground</h1>
      <div className="grid two">
        <div className="card form">
          <label>Number<input value={number} onChange={(e) => setNumber(e.target.value)} /></label>
          <output data-testid="pg-usd">{Number.isFinite(n) ? `${formatUsd(n)} · ${formatCompact(n)}` : "not a number"}</output>
          <label>Grams<input value={grams} onChange={(e) => setGrams(e.target.value)} /></label>
          <output>{Number.isFinite(Number(grams)) ? `${gramsToPounds(Number(grams))} lb` : "not a number"}</output>
          <label>Date<input type="date" value={date} onChange={(e) => setDate(e.target.value)} /></label>
          <output>{date ? formatRelativeTime(new Date(date)) : ""}</output>
        </div>
        <div className="card form">
          <label>Link<input value={link} onChange={(e) => setLink(e.target.value)} /></label>
          <output>{isValidLink(link) ? "valid link" : "not a valid link"}</output>
          <label>Token<input value={token} onChange={(e) => setToken(e.target.value)} /></label>
          <output>{token ? (isTokenValid(token) ? "valid and unexpired" : "invalid or expired") : ""}</output>
          <label>Path<input value={path} onChange={(e) => setPath(e.target.value)} /></label>
          <output>
            {resolveRedirect(pathname, search) ? `redirects to ${resolveRedirect(pathname, search)}` : route ? `${route.access} route · ${route.screen}` : "unknown: goes to /404"}
            {" · section "}{navKeysFor(pathname, search).topLevel}
          </output>
        </div>
      </div>
    </section>
  );
}
