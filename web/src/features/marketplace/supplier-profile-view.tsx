import { useCallback } from "react";
import { Link, useSearchParams } from "react-router";
import type { z } from "zod";
import { SUPPLIER_PROFILE_TABS, searchCatalogItems, type supplierProfileSchema } from "@atelier/contracts/marketplace";
import { request } from "../../api/client";
import { ItemCard, type CatalogItem } from "../../ui/cards";
import { SupplierAvatar } from "../../ui/card-image";
import { centsRange, productionTime } from "../../ui/money";
import { REGION_LABELS } from "./marketplace-state";
import { ReviewList, ReviewSummary, SupplierReviews } from "./reviews";
import { usePaged } from "../../ui/use-paged";
import { LoadMore } from "../../ui/load-more";

type Profile = Omit<z.infer<typeof supplierProfileSchema>, "favoriteId">;
type Tab = (typeof SUPPLIER_PROFILE_TABS)[number];
const TAB_LABELS: Record<Tab, string> = { PROFILE_INFO: "Profile", BASE_PRODUCTS: "Base products", CAPABILITIES: "Capabilities", REVIEWS: "Reviews" };

/** The tab named by `activeTabKey`, else the profile. */
export function profileTabOf(params: URLSearchParams): Tab {
  const key = params.get("activeTabKey");
  return (SUPPLIER_PROFILE_TABS as readonly string[]).includes(key ?? "") ? (key as Tab) : "PROFILE_INFO";
}

/**
 * A supplier's profile with its four tabs; `preview` is the public page (no store actions).
 * `onReviewed` reloads the profile after the store saves its review, so the rating above the tabs
 * and the review summary count it.
 */
export function SupplierProfileView({ profile, preview, onReviewed }: { profile: Profile; preview: boolean; onReviewed?: () => void }) {
  const [params, setParams] = useSearchParams();
  const tab = profileTabOf(params);
  const { supplier, tabs } = profile;
  const selectTab = (t: Tab) => {
    const next = new URLSearchParams(params);
    next.set("activeTabKey", t);
    setParams(next, { replace: true });
  };
  return (
    <div className="supplier-profile" data-testid="supplier-profile" data-supplier-id={supplier.id}>
      <div className="card supplier-head">
        <SupplierAvatar name={supplier.name} color={supplier.avatarColor} size="large" />
        <div>
          <p className="muted">
            {supplier.city}, {tabs.PROFILE_INFO.countryName} · {REGION_LABELS[supplier.region]}
            {supplier.isOnline ? " · Online now" : ""}
            {supplier.isExpandedNetwork ? " · Expanded network" : ""}
          </p>
          <p>{supplier.reviewCount ? `★ ${supplier.averageReview.toFixed(1)} from ${supplier.reviewCount} review${supplier.reviewCount === 1 ? "" : "s"}` : "No reviews yet"}</p>
        </div>
      </div>
      <div className="tabs" role="tablist" id="supplier-tabs" aria-label="Supplier profile">
        {SUPPLIER_PROFILE_TABS.map((t) => (
          <button key={t} type="button" role="tab" aria-selected={t === tab} className={`tab${t === tab ? " tab-current" : ""}`} onClick={() => selectTab(t)}>
            {TAB_LABELS[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={TAB_LABELS[tab]}>
        {tab === "PROFILE_INFO" && <ProfileInfo info={tabs.PROFILE_INFO} />}
        {tab === "BASE_PRODUCTS" && (preview ? <ProductGrid items={tabs.BASE_PRODUCTS.list} preview /> : <PagedProducts supplierId={supplier.id} first={tabs.BASE_PRODUCTS.list} total={tabs.BASE_PRODUCTS.total} />)}
        {tab === "CAPABILITIES" && <Capabilities caps={tabs.CAPABILITIES} />}
        {tab === "REVIEWS" &&
          (preview ? (
            <div className="grid two">
              <div>
                <ReviewSummary summary={tabs.REVIEWS.summary} />
                <Link to={`/supplier-profile/${supplier.id}/post-review`}>Write a review</Link>
              </div>
              <ReviewList list={tabs.REVIEWS.list} />
            </div>
          ) : (
            <SupplierReviews supplierId={supplier.id} summary={tabs.REVIEWS.summary} onSaved={onReviewed} />
          ))}
      </div>
    </div>
  );
}

function ProfileInfo({ info }: { info: Profile["tabs"]["PROFILE_INFO"] }) {
  return (
    <div className="card">
      <p>{info.description}</p>
      <dl className="facts">
        <div><dt>Location</dt><dd>{info.city}, {info.countryName}</dd></div>
        <div><dt>Founded</dt><dd>{info.foundedYear ?? "Not given"}</dd></div>
        <div><dt>Employees</dt><dd>{info.employeeCount}</dd></div>
        <div><dt>Website</dt><dd>{info.website ? <a href={info.website} target="_blank" rel="noreferrer">{info.website}</a> : "Not given"}</dd></div>
        <div><dt>Certifications</dt><dd>{info.certifications.join(", ") || "None listed"}</dd></div>
      </dl>
    </div>
  );
}

function Capabilities({ caps }: { caps: Profile["tabs"]["CAPABILITIES"] }) {
  return (
    <div className="card">
      <p className="chips">{caps.capabilities.map((c) => <span key={c} className="chip">{c}</span>)}</p>
      <dl className="facts">
        <div><dt>Categories</dt><dd>{caps.categories.map((c) => c.title).join(", ") || "—"}</dd></div>
        <div><dt>MOQ</dt><dd>{caps.moq ?? "Custom quote"}</dd></div>
        <div><dt>Production time</dt><dd>{productionTime(caps.productionDaysMin, caps.productionDaysMax)}</dd></div>
        <div><dt>Sample price</dt><dd>{centsRange(caps.samplePriceMinCents, caps.samplePriceMaxCents)}</dd></div>
        <div><dt>Order volume</dt><dd>{caps.orderVolumeUnits.toLocaleString("en-US")} units</dd></div>
        <div><dt>US tariff</dt><dd>{caps.tariffRatePercent}%</dd></div>
      </dl>
    </div>
  );
}

function ProductGrid({ items, preview = false }: { items: CatalogItem[]; preview?: boolean }) {
  if (!items.length) return <p className="card">This supplier has no catalogue products listed yet.</p>;
  return <div className="result-grid">{items.map((i) => <ItemCard key={i.id} item={i} size="large" preview={preview} />)}</div>;
}

function PagedProducts({ supplierId, first, total }: { supplierId: string; first: CatalogItem[]; total: number }) {
  const load = useCallback((page: number) => request(searchCatalogItems, { query: { supplierId, page, size: 24, sort: "-rank" } }), [supplierId]);
  const paged = usePaged(load, supplierId);
  const items = paged.items.length ? paged.items : first;
  return (
    <>
      <ProductGrid items={items} />
      <LoadMore hasMore={paged.hasMore} loading={paged.loading} onMore={paged.loadMore} shown={items.length} total={paged.total ?? total} />
    </>
  );
}
