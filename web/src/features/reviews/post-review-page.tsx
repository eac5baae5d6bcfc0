import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { getPublicSupplierProfile, postPublicSupplierReview } from "@atelier/contracts/marketplace";
import { ApiError, type BodyOf } from "../../api/contracts";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { fieldErrors } from "../../ui/field-errors";

type Draft = BodyOf<typeof postPublicSupplierReview>;

/**
 * /supplier-profile/:supplierId/post-review: someone a store sent its per-order review link to
 * reviews the supplier without an account. Without a link, the page says how reviews work instead
 * of offering a form whose review could never count.
 */
export function PostReviewPage() {
  const { supplierId = "" } = useParams();
  // A signed per-order review link (sent by a store that ordered): the review counts at once.
  const reviewToken = useSearchParams()[0].get("reviewToken") ?? undefined;
  const supplier = useApi(getPublicSupplierProfile, { params: { id: supplierId } });
  const [draft, setDraft] = useState<Draft>({ authorName: "", email: "", rating: 0, title: "", body: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [posted, setPosted] = useState(false);
  const name = supplier.data?.supplier.name;
  const missing = supplier.error instanceof ApiError && (supplier.error.status === 404 || supplier.error.status === 400);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    // A rating is the one field a browser cannot require on radio buttons styled as stars.
    if (!draft.rating) return setErrors({ rating: "choose 1 to 5 stars" });
    setBusy(true);
    setErrors({});
    try {
      await request(postPublicSupplierReview, { params: { supplierId }, body: { ...draft, reviewToken } }, { quiet: true });
      setPosted(true);
    } catch (err) {
      setErrors(fieldErrors(err, "Your review could not be posted. Please try again."));
    } finally {
      setBusy(false);
    }
  };
  const field = (key: "authorName" | "email" | "title", label: string, type = "text") => (
    <label>
      {label}
      <input name={key} type={type} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} aria-invalid={Boolean(errors[key])} aria-describedby={errors[key] ? `${key}-error` : undefined} />
      {errors[key] && <span className="field-error" id={`${key}-error`}>{errors[key]}</span>}
    </label>
  );

  if (missing) return <p className="card" role="alert">This supplier does not exist or is no longer listed.</p>;
  if (!reviewToken) {
    return (
      <section className="auth-card" aria-labelledby="page-title" data-testid="review-how">
        <h1 id="page-title">Review {name ?? "this supplier"}</h1>
        <p>Reviews of {name ?? "this supplier"} come from stores that ordered from it, so every rating on Atelier is from a real order.</p>
        <ul>
          <li>Your store ordered? <Link to="/inbox/orders">Log in and review it from the order</Link>.</li>
          <li>Someone else's store ordered and you handled it? Ask them for the order's review link: it opens this page with the form.</li>
        </ul>
        <Link to={`/preview-supplier-profile/${supplierId}`}>See the supplier's profile</Link>
      </section>
    );
  }
  if (posted) {
    return (
      <section className="auth-card" aria-labelledby="page-title">
        <h1 id="page-title">Thank you</h1>
        <p role="status">Your review of {name ?? "this supplier"} is posted and counts in its rating.</p>
        <Link to={`/preview-supplier-profile/${supplierId}`}>See the supplier's profile</Link>
      </section>
    );
  }
  return (
    <section className="auth-card" aria-labelledby="page-title">
      <h1 id="page-title">Review {name ?? "this supplier"}</h1>
      <p className="muted">Tell other creators how your order from this supplier went. This link is for one review of the supplier by the store that ordered; your e-mail is never shown.</p>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-label="Post a review">
        {field("authorName", "Your name")}
        {field("email", "Email", "email")}
        <fieldset className="star-rating" aria-invalid={Boolean(errors.rating)}>
          <legend>Rating</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="star">
              <input type="radio" name="rating" value={n} checked={draft.rating === n} onChange={() => setDraft({ ...draft, rating: n })} />
              {n} star{n === 1 ? "" : "s"}
            </label>
          ))}
          {errors.rating && <span className="field-error">{errors.rating}</span>}
        </fieldset>
        {field("title", "Title")}
        <label>
          Review
          <textarea name="body" rows={5} value={draft.body} onChange={(e) => setDraft({ ...draft, body: e.target.value })} aria-invalid={Boolean(errors.body)} />
          {errors.body && <span className="field-error">{errors.body}</span>}
        </label>
        {(errors.form || errors.reviewToken) && <p className="form-error" role="alert">{errors.form ?? `This review link ${errors.reviewToken}.`}</p>}
        <button type="submit" className="primary" disabled={busy}>{busy ? "Posting…" : "Post review"}</button>
      </form>
    </section>
  );
}
