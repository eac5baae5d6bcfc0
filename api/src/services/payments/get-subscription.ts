import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import type { Subscription } from "../../providers/payments/types";
import { currentSubscription } from "../plans/current-subscription";
import { toSubscriptionDto, type SubscriptionDto } from "./dto";

/** One subscription of the store; another store's id is not found. */
export async function getSubscription(ctx: UserContext, id: string): Promise<SubscriptionDto> {
  return toSubscriptionDto(await ownSubscription(ctx, id));
}

/** The subscription with this id if it is the caller's store's, brought up to date (a due resume applied). */
export async function ownSubscription(ctx: UserContext, id: string): Promise<Subscription> {
  const current = await currentSubscription(ctx);
  if (current?.id === id) return current;
  const sub = await ctx.providers.payments.retrieveSubscription(ctx.pool, ctx.auth.storeId, id);
  if (!sub) throw notFound("Subscription");
  return sub;
}
