import { useCallback, useMemo, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { MARKETPLACE_VIEW_TYPES, searchCatalogItems, searchSuppliers } from "@atelier/contracts/marketplace";
import { PageFrame } from "../../shell/page-frame";
import { request } from "../../api/client";
import { ItemCard, SupplierCard, type CatalogItem, type Supplier } from "../../ui/cards";
import { FilterPanel } from "./filter-panel";
import { LoadMore } from "../../ui/load-more";
import { SearchBox } from "./search-box";
import { usePaged, type Page } from "../../ui/use-paged";
import { MARKETPLACE_TOUR, OnceTour } from "./sourcing-tours";
import {
  VIEW_LABELS, effectiveSort, parseMarketplaceState, serializeMarketplaceState, sortOptions, toSearchQuery, updateMarketplaceState,
  type MarketplaceState, type SortKey,
} from "./marketplace-state";
import { formatCompact } from "../../format/format";
import "../../ui/kit.css";
import { SearchNotice } from "../../ui/search-notice";

type Entry = { kind: "supplier"; value: Supplier } | { kind: "item"; value: CatalogItem };

/** The marketplace (/browse-suppliers): four views, every filter and sort, the URL holding the state. */
export function BrowseSuppliersPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const search = params.toString();
  const state = useMemo(() => parseMarketplaceState(search), [search]);
  const canonical = serializeMarketplaceState(state);
  const [copied, setCopied] = useState(false);
  // The first page's note about the search (words only while the meaning model is down).
  const [notice, setNotice] = useState<string | null>(null);

  const replace = (next: MarketplaceState) => setParams(new URLSearchParams(serializeMarketplaceState(next)), { replace: false });
  const change = (patch: Partial<MarketplaceState>) => replace(updateMarketplaceState(state, patch));

  // One paged list whatever the view; the entries carry their kind. The canonical query string is the whole state.
  const load = useCallback(
    async (page: number): Promise<Page<Entry>> => {
      const query = { ...toSearchQuery(parseMarketplaceState(canonical)), page, size: 24 };
      if (query.viewType === "CATALOG_PRODUCTS") {
        const items = await request(searchCatalogItems, { query });
        if (page === 0) setNotice(items.notice ?? null);
        return { ...items, list: items.list.map((value) => ({ kind: "item" as const, value })) };
      }
      const suppliers = await request(searchSuppliers, { query });
      if (page === 0) setNotice(suppliers.notice ?? null);
      return { ...suppliers, list: suppliers.list.map((value) => ({ kind: "supplier" as const, value })) };
    },
    [canonical],
  );
  const paged = usePaged(load, canonical);

  const share = async () => {
    const url = `${window.location.origin}${location.pathname}${canonical}`;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard permission: the address bar already holds the same link.
      setCopied(false);
      window.prompt("Copy this link", url);
    }
  };

  const sort = effectiveSort(state);
  return (
    <PageFrame title="Browse suppliers" chatPrompt={state.searchKey ? `Help me find suppliers for "${state.searchKey}"` : ""}>
      <div className="market-toolbar">
        <SearchBox initial={state.searchKey} onSearch={(keyword) => change({ searchKey: keyword, sort: state.sort === "relevance" && !keyword ? undefined : state.sort })} />
        <Link to="/browse-suppliers-with-uploaded-image">Search by image</Link>
      </div>
      <nav className="tabs" id="marketplace-views" aria-label="Marketplace views">
        {MARKETPLACE_VIEW_TYPES.map((v) => (
          <button key={v} type="button" className={`tab${v === state.viewType ? " tab-current" : ""}`} aria-pressed={v === state.viewType} onClick={() => change({ viewType: v })}>
            {VIEW_LABELS[v]}
          </button>
        ))}
      </nav>
      <div className="market-layout">
        <FilterPanel state={state} onChange={change} onReplace={replace} />
        <div className="market-results">
          <div className="section-head">
            <span data-testid="result-count" aria-live="polite">
              {paged.total === null ? "Searching…" : `${formatCompact(paged.total)} ${state.viewType === "CATALOG_PRODUCTS" ? "products" : "suppliers"}`}
            </span>
            <div className="page-actions">
              <label id="marketplace-sort">
                Sort{" "}
                <select aria-label="Sort" value={sort} onChange={(e) => change({ sort: e.target.value as SortKey })}>
                  {sortOptions(state).map((o) => <option key={o.key} value={o.key}>{o.label}</option>)}
                </select>
              </label>
              <button type="button" id="marketplace-share" onClick={() => void share()}>{copied ? "Link copied" : "Copy link"}</button>
            </div>
          </div>
          <SearchNotice notice={notice} />
          {state.viewType === "RFP" && (
            <p className="card">
              These suppliers take custom projects. <Link to="/create-custom-project">Describe what you need</Link> and they will quote it.
            </p>
          )}
          <div className="result-grid" data-testid="results">
            {paged.items.map((r) => (r.kind === "item" ? <ItemCard key={r.value.id} item={r.value} /> : <SupplierCard key={r.value.id} supplier={r.value} />))}
          </div>
          {paged.total === 0 && (
            <p className="card" role="status">
              Nothing matches this search. Try fewer filters, or <Link to="/create-custom-project">start a custom project</Link>.
            </p>
          )}
          <LoadMore hasMore={paged.hasMore} loading={paged.loading} onMore={paged.loadMore} shown={paged.items.length} total={paged.total} />
        </div>
      </div>
      <OnceTour flag="seenSourcingMarketplaceTour" steps={MARKETPLACE_TOUR} />
    </PageFrame>
  );
}
