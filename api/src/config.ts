import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { MAX_PENDING_LARGE_UPLOADS, UPLOAD_QUOTAS } from "@atelier/contracts/uploads";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  AGENT_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  ATELIER_AGENT_URL: z.string().url().optional(),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  ATELIER_DATA_DIR: z.string().default(".data"),
  ATELIER_JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ATELIER_WEB_ORIGIN: z.string().default("http://localhost:3000"),
  ATELIER_TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  ATELIER_DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  ATELIER_EMBEDDING_MODEL: z.string().min(1).optional(),
  ATELIER_IMAGE_EMBEDDING_MODEL: z.string().min(1).optional(),
  ATELIER_IMAGE_MODEL: z.string().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.string().default("https://www.googleapis.com/oauth2/v3/certs"),
  GOOGLE_JWKS_FILE: z.string().optional(),
  ATELIER_PREVIEW_EMAILS: z.string().default("preview@example.com"),
  ATELIER_RATE_LIMIT_AUTH: z.coerce.number().int().min(1).default(20),
  ATELIER_PUBLIC_PAY_DECLINES: z.coerce.number().int().min(1).default(5),
  ATELIER_PUBLIC_PAY_LOCK_HOURS: z.coerce.number().int().min(1).default(24),
  ATELIER_RATE_LIMIT_PUBLIC_PAY: z.coerce.number().int().min(1).default(10),
  ATELIER_RATE_LIMIT_TRACK_ORDER: z.coerce.number().int().min(1).default(20),
  ATELIER_LOGIN_FREE_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  ATELIER_LOGIN_WAIT_SECONDS: z.coerce.number().int().min(1).default(30),
  ATELIER_LOGIN_MAX_WAIT_SECONDS: z.coerce.number().int().min(1).default(900),
  TRUST_PROXY: z.string().default("").transform((v, ctx) => {
    try {
      return parseTrustProxy(v);
    } catch (err) {
      ctx.addIssue({ code: "custom", message: (err as Error).message });
      return z.NEVER;
    }
  }),
  ATELIER_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ATELIER_SKIP_DEMO_SEED: z.enum(["0", "1"]).default("0"),
  ATELIER_SEARCH_CACHE: z.enum(["0", "1"]).default("1"),
  ATELIER_JOB_CONCURRENCY: z.coerce.number().int().min(0).max(100).default(2),
  ATELIER_JOB_POLL_MS: z.coerce.number().int().min(10).default(1000),
  ATELIER_FULFILMENT_STEP_MS: z.coerce.number().int().min(0).max(86_400_000).optional(),
  ATELIER_EASYPOST_API_KEY: z.string().min(1).optional(),
  ATELIER_EASYPOST_BASE_URL: z.string().url().optional(),
  // A Shopify shop read through the Admin API (a custom app's key, secret and access token); its base URL only for a local fake.
  ATELIER_SHOPIFY_API_KEY: z.string().min(1).optional(),
  ATELIER_SHOPIFY_API_SECRET: z.string().min(1).optional(),
  ATELIER_SHOPIFY_SHOP_DOMAIN: z.string().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, "must be the shop's myshopify.com domain").optional(),
  ATELIER_SHOPIFY_ACCESS_TOKEN: z.string().min(1).optional(),
  ATELIER_SHOPIFY_BASE_URL: z.string().url().optional(),
  // Video meetings through Daily's REST API when a key is set (its base URL only for a local fake); else the built-in rooms.
  ATELIER_DAILY_API_KEY: z.string().min(1).optional(),
  ATELIER_DAILY_API_URL: z.string().url().optional(),
  ATELIER_INBOX_DIGEST_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  ATELIER_DEMO_REPLY_MS: z.union([z.literal("off"), z.coerce.number().int().min(0).max(3_600_000)]).optional(),
});

