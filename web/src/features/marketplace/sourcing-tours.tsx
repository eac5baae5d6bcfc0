import { useState } from "react";
import { stores } from "../../api/contracts";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { isPreviewAccount, useSession } from "../../session/session-store";
import { GuidedTour, type TourStep } from "../../ui/guided-tour";

/** Sourcing home tour (000 §2.7); targets are ids on /home. */
export const SOURCING_HOME_TOUR: TourStep[] = [
  { target: "sourcing-search", title: "Search the marketplace", body: "Search over a thousand vetted suppliers and their catalogues by product, material or capability — typos are fine." },
  { target: "sourcing-image-search", title: "Search by picture", body: "Upload a photo or paste an image link to find products that look like it." },
  { target: "sourcing-tabs", title: "Browse by area", body: "Products, ecommerce packaging, business and creative services, and website development." },
  { target: "sourcing-custom-project", title: "Can't find it?", body: "Describe what you want made in a custom project and suppliers will quote it." },
];

/** Marketplace tour; targets are ids on /browse-suppliers. */
export const MARKETPLACE_TOUR: TourStep[] = [
  { target: "marketplace-views", title: "Four ways to look", body: "Suppliers, the expanded network, catalog products, and suppliers that take custom projects." },
  { target: "marketplace-filters", title: "Narrow it down", body: "Filter by sample price, MOQ, order volume, reviews, production time, supplier size, region and country." },
  { target: "marketplace-sort", title: "Sort", body: "Featured first by default; sort by newest, price, who is online now, newly added or lowest tariffs." },
  { target: "marketplace-share", title: "Share a search", body: "The address holds every filter: copy it to share or come back to this exact search." },
];

/** Supplier profile tour; targets are ids on the supplier profile. */
export const SUPPLIER_PROFILE_TOUR: TourStep[] = [
  { target: "supplier-tabs", title: "Everything about this supplier", body: "Profile, base products, capabilities and reviews from other creators." },
  { target: "supplier-actions", title: "Save or ask", body: "Save the supplier to your favorites, or ask the assistant about them." },
  { target: "supplier-custom-project", title: "Request something custom", body: "Send this supplier a custom project with your specs." },
];

type Flag = "seenSourcingHomeTour" | "seenSourcingMarketplaceTour" | "seenSupplierProfileTour";

/** Shows a tour once per store: the seen flag is written when it ends. */
export function OnceTour({ flag, steps }: { flag: Flag; steps: TourStep[] }) {
  const session = useSession();
  const seen = useApi(stores.getStoreSeenState, {});
  const [done, setDone] = useState(false);
  if (!seen.data || seen.data[flag] || done) return null;
  const finish = () => {
    setDone(true);
    // Preview accounts cannot write; the tour closes for this visit only.
    if (!isPreviewAccount(session)) void request(stores.updateStoreSeenState, { body: { [flag]: true } }, { quiet: true }).catch(() => undefined);
  };
  return <GuidedTour steps={steps} onFinish={finish} />;
}
