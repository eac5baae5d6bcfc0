import { useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { ACCOUNT_TYPES, WORK_STYLES, auth } from "../../api/contracts";
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

/** Log in with email and password (or Google when configured), or create an account. */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<"login" | "register">(new URLSearchParams(location.search).get("signup") ? "register" : "login");
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { googleClientId } = getRuntime();
  // Still logged in here means the page asked for needs the version-2 token, which only a login issues.
  const loginAgain = isLoggedIn(useSession());

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
      const session =
        mode === "login"
          ? await request(auth.login, { body: { email, password } }, { skipCatalogue: true })
          : await request(
              auth.register,
              {
                query: { userType: "STORE" },
                body: {
                  email,
                  password,
                  storeName: String(form.get("storeName") ?? ""),
                  accountType: form.get("accountType") as (typeof ACCOUNT_TYPES)[number],
                  workStyle: form.get("workStyle") as (typeof WORK_STYLES)[number],
                  anonymousUserId: anonymousCreatorId(),
                },
              },
              { skipCatalogue: true },
            );
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
