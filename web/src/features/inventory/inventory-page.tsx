import { useState } from "react";
import {
  ADJUSTMENT_REASONS,
  ADJUSTMENT_REASON_LABELS,
  INVENTORY_FILTERS,
  INVENTORY_SORTS,
  adjustInventory,
  createInventoryItem,
  getInventoryItem,
  listInventory,
  type AdjustmentReason,
  type InventoryFilter,
  type InventoryItem,
  type InventoryMovement,
  type InventorySort,
} from "@atelier/contracts/inventory";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { FilterTabs, ListToolbar, Pager, SortSelect, listQueryOf, useAddressPatch, type ListQuery } from "../../ui/list-controls";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { showToast } from "../../ui/toast-store";
import { useLiveOrders } from "../../realtime/use-live-orders";
import "./inventory.css";

const PAGE_SIZE = 25;
const key = () => ({ idempotencyKey: crypto.randomUUID() });

const FILTER_LABELS: Record<InventoryFilter, string> = { ALL: "All", LOW_STOCK: "Low stock", OUT_OF_STOCK: "Out of stock" };
const SORT_LABELS: Record<InventorySort, string> = {
  sku: "SKU, A to Z", "-sku": "SKU, Z to A", title: "Name, A to Z", "-title": "Name, Z to A", available: "Fewest available first", "-available": "Most available first",
};
const MOVEMENT_LABELS: Record<InventoryMovement["kind"], string> = {
  ADJUSTED: "Adjusted", RESERVED: "Reserved by order", RELEASED: "Released", SHIPPED: "Shipped", RECEIVED: "Received", RESTOCKED: "Restocked from a return",
};

/** Reads the list's state from the address (tab, search, sort, page, the SKU opened). */
export function inventoryQueryOf(params: URLSearchParams): ListQuery<InventoryFilter, InventorySort> & { sku: string | null } {
  return { ...listQueryOf(params, INVENTORY_FILTERS, INVENTORY_SORTS, { filter: "ALL", sort: "sku" }), sku: params.get("sku")?.slice(0, 64) || null };
}

function stockBadge(i: Pick<InventoryItem, "stock" | "lowStock">) {
  if (i.stock === "OUT_OF_STOCK") return <span className="tone-badge tone-out">Out of stock</span>;
  if (i.lowStock) return <span className="tone-badge tone-low">Low stock</span>;
  return <span className="tone-badge tone-in">In stock</span>;
}

