import { useEffect, useSyncExternalStore } from "react";
import { stores } from "../api/contracts";
import { request } from "../api/client";
import { onInvalidate } from "../api/query-cache";
import type { FeatureFlag } from "../app/env";
import { getRuntime } from "../app/runtime";

// The store's own feature flags (its settings: analytics, fulfilment metrics), joined to the
// build's flags. The analytics routes and the side navigation's analytics group read them: a store
// with analytics off sees neither, as the API refuses its reports (issue 20).

let flags: Set<FeatureFlag> | null = null;
let loading = false;
const listeners = new Set<() => void>();

function publish(next: Set<FeatureFlag> | null) {
  flags = next;
  for (const l of listeners) l();
}

function load() {
  if (loading) return;
  loading = true;
  request(stores.getStoreConfigs, {})
    .then((c) => {
      const next = new Set(getRuntime().flags);
      if (c.features.analytics) next.add("analytics");
      if (c.features.fulfillmentMetrics) next.add("fulfillment-metrics");
      publish(next);
    })
    // The request client already said why (or logged out); the build's flags stand.
    .catch(() => publish(new Set(getRuntime().flags)))
    .finally(() => { loading = false; });
}

onInvalidate((keys) => {
  if (keys.has("stores") && flags !== null) load();
});

/** The flags in force once the store's settings are loaded; null while loading (or logged out: the build's flags). */
export function useStoreFlags(loggedIn: boolean): Set<FeatureFlag> | null {
  const current = useSyncExternalStore((l) => { listeners.add(l); return () => listeners.delete(l); }, () => flags);
  useEffect(() => {
    if (loggedIn && flags === null) load();
    if (!loggedIn && flags !== null) publish(null);
  }, [loggedIn]);
  return loggedIn ? current : getRuntime().flags;
}
