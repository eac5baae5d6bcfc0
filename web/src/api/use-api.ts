import { useCallback, useEffect, useState } from "react";
import type { CallInput, Contract, ResponseOf } from "./contracts";
import { request } from "./client";

export type ApiState<T> = { data: T | null; error: unknown; loading: boolean; reload: () => void; setData: (d: T) => void };

/** Loads one contract call for a screen (again when `key` changes); errors go through the catalogue and stay in `error`. */
export function useApi<C extends Contract>(contract: C, input: CallInput<C>, key = ""): ApiState<ResponseOf<C>> {
  const [data, setData] = useState<ResponseOf<C> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const inputKey = JSON.stringify(input);
  useEffect(() => {
    let live = true;
    setLoading(true);
    request(contract, JSON.parse(inputKey) as CallInput<C>).then(
      (d) => {
        if (!live) return;
        setData(d);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (!live) return;
        setError(e);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [contract, inputKey, key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload, setData };
}
