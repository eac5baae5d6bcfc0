import crypto from "node:crypto";
import type { ErrorRequestHandler, Response } from "express";
import { AppError, translateDatabaseError } from "../errors";

/** Where errors are logged: a pino logger, or the console when there is no request logger yet. */
export type ErrorLog = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The request id a caller sent, when it is a plausible one; otherwise a new one. */
export function requestIdOf(header: string | undefined): string {
  return header && REQUEST_ID.test(header) ? header : crypto.randomUUID();
}

/**
 * Anything a handler threw, as one of the closed list of errors: unreadable bodies are 400 or 413,
 * database constraint errors are translated, and unknown errors are logged in full and become 500.
 */
export function toAppError(err: unknown, log: ErrorLog): AppError {
  if (err instanceof AppError) return err;
  const bodyErr = err as { type?: string; status?: number; limit?: number };
  if (bodyErr?.type === "entity.parse.failed") return new AppError("VALIDATION_FAILED", "The body is not valid JSON.", [{ field: "body", reason: "is not valid JSON" }]);
  if (bodyErr?.type === "entity.too.large") return new AppError("PAYLOAD_TOO_LARGE", `The body is larger than ${megabytes(bodyErr.limit)}.`);
  if (bodyErr?.type === "encoding.unsupported" || bodyErr?.type === "charset.unsupported") return new AppError("UNSUPPORTED_MEDIA_TYPE", "The body's encoding is not supported.");
  if (bodyErr?.status && bodyErr.status >= 400 && bodyErr.status < 500) return new AppError("VALIDATION_FAILED", "The request could not be read.");
  const fromDb = translateDatabaseError(err);
  if (fromDb) {
    log.info({ err }, "database constraint");
    return fromDb;
  }
  log.error({ err }, "unhandled error");
  return new AppError("INTERNAL", "Something went wrong on our side. Try again in a moment.");
}

function megabytes(bytes: number | undefined): string {
  return bytes ? `${Math.max(1, Math.round(bytes / 1024 / 1024))} MB` : "the limit";
}

/**
 * The one error writer of both servers: the envelope `{ code, message, details?, requestId }`.
 * An answer already under way (a stream) cannot change its status, so it is ended instead.
 */
export function writeError(res: Response, err: AppError, requestId: string): void {
  if (res.headersSent) {
    if (!res.writableEnded) res.end();
    return;
  }
  res.status(err.status).json(errorEnvelope(err, requestId));
}

/** The one error envelope: what an error answer's body holds (also kept for idempotent replays). */
export function errorEnvelope(err: AppError, requestId: string): Record<string, unknown> {
  return { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}), requestId };
}

/** The error middleware of a server without the API's request context (the agent server). */
export function errorHandler(log: { child(bindings: object): ErrorLog }): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const requestId = requestIdOf(req.header("x-request-id"));
    writeError(res, toAppError(err, log.child({ requestId, method: req.method, url: req.originalUrl })), requestId);
  };
}