/** Products (/inventory): stock per SKU and bin, on hand, reserved by open orders and available; tabs for low and out of stock; adjustments with reasons. */
export function InventoryPage() {
  useLiveOrders();
  const { params, update } = useAddressPatch({ keepPageFor: ["sku"] });
  const q = inventoryQueryOf(params);
  const list = useApi(listInventory, { query: { filter: q.filter, sort: q.sort, page: q.page, size: PAGE_SIZE, ...(q.search ? { search: q.search } : {}) } });
  const [adding, setAdding] = useState(false);
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const prompt = q.filter === "LOW_STOCK" ? "What's low on stock?" : q.filter === "OUT_OF_STOCK" ? "What's out of stock?" : "What's low on stock?";
  return (
    <PageFrame title="Products" chatPrompt={prompt} actions={<button type="button" className="primary" onClick={() => setAdding(true)}>Add SKU</button>}>
      <FilterTabs filters={INVENTORY_FILTERS} labels={FILTER_LABELS} current={q.filter} counts={list.data?.counts} label="Stock filters" onPick={(f) => update({ filter: f })} />
      <ListToolbar search={q.search} label="Search products" placeholder="SKU or product name" onSearch={(text) => update({ q: text })}>
        <SortSelect sorts={INVENTORY_SORTS} labels={SORT_LABELS} current={q.sort} fallback="sku" label="Sort products" onSort={(sort) => update({ sort })} />
      </ListToolbar>
      {list.data && total === 0 ? (
        <p className="card" data-testid="inventory-empty">
          {q.search ? `No products match "${q.search}".` : q.filter === "ALL" ? "No products yet. Add a SKU with the units you counted, or ship inventory to the fulfilment center." : `No products are ${FILTER_LABELS[q.filter].toLowerCase()}.`}
        </p>
      ) : (
        <table className="list-table inventory-table" aria-label="Products" aria-busy={list.loading}>
          <thead>
            <tr>
              <th>SKU</th>
              <th>Product</th>
              <th>Bins</th>
              <th className="num">On hand</th>
              <th className="num">Reserved</th>
              <th className="num">Available</th>
              <th>Stock</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((i) => (
              <tr key={i.id} data-testid="inventory-row" data-sku={i.sku}>
                <td><button type="button" className="link-button" onClick={() => update({ sku: i.sku })}>{i.sku}</button></td>
                <td>{i.title}</td>
                <td className="muted cell-bins">{i.bins.map((b) => b.bin).join(", ") || "—"}</td>
                <td className="num cell-hide-narrow">{i.onHand}</td>
                <td className="num cell-hide-narrow">{i.reserved}</td>
                <td className="num"><span className="narrow-label">Available </span>{i.available}</td>
                <td>{stockBadge(i)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={q.page} size={PAGE_SIZE} total={total} onPage={(page) => update({ page })} />
      {q.sku && <ItemDialog sku={q.sku} onClose={() => update({ sku: null })} />}
      {adding && <AddSkuDialog onClose={() => setAdding(false)} />}
    </PageFrame>
  );
}

/** One SKU: its bins, an adjustment form and the ledger. */
function ItemDialog({ sku, onClose }: { sku: string; onClose: () => void }) {
  const item = useApi(getInventoryItem, { params: { sku } });
  const i = item.data;
  const [bin, setBin] = useState("");
  const [change, setChange] = useState("");
  const [reason, setReason] = useState<AdjustmentReason>("COUNT_CORRECTION");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const adjust = async () => {
    const n = Number(change);
    if (!Number.isInteger(n) || n === 0) return setError("Enter a whole number of units to add (like 5) or remove (like -2).");
    setBusy(true);
    setError(null);
    try {
      await request(adjustInventory, { params: { sku }, body: { bin: bin.trim() || i?.bins[0]?.bin || "A-01", change: n, reason, ...(note.trim() ? { note: note.trim() } : {}) } }, key());
      showToast(`${sku}: ${n > 0 ? `${n} added` : `${-n} removed`}.`, "success");
      setChange("");
      setNote("");
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog title={i ? `${i.sku} · ${i.title}` : sku} confirmLabel={busy ? "Saving…" : "Save adjustment"} cancelLabel="Close" busy={busy || !i} onConfirm={() => void adjust()} onCancel={onClose}>
      <div className="inventory-dialog" data-testid="inventory-item">
        {!i && item.error ? <p>This SKU is not in your inventory.</p> : null}
        {!i && !item.error ? <p role="status">Loading…</p> : null}
        {i && (
          <>
            <p>{stockBadge(i)} <strong>{i.available}</strong> available of {i.onHand} on hand; {i.reserved} reserved by open orders{i.incoming ? `, ${i.incoming} incoming` : ""}. Low stock at {i.lowStockThreshold} or fewer.</p>
            <table className="inventory-bins" aria-label="Bins">
              <thead><tr><th>Bin</th><th className="num">On hand</th><th className="num">Reserved</th><th className="num">Available</th></tr></thead>
              <tbody>{i.bins.map((b) => <tr key={b.bin}><td>{b.bin}</td><td className="num">{b.onHand}</td><td className="num">{b.reserved}</td><td className="num">{b.available}</td></tr>)}</tbody>
            </table>
            <fieldset className="inventory-adjust">
              <legend>Adjust stock</legend>
              <label>Bin <input aria-label="Bin" placeholder={i.bins[0]?.bin ?? "A-01"} value={bin} maxLength={32} onChange={(e) => setBin(e.target.value)} /></label>
              <label>Units <input aria-label="Units to add or remove" inputMode="numeric" placeholder="+5 or -2" value={change} onChange={(e) => setChange(e.target.value)} aria-invalid={Boolean(error)} /></label>
              <label>Reason
                <select aria-label="Reason" value={reason} onChange={(e) => setReason(e.target.value as AdjustmentReason)}>
                  {ADJUSTMENT_REASONS.map((r) => <option key={r} value={r}>{ADJUSTMENT_REASON_LABELS[r]}</option>)}
                </select>
              </label>
              <label className="inventory-note">Note <input aria-label="Note" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} /></label>
            </fieldset>
            {error && <p className="field-error" role="alert">{error}</p>}
            <h3>History</h3>
            <ol className="inventory-ledger" aria-label="Stock history">
              {i.movements.map((m) => (
                <li key={m.id} data-testid="movement">
                  <strong>{MOVEMENT_LABELS[m.kind]}{m.reason ? ` · ${ADJUSTMENT_REASON_LABELS[m.reason]}` : ""}</strong>{" "}
                  {m.onHandChange ? `${m.onHandChange > 0 ? "+" : ""}${m.onHandChange} on hand` : ""}{m.onHandChange && m.reservedChange ? ", " : ""}
                  {m.reservedChange ? `${m.reservedChange > 0 ? "+" : ""}${m.reservedChange} reserved` : ""} in {m.bin}
                  {m.orderNumber ? ` · order #${m.orderNumber}` : ""}
                  <div className="muted">{m.note ? `${m.note} · ` : ""}{m.actor.rule ?? m.actor.userName ?? "Atelier"} · {new Date(m.createdAt).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })}</div>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </ConfirmDialog>
  );
}

function AddSkuDialog({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState({ sku: "", title: "", bin: "A-01", onHand: "0", lowStockThreshold: "5" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const save = async () => {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(form.sku.trim())) return setError("The SKU may use letters, digits, dots, dashes and underscores.");
    if (!form.title.trim()) return setError("Give the product a name.");
    const onHand = Number(form.onHand);
    const threshold = Number(form.lowStockThreshold);
    if (!Number.isInteger(onHand) || onHand < 0 || !Number.isInteger(threshold) || threshold < 0) return setError("Units and the low-stock threshold are whole numbers, 0 or more.");
    setBusy(true);
    try {
      await request(createInventoryItem, { body: { sku: form.sku.trim(), title: form.title.trim(), bin: form.bin.trim() || "A-01", onHand, lowStockThreshold: threshold } }, key());
      showToast(`${form.sku.trim()} added.`, "success");
      onClose();
    } catch {
      // The request client has shown why.
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog title="Add a SKU" confirmLabel="Add SKU" busy={busy} onConfirm={() => void save()} onCancel={onClose}>
      <div className="inventory-dialog inventory-form">
        <label>SKU <input aria-label="SKU" value={form.sku} maxLength={64} onChange={set("sku")} /></label>
        <label>Product name <input aria-label="Product name" value={form.title} maxLength={200} onChange={set("title")} /></label>
        <label>Bin <input aria-label="Bin" value={form.bin} maxLength={32} onChange={set("bin")} /></label>
        <label>Units counted <input aria-label="Units counted" inputMode="numeric" value={form.onHand} onChange={set("onHand")} /></label>
        <label>Low stock at <input aria-label="Low stock at" inputMode="numeric" value={form.lowStockThreshold} onChange={set("lowStockThreshold")} /></label>
        {error && <p className="field-error" role="alert">{error}</p>}
      </div>
    </ConfirmDialog>
  );
}
