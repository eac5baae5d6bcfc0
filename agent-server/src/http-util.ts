import crypto from "node:crypto";
import type express from "express";
import type { Logger } from "pino";
import { ZodError, type ZodType } from "zod";
import { AppError, invalid } from "../../api/src/errors";

/** Parses one part of a request; the first problem becomes a 400 naming the field. */
export function parse<T>(schema: ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = [where, ...issue.path.map(String)].filter(Boolean).join(".");
  throw invalid(field, issue.message);
}

type Handler = (req: express.Request, res: express.Response) => Promise<unknown>;

/** Wraps a handler: JSON result, or the error envelope. */
export function handle(fn: Handler): express.RequestHandler {
  return (req, res, next) => {
    fn(req, res).then(
      (body) => {
        if (res.headersSent) return;
        if (body === undefined) res.status(204).end();
        else res.json(body);
      },
      (err: unknown) => next(err),
    );
  };
}

/** The one error writer: the API's envelope; unknown errors are logged and become a 500. */
export function errorHandler(log: Logger): express.ErrorRequestHandler {
  return (err, req, res, _next) => {
    const requestId = (req.headers["x-request-id"] as string | undefined) ?? crypto.randomUUID();
    let appError: AppError | null = null;
    if (err instanceof AppError) appError = err;
    else if (err instanceof ZodError) appError = invalid(err.issues[0]?.path.join(".") || "body", err.issues[0]?.message ?? "is invalid");
    else if ((err as { type?: string }).type === "entity.parse.failed") appError = invalid("body", "is not valid JSON");
    else if ((err as { type?: string }).type === "entity.too.large") appError = new AppError("PAYLOAD_TOO_LARGE", "The request body is too large.");
    if (!appError) log.error({ err, requestId, method: req.method, url: req.originalUrl }, "agent-server request failed");
    if (res.headersSent) {
      res.end();
      return;
    }
    const body = appError
      ? { code: appError.code, message: appError.message, ...(appError.details ? { details: appError.details } : {}), requestId }
      : { code: "INTERNAL", message: "Something went wrong on our side.", requestId };
    res.status(appError?.status ?? 500).json(body);
  };
}
