import { Link } from "react-router";
import type { z } from "zod";
import { REGION_LABELS } from "@atelier/contracts/domain";
import type { catalogItemSchema, supplierSchema } from "@atelier/contracts/marketplace";
import { CardImage, SupplierAvatar, type CardSize } from "./card-image";
import { centsRange, centsToUsd, productionTime } from "./money";

export type Supplier = z.infer<typeof supplierSchema>;
export type CatalogItem = z.infer<typeof catalogItemSchema>;

/** Where a supplier's profile opens: inside the marketplace, or the public preview. */
export function supplierLink(id: string, base: "browse" | "direct" | "preview" = "browse"): string {
  if (base === "preview") return `/preview-supplier-profile/${id}`;
  return base === "direct" ? `/supplier-profile/${id}` : `/browse-suppliers/supplier-profile/${id}`;
}

export function itemLink(id: string, preview = false): string {
  return preview ? `/preview-catalog-item/${id}` : `/browse-suppliers/catalog-item/${id}`;
}

/** A supplier in a result list. */
export function SupplierCard({ supplier, preview = false }: { supplier: Supplier; preview?: boolean }) {
  return (
    <article className="card market-card supplier-card" data-testid="supplier-card" data-supplier-id={supplier.id}>
      <div className="supplier-card-head">
        <SupplierAvatar name={supplier.name} color={supplier.avatarColor} />
        <div>
          <Link to={supplierLink(supplier.id, preview ? "preview" : "browse")} className="card-title">{supplier.name}</Link>
          <div className="muted">
            {supplier.city ? `${supplier.city}, ` : ""}{supplier.countryCode} · {REGION_LABELS[supplier.region]}
            {supplier.isOnline && <span className="badge online"> Online now</span>}
            {supplier.isExpandedNetwork && <span className="badge"> Expanded network</span>}
          </div>
        </div>
      </div>
      <p className="clamp">{supplier.description}</p>
      <dl className="facts">
        <div><dt>Samples</dt><dd>{centsRange(supplier.samplePriceMinCents, supplier.samplePriceMaxCents)}</dd></div>
        <div><dt>MOQ</dt><dd>{supplier.moq ?? "Custom quote"}</dd></div>
        <div><dt>Production</dt><dd>{productionTime(supplier.productionDaysMin, supplier.productionDaysMax)}</dd></div>
        <div><dt>Reviews</dt><dd>{supplier.reviewCount ? `★ ${supplier.averageReview.toFixed(1)} (${supplier.reviewCount})` : "None yet"}</dd></div>
        <div><dt>Employees</dt><dd>{supplier.employeeCount}</dd></div>
        <div><dt>Tariff</dt><dd>{supplier.tariffRatePercent}%</dd></div>
      </dl>
      {supplier.capabilities.length > 0 && <p className="chips">{supplier.capabilities.slice(0, 4).map((c) => <span key={c} className="chip">{c}</span>)}</p>}
    </article>
  );
}

/** A catalog item in a result list or a row of similar products. */
export function ItemCard({ item, size = "compact", preview = false }: { item: CatalogItem; size?: CardSize; preview?: boolean }) {
  return (
    <article className="card market-card item-card" data-testid="item-card" data-item-id={item.id}>
      <Link to={itemLink(item.id, preview)} aria-label={item.title}>
        <CardImage src={item.imageUrl} alt={item.title} size={size} />
      </Link>
      <Link to={itemLink(item.id, preview)} className="card-title">{item.title}</Link>
      <span className="muted">{item.supplierName} · {item.supplierCountryCode}</span>
      <span>{centsRange(item.priceMinCents, item.priceMaxCents)} / unit · MOQ {item.moq ?? "custom quote"}</span>
      <span className="muted">Sample {centsToUsd(item.samplePriceCents, "on request")}</span>
    </article>
  );
}
