import { useEffect } from "react";
import { Link, useParams } from "react-router";
import { getCatalogItem, getPublicCatalogItem, trackSupplierDetailView } from "@atelier/contracts/marketplace";
import { PageFrame } from "../../shell/page-frame";
import { useApi } from "../../api/use-api";
import { reportQuietly } from "../../api/client";
import { CatalogItemView } from "./catalog-item-view";
import { FavoriteButton } from "./favorite-button";
import { OrderForm } from "./order-form";
import { NotFound } from "../../ui/not-found";
import "../../ui/kit.css";

/** A catalog item for a logged-in store (/browse-suppliers/catalog-item/:itemId): order a sample or production. */
export function CatalogItemPage() {
  const { itemId = "" } = useParams();
  // Another item (a similar product) is another page: its saved state and order form start afresh.
  return <CatalogItemScreen key={itemId} itemId={itemId} />;
}

function CatalogItemScreen({ itemId }: { itemId: string }) {
  const detail = useApi(getCatalogItem, { params: { id: itemId } });
  const supplierId = detail.data?.supplier.id;
  useEffect(() => {
    // Tracking feeds recommendations and never stands in the way of the page.
    if (supplierId) void reportQuietly(trackSupplierDetailView, { body: { supplierId, itemId, source: "catalog-item" } });
  }, [supplierId, itemId]);
  const data = detail.data;
  if (!data) return <PageFrame title="Product">{detail.loading ? <p role="status">Loading…</p> : <NotFound error={detail.error} />}</PageFrame>;
  return (
    <PageFrame
      title={data.item.title}
      chatPrompt={`Tell me about the product "${data.item.title}" from ${data.supplier.name}`}
      actions={<FavoriteButton kind="CATALOG_ITEM" targetId={data.item.id} favoriteId={data.favoriteId} />}
    >
      <CatalogItemView
        detail={data}
        preview={false}
        aside={
          <>
            <OrderForm item={data.item} />
            <Link to={`/create-custom-project?supplierId=${data.supplier.id}&catalogItemId=${data.item.id}`}>Need changes? Request a custom version</Link>
          </>
        }
      />
    </PageFrame>
  );
}

/** The public preview of a catalog item (/preview-catalog-item/:itemId). */
export function PreviewCatalogItemPage() {
  const { itemId = "" } = useParams();
  return <PreviewCatalogItemScreen key={itemId} itemId={itemId} />;
}

function PreviewCatalogItemScreen({ itemId }: { itemId: string }) {
  const detail = useApi(getPublicCatalogItem, { params: { id: itemId } });
  const data = detail.data;
  return (
    <section className="page preview-page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{data?.item.title ?? "Product"}</h1>
        <Link className="button primary" to={`/login?path=${encodeURIComponent(`/browse-suppliers/catalog-item/${itemId}`)}`}>Log in to order a sample</Link>
      </div>
      {data ? <CatalogItemView detail={data} preview /> : detail.loading ? <p role="status">Loading…</p> : <NotFound error={detail.error} />}
    </section>
  );
}
