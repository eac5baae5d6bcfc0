import { dismissToast, useToasts } from "./toast-store";

/** The toast stack; errors are announced to screen readers. */
export function Toasts() {
  const toasts = useToasts();
  return (
    <div className="toasts" aria-live="assertive">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`} role="alert" data-testid="toast">
          <span>{t.message}</span>
          <button type="button" aria-label="Dismiss" onClick={() => dismissToast(t.id)}>×</button>
        </div>
      ))}
    </div>
  );
}
