import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Navigate, Route, Routes, useNavigate } from "react-router";
import { createSupplierSession, type SupplierSession } from "@atelier/contracts/inbox/contracts";
import { ApiError, createApiClient } from "@atelier/contracts/client";
import { InboxView } from "./inbox-view";
import { loadSupplierSession, saveSupplierSession, supplierPort } from "./supplier-session";
import "../../ui/kit.css";

// The supplier workspace (issue 18; its routes are beyond the spec): /supplier/login and
// /supplier/inbox, with a session of its own, apart from any store session in the same browser.

function SupplierLogin({ onSession }: { onSession: (s: SupplierSession) => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      onSession(await createApiClient({ baseUrl: "" }).call(createSupplierSession, { body: { email, password } }));
    } catch (err) {
      setError(err instanceof ApiError && err.status !== 0 ? err.message : "Signing in failed. Check your connection and try again.");
    }
  };
  return (
    <main className="supplier-login">
      <h1>Atelier for suppliers</h1>
      <p className="muted">Answer the stores that write to you.</p>
      <form className="card" onSubmit={(e) => void submit(e)}>
        <label>E-mail<input type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required /></label>
        <label>Password<input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required /></label>
        {error && <p role="alert" className="error">{error}</p>}
        <button type="submit" className="button primary">Sign in</button>
      </form>
    </main>
  );
}

function SupplierInbox({ session, onSignOut }: { session: SupplierSession; onSignOut: () => void }) {
  // One port (one socket) per session; the sign-out it calls on an expired token is read when needed.
  const signOut = useRef(onSignOut);
  signOut.current = onSignOut;
  // Made in an effect, so a remount (React's strict mode mounts twice) closes its socket and opens another.
  const [port, setPort] = useState<ReturnType<typeof supplierPort> | null>(null);
  useEffect(() => {
    const next = supplierPort(session, () => signOut.current());
    setPort(next);
    return () => next.close();
  }, [session]);
  const [unread, setUnread] = useState(0);
  if (!port) return null;
  return (
    <main className="supplier-workspace">
      <header className="supplier-head">
        <h1>{session.supplier.name} · Inbox{unread > 0 ? ` (${unread} unread)` : ""}</h1>
        <span className="muted">{session.user.email}</span>
        <button type="button" className="button" onClick={onSignOut}>Sign out</button>
      </header>
      <InboxView port={port} onUnread={setUnread} />
    </main>
  );
}

/** /supplier/*: sign-in, then the supplier's inbox. */
export function SupplierWorkspace() {
  const [session, setSession] = useState<SupplierSession | null>(() => loadSupplierSession());
  const navigate = useNavigate();
  const signOut = useMemo(() => () => {
    saveSupplierSession(null);
    setSession(null);
    void navigate("/supplier/login", { replace: true });
  }, [navigate]);
  const signIn = (s: SupplierSession) => {
    saveSupplierSession(s);
    setSession(s);
    void navigate("/supplier/inbox", { replace: true });
  };
  return (
    <Routes>
      <Route path="login" element={session ? <Navigate to="/supplier/inbox" replace /> : <SupplierLogin onSession={signIn} />} />
      <Route path="inbox" element={session ? <SupplierInbox session={session} onSignOut={signOut} /> : <Navigate to="/supplier/login" replace />} />
      <Route path="*" element={<Navigate to={session ? "/supplier/inbox" : "/supplier/login"} replace />} />
    </Routes>
  );
}
