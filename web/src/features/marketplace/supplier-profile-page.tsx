import { useEffect } from "react";
import { Link, useParams } from "react-router";
import { getPublicSupplierProfile, getSupplierProfile, trackSupplierDetailView } from "@atelier/contracts/marketplace";
import { PageFrame } from "../../shell/page-frame";
import { useApi } from "../../api/use-api";
import { reportQuietly } from "../../api/client";
import { FavoriteButton } from "./favorite-button";
import { SupplierProfileView } from "./supplier-profile-view";
import { OnceTour, SUPPLIER_PROFILE_TOUR } from "./sourcing-tours";
import { NotFound } from "../../ui/not-found";
import { SupplierScorecardPanel } from "./supplier-scorecard-panel";
import "../../ui/kit.css";

/** A supplier's profile for a logged-in store (/supplier-profile/:id and /browse-suppliers/supplier-profile/:id). */
export function SupplierProfilePage() {
  const { supplierId = "" } = useParams();
  // Another supplier (a link from the assistant) is another page: its saved state starts afresh.
  return <SupplierProfileScreen key={supplierId} supplierId={supplierId} />;
}

function SupplierProfileScreen({ supplierId }: { supplierId: string }) {
  const profile = useApi(getSupplierProfile, { params: { id: supplierId }, query: { productsSize: 12, reviewsSize: 10 } });
  useEffect(() => {
    // Tracking feeds recommendations and never stands in the way of the page.
    if (/^[0-9a-f-]{36}$/i.test(supplierId)) void reportQuietly(trackSupplierDetailView, { body: { supplierId, source: "supplier-profile" } });
  }, [supplierId]);
  const data = profile.data;
  if (!data) return <PageFrame title="Supplier">{profile.loading ? <p role="status">Loading…</p> : <NotFound error={profile.error} />}</PageFrame>;
  return (
    <PageFrame
      title={data.supplier.name}
      chatPrompt={`Tell me about the supplier ${data.supplier.name}`}
      actions={
        <span id="supplier-actions" className="page-actions">
          <FavoriteButton kind="SUPPLIER" targetId={data.supplier.id} favoriteId={data.favoriteId} />
          <Link id="supplier-custom-project" className="button" to={`/create-custom-project?supplierId=${data.supplier.id}`}>Request a custom project</Link>
        </span>
      }
    >
      <SupplierScorecardPanel supplierId={data.supplier.id} />
      <SupplierProfileView profile={data} preview={false} onReviewed={profile.reload} />
      <OnceTour flag="seenSupplierProfileTour" steps={SUPPLIER_PROFILE_TOUR} />
    </PageFrame>
  );
}

/** The public preview of a supplier (/preview-supplier-profile/:id): no login, no store actions. */
export function PreviewSupplierProfilePage() {
  const { supplierId = "" } = useParams();
  return <PreviewSupplierProfileScreen key={supplierId} supplierId={supplierId} />;
}

function PreviewSupplierProfileScreen({ supplierId }: { supplierId: string }) {
  const profile = useApi(getPublicSupplierProfile, { params: { id: supplierId } });
  const data = profile.data;
  return (
    <section className="page preview-page" aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">{data?.supplier.name ?? "Supplier"}</h1>
        <Link className="button primary" to={`/login?path=${encodeURIComponent(`/supplier-profile/${supplierId}`)}`}>Log in to order samples</Link>
      </div>
      {data ? <SupplierProfileView profile={data} preview /> : profile.loading ? <p role="status">Loading…</p> : <NotFound error={profile.error} />}
    </section>
  );
}
