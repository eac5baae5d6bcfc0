// The API workspace's declared surface for the other servers (`@atelier/api/platform`): the agent
// server and the start script take the database, tokens, config, logging and the HTTP error and
// request edges from here, and from nowhere else in api/src (eslint.config.js enforces it).
export { loadConfig, type Config, type TrustProxy } from "./config";
export { openDatabase, withTransaction, type Database, type Queryable } from "./db/pool";
export { migrate } from "./db/migrate";
export { forwardedVisitorAddress } from "./auth/forwarder";
export { bearerToken, createTokenService, resolveJwtSecret, type TokenClaims, type TokenService } from "./auth/tokens";
export { currentSession, NO_LONGER_MEMBER } from "./services/auth/current-session";
export { createLogger } from "./logger";
export { AppError, conflict, forbidden, invalid, notFound, unauthorized } from "./errors";
export { errorHandler, requestIdOf, toAppError, writeError } from "./http/error-response";
export { parsePart } from "./http/validate";
