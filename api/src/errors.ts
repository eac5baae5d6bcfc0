import { ERROR_STATUS, UPGRADE_REQUIRED_MESSAGE, PREVIEW_MODE_MESSAGE, type ErrorCode, type PlanType } from "@atelier/contracts";

/** The one error type services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>[],
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} was not found`);
export const conflict = (message: string) => new AppError("CONFLICT", message);
export const forbidden = (message = "This account doesn't have the permission to do this.") => new AppError("FORBIDDEN", message);
export const unauthorized = (message = "Log in to continue.") => new AppError("UNAUTHORIZED", message);
export const invalid = (field: string, reason: string) => new AppError("VALIDATION_FAILED", `${field} ${reason}`, [{ field, reason }]);
export const previewBlocked = () => new AppError("PREVIEW_MODE", PREVIEW_MODE_MESSAGE);
export const upgradeRequired = (currentPlan: PlanType, requiredPlan: PlanType) =>
  new AppError("UPGRADE_REQUIRED", UPGRADE_REQUIRED_MESSAGE, [{ currentPlan, requiredPlan }]);

/** Postgres errors translated in one place: unique → conflict, foreign key → not found, bad text → 400. */
export function translateDatabaseError(err: unknown): AppError | null {
  const pgErr = err as { code?: string; constraint?: string; detail?: string };
  switch (pgErr?.code) {
    case "23505":
      return conflict(`That already exists${pgErr.constraint ? ` (${pgErr.constraint})` : ""}.`);
    case "23503":
      return new AppError("NOT_FOUND", "A record it refers to was not found.");
    case "22P02":
    case "22001":
    case "22003":
    case "23502":
    case "23514":
      return new AppError("VALIDATION_FAILED", "A value is not valid for the field it was given to.");
    default:
      return null;
  }
}
