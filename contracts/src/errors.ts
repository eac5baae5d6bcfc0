import { z } from "zod";

/** The closed set of error codes and the HTTP status each one maps to. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  UPGRADE_REQUIRED: 403,
  PREVIEW_MODE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  LOCKED: 423,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
  TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The message of a 403 that means "your plan does not include this". The web client keys on
 * this exact text to open the upgrade prompt instead of logging the user out.
 */
export const UPGRADE_REQUIRED_MESSAGE = "PLAN_UPGRADE_REQUIRED";

/** The message of every action a preview account may not take. */
export const PREVIEW_MODE_MESSAGE = "Preview mode can't take this action.";

/** The response header that carries a refreshed token when the current one is close to expiry. */
export const REFRESHED_TOKEN_HEADER = "x-atelier-refreshed-token";

/** The query key the web client appends to every request of a preview account. */
export const PREVIEW_QUERY_KEY = "preview";

export const fieldErrorSchema = z.object({
  field: z.string().describe("Where the bad value is: body.email, query.page, params.id"),
  reason: z.string(),
});

export const errorEnvelopeSchema = z.object({
  code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  details: z.array(z.record(z.string(), z.unknown())).optional(),
  requestId: z.string(),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;
