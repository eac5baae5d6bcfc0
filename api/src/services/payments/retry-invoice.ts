import type { ResponseOf, payments } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict, notFound } from "../../errors";
import { applyPaidInvoice } from "../plans/apply-paid-invoice";
import { currentSubscription } from "../plans/current-subscription";
import { toInvoiceDto } from "./dto";

/** Charges an open invoice again; when paid, the plan it is for comes into force. */
export async function retryInvoice(ctx: UserContext, id: string, paymentMethodId?: string): Promise<ResponseOf<typeof payments.retryCardPaymentInvoice>> {
  const provider = ctx.providers.payments;
  const invoice = await provider.retrieveInvoice(ctx.pool, ctx.auth.storeId, id);
  if (!invoice) throw notFound("Invoice");
  if (invoice.status !== "open") throw conflict(`This invoice is ${invoice.status}; only an open invoice can be retried.`);
  const current = await currentSubscription(ctx);
  if (current?.id !== invoice.subscriptionId) throw conflict("This invoice belongs to a replaced subscription.");
  const { invoice: attempted, outcome } = await provider.payInvoice(ctx.pool, ctx.auth.storeId, id, paymentMethodId);
  if (outcome.result === "COMPLETED") await withTransaction(ctx.pool, (tx) => applyPaidInvoice(tx, provider, attempted));
  return { result: outcome.result, chargeId: outcome.chargeId, invoice: toInvoiceDto(attempted) };
}
