import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { auth } from "../../api/contracts";
import { request } from "../../api/client";
import { startSession } from "../../session/session-store";
import { afterLoginPath } from "../../routes/guards";

type GoogleId = {
  accounts: { id: { initialize(o: { client_id: string; callback: (r: { credential: string }) => void }): void; renderButton(el: HTMLElement, o: Record<string, string>): void } };
};

/** "Sign in with Google", shown only when a Google client id is configured. */
export function GoogleButton({ clientId, onError }: { clientId: string; onError: (message: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const script = document.createElement("script");
    script.src = "https://accounts.google.com/gsi/client";
    script.async = true;
    script.onload = () => {
      const google = (window as unknown as { google?: GoogleId }).google;
      if (!google || !ref.current) return;
      google.accounts.id.initialize({
        client_id: clientId,
        callback: ({ credential }) => {
          request(auth.googleLogin, { body: { idToken: credential } }, { skipCatalogue: true }).then(
            (session) => {
              startSession(session);
              void navigate(afterLoginPath(location.search), { replace: true });
            },
            (err: unknown) => onError(err instanceof Error ? err.message : "Google sign-in failed."),
          );
        },
      });
      google.accounts.id.renderButton(ref.current, { theme: "outline", size: "large", text: "continue_with" });
    };
    script.onerror = () => onError("Google sign-in could not load; use your email and password.");
    document.head.appendChild(script);
    return () => script.remove();
  }, [clientId, navigate, location.search, onError]);
  return <div ref={ref} className="google-button" />;
}
