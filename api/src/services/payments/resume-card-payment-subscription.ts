import type { UserContext } from "../../context";
import { resumeSubscription } from "../plans/resume-plan";
import { toSubscriptionDto, type SubscriptionDto } from "./dto";
import { ownSubscription } from "./get-subscription";
import { requireCurrent } from "./pause-card-payment-subscription";

/** Resumes a paused subscription by id. */
export async function resumeCardPaymentSubscription(ctx: UserContext, id: string): Promise<SubscriptionDto> {
  const sub = await ownSubscription(ctx, id);
  await requireCurrent(ctx, sub.id);
  return toSubscriptionDto(await resumeSubscription(ctx, sub));
}
