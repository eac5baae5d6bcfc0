import { useState } from "react";
import { Link, useLocation } from "react-router";
import {
  FEED_CONDITIONS,
  FEED_LISTING_FILTERS,
  createProductFeedUrl,
  downloadProductFeed,
  getProductFeedStatus,
  listFeedListings,
  revokeProductFeedUrl,
  updateFeedListing,
  type FeedCondition,
  type FeedListing,
  type FeedListingFilter,
  type FeedPlatform,
  type ProductFeedStatus,
} from "@atelier/contracts/product-feeds";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { fieldErrors } from "../../ui/field-errors";
import { FilterTabs, ListToolbar, Pager, useAddressPatch } from "../../ui/list-controls";
import { showToast } from "../../ui/toast-store";
import { FEED_GUIDES, FEED_PLATFORM_OF_PATH } from "./feed-guides";
import { saveCsv } from "./import-file-upload";
import "./sales-channels.css";

const PAGE_SIZE = 20;
const key = () => ({ idempotencyKey: crypto.randomUUID() });
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const FILTER_LABELS: Record<FeedListingFilter, string> = { ALL: "All SKUs", READY: "In the feed", NOT_READY: "Left out" };
const CONDITION_LABELS: Record<FeedCondition, string> = { NEW: "New", REFURBISHED: "Refurbished", USED: "Used" };
const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * /ecommerce-services/google-shopping and /instagram: the store's products as a feed the platform
 * fetches. The platform's own steps, the secret feed address (made, replaced or stopped here) and a
 * download, then every SKU with what it still misses; `?sku=` opens one SKU's feed details.
 */
