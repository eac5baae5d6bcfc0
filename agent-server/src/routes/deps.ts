import type pg from "pg";
import type { Logger } from "pino";
import type { TokenService, TrustProxy } from "@atelier/api/platform";
import type { GraphRegistry } from "../graphs";
import type { AgentLimits } from "../limits";
import type { Runner } from "../runner";

/** What the agent server's routes need: the database, tokens, graphs and the run worker. */
export type AppDeps = {
  pool: pg.Pool;
  tokens: TokenService;
  graphs: GraphRegistry;
  runner: Runner;
  log: Logger;
  /** Runs an anonymous visitor (and one address) may start per minute. */
  anonymousRunsPerMinute: number;
  /** What a visitor or a store may store: threads, message and metadata sizes. */
  limits: AgentLimits;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy;
  pollMs: number;
  startedAt: string;
};
