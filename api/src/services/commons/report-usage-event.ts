import type { RequestContext } from "../../context";
import { insertUsageEvent, type UsageEvent } from "../../queries/usage-events";

/**
 * Records a usage event (001 §3). Skipped when the content is blank after trimming. Best effort:
 * a failure is logged and never fails the caller.
 */
export async function reportUsageEvent(ctx: Pick<RequestContext, "pool" | "log">, event: UsageEvent): Promise<boolean> {
  const content = event.commonContent?.trim();
  if (!content) return false;
  try {
    await insertUsageEvent(ctx.pool, { ...event, commonContent: content });
    return true;
  } catch (err) {
    ctx.log.warn({ err, eventName: event.eventName }, "usage event not recorded");
    return false;
  }
}
