import { useEffect, useState, type FormEvent } from "react";
import { useParams } from "react-router";
import { openSharedReport } from "@atelier/contracts/analytics/index";
import type { ResponseOf } from "@atelier/contracts/contract";
import { request } from "../../api/client";
import { ReportView } from "./report-view";
import "./analytics.css";

type Answer = ResponseOf<typeof openSharedReport>;

const CLOSED: Partial<Record<Answer["state"], string>> = {
  REVOKED: "This link no longer works: it was revoked by the store, or never existed.",
  EXPIRED: "This link has expired. Ask the store for a new one.",
};

/** /share-report/:id (public): one shared report, behind its password when it has one. */
export function ShareReportPage() {
  const { id = "" } = useParams();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const open = async (pw?: string) => {
    setBusy(true);
    try {
      setAnswer(await request(openSharedReport, { params: { token: id }, body: pw ? { password: pw } : {} }));
    } catch {
      setAnswer({ state: "REVOKED", title: null, storeName: null, mode: null, result: null });
    } finally {
      setBusy(false);
    }
  };
  // Opens once per link; a password submit opens it again with the password.
  useEffect(() => { void open(); }, [id]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void open(password);
  };
  if (!answer) return <p role="status">Opening the report…</p>;
  const closed = CLOSED[answer.state];
  return (
    <section className="page share-report" aria-labelledby="share-report-title">
      <h1 id="share-report-title">{answer.title ?? "Shared report"}</h1>
      {answer.storeName && <p className="hint">Shared by {answer.storeName}{answer.mode === "LIVE" ? " · live figures" : " · figures as of the day it was shared"}</p>}
      {closed && <p role="alert">{closed}</p>}
      {(answer.state === "PASSWORD_REQUIRED" || answer.state === "WRONG_PASSWORD") && (
        <form className="form share-password" onSubmit={submit}>
          {answer.state === "WRONG_PASSWORD" && <p role="alert">That password isn't right.</p>}
          <label>Password <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required /></label>
          <button type="submit" className="primary" disabled={busy}>Open the report</button>
        </form>
      )}
      {answer.result && <ReportView result={answer.result} />}
    </section>
  );
}