export type Config = {
  env: "development" | "test" | "production";
  /** Address the servers bind to: loopback by default; 0.0.0.0 in containers. */
  host: string;
  port: number;
  agentPort: number;
  /** An agent server run apart (containers); unset: `npm start` runs one in-process on agentPort. */
  agentUrl?: string;
  databaseUrl?: string;
  /** Redis for the realtime adapter (several API processes); unset: events stay in this process. */
  redisUrl?: string;
  dataDir: string;
  jwtSecret?: string;
  webOrigin: string;
  tokenTtlHours: number;
  poolSize: number;
  google: { clientId?: string; jwksUrl: string; jwksFile?: string };
  /** An OpenAI-compatible embeddings model (384 dimensions); unset: the offline embedder. */
  embeddings: { model?: string; apiKey?: string; baseUrl?: string };
  /** An OpenAI-compatible image-embedding model (384 dimensions, same key and base URL); unset: the offline descriptor. */
  imageEmbeddings: { model?: string; apiKey?: string; baseUrl?: string };
  /** An OpenAI-compatible images model (POST /images/generations, same key and base URL); unset: the offline drawing. */
  imageGeneration: { model?: string; apiKey?: string; baseUrl?: string };
  previewEmails: string[];
  authRateLimitPerMinute: number;
  /** Per-account sign-in throttle: attempts without a wait, the first wait, doubled per further attempt up to the longest. */
  loginThrottle: { freeAttempts: number; baseWaitSeconds: number; maxWaitSeconds: number };
  /** The public pay-invoice page: declined cards before it locks, for how long, and payment attempts per client address a minute. */
  publicPay: { declinesBeforeLock: number; lockHours: number; perClientPerMinute: number };
  /** Public order lookups per connection and minute (/track-order): guessing numbers and postcodes takes many tries. */
  trackOrderPerClientPerMinute: number;
  /** Upload quotas by plan and the large uploads a store may have waiting (contracts' UPLOAD_QUOTAS by default). */
  uploads: { quotas: typeof UPLOAD_QUOTAS; maxPendingLargeUploads: number };
  /** Proxies whose X-Forwarded-For is believed (Express's "trust proxy"); false: none, the peer's address is the client's. */
  trustProxy: TrustProxy;
  logLevel: string;
  skipDemoSeed: boolean;
  /** Recent marketplace search answers are kept in memory under the catalogue's version (on unless ATELIER_SEARCH_CACHE=0). */
  searchCache: boolean;
  /** Background jobs this process runs at once (0: it only enqueues) and how often an idle worker looks for due ones. */
  jobs: { concurrency: number; pollMs: number; /** Tests only: this process runs only the jobs it enqueued (see migration 0230). */ affinity?: string | null };
  /** How long the local fulfilment center takes per stage (accept, pick, pack, ship); 0 in tests, a few seconds for demos. */
  fulfilment: { stepMs: number };
  /** Hosted carriers offered beside the built-in one: EasyPost when an API key is set (its base URL only for a local fake). */
  shipping: { easyPost?: { apiKey: string; baseUrl?: string } };
  /** Shops read through their platform's API: Shopify when its key, secret, shop and access token are all set (its base URL only for a local fake); else imports are files. */
  storePlatforms: { shopify?: { apiKey: string; apiSecret: string; shopDomain: string; accessToken: string; baseUrl?: string } };
  /** The hosted video-meeting service accepted meetings are created on: Daily when an API key is set (its base URL only for a local fake), else the built-in rooms. */
  videoMeetings: { daily?: { apiKey: string; baseUrl?: string } };
  /**
   * Inbox notifications and the demo: unread messages nobody has seen for digestAfterMinutes go out
   * as one e-mail digest per side; demo suppliers answer a store's message after demoReplyMs
   * (null: they never do; off in tests unless a test asks, a few seconds elsewhere).
   */
  inbox: { digestAfterMinutes: number; demoReplyMs: number | null };
  /** Responses are checked against their contracts outside production. */
  validateResponses: boolean;
  /** How long a repeat waits for the answer of a request still running under its Idempotency-Key before a 409. */
  idempotencyWaitMs: number;
};

