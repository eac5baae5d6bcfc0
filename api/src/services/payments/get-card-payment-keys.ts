import type { RequestContext } from "../../context";

/** The provider's public name and publishable key, for the card form. */
export async function getCardPaymentKeys(ctx: RequestContext): Promise<{ provider: string; publishableKey: string }> {
  return { provider: ctx.providers.payments.name, publishableKey: ctx.providers.payments.publishableKey };
}
