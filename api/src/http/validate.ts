import type { z } from "zod";
import { AppError } from "../errors";

/** Parses one part of a request; a failure is a 400 that names every bad field and why. */
export function parsePart(part: "params" | "query" | "body", schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) {
    const empty = value === undefined || (typeof value === "object" && value !== null && Object.keys(value).length === 0);
    if (empty) return undefined;
    throw new AppError("VALIDATION_FAILED", `This endpoint takes no ${part}.`, [{ field: part, reason: `is not accepted here` }]);
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
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
