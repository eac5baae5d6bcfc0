import { buildPath, type CallInput, type Contract, type ResponseOf } from "./contract";
import { REFRESHED_TOKEN_HEADER, type ErrorCode } from "./errors";

export const API_BASE_PATH = "/rest/main";
export const API_TIMEOUT_MS = 120_000;

/** An error answered by the API (or a network failure, with status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "NETWORK",
    message: string,
    readonly details?: Record<string, unknown>[],
    readonly requestId?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export type ApiClientOptions = {
  /** Origin of the API, e.g. http://localhost:3000; empty for same-origin. */
  baseUrl: string;
  getToken?: () => string | null | undefined;
  /** Called with a refreshed token the API returned in the response header. */
  onToken?: (token: string) => void;
  /** Extra query values appended to every call (the preview flag). */
  extraQuery?: () => Record<string, string> | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

export type CallOptions = { token?: string; idempotencyKey?: string; signal?: AbortSignal; headers?: Record<string, string> };

export type ApiClient = {
  call<C extends Contract>(contract: C, input: CallInput<C>, options?: CallOptions): Promise<ResponseOf<C>>;
};

/** The one typed client: web screens, agent tools and tests call contracts through it. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? fetch;
  return {
    async call(contract, input, callOptions = {}) {
      const { params, query, body } = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
      const url = new URL(API_BASE_PATH + buildPath(contract.path, params), options.baseUrl || "http://same-origin");
      const allQuery = { ...(query ?? {}), ...(options.extraQuery?.() ?? {}) };
      for (const [key, value] of Object.entries(allQuery)) {
        if (value === undefined || value === null) continue;
        if (Array.isArray(value)) value.forEach((v) => url.searchParams.append(key, String(v)));
        else url.searchParams.set(key, String(value));
      }
      const headers: Record<string, string> = { accept: "application/json", ...callOptions.headers };
      const token = callOptions.token ?? options.getToken?.();
      if (token) headers.authorization = `Bearer ${token}`;
      if (callOptions.idempotencyKey) headers["idempotency-key"] = callOptions.idempotencyKey;
      if (body !== undefined) headers["content-type"] = "application/json";
      const timeout = AbortSignal.timeout(options.timeoutMs ?? API_TIMEOUT_MS);
      const signal = callOptions.signal ? AbortSignal.any([callOptions.signal, timeout]) : timeout;
      const target = options.baseUrl ? url.toString() : url.pathname + url.search;
      let response: Response;
      try {
        response = await doFetch(target, {
          method: contract.method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal,
        });
      } catch (err) {
        throw new ApiError(0, "NETWORK", err instanceof Error ? err.message : String(err));
      }
      const refreshed = response.headers.get(REFRESHED_TOKEN_HEADER);
      if (refreshed) options.onToken?.(refreshed);
      const text = await response.text();
      const json: unknown = text ? safeJson(text) : undefined;
      if (!response.ok) {
        const envelope = (json ?? {}) as { code?: ErrorCode; message?: string; details?: Record<string, unknown>[]; requestId?: string };
        throw new ApiError(response.status, envelope.code ?? "INTERNAL", envelope.message ?? response.statusText, envelope.details, envelope.requestId);
      }
      return json as ResponseOf<typeof contract>;
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // A body that is not JSON (a proxy's HTML error page) carries no envelope: keep the text as the message.
    return { message: text.slice(0, 500) };
  }
}
