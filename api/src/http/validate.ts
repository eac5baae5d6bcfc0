import type { z } from "zod";
import { AppError } from "../errors";

/**
 * The one request parser of both servers: parses one part of a request (`body`, `query`, `params`,
 * or a single value named by its field); a failure is a 400 that names every bad field and why.
 */
export function parsePart<S extends z.ZodType>(part: string, schema: S, value: unknown): z.output<S>;
export function parsePart(part: string, schema: z.ZodType | undefined, value: unknown): unknown;
export function parsePart(part: string, schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) {
    const empty = value === undefined || (typeof value === "object" && value !== null && Object.keys(value).length === 0);
    if (empty) return undefined;
    throw new AppError("VALIDATION_FAILED", `This endpoint takes no ${part}.`, [{ field: part, reason: `is not accepted here` }]);
  }
  const result = schema.safeParse(value);
  if (result.success) {
    const nul = pathOfNul(value);
    if (nul) throw new AppError("VALIDATION_FAILED", `${[part, ...nul].join(".")} ${NUL_REASON}`, [{ field: [part, ...nul].join("."), reason: NUL_REASON }]);
    return result.data;
  }
  const details = result.error.issues.slice(0, 20).map((issue) => {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
    const base = [part, ...issue.path.map(String)].join(".");
    return keys.length
      ? { field: `${base}.${keys[0]}`, reason: `unknown field${keys.length > 1 ? `s ${keys.join(", ")}` : ""} is not accepted` }
      : { field: base, reason: issue.message };
  });
  const first = details[0]!;
  throw new AppError("VALIDATION_FAILED", `${first.field} ${first.reason}`, details);
}

const NUL_REASON = "must not contain the NUL character (\\u0000)";

/**
 * Where the first U+0000 is, in a string or a key. Postgres text and jsonb cannot store it, so a
 * request carrying one is refused here instead of failing as a 500 inside a query. Iterative, so
 * deeply nested JSON cannot overflow the stack.
 */
function pathOfNul(value: unknown): string[] | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === "string") {
      if (v.includes("\u0000")) return path;
    } else if (v && typeof v === "object") {
      for (const [key, child] of Object.entries(v)) {
        if (key.includes("\u0000")) return [...path, key];
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return null;
}
