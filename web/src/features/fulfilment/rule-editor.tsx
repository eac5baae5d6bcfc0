import { useState } from "react";
import { Link } from "react-router";
import {
  ACTION_TYPES,
  ACTION_TYPE_LABELS,
  CONDITION_FIELDS,
  CONDITION_FIELD_LABELS,
  SHIPPING_METHODS,
  SHIPPING_METHOD_LABELS,
  createOrderRule,
  dryRunOrderRule,
  updateOrderRule,
  type DryRunResult,
  type OrderRule,
  type RuleAction,
  type RuleCondition,
} from "@atelier/contracts/order-rules";
import { ORDER_ORIGINS, ORDER_ORIGIN_LABELS } from "@atelier/contracts/orders";
import { request } from "../../api/client";
import { showToast } from "../../ui/toast-store";
import { money, shortDate } from "./format";
import { ACTION_HINTS, OPERATORS, VALUE_HINTS, actionsOf, conditionsOf, draftOf, emptyDraft, type Draft } from "./rule-draft";

const key = () => ({ idempotencyKey: crypto.randomUUID() });

/** The editor of one rule (new when rule is null): conditions, actions, and its dry run over the last 30 days. */
export function RuleEditor({ rule, canEdit, onDone }: { rule: OrderRule | null; canEdit: boolean; onDone: (saved?: OrderRule) => void }) {
  const [draft, setDraft] = useState<Draft>(() => (rule ? draftOf(rule) : emptyDraft()));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [run, setRun] = useState<DryRunResult | null>(null);
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setRun(null);
  };
  const parts = (): { conditions: RuleCondition[]; actions: RuleAction[] } | null => {
    const conditions = conditionsOf(draft.conditions);
    const actions = actionsOf(draft.actions);
    if (typeof conditions === "string" || typeof actions === "string") {
      setError(typeof conditions === "string" ? conditions : (actions as string));
      return null;
    }
    setError(null);
    return { conditions, actions };
  };
  const dryRun = async () => {
    const p = parts();
    if (!p) return;
    setBusy(true);
    try {
      setRun(await request(dryRunOrderRule, { body: { match: draft.match, ...p } }));
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    const p = parts();
    if (!p) return;
    if (!draft.name.trim()) return setError("Give the rule a name.");
    setBusy(true);
    try {
      const body = { name: draft.name.trim(), match: draft.match, enabled: draft.enabled, ...p };
      const saved = rule ? await request(updateOrderRule, { params: { id: rule.id }, body }) : await request(createOrderRule, { body }, key());
      showToast(`Rule "${saved.name}" saved${saved.enabled ? " and on" : " (off)"}.`, "success");
      onDone(saved);
    } catch {
      setBusy(false);
    }
  };
  const conditionRow = (i: number, patch: Partial<Draft["conditions"][number]>) => set({ conditions: draft.conditions.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const actionRow = (i: number, patch: Partial<Draft["actions"][number]>) => set({ actions: draft.actions.map((a, j) => (j === i ? { ...a, ...patch } : a)) });
  return (
    <section className="card rule-editor" aria-label={rule ? `Edit ${rule.name}` : "New rule"} data-testid="rule-editor">
      <h2>{rule ? `Edit "${rule.name}"` : "New rule"}</h2>
      <label className="rule-field">Name <input aria-label="Rule name" value={draft.name} maxLength={80} disabled={!canEdit} onChange={(e) => set({ name: e.target.value })} placeholder="e.g. Hold big orders to Canada" /></label>
      <fieldset className="rule-group" disabled={!canEdit}>
        <legend>
          When an order matches{" "}
          <select aria-label="Match" value={draft.match} onChange={(e) => set({ match: e.target.value as Draft["match"] })}>
            <option value="ALL">all</option>
            <option value="ANY">any</option>
          </select>{" "}
          of these
        </legend>
        {draft.conditions.map((c, i) => (
          <div className="rule-row" key={i} data-testid="rule-condition">
            <select aria-label={`Condition ${i + 1} field`} value={c.field} onChange={(e) => { const field = e.target.value as typeof c.field; conditionRow(i, { field, op: OPERATORS[field][0]!.op, value: field === "ORIGIN" ? "MANUAL_WHOLESALE" : "" }); }}>
              {CONDITION_FIELDS.map((f) => <option key={f} value={f}>{CONDITION_FIELD_LABELS[f]}</option>)}
            </select>
            <select aria-label={`Condition ${i + 1} operator`} value={c.op} onChange={(e) => conditionRow(i, { op: e.target.value })}>
              {OPERATORS[c.field].map((o) => <option key={o.op} value={o.op}>{o.label}</option>)}
            </select>
            {c.field === "ORIGIN" ? (
              <select aria-label={`Condition ${i + 1} value`} value={c.value} onChange={(e) => conditionRow(i, { value: e.target.value })}>
                {ORDER_ORIGINS.map((o) => <option key={o} value={o}>{ORDER_ORIGIN_LABELS[o]}</option>)}
              </select>
            ) : (
              <input aria-label={`Condition ${i + 1} value`} value={c.value} placeholder={VALUE_HINTS[c.field]} onChange={(e) => conditionRow(i, { value: e.target.value })} />
            )}
            <button type="button" className="link-button" aria-label={`Remove condition ${i + 1}`} disabled={draft.conditions.length === 1} onClick={() => set({ conditions: draft.conditions.filter((_, j) => j !== i) })}>Remove</button>
          </div>
        ))}
        <button type="button" disabled={draft.conditions.length >= 10} onClick={() => set({ conditions: [...draft.conditions, { field: "COUNTRY", op: "IN", value: "" }] })}>Add a condition</button>
      </fieldset>
      <fieldset className="rule-group" disabled={!canEdit}>
        <legend>Then</legend>
        {draft.actions.map((a, i) => (
          <div className="rule-row rule-row-action" key={i} data-testid="rule-action">
            <select aria-label={`Action ${i + 1}`} value={a.type} onChange={(e) => { const type = e.target.value as typeof a.type; actionRow(i, { type, value: type === "SHIPPING_METHOD" ? "STANDARD" : "" }); }}>
              {ACTION_TYPES.map((t) => <option key={t} value={t}>{ACTION_TYPE_LABELS[t]}</option>)}
            </select>
            {a.type === "SHIPPING_METHOD" ? (
              <select aria-label={`Action ${i + 1} value`} value={a.value} onChange={(e) => actionRow(i, { value: e.target.value })}>
                {SHIPPING_METHODS.map((m) => <option key={m} value={m}>{SHIPPING_METHOD_LABELS[m]}</option>)}
              </select>
            ) : a.type === "SPLIT_BY_STOCK" ? (
              <span className="muted rule-action-note">What is in stock ships now; the rest waits as a backorder and ships when stock arrives.</span>
            ) : (
              <input aria-label={`Action ${i + 1} value`} value={a.value} placeholder={ACTION_HINTS[a.type]} onChange={(e) => actionRow(i, { value: e.target.value })} />
            )}
            <button type="button" className="link-button" aria-label={`Remove action ${i + 1}`} disabled={draft.actions.length === 1} onClick={() => set({ actions: draft.actions.filter((_, j) => j !== i) })}>Remove</button>
          </div>
        ))}
        <button type="button" disabled={draft.actions.length >= 5} onClick={() => set({ actions: [...draft.actions, { type: "TAG", value: "" }] })}>Add an action</button>
      </fieldset>
      {canEdit && <label className="rule-check"><input type="checkbox" checked={draft.enabled} onChange={(e) => set({ enabled: e.target.checked })} /> Run it on new orders once saved</label>}
      {error && <p className="field-error" role="alert">{error}</p>}
      <div className="rule-buttons">
        <button type="button" onClick={() => void dryRun()} disabled={busy}>Dry run on the last 30 days</button>
        {canEdit && <button type="button" className="primary" onClick={() => void save()} disabled={busy}>Save rule</button>}
        <button type="button" onClick={() => onDone()}>Close</button>
      </div>
      {run && <DryRunResults run={run} />}
    </section>
  );
}

/** What the rule would have done over the last 30 days. */
export function DryRunResults({ run }: { run: DryRunResult }) {
  return (
    <div className="rule-dry-run" data-testid="dry-run" aria-live="polite">
      <p><strong>{run.sentence}</strong></p>
      <p>
        Over the last {run.days} days it would have touched <strong>{run.matched}</strong> of your {run.examined} orders
        {run.wouldHold ? <>, holding <strong>{run.wouldHold}</strong></> : null}
        {run.wouldSplit ? <>, splitting <strong>{run.wouldSplit}</strong> that arrived short into a part shipped at once and a backorder</> : null}. Nothing was changed.
      </p>
      {run.orders.length > 0 && (
        <table className="rule-dry-run-table" aria-label="Orders the rule would have touched">
          <thead><tr><th>Order</th><th>Customer</th><th>Ships to</th><th className="num">Total</th><th>Placed</th></tr></thead>
          <tbody>
            {run.orders.map((o) => (
              <tr key={o.id} data-testid="dry-run-order">
                <td><Link to={`/order-details/${o.id}`}>#{o.orderNumber}</Link></td>
                <td>{o.customerName || "—"}</td>
                <td>{o.countryCode ?? "—"}</td>
                <td className="num">{money(o.totalCents)}</td>
                <td>{shortDate(o.placedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {run.matched > run.orders.length && <p className="muted">The {run.orders.length} most recent are shown.</p>}
    </div>
  );
}
