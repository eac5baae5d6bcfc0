import { useState, type FormEvent } from "react";
import { ApiError } from "@atelier/contracts";
import {
  KITTING_FEE_PER_KIT_CENTS,
  KITTING_ORDER_STATUS_WORDS,
  KIT_PAGE_SIZE,
  assembleKits,
  createKit,
  getKit,
  kittingFeeCents,
  listKits,
  updateKit,
  type Kit,
  type KitDetail,
} from "@atelier/contracts/kitting";
import { request } from "../../api/client";
import { invalidate } from "../../api/query-cache";
import { useApi } from "../../api/use-api";
import { useRealtimeEvent } from "../../realtime/use-realtime-event";
import { PageFrame } from "../../shell/page-frame";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { ListToolbar, Pager, useAddressPatch } from "../../ui/list-controls";
import { showToast } from "../../ui/toast-store";
import "./kitting.css";

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const recipe = (k: Pick<Kit, "components">) => k.components.map((c) => `${c.quantity} × ${c.sku}`).join(" + ");
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** Field errors of a refused request, by the form's field names ("components.1.sku"). */
function fieldErrors(err: unknown): Record<string, string> | null {
  if (!(err instanceof ApiError) || !err.details?.length) return null;
  return Object.fromEntries(err.details.map((d) => [String(d.field ?? "").replace(/^body\./, ""), String(d.reason ?? "")]));
}

/**
 * Kits and bundles (/fulfillment-services/kitting, from the fulfilment home's "kitting" action):
 * the store's kits with what each can sell now, a kit opened in place (?kit=SKU) to edit what it
 * holds and to have the fulfilment center assemble kits ahead for a fee the person confirms, and
 * ?kit=new to make one.
 */
