import { useCallback } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { SOURCING_HOME_TABS, listHomepageGroupSuppliers, listSourcingTabSuppliers, recommendItemsToUser } from "@atelier/contracts/marketplace";
import { PageFrame } from "../../shell/page-frame";
import { useApi } from "../../api/use-api";
import { request } from "../../api/client";
import { ItemCard, SupplierCard } from "../../ui/cards";
import { SearchBox } from "./search-box";
import { usePaged } from "../../ui/use-paged";
import { LoadMore } from "../../ui/load-more";
import { OnceTour, SOURCING_HOME_TOUR } from "./sourcing-tours";
import { serializeMarketplaceState, parseMarketplaceState } from "./marketplace-state";
import { HOME_TAB_LABELS, type HomeTab } from "./home-tabs";
import "../../ui/kit.css";

type Tab = HomeTab;

/** The tab of a query string; unknown values fall back to all. */
export function homeTabOf(search: URLSearchParams): Tab {
  const tab = search.get("tab");
  return (SOURCING_HOME_TABS as readonly string[]).includes(tab ?? "") ? (tab as Tab) : "all";
}

/** Sourcing home (/home): search, image search, tabs by vertical, featured suppliers and picks for the store. */
export function SourcingHomePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab = homeTabOf(params);
  const groups = useApi(listHomepageGroupSuppliers, { query: { tab, size: 4 } });
  const forYou = useApi(recommendItemsToUser, { body: { size: 8 } });
  const load = useCallback((page: number) => request(listSourcingTabSuppliers, { query: { tab, page, size: 20 } }), [tab]);
  const suppliers = usePaged(load, tab);

  const search = (keyword: string) => {
    const state = parseMarketplaceState("");
    navigate(`/browse-suppliers${serializeMarketplaceState({ ...state, searchKey: keyword, vertical: tab === "all" ? undefined : tab })}`);
  };
  return (
    <PageFrame title="Sourcing" chatPrompt="">
      <div className="sourcing-hero card">
        <SearchBox id="sourcing-search" initial="" onSearch={search} />
        <div className="hero-links">
          <Link id="sourcing-image-search" to="/browse-suppliers-with-uploaded-image">Search by image</Link>
          <Link to="/browse-suppliers">Browse every supplier</Link>
          <Link id="sourcing-custom-project" to="/create-custom-project">Start a custom project</Link>
        </div>
      </div>
      <nav className="tabs" id="sourcing-tabs" aria-label="Sourcing areas">
        {SOURCING_HOME_TABS.map((t) => (
          <Link key={t} to={`/home?tab=${t}`} className={`tab${t === tab ? " tab-current" : ""}`} aria-current={t === tab ? "page" : undefined}>{HOME_TAB_LABELS[t]}</Link>
        ))}
      </nav>
      {/* The packaging tab leads to ordering supplies for the fulfilment center by category (issue 16). */}
      {tab === "ecommerce-packaging" && (
        <p className="card" data-testid="order-packaging-entry">
          Packing your own orders? <Link to="/order-packaging/mailer-boxes">Order mailer boxes</Link>, <Link to="/order-packaging/poly-mailers">poly mailers</Link>, <Link to="/order-packaging/tissue-paper">tissue paper</Link> or <Link to="/order-packaging/product-labels">labels</Link> for the fulfilment center.
        </p>
      )}
      {forYou.data && forYou.data.list.length > 0 && (
        <section aria-labelledby="for-you">
          <h2 id="for-you">{forYou.data.basedOn === "HISTORY" ? "Picked for you" : "Featured products"}</h2>
          <div className="card-row">{forYou.data.list.map((item) => <ItemCard key={item.id} item={item} />)}</div>
        </section>
      )}
      {groups.data?.groups.map((g) => (
        <section key={g.vertical} aria-label={g.title}>
          <div className="section-head">
            <h2>{g.title}</h2>
            <Link to={`/browse-suppliers?vertical=${g.vertical}`}>See all</Link>
          </div>
          <div className="result-grid">{g.suppliers.map((s) => <SupplierCard key={s.id} supplier={s} />)}</div>
        </section>
      ))}
      <section aria-labelledby="tab-suppliers">
        <h2 id="tab-suppliers">{tab === "all" ? "All suppliers" : `${HOME_TAB_LABELS[tab]} suppliers`}</h2>
        <div className="result-grid">{suppliers.items.map((s) => <SupplierCard key={s.id} supplier={s} />)}</div>
        <LoadMore hasMore={suppliers.hasMore} loading={suppliers.loading} onMore={suppliers.loadMore} shown={suppliers.items.length} total={suppliers.total} />
      </section>
      <OnceTour flag="seenSourcingHomeTour" steps={SOURCING_HOME_TOUR} />
    </PageFrame>
  );
}
