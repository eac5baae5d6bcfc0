import { useCallback } from "react";
import { Link, useSearchParams } from "react-router";
import { FAVORITE_KINDS, listFavorites, removeFavorite } from "@atelier/contracts/marketplace";
import { PageFrame } from "../../shell/page-frame";
import { request } from "../../api/client";
import { ItemCard, SupplierCard } from "../../ui/cards";
import { usePaged } from "../../ui/use-paged";
import { LoadMore } from "../../ui/load-more";
import "../../ui/kit.css";

type Kind = (typeof FAVORITE_KINDS)[number];
const FILTERS: { key: Kind | null; label: string }[] = [{ key: null, label: "All" }, { key: "SUPPLIER", label: "Suppliers" }, { key: "CATALOG_ITEM", label: "Products" }];

/** The store's favourite suppliers and products (/favorites). */
export function FavoritesPage() {
  const [params] = useSearchParams();
  const raw = params.get("filter");
  const kind = (FAVORITE_KINDS as readonly string[]).includes(raw ?? "") ? (raw as Kind) : null;
  const load = useCallback((page: number) => request(listFavorites, { query: { kind: kind ?? undefined, page, size: 24 } }), [kind]);
  const favorites = usePaged(load, kind ?? "all");
  const remove = async (id: string) => {
    try {
      await request(removeFavorite, { params: { id } });
      favorites.reload();
    } catch {
      // The request client has shown why.
    }
  };
  return (
    <PageFrame title="My favorites" chatPrompt="">
      <nav className="tabs" aria-label="Favorite kinds">
        {FILTERS.map((f) => (
          <Link key={f.label} to={f.key ? `/favorites?filter=${f.key}` : "/favorites"} className={`tab${f.key === kind ? " tab-current" : ""}`}>{f.label}</Link>
        ))}
      </nav>
      {favorites.total === 0 && (
        <p className="card">Nothing saved yet. <Link to="/browse-suppliers">Browse suppliers</Link> and save the ones you like.</p>
      )}
      <div className="result-grid">
        {favorites.items.map((f) => (
          <div key={f.id} className="favorite">
            {f.supplier && <SupplierCard supplier={f.supplier} />}
            {f.item && <ItemCard item={f.item} />}
            <button type="button" className="link-button" onClick={() => void remove(f.id)}>Remove</button>
          </div>
        ))}
      </div>
      <LoadMore hasMore={favorites.hasMore} loading={favorites.loading} onMore={favorites.loadMore} shown={favorites.items.length} total={favorites.total} />
    </PageFrame>
  );
}
