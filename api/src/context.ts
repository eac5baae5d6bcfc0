import type pg from "pg";
import type { Logger } from "pino";
import type { Config } from "./config";
import type { TokenClaims, TokenService } from "./auth/tokens";
import type { Providers } from "./providers";
import type { JobQueue } from "./jobs/queue";
import type { SessionCache } from "./services/auth/session-cache";

/** What every request and service can reach; built once at start. */
export type AppDeps = {
  pool: pg.Pool;
  config: Config;
  tokens: TokenService;
  providers: Providers;
  log: Logger;
  /** The background job queue: enqueue work, cancel it. */
  jobs: JobQueue;
  /** Resolved sessions, dropped when a membership or store changes (services/auth/session-cache.ts). */
  sessions: SessionCache;
};

/** One request: the deps plus who is asking. */
export type RequestContext = AppDeps & {
  requestId: string;
  log: Logger;
  auth: TokenClaims | null;
  /**
   * The request's Idempotency-Key, on contracts marked idempotent. Replaying answers is the route
   * layer's alone (src/http/idempotency.ts); a service only hands the key on to a provider call as
   * that call's own key, so a retry after a crash finds the charge made instead of making another.
   */
  idempotencyKey?: string;
  /** The caller's Accept-Language header, for locale guesses (infer-country). */
  acceptLanguage?: string;
  /** The client's address as Express resolves it under TRUST_PROXY. */
  clientAddress?: string;
};

export type UserContext = RequestContext & { auth: TokenClaims };
