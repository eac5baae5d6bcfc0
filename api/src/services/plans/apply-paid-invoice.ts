import type { Queryable } from "../../db/pool";
import type { CardPaymentProvider, Invoice } from "../../providers/payments/types";
import { syncStoreSubscription } from "./sync-store";

/** A paid invoice puts its plan in force: subscription ACTIVE for the invoice's period, store upgraded. */
export async function applyPaidInvoice(db: Queryable, payments: CardPaymentProvider, invoice: Invoice): Promise<void> {
  const sub = await payments.updateSubscription(db, invoice.storeId, invoice.subscriptionId, {
    planType: invoice.planType,
    status: "ACTIVE",
    currentPeriodStart: invoice.periodStart,
    currentPeriodEnd: invoice.periodEnd,
  });
  await syncStoreSubscription(db, invoice.storeId, sub, invoice.planType);
}
