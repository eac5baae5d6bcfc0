import { useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { ApiError } from "@atelier/contracts";
import { ORDER_IMPORT_MAX_BYTES, ORDER_IMPORT_STATUS_LABELS, getOrderImport, getOrderImportProblemsCsv, importShopOrders, listOrderImports, listSalesChannels, startOrderImport, type OrderImport } from "@atelier/contracts/sales-channels";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { JobProgress } from "../../ui/job-progress";
import { Pager, useAddressPatch } from "../../ui/list-controls";
import { showToast } from "../../ui/toast-store";
import { CHANNEL_OF_PATH, EXPORT_STEPS } from "./channel-guides";
import { saveCsv, uploadImportFile } from "./import-file-upload";
import "./sales-channels.css";

const PAGE_SIZE = 10;
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * A platform's connect page: how to export its orders, the upload (checked first, then imported on
 * a click), the import's live progress and its outcome with every row that failed and the orders
 * it placed. The import on screen is `?import=<id>`: it survives a reload and is "this file" for the assistant.
 */
export function ConnectChannelPage() {
  const { pathname } = useLocation();
  const channel = CHANNEL_OF_PATH[pathname] ?? "SHOPIFY";
  const guide = EXPORT_STEPS[channel];
  const { params, update } = useAddressPatch();
  const importId = params.get("import");
  const page = Math.max(0, Number.parseInt(params.get("page") ?? "0", 10) || 0);
  const past = useApi(listOrderImports, { query: { channel, page, size: PAGE_SIZE } });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A shop connected through its platform's API (Shopify's official adapter) is read directly.
  const channels = useApi(listSalesChannels, {});
  const shop = channel === "SHOPIFY" ? (channels.data?.channels.find((c) => c.key === "shopify")?.connectedShop ?? null) : null;

  const check = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setFileError("Choose the export file first.");
    if (file.size > ORDER_IMPORT_MAX_BYTES) return setFileError(`The file is larger than ${ORDER_IMPORT_MAX_BYTES / 1024 / 1024} MB; export fewer orders at a time (a date range).`);
    setBusy(true);
    setFileError(null);
    try {
      const checked = await uploadImportFile(file);
      update({ import: checked.id, page: null });
      past.reload();
    } catch (err) {
      setFileError(err instanceof ApiError ? (err.details?.[0]?.reason ? `This file ${String(err.details[0].reason)}.` : err.message) : "The file could not be sent. Try again in a moment.");
    } finally {
      setBusy(false);
    }
  };
  const filePath = (
    <>
      <section className="card channel-steps" aria-label="How to export the file">
        <h2>Export {guide.file}</h2>
        <ol>{guide.steps.map((s) => <li key={s}>{s}</li>)}</ol>
        <p className="muted">Orders come in as Imported orders: their stock is reserved and your fulfilment rules run, as for any order. Orders already imported are skipped, so importing the same file again is safe.</p>
      </section>

      <form className="card channel-upload" onSubmit={(e) => void check(e)} aria-label="Upload the export file">
        <label>
          Export file (CSV or Amazon's .txt report, up to {ORDER_IMPORT_MAX_BYTES / 1024 / 1024} MB)
          <input type="file" accept=".csv,.txt,.tsv,text/csv,text/plain" aria-invalid={Boolean(fileError)} onChange={(e) => { setFile(e.target.files?.[0] ?? null); setFileError(null); }} />
        </label>
        {fileError && <p className="field-error" role="alert">{fileError}</p>}
        <div><button type="submit" className="primary" disabled={busy || !file}>{busy ? "Checking…" : "Check the file"}</button></div>
      </form>
    </>
  );
  return (
    <PageFrame title={guide.title} chatPrompt={importId ? "About this import: " : "Import my orders"} actions={<Link className="button" to="/ecommerce-services">Sales channels</Link>}>
      {shop ? (
        <>
          <ShopImport shop={shop} onRead={(id) => { update({ import: id, page: null }); past.reload(); }} />
          <details className="channel-file-instead">
            <summary>Or upload an orders export file instead</summary>
            {filePath}
          </details>
        </>
      ) : (
        filePath
      )}

      {importId && <ImportResult id={importId} onChanged={past.reload} />}

      <section aria-label="Earlier imports">
        <h2>Earlier imports</h2>
        {past.data && past.data.total === 0 ? (
          <p className="card" data-testid="imports-empty">No file imported from this platform yet.</p>
        ) : (
          <table className="list-table" aria-label="Earlier imports" aria-busy={past.loading}>
            <thead><tr><th>File</th><th className="cell-hide-narrow">Uploaded</th><th>Status</th><th>Outcome</th></tr></thead>
            <tbody>
              {(past.data?.list ?? []).map((i) => (
                <tr key={i.id}>
                  <td><button type="button" className="link-button" onClick={() => update({ import: i.id })}>{i.fileName}</button></td>
                  <td className="cell-hide-narrow">{when(i.createdAt)}</td>
                  <td>{ORDER_IMPORT_STATUS_LABELS[i.status]}</td>
                  <td>{i.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {(past.data?.total ?? 0) > PAGE_SIZE && <Pager page={page} size={PAGE_SIZE} total={past.data!.total} onPage={(p) => update({ page: p })} />}
      </section>
    </PageFrame>
  );
}

/** Reading the connected shop's open orders: checked like a file, then imported on the same button. */
function ShopImport({ shop, onRead }: { shop: string; onRead: (importId: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const read = async () => {
    setBusy(true);
    setError(null);
    try {
      const checked = await request(importShopOrders, { body: { channel: "SHOPIFY" } }, { idempotencyKey: crypto.randomUUID(), quiet: true });
      onRead(checked.id);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Shopify could not be reached. Try again in a moment.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card channel-shop" aria-label="Import from your shop">
      <h2>Import from your shop</h2>
      <p>Atelier is connected to <strong>{shop}</strong>. It reads the shop's open orders that are not shipped yet; you see how many before anything is imported.</p>
      <p className="muted">Orders come in as Imported orders: their stock is reserved and your fulfilment rules run, as for any order. Orders already imported (from the shop or from an export file) are skipped.</p>
      {error && <p className="field-error" role="alert">{error}</p>}
      <div><button type="button" className="primary" disabled={busy} onClick={() => void read()}>{busy ? "Reading the shop's orders…" : "Read the orders to fulfil"}</button></div>
    </section>
  );
}

/** The import on screen: the button that starts it, its live progress, then its outcome. */
function ImportResult({ id, onChanged }: { id: string; onChanged: () => void }) {
  const current = useApi(getOrderImport, { params: { id } });
  const [busy, setBusy] = useState(false);
  const shown = current.data;
  const start = async (i: OrderImport) => {
    setBusy(true);
    try {
      await request(startOrderImport, { body: { importId: i.id } }, { idempotencyKey: `import-${i.id}` });
      current.reload();
      onChanged();
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  const downloadProblems = async () => {
    try {
      const r = await request(getOrderImportProblemsCsv, { params: { id } });
      saveCsv(r.filename, r.csv);
    } catch {
      showToast("The problem report could not be downloaded. Try again in a moment.");
    }
  };

  if (!shown) return null;
  return (
    <section className="card channel-result" aria-label="This import" data-testid="import-result">
      <h2>{shown.fileName}</h2>
      <p data-testid="import-summary">{shown.summary}</p>
      {shown.status === "UPLOADED" && (
        <button type="button" className="primary" disabled={busy} onClick={() => void start(shown)}>
          Import {shown.orderCount.toLocaleString("en-US")} {shown.orderCount === 1 ? "order" : "orders"}
        </button>
      )}
      {(shown.status === "QUEUED" || shown.status === "RUNNING") && shown.jobId && (
        <JobProgress jobId={shown.jobId} label="Importing your orders" doneText="Imported." onFinished={() => { current.reload(); onChanged(); }} />
      )}
      {shown.problems.length > 0 && (
        <>
          <h3>Rows that could not be imported</h3>
          <table className="list-table channel-problems" aria-label="Rows that could not be imported">
            <thead><tr><th className="num">{shown.source === "SHOP" ? "No." : "Line"}</th><th>Order</th><th>Problem</th></tr></thead>
            <tbody>
              {shown.problems.map((p, i) => (
                <tr key={`${p.rowNumber}-${i}`} data-testid="import-problem"><td className="num"><span className="narrow-label">{shown.source === "SHOP" ? "No. " : "Line "}</span>{p.rowNumber}</td><td>{p.orderRef ?? ""}</td><td className="channel-problem-text">{p.message}</td></tr>
              ))}
            </tbody>
          </table>
          {shown.problemCount > shown.problems.length && <p className="muted">The first {shown.problems.length} of {shown.problemCount} problem rows; the report has them all.</p>}
          <button type="button" onClick={() => void downloadProblems()}>Download the problem report (CSV)</button>
        </>
      )}
      {shown.orders.length > 0 && (
        <>
          <h3>Imported orders</h3>
          <ul className="channel-orders">
            {shown.orders.map((o) => <li key={o.id}><Link to={`/order-details/${o.id}`}>#{o.orderNumber}</Link> <span className="muted">({o.externalId})</span> {o.customerName}, {usd(o.totalCents)}</li>)}
          </ul>
          {shown.importedCount > shown.orders.length && <p><Link to="/orders">All orders</Link></p>}
        </>
      )}
    </section>
  );
}
