import { useState } from "react";
import { plans } from "../../api/contracts";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { formatCompact, formatRelativeTime, formatUsd } from "../../format/format";

/** AI credits: balance, buy a tier, recent movements. */
export function AiCreditsPanel() {
  const credits = useApi(plans.getAiCredits, {});
  const movements = useApi(plans.listAiCreditMovements, { query: { size: 5 } });
  const [tier, setTier] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  if (!credits.data) return <div className="card"><h2>AI credits</h2><p className="muted">Loading…</p></div>;
  // A tier picked before a plan change may not be sold on the new bundle: then the bundle's default.
  const chosen = tier !== null && credits.data.tiers.some((t) => t.credits === tier) ? tier : credits.data.defaultCredits;
  return (
    <div className="card" id="account-ai-credits">
      <h2>AI credits</h2>
      <p className="big" data-testid="ai-credit-balance">{formatCompact(credits.data.balance)} credits</p>
      <label>
        Buy more
        <select value={chosen} onChange={(e) => setTier(Number(e.target.value))}>
          {credits.data.tiers.map((t) => <option key={t.credits} value={t.credits}>{t.credits.toLocaleString("en-US")} credits · {formatUsd(t.priceCents / 100)}</option>)}
        </select>
      </label>
      <button
        type="button"
        onClick={() =>
          request(plans.purchaseAiCredits, { body: { credits: chosen } }, { idempotencyKey: crypto.randomUUID() }).then((out) => {
            // The balance and the ledger reload through the cache's invalidation.
            setMessage(out.result === "COMPLETED" ? `Added ${out.credits.toLocaleString("en-US")} credits.` : "Your card was declined. Try another card.");
          }, () => undefined)
        }
      >
        Buy credits
      </button>
      {message && <p role="status">{message}</p>}
      {movements.data && movements.data.list.length > 0 && (
        <table>
          <thead><tr><th>When</th><th>Change</th><th>Why</th></tr></thead>
          <tbody>
            {movements.data.list.map((m) => <tr key={m.id}><td>{formatRelativeTime(m.createdAt)}</td><td>{m.delta > 0 ? `+${m.delta}` : m.delta}</td><td>{m.reason}</td></tr>)}
          </tbody>
        </table>
      )}
    </div>
  );
}
