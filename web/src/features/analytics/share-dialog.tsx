import { useState } from "react";
import { createReportShare, type ReportParamsInput, type ReportShare, type runReport } from "@atelier/contracts/analytics/index";
import type { ParamsOf } from "@atelier/contracts/contract";
import { request } from "../../api/client";

/** Creates a public link to this report with these parameters: a snapshot or live, optionally with a password and an end date. */
export function ShareDialog({ reportId, title, query, onClose }: { reportId: ParamsOf<typeof runReport>["reportId"]; title: string; query: ReportParamsInput; onClose: () => void }) {
  const [mode, setMode] = useState<"SNAPSHOT" | "LIVE">("SNAPSHOT");
  const [password, setPassword] = useState("");
  const [expires, setExpires] = useState("");
  const [busy, setBusy] = useState(false);
  const [share, setShare] = useState<ReportShare | null>(null);
  const link = share ? `${window.location.origin}${share.path}` : "";
  const create = async () => {
    setBusy(true);
    try {
      const made = await request(createReportShare, {
        body: { reportId, params: query, mode, ...(password && { password }), ...(expires && { expiresAt: new Date(`${expires}T23:59:59`).toISOString() }) },
      }, { idempotencyKey: crypto.randomUUID() });
      setShare(made);
    } catch {
      // The request client showed the reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="dialog-backdrop" role="presentation" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="dialog share-dialog" role="dialog" aria-modal="true" aria-labelledby="share-title">
        <h2 id="share-title">Share “{title}”</h2>
        {share ? (
          <>
            <p>Anyone with this link can see this report{share.hasPassword ? " after typing the password" : ""}{share.expiresAt ? ` until ${new Date(share.expiresAt).toLocaleDateString("en-US", { dateStyle: "medium" })}` : ""}. Nothing else of your store is reachable from it.</p>
            <input readOnly value={link} aria-label="Link to the shared report" onFocus={(e) => e.target.select()} />
            <div className="dialog-actions">
              <button type="button" onClick={() => void navigator.clipboard?.writeText(link)}>Copy link</button>
              <button type="button" onClick={onClose}>Done</button>
            </div>
          </>
        ) : (
          <>
            <fieldset>
              <legend>What visitors see</legend>
              <label><input type="radio" name="mode" checked={mode === "SNAPSHOT"} onChange={() => setMode("SNAPSHOT")} /> Today's figures, frozen</label>
              <label><input type="radio" name="mode" checked={mode === "LIVE"} onChange={() => setMode("LIVE")} /> Live figures, updated at each visit</label>
            </fieldset>
            <label>Password (optional, 8 characters or more) <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" /></label>
            <label>Stops working after (optional) <input type="date" value={expires} onChange={(e) => setExpires(e.target.value)} /></label>
            <div className="dialog-actions">
              <button type="button" onClick={onClose}>Cancel</button>
              <button type="button" className="primary" disabled={busy || (password.length > 0 && password.length < 8)} onClick={() => void create()}>Create link</button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
