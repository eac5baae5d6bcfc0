import type { BodyOf, payments } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { conflict } from "../../errors";
import { currentSubscription } from "../plans/current-subscription";
import { pauseSubscription } from "../plans/pause-plan";
import { toSubscriptionDto, type SubscriptionDto } from "./dto";
import { ownSubscription } from "./get-subscription";

/** Pauses a subscription by id: the same rules as pausing the plan. */
export async function pauseCardPaymentSubscription(ctx: UserContext, id: string, body: BodyOf<typeof payments.pauseCardPaymentSubscription>): Promise<SubscriptionDto> {
  const sub = await ownSubscription(ctx, id);
  await requireCurrent(ctx, sub.id);
  return toSubscriptionDto(await pauseSubscription(ctx, sub, body));
}

/** Only the store's newest subscription drives its plan; older ones are history. */
export async function requireCurrent(ctx: UserContext, id: string): Promise<void> {
  const current = await currentSubscription(ctx);
  if (current?.id !== id) throw conflict("This subscription was replaced by a newer one; act on the current subscription.");
}
