import { Suspense, lazy, useEffect, useRef } from "react";
import { plans } from "../api/contracts";
import type { QueryDialog as Kind } from "../nav/nav-state";
import { useApi } from "../api/use-api";
import { PlanFlow } from "../features/account/plan-flow";
import { roleCan } from "../session/roles";
import { useSession } from "../session/session-store";

// The sourcing cart (issue 5) loads with the dialog, not with the shell.
const CartPanel = lazy(() => import("../features/checkout/cart-panel").then((m) => ({ default: m.CartPanel })));
// Sending stock to the fulfilment center (issue 16) loads with its dialog too.
const SendInventoryPanel = lazy(() => import("../features/receivings/send-inventory-panel").then((m) => ({ default: m.SendInventoryPanel })));

const TITLES: Record<Kind, string> = { manage_plan: "Your plan", SEND_MY_INVENTORY: "Send my inventory", cart: "Your cart" };

/** A dialog opened by the `open` query value; closing it removes the value. */
export function QueryDialog({ kind, onClose }: { kind: Kind; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div className="dialog-backdrop" role="presentation" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="query-dialog-title" tabIndex={-1} ref={ref} data-dialog={kind}>
        <h2 id="query-dialog-title">{TITLES[kind]}</h2>
        {kind === "manage_plan" ? <ManagePlan /> : kind === "cart" ? <Suspense fallback={<p role="status">Loading your cart…</p>}><CartPanel /></Suspense> : <Suspense fallback={<p role="status">Loading…</p>}><SendInventoryPanel /></Suspense>}
        <div className="dialog-actions"><button type="button" onClick={onClose}>Close</button></div>
      </div>
    </div>
  );
}

function ManagePlan() {
  const session = useSession();
  const role = session.storeRecord?.role ?? session.role ?? "CX";
  if (!roleCan(role, "billing.read")) return <p>Only the store owner can change the plan.</p>;
  return <ManagePlanLoaded />;
}

function ManagePlanLoaded() {
  const overview = useApi(plans.getPlanOverview, {});
  if (!overview.data) return <p className="muted">{overview.loading ? "Loading…" : "The plan could not be loaded."}</p>;
  return <PlanFlow overview={overview.data} onChanged={overview.setData} />;
}
