import { useState } from "react";
import { useSearchParams } from "react-router";
import { deleteOrderRule, dryRunOrderRule, listOrderRules, reorderOrderRules, updateOrderRule, type DryRunResult, type OrderRule } from "@atelier/contracts/order-rules";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { showToast } from "../../ui/toast-store";
import { shortDate } from "./format";
import { DryRunResults, RuleEditor } from "./rule-editor";
import "./fulfilment.css";

const key = () => ({ idempotencyKey: crypto.randomUUID() });

/**
 * Fulfilment rules (/fulfillment-rules): the store's rules in the order they run on arriving
 * orders, turned on and off, moved, dry-run over the last 30 days, and edited. `?rule=<id>` opens
 * one (the assistant reads it as "this rule"); `?rule=new` the editor of a new one.
 */
export function FulfilmentRulesPage() {
  const [params, setParams] = useSearchParams();
  const open = params.get("rule");
  const rules = useApi(listOrderRules, {});
  const [busy, setBusy] = useState(false);
  const [runs, setRuns] = useState<Record<string, DryRunResult>>({});
  const [deleting, setDeleting] = useState<OrderRule | null>(null);
  const list = rules.data?.list ?? [];
  const openRule = open && open !== "new" ? list.find((r) => r.id === open) ?? null : null;
  const setOpen = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set("rule", id);
    else next.delete("rule");
    setParams(next);
  };
  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  const toggle = (r: OrderRule) =>
    act(async () => {
      const saved = await request(updateOrderRule, { params: { id: r.id }, body: { enabled: !r.enabled } });
      showToast(saved.enabled ? `"${saved.name}" is on: it runs on every new order.` : `"${saved.name}" is off.`, "success");
    });
  const move = (i: number, by: -1 | 1) =>
    act(async () => {
      const ids = list.map((r) => r.id);
      [ids[i], ids[i + by]] = [ids[i + by]!, ids[i]!];
      rules.setData(await request(reorderOrderRules, { body: { ruleIds: ids } }));
    });
  const dryRun = (r: OrderRule) => act(async () => setRuns({ ...runs, [r.id]: await request(dryRunOrderRule, { body: { ruleId: r.id } }) }));
  const remove = (r: OrderRule) =>
    act(async () => {
      await request(deleteOrderRule, { params: { id: r.id } }, key());
      showToast(`Rule "${r.name}" deleted. The holds it placed stay until someone releases them.`, "success");
      setDeleting(null);
      if (open === r.id) setOpen(null);
    });
  const prompt = openRule ? `What would the rule "${openRule.name}" have caught?` : "What fulfilment rules do I have?";
  return (
    <PageFrame title="Fulfilment rules" chatPrompt={prompt} actions={<button type="button" className="primary" onClick={() => setOpen("new")}>New rule</button>}>
      <p className="muted rules-intro">
        Rules run from top to bottom on every order as it arrives: they can hold it, tag it, add an insert or packaging, or choose how it ships. A tag one rule adds is seen by the rules below it.
        {rules.data ? ` ${rules.data.enabled} of ${rules.data.total} on.` : ""}
      </p>
      <div className={`rules-layout${open ? " rules-layout-open" : ""}`}>
        <div>
          {rules.data && list.length === 0 ? (
            <p className="card" data-testid="rules-empty">No rules yet. Add one, dry-run it on the last 30 days of orders, then turn it on.</p>
          ) : (
            <ol className="rules-list" aria-label="Rules in the order they run" aria-busy={rules.loading}>
              {list.map((r, i) => (
                <li key={r.id} className={`card rule-card${r.id === open ? " rule-card-open" : ""}`} data-testid="rule-card" data-rule={r.name}>
                  <div className="rule-card-head">
                    <span className="rule-position" aria-label={`Rule ${r.position}`}>{r.position}</span>
                    <button type="button" className="link-button rule-name" onClick={() => setOpen(r.id)}>{r.name}</button>
                    <label className="rule-switch">
                      <input type="checkbox" role="switch" aria-label={`Run "${r.name}" on new orders`} checked={r.enabled} disabled={busy} onChange={() => void toggle(r)} />
                      {r.enabled ? "On" : "Off"}
                    </label>
                  </div>
                  <p className="rule-sentence">{r.sentence}</p>
                  <p className="muted rule-meta">{r.appliedCount ? `Acted on ${r.appliedCount} order${r.appliedCount === 1 ? "" : "s"}, last on ${shortDate(r.lastAppliedAt!)}.` : "Hasn't acted on an order yet."}</p>
                  <div className="rule-buttons">
                    <button type="button" disabled={busy} onClick={() => void dryRun(r)}>Dry run</button>
                    <button type="button" onClick={() => setOpen(r.id)}>Edit</button>
                    <button type="button" aria-label={`Move "${r.name}" up`} disabled={busy || i === 0} onClick={() => void move(i, -1)}>Move up</button>
                    <button type="button" aria-label={`Move "${r.name}" down`} disabled={busy || i === list.length - 1} onClick={() => void move(i, 1)}>Move down</button>
                    <button type="button" className="danger-link link-button" onClick={() => setDeleting(r)}>Delete</button>
                  </div>
                  {runs[r.id] && <DryRunResults run={runs[r.id]!} />}
                </li>
              ))}
            </ol>
          )}
        </div>
        {open && (open === "new" || openRule) && (
          <RuleEditor key={open} rule={openRule} canEdit onDone={(saved) => setOpen(saved && open === "new" ? saved.id : null)} />
        )}
      </div>
      {deleting && (
        <ConfirmDialog title={`Delete "${deleting.name}"?`} confirmLabel="Delete rule" danger busy={busy} onConfirm={() => void remove(deleting)} onCancel={() => setDeleting(null)}>
          <p>New orders will no longer pass through it. Holds it already placed stay open, named after it, until someone releases them.</p>
        </ConfirmDialog>
      )}
    </PageFrame>
  );
}
