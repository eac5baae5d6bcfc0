import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import type { CallInput, Contract, ResponseOf } from "./contracts";
import { ensureLoading, load, setQueryData, snapshotOf, subscribe } from "./query-cache";

export type ApiState<T> = { data: T | null; error: unknown; loading: boolean; reload: () => void; setData: (d: T) => void };

/**
 * Shows one contract call on a screen through the one query cache (./query-cache): an answer
 * already cached shows at once and is loaded again on mount (and when `key` changes); any
 * mutation of the same data, here or by the assistant, loads it again. Errors go through the
 * catalogue and stay in `error`. `setData` writes an answer the caller already has into the cache.
 */
export function useApi<C extends Contract>(contract: C, input: CallInput<C>, key = ""): ApiState<ResponseOf<C>> {
  const inputKey = JSON.stringify(input ?? {});
  const parsed = useMemo(() => JSON.parse(inputKey) as CallInput<C>, [inputKey]);
  const listen = useCallback((listener: () => void) => subscribe(contract, parsed, listener), [contract, parsed]);
  const snapshot = useSyncExternalStore(listen, () => snapshotOf(contract, parsed));
  useEffect(() => ensureLoading(contract, parsed), [contract, parsed, key]);
  const reload = useCallback(() => load(contract, parsed), [contract, parsed]);
  const setData = useCallback((d: ResponseOf<C>) => setQueryData(contract, parsed, d), [contract, parsed]);
  return { data: snapshot.data as ResponseOf<C> | null, error: snapshot.error, loading: snapshot.loading, reload, setData };
}
