import type { ReactNode } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import type { catalogItemDetailSchema } from "@atelier/contracts/marketplace";
import { CardImage, SupplierAvatar } from "../../ui/card-image";
import { ItemCard, supplierLink } from "../../ui/cards";
import { centsRange, centsToUsd, productionTime } from "../../ui/money";
import { ReviewList, ReviewSummary } from "./reviews";

type Detail = Omit<z.infer<typeof catalogItemDetailSchema>, "favoriteId">;

/** A catalog item's sections (000 §2.7): description, supplier capabilities, similar products, reviews. */
export function CatalogItemView({ detail, preview, aside }: { detail: Detail; preview: boolean; aside?: ReactNode }) {
  const { item, supplier } = detail;
  return (
    <div className="item-detail" data-testid="catalog-item" data-item-id={item.id}>
      <div className="item-main">
        <div className="item-gallery">
          <CardImage src={item.imageUrl} alt={item.title} size="grande" />
          {item.imageUrls.length > 1 && <div className="card-row">{item.imageUrls.slice(1).map((u) => <CardImage key={u} src={u} alt={item.title} size="compact" />)}</div>}
        </div>
        <div className="item-facts">
          <p className="big">{centsRange(item.priceMinCents, item.priceMaxCents)} <span className="muted">per unit</span></p>
          <dl className="facts">
            <div><dt>MOQ</dt><dd>{item.moq ?? "Custom quote"}</dd></div>
            <div><dt>Sample</dt><dd>{centsToUsd(item.samplePriceCents, "On request")}</dd></div>
            <div><dt>Production</dt><dd>{productionTime(item.productionDaysMin, item.productionDaysMax)}</dd></div>
            <div><dt>Materials</dt><dd>{item.materials.join(", ") || "—"}</dd></div>
          </dl>
          {item.colors.length > 0 && (
            <p className="chips" aria-label="Colours">
              {item.colors.map((c) => (
                <span key={c.name} className="chip"><span className="swatch" style={{ background: c.hex }} aria-hidden /> {c.name}{c.variant ? ` · ${c.variant}` : ""}</span>
              ))}
            </p>
          )}
          {aside}
        </div>
      </div>
      <section aria-labelledby="item-description" className="card">
        <h2 id="item-description">Description</h2>
        <p className="prewrap">{item.description || "The supplier has not written a description."}</p>
      </section>
      <section aria-labelledby="item-capabilities" className="card">
        <h2 id="item-capabilities">Supplier capabilities</h2>
        <div className="supplier-card-head">
          <SupplierAvatar name={supplier.name} color={supplier.avatarColor} />
          <div>
            <Link to={supplierLink(supplier.id, preview ? "preview" : "browse")} className="card-title">{supplier.name}</Link>
            <div className="muted">{supplier.city}, {supplier.countryCode} · {supplier.employeeCount} employees</div>
          </div>
        </div>
        <p className="chips">{detail.supplierCapabilities.map((c) => <span key={c} className="chip">{c}</span>)}</p>
      </section>
      <section aria-labelledby="item-similar">
        <h2 id="item-similar">Similar products</h2>
        {detail.similarProducts.length ? (
          <div className="card-row">{detail.similarProducts.map((s) => <ItemCard key={s.id} item={s} preview={preview} />)}</div>
        ) : (
          <p className="muted">No similar products yet.</p>
        )}
      </section>
      <section aria-labelledby="item-reviews">
        <h2 id="item-reviews">Reviews of {supplier.name}</h2>
        <div className="grid two">
          <ReviewSummary summary={detail.reviews.summary} />
          <ReviewList list={detail.reviews.list} />
        </div>
      </section>
    </div>
  );
}