/** Parses the environment once, at start; a bad value stops the process with the variable and the reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${reasons}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    agentPort: e.AGENT_PORT,
    agentUrl: e.ATELIER_AGENT_URL,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    dataDir: path.resolve(e.ATELIER_DATA_DIR),
    jwtSecret: e.ATELIER_JWT_SECRET,
    webOrigin: e.ATELIER_WEB_ORIGIN,
    tokenTtlHours: e.ATELIER_TOKEN_TTL_HOURS,
    poolSize: e.ATELIER_DB_POOL_SIZE,
    google: { clientId: e.GOOGLE_CLIENT_ID, jwksUrl: e.GOOGLE_JWKS_URL, jwksFile: e.GOOGLE_JWKS_FILE },
    embeddings: { model: e.ATELIER_EMBEDDING_MODEL, apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL },
    imageEmbeddings: { model: e.ATELIER_IMAGE_EMBEDDING_MODEL, apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL },
    imageGeneration: { model: e.ATELIER_IMAGE_MODEL, apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL },
    previewEmails: e.ATELIER_PREVIEW_EMAILS.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean),
    authRateLimitPerMinute: e.ATELIER_RATE_LIMIT_AUTH,
    publicPay: { declinesBeforeLock: e.ATELIER_PUBLIC_PAY_DECLINES, lockHours: e.ATELIER_PUBLIC_PAY_LOCK_HOURS, perClientPerMinute: e.ATELIER_RATE_LIMIT_PUBLIC_PAY },
    trackOrderPerClientPerMinute: e.ATELIER_RATE_LIMIT_TRACK_ORDER,
    loginThrottle: { freeAttempts: e.ATELIER_LOGIN_FREE_ATTEMPTS, baseWaitSeconds: e.ATELIER_LOGIN_WAIT_SECONDS, maxWaitSeconds: e.ATELIER_LOGIN_MAX_WAIT_SECONDS },
    uploads: { quotas: UPLOAD_QUOTAS, maxPendingLargeUploads: MAX_PENDING_LARGE_UPLOADS },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.ATELIER_LOG_LEVEL,
    skipDemoSeed: e.ATELIER_SKIP_DEMO_SEED === "1",
    searchCache: e.ATELIER_SEARCH_CACHE === "1",
    jobs: { concurrency: e.ATELIER_JOB_CONCURRENCY, pollMs: e.ATELIER_JOB_POLL_MS },
    fulfilment: { stepMs: e.ATELIER_FULFILMENT_STEP_MS ?? (e.NODE_ENV === "test" ? 0 : 4000) },
    shipping: { easyPost: e.ATELIER_EASYPOST_API_KEY ? { apiKey: e.ATELIER_EASYPOST_API_KEY, baseUrl: e.ATELIER_EASYPOST_BASE_URL } : undefined },
    storePlatforms: {
      shopify:
        e.ATELIER_SHOPIFY_API_KEY && e.ATELIER_SHOPIFY_API_SECRET && e.ATELIER_SHOPIFY_SHOP_DOMAIN && e.ATELIER_SHOPIFY_ACCESS_TOKEN
          ? { apiKey: e.ATELIER_SHOPIFY_API_KEY, apiSecret: e.ATELIER_SHOPIFY_API_SECRET, shopDomain: e.ATELIER_SHOPIFY_SHOP_DOMAIN, accessToken: e.ATELIER_SHOPIFY_ACCESS_TOKEN, baseUrl: e.ATELIER_SHOPIFY_BASE_URL }
          : undefined,
    },
    videoMeetings: { daily: e.ATELIER_DAILY_API_KEY ? { apiKey: e.ATELIER_DAILY_API_KEY, baseUrl: e.ATELIER_DAILY_API_URL } : undefined },
    inbox: {
      digestAfterMinutes: e.ATELIER_INBOX_DIGEST_MINUTES,
      demoReplyMs: e.ATELIER_DEMO_REPLY_MS === "off" ? null : (e.ATELIER_DEMO_REPLY_MS ?? (e.NODE_ENV === "test" ? null : 6000)),
    },
    validateResponses: e.NODE_ENV !== "production",
    idempotencyWaitMs: 10_000,
    ...overrides,
  };
}

/** false (trust no proxy), a hop count, or the proxies' addresses, subnets and Express's names. */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY: empty, 0, false or off → trust none (the default); a number 1-10 → that many hops of
 * proxies in front; otherwise a comma-separated list of addresses, subnets (10.0.0.0/8) and the names
 * loopback, linklocal, uniquelocal. "true" (trust everyone) is refused: any client could then choose
 * its own address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? "").trim().toLowerCase();
  if (v === "" || v === "0" || v === "false" || v === "off") return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new Error("must be at most 10 hops");
    return hops;
  }
  if (v === "true") throw new Error("true would believe any client's X-Forwarded-For: name the proxies (addresses, subnets, loopback) or a hop count");
  const parts = v.split(",").map((p) => p.trim()).filter(Boolean);
  for (const part of parts) {
    if (PROXY_NAMES.has(part)) continue;
    const [address, prefix, ...rest] = part.split("/");
    const family = net.isIP(address ?? "");
    const maxPrefix = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (!family || !prefixOk || rest.length) throw new Error(`"${part}" is not an address, a subnet, loopback, linklocal or uniquelocal`);
  }
  return parts;
}
