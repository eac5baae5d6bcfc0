import { useSyncExternalStore } from "react";
import type { ResponseOf, auth, stores } from "../api/contracts";
import { isTokenValid } from "./token";
import { clearQueryCache } from "../api/query-cache";

type Session = ResponseOf<typeof auth.login>;
export type StoreRecord = ResponseOf<typeof stores.getMyStore>;

/** The user session state (000 §3): tokens, the session summary and the current store record. */
export type SessionState = {
  token: string | null;
  v2UserToken: string | null;
  v2StoreToken: string | null;
  user: Session["user"] | null;
  store: Session["store"] | null;
  role: Session["role"] | null;
  /** The full store record, once GET /web/stores/me answered. */
  storeRecord: StoreRecord | null;
};

export const STORAGE_KEYS = {
  token: "atelier.token",
  v2UserToken: "atelier.v2UserToken",
  v2StoreToken: "atelier.v2StoreToken",
  session: "atelier.session",
  anonymousCreatorId: "atelier.anonymousCreatorId",
} as const;

const empty: SessionState = { token: null, v2UserToken: null, v2StoreToken: null, user: null, store: null, role: null, storeRecord: null };

let state: SessionState = empty;
const listeners = new Set<() => void>();

function emit(next: SessionState) {
  state = next;
  listeners.forEach((l) => l());
}

function read(key: string): string | null {
  return window.sessionStorage.getItem(key) ?? window.localStorage.getItem(key);
}

/** Restores the session from session storage, then local storage; expired tokens are treated as absent. */
export function restoreSession(): void {
  const token = read(STORAGE_KEYS.token);
  if (!isTokenValid(token)) {
    emit(empty);
    return;
  }
  let summary: Pick<SessionState, "user" | "store" | "role"> = { user: null, store: null, role: null };
  try {
    summary = JSON.parse(read(STORAGE_KEYS.session) ?? "{}") as typeof summary;
  } catch {
    // A damaged summary is refetched from /web/stores/me; the token alone is enough.
    summary = { user: null, store: null, role: null };
  }
  emit({ ...empty, ...summary, token, v2UserToken: read(STORAGE_KEYS.v2UserToken), v2StoreToken: read(STORAGE_KEYS.v2StoreToken) });
}

/** Starts a session after login or registration; `remember` keeps it in local storage across browser restarts. */
export function startSession(session: Session, remember = true): void {
  const storage = remember ? window.localStorage : window.sessionStorage;
  storage.setItem(STORAGE_KEYS.token, session.token);
  storage.setItem(STORAGE_KEYS.v2UserToken, session.v2UserToken);
  storage.setItem(STORAGE_KEYS.v2StoreToken, session.v2StoreToken);
  storage.setItem(STORAGE_KEYS.session, JSON.stringify({ user: session.user, store: session.store, role: session.role }));
  // Another user's (or store's) cached answers must never show.
  clearQueryCache();
  emit({ ...empty, token: session.token, v2UserToken: session.v2UserToken, v2StoreToken: session.v2StoreToken, user: session.user, store: session.store, role: session.role });
}

/**
 * Keeps a refreshed token in local storage (000 §7), and in session storage when the session lives
 * there too: reads prefer session storage, so a stale copy there would win over the fresh one.
 */
function storeRefreshed(key: string, token: string): void {
  window.localStorage.setItem(key, token);
  if (window.sessionStorage.getItem(key)) window.sessionStorage.setItem(key, token);
}

/** A refreshed version-1 token from the API's response header: kept in the state and in storage. */
export function saveRefreshedToken(token: string): void {
  storeRefreshed(STORAGE_KEYS.token, token);
  emit({ ...state, token });
}

/** A refreshed version-2 store token (the answer to a call made with it): its own slot, never the version-1 one. */
export function saveRefreshedV2Token(token: string): void {
  storeRefreshed(STORAGE_KEYS.v2StoreToken, token);
  emit({ ...state, v2StoreToken: token });
}

export function setStoreRecord(record: StoreRecord): void {
  emit({ ...state, storeRecord: record, store: state.store ? { ...state.store, title: record.title, planType: record.planType, isPreviewAccount: record.isPreviewAccount } : state.store });
}

/** Logs out: the state and all storage are cleared (000 §8). */
export function clearSession(): void {
  window.localStorage.clear();
  window.sessionStorage.clear();
  clearQueryCache();
  emit(empty);
}

export function getSession(): SessionState {
  return state;
}

/** The bearer token: the state's, else session storage's, else local storage's. */
export function currentToken(): string | null {
  return state.token ?? read(STORAGE_KEYS.token);
}

export function currentV2Token(): string | null {
  return state.v2StoreToken ?? read(STORAGE_KEYS.v2StoreToken);
}

export function isLoggedIn(s: SessionState = state): boolean {
  return isTokenValid(s.token);
}

export function isPreviewAccount(s: SessionState = state): boolean {
  return Boolean(s.storeRecord?.isPreviewAccount ?? s.store?.isPreviewAccount);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls listener at each change of the session, outside React (the realtime socket follows logins and logouts). */
export function subscribeSession(listener: () => void): () => void {
  return subscribe(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** The anonymous creator id kept in local storage under a fixed key (000 §3), for usage reports. */
export function anonymousCreatorId(): string {
  let id = window.localStorage.getItem(STORAGE_KEYS.anonymousCreatorId);
  if (!id) {
    id = crypto.randomUUID();
    window.localStorage.setItem(STORAGE_KEYS.anonymousCreatorId, id);
  }
  return id;
}
