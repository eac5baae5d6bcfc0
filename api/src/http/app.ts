import http from "node:http";
import net from "node:net";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import helmet from "helmet";
import cors from "cors";
import Negotiator from "negotiator";
import { rateLimit } from "express-rate-limit";
import { PREVIEW_QUERY_KEY, REFRESHED_TOKEN_HEADER, API_BASE_PATH, isMutating, planAtLeast, type Contract, type PlanType } from "@atelier/contracts";
import type { AppDeps, RequestContext } from "../context";
import { AppError, previewBlocked, unauthorized, upgradeRequired } from "../errors";
import { bearerToken } from "../auth/tokens";
import { errorEnvelope, requestIdOf, toAppError, writeError } from "./error-response";
import { parsePart } from "./validate";
import { parseSimpleQuery } from "./query-string";
import type { Route } from "./route";
import { openApiDocument, openApiDocsPage } from "./openapi";
import { refreshClaims } from "../services/auth/refresh-claims";
import { NO_LONGER_MEMBER } from "../services/auth/current-session";
import { resolveCaller } from "../services/auth/authenticate-caller";
import { requireContractPermission } from "../auth/permissions";
import { rawMounts } from "./raw-mounts";
import { JsonAnswer, type AnswerEncoding } from "../json-answer";
import { claimOrReplay, finishClaim, IDEMPOTENCY_KEY_HEADER, readIdempotencyKey, REPLAYED_HEADER, type IdempotencyClaim } from "./idempotency";