export function KittingPage() {
  const { params, update } = useAddressPatch({ keepPageFor: ["kit"] });
  const search = (params.get("q") ?? "").slice(0, 100);
  const page = Math.max(0, Number.parseInt(params.get("page") ?? "0", 10) || 0);
  const opened = params.get("kit")?.slice(0, 64) || null;
  const list = useApi(listKits, { query: { page, size: KIT_PAGE_SIZE, ...(search ? { search } : {}) } });
  // The center's job finishes assembly in the background; the list and the open kit follow.
  useRealtimeEvent("kit.assembled", () => invalidate(["inventory"]));
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  return (
    <PageFrame title="Kits and bundles" chatPrompt={opened && opened !== "new" ? "How many of this kit can I make?" : "How many gift sets can I make?"} actions={<button type="button" className="primary" onClick={() => update({ kit: "new" })}>New kit</button>}>
      <p className="muted kit-intro">A kit is a SKU made of other SKUs. Orders for it take kits assembled ahead first, then reserve its components; the fulfilment center can assemble kits ahead for {usd(KITTING_FEE_PER_KIT_CENTS)} a kit.</p>
      {opened === "new" && <KitEditor onDone={(sku) => update({ kit: sku })} onCancel={() => update({ kit: null })} />}
      {opened && opened !== "new" && <KitPanel sku={opened} onClose={() => update({ kit: null })} />}
      <ListToolbar search={search} label="Search kits" placeholder="Kit SKU or name" onSearch={(q) => update({ q })} />
      {list.data && total === 0 ? (
        <p className="card" data-testid="kits-empty">{search ? `No kits match "${search}".` : "No kits yet. Make one from SKUs in your inventory, like a gift set of a mug and two coasters."}</p>
      ) : (
        <table className="list-table kit-table" aria-label="Kits" aria-busy={list.loading}>
          <thead>
            <tr>
              <th>Kit</th>
              <th>Holds</th>
              <th className="num">Assembled</th>
              <th className="num">Can make</th>
              <th className="num">Available</th>
              <th>Runs out first</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((k) => (
              <tr key={k.sku} data-testid="kit-row" data-sku={k.sku}>
                <td><button type="button" className="link-button" onClick={() => update({ kit: k.sku })}>{k.sku}</button><div className="muted">{k.title}</div></td>
                <td className="kit-recipe">{recipe(k)}</td>
                <td className="num cell-hide-narrow">{k.assembled}</td>
                <td className="num cell-hide-narrow">{k.makeable}</td>
                <td className="num"><span className="narrow-label">Available </span>{k.available}</td>
                <td className="cell-hide-narrow">{k.limitedBy ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} size={KIT_PAGE_SIZE} total={total} onPage={(p) => update({ page: p })} />
    </PageFrame>
  );
}

/** One kit: what it holds and what that makes, its edit form, assembly ahead and its work orders. */
function KitPanel({ sku, onClose }: { sku: string; onClose: () => void }) {
  const kit = useApi(getKit, { params: { sku } });
  const [editing, setEditing] = useState(false);
  const k = kit.data;
  if (!k) {
    return <section className="card kit-panel" aria-label="Kit">{kit.error ? <p>This kit is not in your store. <button type="button" className="link-button" onClick={onClose}>Back to the kits</button></p> : <p role="status">Loading…</p>}</section>;
  }
  return (
    <section className="card kit-panel" aria-label={`Kit ${k.sku}`} data-testid="kit-panel">
      <header className="kit-panel-head">
        <h2>{k.title} <span className="muted">{k.sku}</span></h2>
        <div className="kit-panel-actions">
          <button type="button" onClick={() => setEditing(!editing)}>{editing ? "Stop editing" : "Edit kit"}</button>
          <button type="button" onClick={onClose}>Close</button>
        </div>
      </header>
      <p data-testid="kit-summary">
        <strong>{k.available}</strong> can be sold now: {plural(k.assembled, "kit")} assembled ahead and {plural(k.makeable, "more kit")} from the components in stock{k.limitedBy ? `; ${k.limitedBy} runs out first` : ""}.
      </p>
      {editing ? (
        <KitEditor kit={k} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
      ) : (
        <table className="inventory-bins" aria-label="Components">
          <thead><tr><th>Component</th><th className="num">Per kit</th><th className="num">In stock</th><th className="num">Makes</th></tr></thead>
          <tbody>
            {k.components.map((c) => (
              <tr key={c.sku}><td>{c.sku}<div className="muted">{c.title}</div></td><td className="num">{c.quantity}</td><td className="num">{c.available}</td><td className="num">{plural(c.kitsFromStock, "kit")}</td></tr>
            ))}
          </tbody>
        </table>
      )}
      <AssembleForm kit={k} />
      {k.workOrders.length > 0 && (
        <>
          <h3>Assembly at the fulfilment center</h3>
          <ol className="kit-orders" aria-label="Kitting work orders">
            {k.workOrders.map((w) => (
              <li key={w.id} data-testid="kit-work-order">
                <strong>{plural(w.kits, "kit")}</strong> into bin {w.bin} · fee {usd(w.feeCents)} · {KITTING_ORDER_STATUS_WORDS[w.status]}
                <div className="muted">Asked {new Date(w.createdAt).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })}</div>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** How many kits to assemble ahead; nothing is charged until the person confirms the fee in the dialog. */
function AssembleForm({ kit }: { kit: KitDetail }) {
  const [count, setCount] = useState("");
  const [bin, setBin] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const n = Number(count);
  const fee = Number.isInteger(n) && n > 0 ? kittingFeeCents(n) : 0;
  const binText = bin.trim().toUpperCase() || "A-01";
  const review = (e: FormEvent) => {
    e.preventDefault();
    if (!Number.isInteger(n) || n < 1) return setError("Enter how many kits to assemble, 1 or more.");
    if (n > kit.makeable) return setError(`Your stock makes ${plural(kit.makeable, "kit")}${kit.limitedBy ? `: ${kit.limitedBy} runs out first` : ""}.`);
    setError(null);
    setConfirming(true);
  };
  const assemble = async () => {
    setBusy(true);
    try {
      await request(assembleKits, { params: { sku: kit.sku }, body: { kits: n, bin: binText, expectedFeeCents: fee } }, { idempotencyKey: crypto.randomUUID(), quiet: true });
      showToast(`The fulfilment center is assembling ${plural(n, "kit")} of ${kit.title}; ${usd(fee)} charged.`, "success");
      setCount("");
      invalidate(["inventory"]);
    } catch (err) {
      const fields = fieldErrors(err);
      setError(fields ? Object.values(fields).join(" ") : err instanceof ApiError ? err.message : "The kits could not be requested. Try again in a moment.");
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <form className="kit-assemble" onSubmit={review} aria-label="Assemble kits ahead">
      <label>Kits to assemble <input aria-label="Kits to assemble" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} aria-invalid={Boolean(error)} /></label>
      <label>Into bin <input aria-label="Into bin" placeholder="A-01" value={bin} maxLength={32} onChange={(e) => setBin(e.target.value)} /></label>
      <button type="submit" disabled={busy || kit.makeable === 0}>Assemble ahead</button>
      <span className="muted kit-fee">{fee ? `Kitting fee ${usd(fee)} (${usd(KITTING_FEE_PER_KIT_CENTS)} a kit).` : `${usd(KITTING_FEE_PER_KIT_CENTS)} a kit, charged to your card when you confirm.`}</span>
      {error && <p className="field-error kit-wide" role="alert">{error}</p>}
      {confirming && (
        <ConfirmDialog title="Assemble these kits?" confirmLabel={busy ? "Asking…" : `Pay ${usd(fee)}`} busy={busy} onConfirm={() => void assemble()} onCancel={() => setConfirming(false)}>
          <p data-testid="kit-confirm">
            Your default card will be charged <strong>{usd(fee)}</strong> for the fulfilment center to assemble <strong>{plural(n, "kit")} of {kit.title}</strong> into bin {binText}. Their components ({recipe(kit)} each) are held for them at once.
          </p>
        </ConfirmDialog>
      )}
    </form>
  );
}

type Row = { sku: string; quantity: string };

/** A new kit (no `kit`) or an existing one's name and components. */
function KitEditor({ kit, onDone, onCancel }: { kit?: KitDetail; onDone: (sku: string) => void; onCancel: () => void }) {
  const [sku, setSku] = useState(kit?.sku ?? "");
  const [title, setTitle] = useState(kit?.title ?? "");
  const [rows, setRows] = useState<Row[]>(kit ? kit.components.map((c) => ({ sku: c.sku, quantity: String(c.quantity) })) : [{ sku: "", quantity: "1" }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const setRow = (i: number, patch: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const components = rows.filter((r) => r.sku.trim()).map((r) => ({ sku: r.sku.trim(), quantity: Number(r.quantity) }));
    const missing: Record<string, string> = {};
    if (!kit && !sku.trim()) missing.sku = "Give the kit a SKU, like GIFT-SET.";
    if (!title.trim()) missing.title = "Give the kit a name.";
    if (!components.length) missing.components = "Add at least one SKU the kit holds.";
    components.forEach((c, i) => {
      if (!Number.isInteger(c.quantity) || c.quantity < 1) missing[`components.${i}.quantity`] = "Units per kit are a whole number, 1 or more.";
    });
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const saved = kit
        ? await request(updateKit, { params: { sku: kit.sku }, body: { title: title.trim(), components } }, { idempotencyKey: crypto.randomUUID(), quiet: true })
        : await request(createKit, { body: { sku: sku.trim(), title: title.trim(), components } }, { idempotencyKey: crypto.randomUUID(), quiet: true });
      showToast(kit ? `${saved.sku} saved.` : `Kit ${saved.sku} made: ${saved.available} can be sold now.`, "success");
      invalidate(["inventory"]);
      onDone(saved.sku);
    } catch (err) {
      setErrors(fieldErrors(err) ?? { form: err instanceof ApiError ? err.message : "The kit could not be saved. Try again in a moment." });
    } finally {
      setBusy(false);
    }
  };
  const error = (k: string) => errors[k] && <span className="field-error">{errors[k]}</span>;
  return (
    <form className={`kit-editor${kit ? "" : " card"}`} onSubmit={(e) => void save(e)} aria-label={kit ? "Edit the kit" : "New kit"}>
      {!kit && <h2 className="kit-wide">New kit</h2>}
      {!kit && <label>Kit SKU <input aria-label="Kit SKU" value={sku} maxLength={64} placeholder="GIFT-SET" onChange={(e) => setSku(e.target.value)} />{error("sku")}</label>}
      <label>Name <input aria-label="Kit name" value={title} maxLength={200} placeholder="Gift set" onChange={(e) => setTitle(e.target.value)} />{error("title")}</label>
      <fieldset className="kit-wide kit-components">
        <legend>What one kit holds</legend>
        {rows.map((r, i) => (
          <div className="kit-component-row" key={i}>
            <label>SKU <input aria-label={`Component ${i + 1} SKU`} value={r.sku} maxLength={64} placeholder="MUG-01" onChange={(e) => setRow(i, { sku: e.target.value })} />{error(`components.${i}.sku`)}</label>
            <label>Units <input aria-label={`Component ${i + 1} units`} inputMode="numeric" value={r.quantity} onChange={(e) => setRow(i, { quantity: e.target.value })} />{error(`components.${i}.quantity`)}</label>
            <button type="button" className="link-button" aria-label={`Remove component ${i + 1}`} disabled={rows.length === 1} onClick={() => setRows(rows.filter((_, j) => j !== i))}>Remove</button>
          </div>
        ))}
        {error("components")}
        <button type="button" className="link-button" onClick={() => setRows([...rows, { sku: "", quantity: "1" }])}>Add a component</button>
      </fieldset>
      {errors.form && <p className="field-error kit-wide" role="alert">{errors.form}</p>}
      <div className="kit-wide kit-editor-actions">
        <button type="submit" className="primary" disabled={busy}>{busy ? "Saving…" : kit ? "Save kit" : "Make kit"}</button>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
