import { useCallback, useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { listSupplierReviews } from "@atelier/contracts/marketplace";
import { getCreatorOrderItem, getSupplierReviewLink } from "@atelier/contracts/purchasing";
import { ApiError } from "../../api/contracts";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { errorSentence } from "../../api/error-catalogue";
import { PageFrame } from "../../shell/page-frame";
import { centsToUsd } from "../../ui/money";
import { ReviewForm } from "./reviews";
import "../../ui/kit.css";

/** Order statuses that mean the store paid: only then does a review count (docs/security.md, item 6). */
const PAID = new Set(["IN_PRODUCTION", "IN_SUBSCRIPTION", "SHIPPED"]);

/**
 * /leave-a-review/:orderId: the store reviews the supplier of one of its paid sourcing orders (one
 * review per store and supplier, edited here afterwards), or gets the order's signed review link for
 * whoever at the store handled it.
 */
export function LeaveReviewPage() {
  const { orderId = "" } = useParams();
  const order = useApi(getCreatorOrderItem, { params: { id: orderId } });
  const supplierId = order.data?.supplierId ?? null;
  const loadMine = useCallback(async () => {
    if (!supplierId) return null;
    // A store has at most one review of a supplier.
    return (await request(listSupplierReviews, { query: { supplierId, mine: "true" } })).list[0] ?? null;
  }, [supplierId]);
  const [mine, setMine] = useState<Awaited<ReturnType<typeof loadMine>> | undefined>(undefined);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!supplierId) return;
    let live = true;
    loadMine().then((r) => live && setMine(r), () => live && setMine(null));
    return () => {
      live = false;
    };
  }, [supplierId, loadMine]);

  const o = order.data;
  const name = o?.supplierName ?? "this supplier";
  const missing = order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);
  return (
    <PageFrame title={`Review ${name}`} chatPrompt="Which of my suppliers haven't I reviewed yet?">
      {missing && <p className="card" role="alert">This order was not found in your store.</p>}
      {Boolean(order.error) && !missing && <p className="card" role="alert">{errorSentence(order.error, "The order could not be loaded.")}</p>}
      {o && (
        <div className="review-order" data-testid="leave-review">
          <p className="card">
            <strong>{o.kind === "SAMPLE" ? "Sample" : "Production"}: {o.title}</strong>
            <span className="muted">{o.quantity} × {centsToUsd(o.unitPriceCents)} from {name}</span>
          </p>
          {!o.supplierId && <p className="card">This order has no supplier to review.</p>}
          {o.supplierId && !PAID.has(o.status) && (
            <p className="card" role="status">You can review {name} once this order is paid. <Link to="/inbox/orders">Back to your orders</Link></p>
          )}
          {o.supplierId && PAID.has(o.status) && mine !== undefined && (
            <>
              {saved && (
                <p className="card" role="status">
                  Thank you: your review of {name} is on its profile and counts in its rating. <Link to={`/browse-suppliers/supplier-profile/${o.supplierId}`}>See it on the profile</Link>
                </p>
              )}
              {mine && !saved && <p className="muted">Your store reviewed {name} already; you can edit that review here (one review per store and supplier).</p>}
              <ReviewForm key={mine?.id ?? "new"} supplierId={o.supplierId} mine={mine} onSaved={() => { setSaved(true); void loadMine().then(setMine); }} />
              <ReviewLink orderId={o.id} name={name} />
            </>
          )}
        </div>
      )}
    </PageFrame>
  );
}

/** The order's signed review link, for whoever at the store handled the order and has no account. */
function ReviewLink({ orderId, name }: { orderId: string; name: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const get = async () => {
    setNote(null);
    try {
      const link = await request(getSupplierReviewLink, { params: { id: orderId } }, { quiet: true });
      setUrl(link.url);
      try {
        await navigator.clipboard.writeText(link.url);
        setNote("Copied. Send it to whoever handled the order: it is for your store's one review of this supplier.");
      } catch {
        // No clipboard permission: the link is shown to copy by hand.
        setNote("Copy the link and send it to whoever handled the order: it is for your store's one review of this supplier.");
      }
    } catch (err) {
      setNote(errorSentence(err, "The review link could not be made."));
    }
  };
  return (
    <div className="card">
      <strong>Someone else handled this order?</strong>
      <p className="muted">Send them a link: they can review {name} for your store without an account.</p>
      {url && <input readOnly value={url} aria-label="Review link" onFocus={(e) => e.currentTarget.select()} />}
      {note && <p role="status">{note}</p>}
      <div>
        <button type="button" onClick={() => void get()}>{url ? "Copy the link again" : "Get a review link"}</button>
      </div>
    </div>
  );
}