// Module augmentation needs an interface.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module "express-serve-static-core" {
  interface Request {
    ctx: RequestContext;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The Express app under /rest/main: middleware, every route from its contract, one error handler. */
export function createApp(deps: AppDeps, routes: Route[]): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // Forwarding headers only from the proxies the operator names (TRUST_PROXY); none by default.
  app.set("trust proxy", deps.config.trustProxy);
  app.set("query parser", "extended");
  // Plain `name=value` queries (every list request's) without qs; the rest as qs reads them.
  const extendedQuery = app.get("query parser fn") as (query: string | null) => Record<string, unknown>;
  app.set("query parser", (query: string | null) => parseSimpleQuery(query) ?? extendedQuery(query));

  // Security headers are the same on every answer, so they are worked out once (helmet's eleven
  // middlewares per request showed in the API benchmark's profile). JSON answers carry the set that
  // protects an API (docs/decisions.md); the one HTML page, the docs, also gets helmet's document set.
  const securityHeaders = API_SECURITY_HEADERS;
  const documentHeaders = helmetHeaders();
  const corsMiddleware = cors({ origin: deps.config.webOrigin.split(","), credentials: true, exposedHeaders: [REFRESHED_TOKEN_HEADER, "x-request-id", REPLAYED_HEADER] });
  app.use((req, res, next) => {
    const requestId = requestIdOf(req.header("x-request-id"));
    res.setHeaders(securityHeaders);
    res.setHeader("x-request-id", requestId);
    req.ctx = requestContext(deps, requestId, req.header("accept-language"), req.ip);
    // The request line: 5xx at error, 4xx at info, the rest at debug. Below info only 5xx are
    // logged, and writeError does that, so no listener is added per request.
    if (deps.log.isLevelEnabled("info")) {
      const started = process.hrtime.bigint();
      res.on("finish", () => {
        const level = res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "info" : "debug";
        if (deps.log.isLevelEnabled(level)) logRequest(req, res, level, Number(process.hrtime.bigint() - started) / 1e6);
      });
    }
    // CORS matters only to a browser's cross-origin request, which always names its origin.
    if (req.headers.origin !== undefined) return corsMiddleware(req, res, next);
    res.setHeader("vary", "Origin");
    next();
  });

  const api = express.Router();
  const raw = express.Router();
  for (const mount of rawMounts) mount(raw, deps);
  api.use(enteredByShape(raw));
  const json = express.json({ limit: "1mb", strict: false });
  // GET and HEAD carry no body here: their contracts have none.
  api.use((req, res, next) => (req.method === "GET" || req.method === "HEAD" ? next() : json(req, res, next)));
  // One budget per path and client address: brute-forcing logins doesn't lock out sign-ups.
  for (const path of ["/login", "/register", "/google-auth/login"]) {
    api.use(
      path,
      rateLimit({
        windowMs: 60_000,
        limit: deps.config.authRateLimitPerMinute,
        standardHeaders: "draft-7",
        legacyHeaders: false,
        // A client's own X-Forwarded-For is ignored on purpose unless TRUST_PROXY names its proxy.
        validate: { xForwardedForHeader: false },
        handler: (req, res) => writeApiError(req, res, new AppError("RATE_LIMITED", "Too many attempts. Please wait a minute and try again.")),
      }),
    );
  }

  // Public card payments by invoice number: a card tester tries many cards from one address.
  api.use(
    "/app/creator-invoice-payments",
    rateLimit({
      windowMs: 60_000,
      limit: deps.config.publicPay.perClientPerMinute,
      standardHeaders: "draft-7",
      legacyHeaders: false,
      validate: { xForwardedForHeader: false },
      skip: (req) => req.method !== "POST",
      handler: (req, res) => writeApiError(req, res, new AppError("RATE_LIMITED", "Too many payment attempts from this connection. Please wait a minute and try again.")),
    }),
  );

  api.get("/openapi.json", (_req, res) => void res.json(openApiDocument()));
  api.get("/docs", (_req, res) => void res.setHeaders(documentHeaders).type("html").send(openApiDocsPage(`${API_BASE_PATH}/openapi.json`)));

  // Paths without parameters are found in one map lookup (the router tries its layers one by one,
  // and matching a request against some 250 of them showed in the search bench's profile); the
  // router keeps the parameterised paths. Static before parameterised, so `/-/count` is never an id.
  const staticEndpoints = new Map<string, RequestHandler>();
  api.use((req, res, next) => {
    const endpoint = staticEndpoints.get(staticKey(req.method === "HEAD" ? "GET" : req.method, req.path));
    if (endpoint) return endpoint(req, res, next);
    next();
  });
  // Parameterised paths in routers of their own by method and first two segments (`GET /web/orders/:id`
  // with the other GETs of `/web/orders/…`): a request tries the few of its own instead of every one
  // before it. A method no route has (OPTIONS) enters none and gets the 404, as from one router.
  const parameterised = sortRoutes(routes).filter(({ contract }) => contract.path.includes(":"));
  const grouped = parameterised.every(({ contract }) => leadingSegments(contract.path) !== null);
  const groups = new Map<string, express.Router>();
  if (grouped) {
    api.use((req, res, next) => {
      const group = groups.get(`${req.method === "HEAD" ? "GET" : req.method} ${requestLeadingSegments(req.path)}`);
      if (group) return group(req, res, next);
      next();
    });
  }
  for (const { contract, handler } of sortRoutes(routes)) {
    const endpoint: RequestHandler = async (req: Request, res: Response, next: NextFunction) => {
      try {
        // The caller, refused by the role table before the input is read.
        const plan = await authenticate(req, res, contract);
        const query = withoutPreviewFlag(req.query as Record<string, unknown>);
        const params = parsePart("params", contract.params, { ...req.params });
        const parsedQuery = parsePart("query", contract.query, query);
        const body = parsePart("body", contract.body, contract.body ? req.body : emptyToUndefined(req.body));
        if (req.ctx.auth?.isPreview && isMutating(contract) && !contract.previewAllowed) throw previewBlocked();
        if (contract.minPlan) requirePlan(plan, contract.minPlan);
        const idempotencyKey = contract.idempotent ? readIdempotencyKey(req.header(IDEMPOTENCY_KEY_HEADER)) : undefined;
        if (!idempotencyKey) {
          await answer(req, res, contract, await handler({ ctx: req.ctx, params, query: parsedQuery, body } as never));
          return;
        }
        req.ctx.idempotencyKey = idempotencyKey;
        const claimed = await claimOrReplay(req.ctx, contract, idempotencyKey, { params, query: parsedQuery, body }, deps.config.idempotencyWaitMs);
        if ("replay" in claimed) {
          res.setHeader(REPLAYED_HEADER, "true");
          res.status(claimed.replay.status).json(claimed.replay.body);
          return;
        }
        await runClaimed(req, res, contract, claimed.claim, () => handler({ ctx: req.ctx, params, query: parsedQuery, body } as never));
      } catch (err) {
        next(err);
      }
    };
    const key = staticKey(contract.method, contract.path);
    const method = contract.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
    if (!contract.path.includes(":")) {
      if (!staticEndpoints.has(key)) staticEndpoints.set(key, endpoint);
    } else if (!grouped) api[method](contract.path, endpoint);
    else {
      const groupKey = `${contract.method} ${leadingSegments(contract.path)!}`;
      const group = groups.get(groupKey) ?? groups.set(groupKey, express.Router()).get(groupKey)!;
      group[method](contract.path, endpoint);
    }
  }

  /** Sends a handler's result with the contract's status, checked against the contract outside production. */
  async function answer(req: Request, res: Response, contract: Contract, result: unknown): Promise<void> {
    if (contract.status) res.status(contract.status);
    if (result instanceof JsonAnswer) {
      if (deps.config.validateResponses) checkResponse(contract, JSON.parse(result.body.toString("utf8")));
      sendJsonAnswer(req, res, result, deps.log);
      return;
    }
    res.json(deps.config.validateResponses ? checkResponse(contract, result) : result);
  }

  /**
   * Runs a handler under a claimed Idempotency-Key and stores its final answer before sending it:
   * a 2xx or 4xx is kept for replays, a 5xx frees the key (src/http/idempotency.ts).
   */
  async function runClaimed(req: Request, res: Response, contract: Contract, claim: IdempotencyClaim, run: () => Promise<unknown>): Promise<void> {
    let body: unknown;
    try {
      const result = await run();
      const sent = result instanceof JsonAnswer ? JSON.parse(result.body.toString("utf8")) : result;
      body = deps.config.validateResponses ? checkResponse(contract, sent) : sent;
    } catch (err) {
      const appError = toAppError(err, req.ctx?.log ?? console);
      // The request's own error is the answer; a key left unrecorded is taken over once stale.
      await finishClaim(req.ctx, claim, appError.status, errorEnvelope(appError, req.ctx?.requestId ?? "unknown")).catch((recordErr: unknown) => req.ctx.log.error({ err: recordErr }, "could not record an idempotent answer"));
      throw appError;
    }
    const status = contract.status ?? 200;
    await finishClaim(req.ctx, claim, status, body);
    res.status(status).json(body);
  }

  api.use((req, res) => writeApiError(req, res, new AppError("NOT_FOUND", `No endpoint ${req.method} ${API_BASE_PATH}${req.path}`)));
  api.use((err: unknown, req: Request, res: Response, _next: NextFunction) => writeApiError(req, res, toAppError(err, req.ctx?.log ?? console)));
  app.use(API_BASE_PATH, api);
  return app;
}

