import { useCallback, useState } from "react";
import type { z } from "zod";
import { createSupplierReview, listSupplierReviews, updateSupplierReview, type reviewSchema, type reviewSummarySchema } from "@atelier/contracts/marketplace";
import { request } from "../../api/client";
import { formatRelativeTime } from "../../format/format";
import { usePaged } from "../../ui/use-paged";
import { LoadMore } from "../../ui/load-more";
import { errorSentence } from "../../api/error-catalogue";

type Review = z.infer<typeof reviewSchema>;
type Summary = z.infer<typeof reviewSummarySchema>;

/** Average, count and how many of each star. */
export function ReviewSummary({ summary }: { summary: Summary }) {
  return (
    <div className="review-summary" data-testid="review-summary">
      <p className="big">{summary.count ? `★ ${summary.average.toFixed(1)}` : "No reviews yet"}</p>
      <p className="muted">{summary.count} review{summary.count === 1 ? "" : "s"}</p>
      {summary.count > 0 && (
        <ul className="histogram">
          {([5, 4, 3, 2, 1] as const).map((star) => (
            <li key={star}>
              {star}★ <progress max={summary.count} value={summary.histogram[star]} aria-label={`${star} star reviews`} /> {summary.histogram[star]}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ReviewList({ list }: { list: Review[] }) {
  return (
    <ul className="review-list">
      {list.map((r) => (
        <li key={r.id} className="card">
          <strong>{"★".repeat(r.rating)}{"☆".repeat(5 - r.rating)} {r.title}</strong>
          <p>{r.body}</p>
          <span className="muted">{r.authorName}{r.isMine ? " (you)" : ""} · {formatRelativeTime(r.createdAt)}</span>
        </li>
      ))}
    </ul>
  );
}

/** A supplier's reviews, page by page, with the store's own review to write or edit; `onSaved` refreshes the summary's source. */
export function SupplierReviews({ supplierId, summary, onSaved }: { supplierId: string; summary: Summary; onSaved?: () => void }) {
  const load = useCallback((page: number) => request(listSupplierReviews, { query: { supplierId, page, size: 20 } }), [supplierId]);
  const reviews = usePaged(load, supplierId);
  const mine = reviews.items.find((r) => r.isMine) ?? null;
  const saved = () => {
    reviews.reload();
    onSaved?.();
  };
  return (
    <div className="grid two">
      <div>
        <ReviewSummary summary={summary} />
        <ReviewForm key={mine?.id ?? "new"} supplierId={supplierId} mine={mine} onSaved={saved} />
      </div>
      <div>
        <ReviewList list={reviews.items} />
        <LoadMore hasMore={reviews.hasMore} loading={reviews.loading} onMore={reviews.loadMore} shown={reviews.items.length} total={reviews.total} />
      </div>
    </div>
  );
}

export function ReviewForm({ supplierId, mine, onSaved }: { supplierId: string; mine: Review | null; onSaved: () => void }) {
  const [rating, setRating] = useState(mine?.rating ?? 5);
  const [title, setTitle] = useState(mine?.title ?? "");
  const [body, setBody] = useState(mine?.body ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (mine) await request(updateSupplierReview, { params: { id: mine.id }, body: { rating, title, body } }, { quiet: true });
      else await request(createSupplierReview, { body: { supplierId, rating, title, body } }, { quiet: true, idempotencyKey: crypto.randomUUID() });
      onSaved();
    } catch (err) {
      setError(errorSentence(err, "The review could not be saved."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form card" onSubmit={(e) => void submit(e)} aria-label="Your review">
      <strong>{mine ? "Edit your review" : "Review this supplier"}</strong>
      <label>
        Rating
        <select value={rating} onChange={(e) => setRating(Number(e.target.value))}>
          {[5, 4, 3, 2, 1].map((n) => <option key={n} value={n}>{n} star{n === 1 ? "" : "s"}</option>)}
        </select>
      </label>
      <label>Title<input value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} /></label>
      <label>Review<textarea value={body} maxLength={5000} required rows={4} onChange={(e) => setBody(e.target.value)} /></label>
      {error && <p className="form-error" role="alert">{error}</p>}
      <button type="submit" className="primary" disabled={busy}>{mine ? "Save review" : "Post review"}</button>
    </form>
  );
}
