import { useEffect, useState, type FormEvent } from "react";
import { sentenceFor } from "@atelier/contracts/error-sentences";
import {
  REFUND_DESTINATION_LABELS, REFUND_DESTINATIONS, REFUND_METHOD_LABELS, REFUND_METHODS, RETURN_FEE_LABELS, RETURN_FEES, dollars, getReturnSettings, updateReturnSettings,
  type ReturnSettings,
} from "@atelier/contracts/returns";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { showToast } from "../../ui/toast-store";

// Manage Returns (/return-settings; 000 §2.5, §6): the store's return policy that every new return
// takes. Preview accounts are refused by the API; the page says so in a sentence.

const METHOD_HELP: Record<ReturnSettings["refundMethod"], string> = {
  AUTOMATIC: "The units' value (less any fee) is refunded when the return is received.",
  MANUAL: "Your team enters the amount when the return is received.",
  STORE_CREDIT: "Refunds are always store credit.",
};

export function ReturnSettingsPage() {
  const settings = useApi(getReturnSettings, {});
  return (
    <PageFrame title="Manage returns" chatPrompt="Which returns are open?">
      {settings.error ? <p className="card" role="alert">{sentenceFor(settings.error as { code: string; message?: string })}</p> : null}
      {!settings.data && !settings.error ? <div className="loading" role="status">Loading…</div> : null}
      {settings.data && <SettingsForm initial={settings.data} onSaved={settings.setData} />}
    </PageFrame>
  );
}

function SettingsForm({ initial, onSaved }: { initial: ReturnSettings; onSaved: (s: ReturnSettings) => void }) {
  const [form, setForm] = useState(initial);
  const [fee, setFee] = useState((initial.feeCents / 100).toFixed(2));
  const [busy, setBusy] = useState(false);
  useEffect(() => setForm(initial), [initial]);
  const set = <K extends keyof ReturnSettings>(k: K, v: ReturnSettings[K]) => setForm({ ...form, [k]: v });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const feeCents = form.returnFee === "DEDUCT_FROM_REFUND" ? Math.round(Number(fee) * 100) : 0;
      const saved = await request(updateReturnSettings, { body: { ...form, feeCents } }, { idempotencyKey: crypto.randomUUID() });
      onSaved(saved);
      showToast("Return settings saved.", "success");
    } catch {
      // The request client has shown why.
    }
    setBusy(false);
  };
  return (
    <form className="card form" onSubmit={(e) => void submit(e)} data-testid="return-settings">
      <label>
        Refund method
        <select value={form.refundMethod} onChange={(e) => set("refundMethod", e.target.value as ReturnSettings["refundMethod"])}>
          {REFUND_METHODS.map((m) => <option key={m} value={m}>{REFUND_METHOD_LABELS[m]}</option>)}
        </select>
      </label>
      <p className="muted">{METHOD_HELP[form.refundMethod]}</p>
      <label>
        Refund to
        <select value={form.refundDestination} disabled={form.refundMethod === "STORE_CREDIT"} onChange={(e) => set("refundDestination", e.target.value as ReturnSettings["refundDestination"])}>
          {REFUND_DESTINATIONS.map((d) => <option key={d} value={d}>{REFUND_DESTINATION_LABELS[d]}</option>)}
        </select>
      </label>
      <label>
        Return fee
        <select value={form.returnFee} onChange={(e) => set("returnFee", e.target.value as ReturnSettings["returnFee"])}>
          {RETURN_FEES.map((f) => <option key={f} value={f}>{RETURN_FEE_LABELS[f]}</option>)}
        </select>
      </label>
      {form.returnFee === "DEDUCT_FROM_REFUND" && (
        <label>
          Fee taken from each refund ($)
          <input type="number" min={0} step="0.01" value={fee} onChange={(e) => setFee(e.target.value)} />
        </label>
      )}
      <label>
        Return window (days after delivery)
        <input type="number" min={1} max={365} value={form.returnWindowDays} onChange={(e) => set("returnWindowDays", Math.floor(Number(e.target.value) || 0))} />
      </label>
      <label className="checkbox" style={{ display: "flex", gap: 8, alignItems: "center" }}>
        <input type="checkbox" style={{ width: "auto" }} checked={form.restockOnReceipt} onChange={(e) => set("restockOnReceipt", e.target.checked)} /> Put received units back on the shelf
      </label>
      <p className="muted">
        New returns take these settings; open ones keep theirs.{form.returnFee === "DEDUCT_FROM_REFUND" ? ` Each refund is ${dollars(Math.round(Number(fee) * 100) || 0)} less.` : ""}
      </p>
      <button type="submit" className="button primary" disabled={busy}>Save settings</button>
    </form>
  );
}