/**
 * Writes a serialised answer with its entity tag (a matching If-None-Match gets a 304), compressed
 * for a client that accepts it. Only these answers are compressed: they are the large ones (search
 * pages, 120-item image searches), and a kept answer is compressed once, not per request. The
 * client's weights decide the coding; among codings it weighs alike, the smaller bytes win (brotli,
 * once its copy is made, then gzip): a browser sends "gzip, deflate, br" with equal weights.
 */
function sendJsonAnswer(req: Request, res: Response, answer: JsonAnswer<unknown>, log: AppDeps["log"]): void {
  res.setHeader("etag", answer.etag);
  // What res.type("json") sets, without its look-up of the type on every answer.
  res.setHeader("content-type", JSON_CONTENT_TYPE);
  let encoding: AnswerEncoding = "identity";
  if (answer.compressible) {
    res.vary("Accept-Encoding");
    // Nothing acceptable ("identity;q=0, gzip;q=0") still gets the plain bytes rather than a 406; no
    // Accept-Encoding at all is identity too (what the negotiation answers for it, without its parse).
    if (req.headers["accept-encoding"] !== undefined) encoding = (new Negotiator(req).encodings(answer.encodings(), { preferred: ANSWER_ENCODINGS })[0] as AnswerEncoding | undefined) ?? "identity";
    if (encoding !== "identity") res.setHeader("content-encoding", encoding);
  }
  res.send(answer.send(encoding, log));
}

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

