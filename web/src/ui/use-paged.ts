import { useCallback, useEffect, useRef, useState } from "react";

export type Page<T> = { list: T[]; total: number; page: number; size: number };

export type PagedState<T> = { items: T[]; total: number | null; loading: boolean; error: unknown; hasMore: boolean; loadMore: () => void; reload: () => void };

/**
 * A list loaded page by page (0-based pages, as the API pages). A new `key` (a new search)
 * starts again from page 0; answers of an older key are dropped.
 */
export function usePaged<T>(load: (page: number) => Promise<Page<T>>, key: string): PagedState<T> {
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const generation = useRef(0);

  useEffect(() => {
    setItems([]);
    setTotal(null);
    setPage(0);
  }, [key, tick]);

  useEffect(() => {
    const mine = ++generation.current;
    setLoading(true);
    loadRef.current(page).then(
      (answer) => {
        if (mine !== generation.current) return;
        // An answer without a list (a proxy's error page parsed as JSON) shows as empty, not as a crash.
        const list = Array.isArray(answer?.list) ? answer.list : [];
        setItems((prev) => (page === 0 ? list : [...prev, ...list]));
        setTotal(typeof answer?.total === "number" ? answer.total : list.length);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (mine !== generation.current) return;
        setError(e);
        setLoading(false);
      },
    );
  }, [key, page, tick]);

  const hasMore = total !== null && items.length < total;
  const loadMore = useCallback(() => {
    if (!loading && hasMore) setPage((p) => p + 1);
  }, [loading, hasMore]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { items, total, loading, error, hasMore, loadMore, reload };
}
