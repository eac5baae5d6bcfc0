import { Link } from "react-router";
import { openUpgradePrompt, useUpgradePrompt } from "../ui/toast-store";

/** The upgrade gate: what a 403 with the upgrade code opens (000 §8). */
export function UpgradePrompt() {
  const open = useUpgradePrompt();
  if (!open) return null;
  return (
    <div className="dialog-backdrop" role="presentation">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="upgrade-title">
        <h2 id="upgrade-title">Upgrade to use this</h2>
        <p>Your current plan does not include this feature. Upgrade your plan to unlock it.</p>
        <div className="dialog-actions">
          <Link className="button primary" to="/account-info?open=manage_plan" onClick={() => openUpgradePrompt(false)}>See plans</Link>
          <button type="button" onClick={() => openUpgradePrompt(false)}>Not now</button>
        </div>
      </div>
    </div>
  );
}