const ANSWER_ENCODINGS: readonly AnswerEncoding[] = ["br", "gzip", "identity"];

/**
 * The security headers of every API answer: the ones that mean something for JSON (OWASP's REST
 * set). Helmet's other headers (opener and referrer policies, origin-agent-cluster, DNS prefetch,
 * the old Internet Explorer and Flash switches) only act on documents a browser renders.
 */
const API_SECURITY_HEADERS = new Map([
  ["strict-transport-security", "max-age=31536000; includeSubDomains"],
  ["x-content-type-options", "nosniff"],
  ["x-frame-options", "SAMEORIGIN"],
  ["cross-origin-resource-policy", "same-site"],
]);

/** Helmet's headers for the docs page (no content security policy: its script is inline). */
function helmetHeaders(): Map<string, string> {
  const res = new http.ServerResponse(new http.IncomingMessage(new net.Socket()));
  helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: "same-site" } })(res.req, res, () => undefined);
  return new Map(Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]));
}

/** A request's context; its logger (a child binding the request id) is made on first use. */
function requestContext(deps: AppDeps, requestId: string, acceptLanguage: string | undefined, clientAddress: string | undefined): RequestContext {
  let log: RequestContext["log"] | undefined;
  // The deps one by one: an object literal of fixed shape is cheaper to build than a spread.
  return {
    pool: deps.pool,
    config: deps.config,
    tokens: deps.tokens,
    providers: deps.providers,
    jobs: deps.jobs,
    sessions: deps.sessions,
    requestId,
    auth: null,
    acceptLanguage,
    clientAddress,
    get log() {
      return (log ??= deps.log.child({ requestId }));
    },
  };
}

/**
 * A static endpoint's key as the router would match its path: case-insensitive, and a trailing
 * slash allowed (Express's defaults).
 */
function staticKey(method: string, path: string): string {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return `${method.toUpperCase()} ${trimmed.toLowerCase()}`;
}

/**
 * A path's first two segments as a router matches them (case-insensitive), when both are plain
 * text: a path that names a parameter, a wildcard or an optional part there has none (null).
 */
function leadingSegments(path: string): string | null {
  const [root, first, second] = path.split("/", 3);
  if (root !== "" || !first || !second || PATH_SYNTAX.test(first) || PATH_SYNTAX.test(second)) return null;
  return `${first}/${second}`.toLowerCase();
}

// What path-to-regexp reads as more than text.
const PATH_SYNTAX = /[:*?+(){}[\]!\\]/;

/** A request path's first two segments, lowercased ("" for a shorter path): a literal layer's key can only equal it when its path may match. */
function requestLeadingSegments(path: string): string {
  const [, first, second] = path.split("/", 3);
  return first !== undefined && second !== undefined ? `${first}/${second}`.toLowerCase() : "";
}

/**
 * The router entered only by requests that one of its routes may match by method, number of
 * segments and first segment (a router tries every layer on every request: the raw mounts were 25
 * path matches on every API request, docs/benchmarks.md, oapi14). A layer that may match more (a
 * middleware, a wildcard or an optional part, a parameter first) makes every request enter it, as before.
 */
function enteredByShape(router: express.Router): RequestHandler {
  const shapes = new Set<string>();
  for (const layer of (router as unknown as { stack: { rawPath?: unknown; route?: { methods: Record<string, boolean> } }[] }).stack) {
    const methods = layer.route ? Object.keys(layer.route.methods) : [];
    const segments = typeof layer.rawPath === "string" && layer.rawPath.startsWith("/") && !PATTERN_SYNTAX.test(layer.rawPath) ? layer.rawPath.split("/").slice(1) : null;
    if (!methods.length || methods.includes("_all") || !segments || segments.some((segment) => segment === "") || segments[0]!.includes(":")) return router;
    // A GET route answers HEAD too.
    for (const method of methods.includes("get") ? [...methods, "head"] : methods) shapes.add(`${method.toUpperCase()} ${segments.length} ${segments[0]!.toLowerCase()}`);
  }
  return (req, res, next) => (shapes.has(requestShape(req.method, req.path)) ? router(req, res, next) : next());
}

