import type { BodyOf, ResponseOf, commons } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import { reportUsageEvent } from "./report-usage-event";

/**
 * A usage event sent by the web client. A logged-in caller's user id comes from the token, so a
 * signed-in client cannot file events under someone else; anonymous callers' ids are recorded as
 * sent (they are unverifiable by nature). Never throws past validation: reporting is best effort.
 */
export async function reportClientUsageEvent(
  ctx: Pick<RequestContext, "pool" | "log" | "auth">,
  body: BodyOf<typeof commons.reportUsageEvent>,
): Promise<ResponseOf<typeof commons.reportUsageEvent>> {
  const recorded = await reportUsageEvent(ctx, {
    eventName: body.eventName,
    commonType: body.commonType || null,
    commonContent: body.commonContent ?? "",
    sourceClient: body.sourceClient,
    anonymousUserId: body.anonymousUserId,
    userId: ctx.auth?.userId ?? (body.userId || null),
    userType: (body.userType || (ctx.auth ? "store" : "")).toLowerCase() || null,
  });
  return { recorded };
}
