import { API_TIMEOUT_MS, PREVIEW_QUERY_KEY, createApiClient, type ApiClient, type CallInput, type CallOptions, type Contract, type ResponseOf } from "./contracts";
import { clearSession, currentToken, currentV2Token, getSession, isPreviewAccount, saveRefreshedToken, saveRefreshedV2Token } from "../session/session-store";
import { interpretError } from "./error-catalogue";
import { openUpgradePrompt, showToast } from "../ui/toast-store";
import { invalidate, setQueryLoader, tagsInvalidatedBy } from "./query-cache";

/** Where the client sends the browser after a forced logout; replaced by the router once it exists. */
let navigate: (to: string) => void = (to) => window.location.assign(to);

export function setNavigator(fn: (to: string) => void): void {
  navigate = fn;
}

const shared = {
  baseUrl: "",
  timeoutMs: API_TIMEOUT_MS,
  // Looked up per call, not captured at load, so a replaced window.fetch is honoured.
  fetch: (input: RequestInfo | URL, init?: RequestInit) => window.fetch(input, init),
  // Preview accounts carry the flag on every request (000 §6).
  extraQuery: () => (isPreviewAccount(getSession()) ? { [PREVIEW_QUERY_KEY]: "true" } : undefined),
};

// One client per token version: a call sends the token of its contract's version, and a refreshed
// token in the answer replaces that same token (the API refreshes the type of token it was sent).
const v1Client = createApiClient({ ...shared, getToken: currentToken, onToken: saveRefreshedToken });
const v2Client = createApiClient({ ...shared, getToken: currentV2Token, onToken: saveRefreshedV2Token });

function clientFor(contract: Contract): ApiClient {
  return contract.tokenVersion === "v2" ? v2Client : v1Client;
}

export type RequestOptions = CallOptions & {
  /** Failures are the caller's to show (forms showing a field error); the catalogue still logs out on 401/403. */
  quiet?: boolean;
  /** Log-in and registration: a 401 there is a wrong password, not an expired session; the form shows it. */
  skipCatalogue?: boolean;
};

/**
 * Whether a successful call changed server state: every non-GET contract, except the read-only
 * actions sent as POST (searches, quotes) that preview accounts may call.
 */
function changesState(contract: Contract): boolean {
  return contract.method !== "GET" && !contract.previewAllowed;
}

/** Applies the error catalogue to a failure: toast, logout and redirect, or the upgrade prompt. */
export function handleApiError(error: unknown, quiet = false): void {
  const outcome = interpretError(error, { pathname: window.location.pathname, search: window.location.search });
  if (outcome.upgrade) openUpgradePrompt(true);
  if (outcome.logout) {
    clearSession();
    showToast(outcome.toast ?? "");
    if (outcome.redirectTo) navigate(outcome.redirectTo);
    return;
  }
  if (outcome.toast && !quiet) showToast(outcome.toast);
}

/** The one request client (000 §7): typed calls through the shared contracts, with the error catalogue. */
export async function request<C extends Contract>(contract: C, input: CallInput<C>, options: RequestOptions = {}): Promise<ResponseOf<C>> {
  const { quiet, skipCatalogue, ...callOptions } = options;
  let answer: ResponseOf<C>;
  try {
    answer = await clientFor(contract).call(contract, input, callOptions);
  } catch (error) {
    if (!skipCatalogue) handleApiError(error, quiet);
    throw error;
  }
  // Every screen showing data this change moved loads it again (docs/decisions.md, "One cache").
  if (changesState(contract)) invalidate(tagsInvalidatedBy(contract));
  return answer;
}

// The query cache loads through the same client (with the catalogue), never invalidating: a
// read sent as POST must not make the screens that show it load again in a loop.
setQueryLoader((contract, input) => clientFor(contract).call(contract, input as CallInput<Contract>).catch((error: unknown) => {
  handleApiError(error);
  throw error;
}));

/** Usage reports and tracking are best effort: a failure is logged and never shown (000 §8). */
export async function reportQuietly<C extends Contract>(contract: C, input: CallInput<C>): Promise<void> {
  try {
    await clientFor(contract).call(contract, input);
  } catch (error) {
    console.warn("usage report not sent", error);
  }
}