export function ProductFeedPage() {
  const { pathname } = useLocation();
  const platform: FeedPlatform = FEED_PLATFORM_OF_PATH[pathname] ?? "GOOGLE";
  const guide = FEED_GUIDES[platform];
  const { params, update } = useAddressPatch({ keepPageFor: ["sku"] });
  const filter = FEED_LISTING_FILTERS.find((f) => f === params.get("filter")) ?? "ALL";
  const search = (params.get("q") ?? "").slice(0, 100);
  const page = Math.max(0, Number.parseInt(params.get("page") ?? "0", 10) || 0);
  const sku = params.get("sku")?.slice(0, 64) || null;
  const status = useApi(getProductFeedStatus, {});
  const list = useApi(listFeedListings, { query: { filter, page, size: PAGE_SIZE, ...(search ? { search } : {}) } });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const reload = () => { status.reload(); list.reload(); };

  return (
    <PageFrame title={guide.title} chatPrompt={guide.chatPrompt} actions={<Link className="button" to="/ecommerce-services">Sales channels</Link>}>
      <FeedAddress platform={platform} status={status.data ?? null} onChanged={status.reload} />

      <section className="card channel-steps" aria-label={`How to add the feed in ${guide.platform}`}>
        <h2>Add the feed in {guide.platform}</h2>
        <ol>{guide.steps.map((s) => <li key={s}>{s}</li>)}</ol>
      </section>

      <section aria-label="Products in the feed">
        <h2>Your products in the feed</h2>
        <p className="muted">A product is in the feed once it has a description, a link to its page, a picture, a price and a brand. Stock comes from your inventory: a SKU with nothing available shows as out of stock.</p>
        <FilterTabs filters={FEED_LISTING_FILTERS} labels={FILTER_LABELS} current={filter} counts={list.data?.counts} label="Feed filters" onPick={(f) => update({ filter: f })} />
        <ListToolbar search={search} label="Search products" placeholder="SKU or product name" onSearch={(text) => update({ q: text })} />
        {list.data && total === 0 ? (
          <p className="card" data-testid="feed-empty">
            {search ? `No products match "${search}".` : filter === "READY" ? "No product is in the feed yet: open one under Left out and add what it misses." : filter === "NOT_READY" ? "Every product has what the feed needs." : <>Your inventory has no SKUs yet. <Link to="/inventory">Add products</Link>, then give each a picture, a link and a price here.</>}
          </p>
        ) : (
          <table className="list-table feed-table" aria-label="Products in the feed" aria-busy={list.loading}>
            <thead><tr><th>SKU</th><th>Product</th><th className="num cell-hide-narrow">Price</th><th className="cell-hide-narrow">Stock</th><th>In the feed</th></tr></thead>
            <tbody>
              {rows.map((l) => (
                <tr key={l.sku} data-testid="feed-row" data-sku={l.sku}>
                  <td><button type="button" className="link-button" onClick={() => update({ sku: l.sku })}>{l.sku}</button></td>
                  <td className="feed-title">{l.title}</td>
                  <td className="num cell-hide-narrow">{l.priceCents === null ? "—" : usd(l.priceCents)}</td>
                  <td className="cell-hide-narrow">{l.inStock ? `In stock (${l.available})` : "Out of stock"}</td>
                  <td className="feed-problem">{l.ready ? <span className="tone-badge tone-in">In the feed</span> : <span data-testid="feed-problem">{l.problem}</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pager page={page} size={PAGE_SIZE} total={total} onPage={(p) => update({ page: p })} />
      </section>
      {sku && <ListingDialog sku={sku} onClose={() => update({ sku: null })} onSaved={reload} />}
    </PageFrame>
  );
}

/** The feed's address for this platform: make it, copy it, replace it or stop it; and the file to upload by hand. */
function FeedAddress({ platform, status, onChanged }: { platform: FeedPlatform; status: ProductFeedStatus | null; onChanged: () => void }) {
  const [asking, setAsking] = useState<"replace" | "stop" | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (what: "make" | "replace" | "stop") => {
    setBusy(true);
    try {
      if (what === "stop") await request(revokeProductFeedUrl, {}, key());
      else await request(createProductFeedUrl, {}, key());
      showToast(what === "stop" ? "The feed address is stopped." : what === "replace" ? "A new feed address is ready; the old one no longer works." : "Your feed address is ready.", "success");
      setAsking(null);
      onChanged();
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    try {
      const file = await request(downloadProductFeed, { params: { platform } });
      saveCsv(file.filename, file.content);
    } catch {
      showToast("The feed file could not be downloaded. Try again in a moment.");
    }
  };
  const url = status?.urls?.[platform] ?? null;
  return (
    <section className="card feed-address" aria-label="The feed address" data-testid="feed-address">
      <h2>Your product feed</h2>
      {status && <p data-testid="feed-summary">{status.summary}</p>}
      {url ? (
        <>
          <label>
            Feed address for {FEED_GUIDES[platform].platform}
            <input readOnly value={url} data-testid="feed-url" onFocus={(e) => e.target.select()} />
          </label>
          <p className="muted">{status?.lastFetchedAt ? `Last fetched ${when(status.lastFetchedAt)}.` : "Not fetched yet: paste it in the platform as the steps below say."} Anyone with this address can read your product list, so share it only with the platform.</p>
          <div className="feed-actions">
            <button type="button" className="primary" onClick={() => void navigator.clipboard?.writeText(url).then(() => showToast("Feed address copied.", "success"))}>Copy address</button>
            <button type="button" onClick={() => void download()}>Download the file</button>
            <button type="button" onClick={() => setAsking("replace")}>Make a new address</button>
            <button type="button" className="danger" onClick={() => setAsking("stop")}>Stop the feed</button>
          </div>
        </>
      ) : (
        <div className="feed-actions">
          <button type="button" className="primary" disabled={busy || !status} onClick={() => void run("make")}>Make the feed address</button>
          <button type="button" onClick={() => void download()}>Download the file</button>
        </div>
      )}
      {asking && (
        <ConfirmDialog
          title={asking === "stop" ? "Stop the feed?" : "Make a new feed address?"}
          confirmLabel={asking === "stop" ? "Stop the feed" : "Make a new address"}
          danger={asking === "stop"}
          busy={busy}
          onConfirm={() => void run(asking)}
          onCancel={() => setAsking(null)}
        >
          <p>{asking === "stop" ? "Google Merchant Center and Meta Commerce Manager will no longer be able to fetch your products; the products they already have stay until they expire." : "The current address stops working at once: paste the new one in Google Merchant Center and Meta Commerce Manager."}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

type Form = { title: string; description: string; link: string; imageLink: string; price: string; brand: string; gtin: string; mpn: string; condition: FeedCondition };
const formOf = (l: FeedListing): Form => ({
  title: l.title === l.inventoryTitle ? "" : l.title, description: l.description, link: l.link, imageLink: l.imageLink,
  price: l.priceCents === null ? "" : (l.priceCents / 100).toFixed(2), brand: l.brand, gtin: l.gtin, mpn: l.mpn, condition: l.condition,
});

/** The SKU opened (`?sku=`), read by itself so a linked or reloaded address opens it too. */
function ListingDialog({ sku, onClose, onSaved }: { sku: string; onClose: () => void; onSaved: () => void }) {
  const found = useApi(listFeedListings, { query: { search: sku, size: 100 } });
  const listing = found.data?.list.find((l) => l.sku.toLowerCase() === sku.toLowerCase());
  if (!listing) {
    return (
      <ConfirmDialog title={sku} confirmLabel="Close" cancelLabel="Back" onConfirm={onClose} onCancel={onClose}>
        <p role="status">{found.data || found.error ? "This SKU is not in your inventory." : "Loading…"}</p>
      </ConfirmDialog>
    );
  }
  return <ListingForm listing={listing} onClose={onClose} onSaved={onSaved} />;
}

/** One SKU's feed details, with what the API refuses shown under its field. */
function ListingForm({ listing, onClose, onSaved }: { listing: FeedListing; onClose: () => void; onSaved: () => void }) {
  const [form, setForm] = useState<Form>(formOf(listing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const save = async () => {
    const price = form.price.trim().replace(/^\$/, "");
    if (price && !/^\d+(\.\d{1,2})?$/.test(price)) return setErrors({ priceCents: "Write the price in dollars, like 24 or 24.00." });
    setBusy(true);
    setErrors({});
    try {
      const saved = await request(updateFeedListing, {
        params: { sku: listing.sku },
        body: {
          title: form.title, description: form.description, link: form.link, imageLink: form.imageLink, brand: form.brand, gtin: form.gtin, mpn: form.mpn, condition: form.condition,
          priceCents: price ? Math.round(Number(price) * 100) : null,
        },
      }, { ...key(), quiet: true });
      showToast(saved.ready ? `${saved.sku} is in the feed.` : `${saved.sku} saved. ${saved.problem}`, "success");
      onSaved();
      onClose();
    } catch (err) {
      setErrors(fieldErrors(err));
    } finally {
      setBusy(false);
    }
  };
  const field = (k: keyof Form, label: string, props: { placeholder?: string; maxLength?: number; errorKey?: string } = {}) => (
    <label>
      {label}
      <input aria-label={label} value={form[k]} placeholder={props.placeholder} maxLength={props.maxLength} aria-invalid={Boolean(errors[props.errorKey ?? k])} onChange={set(k)} />
      {errors[props.errorKey ?? k] && <span className="field-error" role="alert">{errors[props.errorKey ?? k]}</span>}
    </label>
  );
  return (
    <ConfirmDialog title={`${listing.sku} in the feed`} confirmLabel={busy ? "Saving…" : "Save"} busy={busy} onConfirm={() => void save()} onCancel={onClose}>
      <div className="feed-form" data-testid="feed-listing-form">
        {!listing.ready && <p data-testid="feed-listing-problem">{listing.problem}</p>}
        {field("title", "Title", { placeholder: listing.inventoryTitle, maxLength: 150 })}
        <label>
          Description
          <textarea aria-label="Description" value={form.description} maxLength={5000} rows={3} aria-invalid={Boolean(errors.description)} onChange={set("description")} />
          {errors.description && <span className="field-error" role="alert">{errors.description}</span>}
        </label>
        {field("link", "Product page", { placeholder: "https://your-shop.com/products/…" })}
        {field("imageLink", "Picture address", { placeholder: "https://…/picture.jpg" })}
        {field("price", "Price (USD)", { placeholder: "24.00", errorKey: "priceCents" })}
        {field("brand", "Brand", { maxLength: 70 })}
        {field("gtin", "Barcode (UPC, EAN or ISBN)", { placeholder: "If it has one" })}
        {field("mpn", "Maker's part number", { placeholder: "If it has one", maxLength: 70 })}
        <label>
          Condition
          <select aria-label="Condition" value={form.condition} onChange={set("condition")}>
            {FEED_CONDITIONS.map((c) => <option key={c} value={c}>{CONDITION_LABELS[c]}</option>)}
          </select>
        </label>
        {errors.form && <p className="field-error" role="alert">{errors.form}</p>}
      </div>
    </ConfirmDialog>
  );
}
