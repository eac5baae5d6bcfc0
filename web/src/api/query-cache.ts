import type { CallInput, Contract, ResponseOf } from "./contracts";

/**
 * The web client's one cache of server state (docs/decisions.md, "One cache for server state").
 * Every screen read goes through `useApi`, which keeps its answer here under the contract and its
 * input. Every change invalidates by tag: a successful mutation through `request()` invalidates
 * its contract's tags and the tags linked to them, so every mounted screen that shows that data
 * loads it again. Anything else that knows data moved (an agent's tool result, a socket event)
 * calls `invalidate(keys)` with tags or contract ids.
 */

type Entry = {
  contract: Contract;
  input: unknown;
  data: unknown;
  error: unknown;
  loading: boolean;
  /** Bumped on every change, so useSyncExternalStore sees a new snapshot. */
  version: number;
  /** The load under way; a load started later replaces it and the older answer is dropped. */
  loadId: number;
  /** A load is under way. */
  pending: boolean;
  listeners: Set<() => void>;
  snapshot: Snapshot;
};

export type Snapshot = { data: unknown; error: unknown; loading: boolean; version: number };

type Loader = (contract: Contract, input: unknown) => Promise<unknown>;

/**
 * Tags whose data a change under a tag also moves. Billing is one web of facts: a plan change
 * moves the credit tiers, the invoices and the store record's plan; a checkout payment moves the
 * saved cards and the cart; removing a card moves the plan card's default card.
 */
const LINKED_TAGS: Record<string, readonly string[]> = {
  // A plan sets the team seats too.
  plans: ["payments", "stores", "purchasing", "team"],
  payments: ["plans", "stores", "purchasing"],
  purchasing: ["payments", "plans", "stores"],
  team: ["stores"],
};

const entries = new Map<string, Entry>();
const invalidationListeners = new Set<(keys: ReadonlySet<string>) => void>();
let loader: Loader | null = null;
let nextLoadId = 0;

/** The request function loads go through; set once by the request client (avoids an import cycle). */
export function setQueryLoader(load: Loader): void {
  loader = load;
}

export function queryKey(contract: Contract, input: unknown): string {
  return `${contract.id} ${JSON.stringify(input ?? {})}`;
}

/** The tags a successful mutation of this contract invalidates: its own and the linked ones. */
export function tagsInvalidatedBy(contract: Contract): string[] {
  return [...new Set(contract.tags.flatMap((t) => [t, ...(LINKED_TAGS[t] ?? [])]))];
}

function entryFor(contract: Contract, input: unknown): Entry {
  const key = queryKey(contract, input);
  let entry = entries.get(key);
  if (!entry) {
    const snapshot = { data: null, error: null, loading: true, version: 0 };
    entry = { contract, input, data: null, error: null, loading: true, version: 0, loadId: 0, pending: false, listeners: new Set(), snapshot };
    entries.set(key, entry);
  }
  return entry;
}

function update(entry: Entry, patch: Partial<Pick<Entry, "data" | "error" | "loading">>): void {
  Object.assign(entry, patch);
  entry.version += 1;
  entry.snapshot = { data: entry.data, error: entry.error, loading: entry.loading, version: entry.version };
  for (const listener of [...entry.listeners]) listener();
}

/** Loads (again) one query; the newest load's answer wins. */
export function load(contract: Contract, input: unknown): void {
  const entry = entryFor(contract, input);
  if (!loader) throw new Error("query cache used before the request client set its loader");
  const id = ++nextLoadId;
  entry.loadId = id;
  entry.pending = true;
  update(entry, { loading: true });
  const settle = (patch: Partial<Pick<Entry, "data" | "error" | "loading">>) => {
    if (entry.loadId !== id) return;
    entry.pending = false;
    update(entry, patch);
  };
  loader(contract, input).then(
    (data) => settle({ data, error: null, loading: false }),
    (error: unknown) => settle({ error, loading: false }),
  );
}

/** Loads a query a screen is showing, unless a load of it is already under way (two panels, one request). */
export function ensureLoading(contract: Contract, input: unknown): void {
  if (!entryFor(contract, input).pending) load(contract, input);
}

/** Subscribes a screen to a query; the first subscriber (or a stale entry) starts a load. */
export function subscribe(contract: Contract, input: unknown, listener: () => void): () => void {
  const entry = entryFor(contract, input);
  entry.listeners.add(listener);
  return () => {
    entry.listeners.delete(listener);
  };
}

export function snapshotOf(contract: Contract, input: unknown): Snapshot {
  return entryFor(contract, input).snapshot;
}

/** Puts an answer the caller already has (a mutation's response) into the cache, for every screen showing it. */
export function setQueryData<C extends Contract>(contract: C, input: CallInput<C>, data: ResponseOf<C>): void {
  update(entryFor(contract, input), { data, error: null, loading: false });
}

/**
 * Marks every query under these keys (tags such as "plans", or contract ids such as
 * "getPlanOverview") out of date: mounted screens load them again, the others are dropped and
 * load when next shown. Listeners (the session's store record) are told the keys.
 */
export function invalidate(keys: readonly string[]): void {
  const wanted = new Set(keys);
  for (const [key, entry] of entries) {
    if (!wanted.has(entry.contract.id) && !entry.contract.tags.some((t) => wanted.has(t))) continue;
    if (entry.listeners.size > 0) load(entry.contract, entry.input);
    else entries.delete(key);
  }
  for (const listener of [...invalidationListeners]) listener(wanted);
}

/** Every query out of date (an agent's tool changed something we cannot name). */
export function invalidateAll(): void {
  invalidate([...new Set([...entries.values()].flatMap((e) => [e.contract.id, ...e.contract.tags]))]);
}

/** Called with the invalidated keys after every invalidation. */
export function onInvalidate(listener: (keys: ReadonlySet<string>) => void): () => void {
  invalidationListeners.add(listener);
  return () => {
    invalidationListeners.delete(listener);
  };
}

/** Forgets everything: another user's answers must never show (logout, a new login). */
export function clearQueryCache(): void {
  for (const entry of entries.values()) entry.loadId = -1;
  entries.clear();
}
