import type { Router } from "express";
import { rateLimit } from "express-rate-limit";
import type { AppDeps } from "../context";
import { AppError } from "../errors";
import { writeError } from "./error-response";

/**
 * The public order lookup's budget per connection and minute: an order number with a guessed
 * postcode is cheap to try, so trying many is slowed down like logins and public card payments.
 * Mounted in front of the trackOrder contract's route, which answers when the budget allows.
 */
export function mountTrackOrderLimit(router: Router, deps: AppDeps): void {
  router.get(
    "/app/track-order",
    rateLimit({
      windowMs: 60_000,
      limit: () => deps.config.trackOrderPerClientPerMinute,
      standardHeaders: "draft-7",
      legacyHeaders: false,
      // A client's own X-Forwarded-For is ignored on purpose unless TRUST_PROXY names its proxy.
      validate: { xForwardedForHeader: false },
      handler: (req, res) => writeError(res, new AppError("RATE_LIMITED", "Too many lookups from this connection. Please wait a minute and try again."), req.ctx?.requestId ?? "unknown"),
    }),
  );
}
