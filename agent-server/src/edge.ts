import type express from "express";
import { AppError, unauthorized } from "@atelier/api/platform";

/** How deep a request body may nest: LangGraph messages with tool calls reach about ten levels. */
export const MAX_BODY_DEPTH = 64;

// In a unicode pattern a well-formed pair is one code point, so only a lone half matches.
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATE_REASON = "must not contain a lone surrogate (half of a UTF-16 pair, which is not text)";

/**
 * The agent server's edge rules beside zod's, for the free-form JSON it takes (metadata, inputs,
 * state values): a body nested deeper than MAX_BODY_DEPTH (it would overflow the stack of whatever
 * walks it next, JSON.stringify included) and lone surrogates (Postgres refuses them as text and jsonb)
 * are a 400 that names the field. NUL characters are parsePart's. Iterative, so any depth is safe here.
 */
export function checkBody(req: express.Request, _res: express.Response, next: express.NextFunction): void {
  const problem = bodyProblem(req.body);
  if (!problem) return next();
  const field = ["body", ...problem.path].join(".");
  next(new AppError("VALIDATION_FAILED", `${field} ${problem.reason}`, [{ field, reason: problem.reason }]));
}

function bodyProblem(body: unknown): { path: string[]; reason: string } | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: body, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      if (LONE_SURROGATE.test(value)) return { path, reason: LONE_SURROGATE_REASON };
    } else if (value && typeof value === "object") {
      if (path.length >= MAX_BODY_DEPTH) return { path: path.slice(0, 3).concat("…"), reason: `is nested more than ${MAX_BODY_DEPTH} levels deep` };
      for (const [key, child] of Object.entries(value)) {
        if (LONE_SURROGATE.test(key)) return { path, reason: `has a key that ${LONE_SURROGATE_REASON}` };
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return null;
}

/**
 * Errors only this server's edge can name better than the shared writer: a `%` that starts no
 * escape in the path (Express's decoding error), and a signed token whose store or user was deleted
 * since (the database's foreign key, on the first write that names them).
 */
export function edgeErrors(err: unknown, req: express.Request, _res: express.Response, next: express.NextFunction): void {
  const e = err as { code?: string; status?: number; message?: string };
  if (e instanceof URIError || (e?.status === 400 && e.message?.startsWith("Failed to decode param"))) {
    return next(new AppError("VALIDATION_FAILED", "The address is not valid: a % must start an escape of two hexadecimal digits.", [{ field: "path", reason: "has a % that starts no escape" }]));
  }
  if (e?.code === "23503" && req.headers.authorization) return next(unauthorized("The account or store of this session no longer exists. Log in again."));
  next(err);
}
