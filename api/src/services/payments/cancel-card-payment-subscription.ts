import type { BodyOf, payments } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { cancelSubscription } from "../plans/cancel-plan";
import { toSubscriptionDto, type SubscriptionDto } from "./dto";
import { ownSubscription } from "./get-subscription";
import { requireCurrent } from "./pause-card-payment-subscription";

/** Cancels a subscription by id, with the same survey and offer as the plan screen. */
export async function cancelCardPaymentSubscription(
  ctx: UserContext,
  id: string,
  survey: BodyOf<typeof payments.cancelCardPaymentSubscription>,
): Promise<{ result: "CONFIRMED_REQUEST_SENT" | "OFFER_APPLIED"; subscription: SubscriptionDto }> {
  const sub = await ownSubscription(ctx, id);
  await requireCurrent(ctx, sub.id);
  const { result, subscription } = await cancelSubscription(ctx, sub, survey);
  return { result, subscription: toSubscriptionDto(subscription) };
}
