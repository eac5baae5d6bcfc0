import { useEffect, useRef } from "react";

/** The end of a long list: loads the next page when scrolled into view, or on the button. */
export function LoadMore({ hasMore, loading, onMore, shown, total }: { hasMore: boolean; loading: boolean; onMore: () => void; shown: number; total: number | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onMore(), { rootMargin: "400px" });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, onMore]);
  return (
    <div className="load-more" ref={ref}>
      {total !== null && <span className="muted">Showing {shown} of {total}</span>}
      {loading && <span role="status">Loading…</span>}
      {hasMore && !loading && <button type="button" onClick={onMore}>Load more</button>}
    </div>
  );
}
