import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { ACCOUNT_TYPES, WORK_STYLES, auth, type CallInput } from "../../api/contracts";
import { request } from "../../api/client";
import { anonymousCreatorId, isLoggedIn, startSession, useSession } from "../../session/session-store";
import { afterLoginPath } from "../../routes/guards";
import { getRuntime } from "../../app/runtime";
import { GoogleButton } from "./google-button";
import { fieldSentences } from "../../ui/field-errors";
import { pushDataLayer } from "../../ui/data-layer";

const ACCOUNT_TYPE_LABELS: Record<(typeof ACCOUNT_TYPES)[number], string> = { CREATOR: "Creator", SMB: "Small business", UNDECIDED: "Not sure yet" };
const WORK_STYLE_LABELS: Record<(typeof WORK_STYLES)[number], string> = { WITH_AI_ASSISTANTS: "With AI assistants", USE_THE_TOOLS_MYSELF: "I'll use the tools myself" };

/** The fields that show their own error under them. */
const SHOWN_FIELDS = new Set(["email", "password", "storeName"]);

type SignUp = CallInput<typeof auth.register>["body"];

/** Log in with email and password (or Google when configured), or create an account. */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const confirmToken = params.get("confirmSignUp");
  const [mode, setMode] = useState<"login" | "register">(params.get("signup") ? "register" : "login");
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // A sign-up waiting for its mailed link: what was sent, so it can be sent again.
  const [sent, setSent] = useState<{ body: SignUp; hours: number } | null>(null);
  const { googleClientId } = getRuntime();
  // Still logged in here means the page asked for needs the version-2 token, which only a login issues.
  const loginAgain = isLoggedIn(useSession());

  const confirming = useRef(false);
  useEffect(() => {
    // The mailed link: it creates the account and logs in, once (React may run effects twice in development).
    if (!confirmToken || confirming.current) return;
    confirming.current = true;
    setBusy(true);
    request(auth.confirmRegistration, { body: { token: confirmToken } }, { skipCatalogue: true })
      .then((session) => {
        startSession(session, true);
        void navigate("/homebase", { replace: true });
      })
      .catch((err: unknown) => {
        const { form: formError, ...byField } = fieldSentences(err, "There was an error. Please try again later.");
        setError([formError, ...Object.values(byField)].filter(Boolean).join(" ") || null);
        setMode("register");
        setBusy(false);
      });
  }, [confirmToken, navigate]);

  async function startSignUp(body: SignUp): Promise<void> {
    const started = await request(auth.register, { query: { userType: "STORE" }, body }, { skipCatalogue: true });
    setSent({ body, hours: started.expiresInHours });
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const remember = form.get("remember") === "on";
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const email = String(form.get("email") ?? "");
      const password = String(form.get("password") ?? "");
      if (mode === "register") {
        await startSignUp({
          email,
          password,
          storeName: String(form.get("storeName") ?? ""),
          accountType: form.get("accountType") as (typeof ACCOUNT_TYPES)[number],
          workStyle: form.get("workStyle") as (typeof WORK_STYLES)[number],
          anonymousUserId: anonymousCreatorId(),
        });
        return;
      }
      const session = await request(auth.login, { body: { email, password } }, { skipCatalogue: true });
      startSession(session, remember);
      if (mode !== "login") pushDataLayer({ event: "userRegister", userId: session.user.id, userType: "store" });
      void navigate(afterLoginPath(location.search), { replace: true });
    } catch (err) {
      // A 400's reasons sit under their fields as sentences; anything else (a field the form does not show) is the one alert.
      const { form: formError, ...byField } = fieldSentences(err, "There was an error. Please try again later.");
      const shown = Object.fromEntries(Object.entries(byField).filter(([name]) => SHOWN_FIELDS.has(name)));
      const other = Object.entries(byField).filter(([name]) => !SHOWN_FIELDS.has(name)).map(([, sentence]) => sentence);
      setFields(shown);
      setError([formError, ...other].filter(Boolean).join(" ") || null);
    } finally {
      setBusy(false);
    }
  }

  async function sendAgain(body: SignUp) {
    setBusy(true);
    setError(null);
    try {
      await startSignUp(body);
      setError(null);
    } catch (err) {
      setError(fieldSentences(err, "There was an error. Please try again later.").form ?? "There was an error. Please try again later.");
    } finally {
      setBusy(false);
    }
  }

  if (confirmToken && busy) {
    return (
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">Creating your account…</h1>
        <p className="muted" role="status">One moment while we set up your store.</p>
      </section>
    );
  }

  if (sent) {
    return (
      <section className="auth-card" aria-labelledby="auth-title" data-testid="check-email">
        <h1 id="auth-title">Check your e-mail</h1>
        <p role="status">
          We sent a link to <strong>{sent.body.email}</strong>. Open it to finish creating your account and your store "{sent.body.storeName}". The link works for {sent.hours} hours.
        </p>
        <p className="muted">Nothing arrived after a few minutes? Look in your spam folder, or send it again. Running Atelier on your own machine? Its built-in outbox sends no mail: the link is printed in the server's log.</p>
        {error && <p className="form-error" role="alert">{error}</p>}
        <div className="auth-actions">
          <button type="button" className="button primary" disabled={busy} onClick={() => void sendAgain(sent.body)}>
            Send the link again
          </button>
          <button type="button" className="link-button" onClick={() => { setSent(null); setError(null); }}>
            Use a different e-mail
          </button>
        </div>
      </section>
    );
  }

  const fieldError = (name: string) => (fields[name] ? <span className="field-error" id={`${name}-error`}>{fields[name]}</span> : null);
  return (
    <section className="auth-card" aria-labelledby="auth-title">
      <h1 id="auth-title">{mode === "login" ? "Log in to Atelier" : "Create your Atelier account"}</h1>
      {loginAgain && <p className="muted" role="status" data-testid="login-again">Log in again to open this page.</p>}
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate={false}>
        <label>
          Email
          <input name="email" type="email" autoComplete="email" required maxLength={254} aria-describedby={fields.email ? "email-error" : undefined} />
          {fieldError("email")}
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete={mode === "login" ? "current-password" : "new-password"} required minLength={mode === "register" ? 10 : 1} maxLength={200} aria-describedby={mode === "register" ? "password-hint" : undefined} />
          {mode === "register" && <small id="password-hint">At least 10 characters. A few unrelated words together are easy to remember and hard to guess.</small>}
          {fieldError("password")}
        </label>
        {mode === "register" && (
          <>
            <label>
              Store name
              <input name="storeName" required maxLength={120} />
              {fieldError("storeName")}
            </label>
            <fieldset>
              <legend>You are</legend>
              {ACCOUNT_TYPES.map((t) => (
                <label key={t} className="choice">
                  <input type="radio" name="accountType" value={t} defaultChecked={t === "UNDECIDED"} /> {ACCOUNT_TYPE_LABELS[t]}
                </label>
              ))}
            </fieldset>
            <fieldset>
              <legend>How you like to work</legend>
              {WORK_STYLES.map((w) => (
                <label key={w} className="choice">
                  <input type="radio" name="workStyle" value={w} defaultChecked={w === "WITH_AI_ASSISTANTS"} /> {WORK_STYLE_LABELS[w]}
                </label>
              ))}
            </fieldset>
          </>
        )}
        <label className="choice">
          <input type="checkbox" name="remember" defaultChecked /> Keep me logged in on this device
        </label>
        {error && <p className="form-error" role="alert">{error}</p>}
        <button className="button primary" type="submit" disabled={busy}>
          {mode === "login" ? "Log in" : "Create account"}
        </button>
      </form>
      {googleClientId && <GoogleButton clientId={googleClientId} onError={setError} />}
      <p className="auth-switch">
        {mode === "login" ? "New to Atelier?" : "Already have an account?"}{" "}
        <button type="button" className="link-button" onClick={() => { setMode(mode === "login" ? "register" : "login"); setError(null); setFields({}); }}>
          {mode === "login" ? "Create an account" : "Log in"}
        </button>
      </p>
    </section>
  );
}