// What path-to-regexp reads as more than text and one-segment parameters.
const PATTERN_SYNTAX = /[*?+(){}[\]!\\]/;

/** A request's method, number of path segments (a trailing slash, which routes allow, left out) and first segment, lowercased. */
function requestShape(method: string, path: string): string {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  const second = trimmed.indexOf("/", 1);
  let segments = 1;
  for (let at = second; at !== -1; at = trimmed.indexOf("/", at + 1)) segments++;
  return `${method} ${segments} ${trimmed.slice(1, second === -1 ? undefined : second).toLowerCase()}`;
}

/** Static paths before parameterised ones, so `/-/count` is never read as an id. */
function sortRoutes(routes: Route[]): Route[] {
  return [...routes].sort((a, b) => Number(a.contract.path.includes(":")) - Number(b.contract.path.includes(":")));
}

/** The query without the preview flag the client appends to every URL (a copy only when it is there). */
function withoutPreviewFlag(query: Record<string, unknown>): Record<string, unknown> {
  if (!(PREVIEW_QUERY_KEY in query)) return query;
  const { [PREVIEW_QUERY_KEY]: _preview, ...rest } = query;
  return rest;
}

function emptyToUndefined(body: unknown): unknown {
  return body && typeof body === "object" && Object.keys(body).length === 0 ? undefined : body;
}

/**
 * Resolves the caller through the one authenticator (services/auth/authenticate-caller.ts) and
 * returns the store's plan; a token near expiry, or whose role changed, is refreshed in a header.
 */
async function authenticate(req: Request, res: Response, contract: Contract): Promise<PlanType | null> {
  const caller = await resolveCaller(req.ctx, bearerToken(req.header("authorization")), contract);
  if (!caller) return null;
  req.ctx.auth = caller.claims;
  const remaining = caller.signed.exp - Date.now() / 1000;
  if (remaining < req.ctx.tokens.ttlSeconds / 4 || caller.claims !== caller.signed) {
    // Near expiry, or the role changed: the client takes the new token with the current claims.
    const refreshed = await refreshClaims(req.ctx, caller.signed);
    if (!refreshed) throw unauthorized(NO_LONGER_MEMBER);
    res.setHeader(REFRESHED_TOKEN_HEADER, refreshed);
  }
  // The role table, after the refreshed token is in the answer: a demoted member's client catches up even when refused.
  requireContractPermission(caller.claims, contract);
  return caller.plan;
}

function requirePlan(plan: PlanType | null, min: PlanType): void {
  if (!plan) throw unauthorized("The store of this session no longer exists.");
  if (!planAtLeast(plan, min)) throw upgradeRequired(plan, min);
}

function checkResponse(contract: Contract, result: unknown): unknown {
  const parsed = contract.response.safeParse(result);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
  throw new Error(`Response of ${contract.id} does not match its contract: ${issues}`);
}

function logRequest(req: Request, res: Response, level: "error" | "info" | "debug", ms: number | undefined): void {
  req.ctx.log[level]({ method: req.method, path: req.path, status: res.statusCode, ...(ms === undefined ? {} : { ms: Math.round(ms * 10) / 10 }), storeId: req.ctx.auth?.storeId }, "request");
}

/** The API's errors go through the shared writer; a 5xx also gets its request line (see below). */
function writeApiError(req: Request, res: Response, err: AppError): void {
  // Below info there is no per-request listener (see the first middleware): 5xx lines come from here.
  if (err.status >= 500 && !res.headersSent && req.ctx && !req.ctx.log.isLevelEnabled("info")) {
    res.once("finish", () => logRequest(req, res, "error", undefined));
  }
  writeError(res, err, req.ctx?.requestId ?? "unknown");
}
