import type { Queryable } from "../../db/pool";
import type { CardPaymentProvider, Invoice } from "../../providers/payments/types";
import { syncStoreSubscription } from "./sync-store";

/**
 * A paid invoice puts its plan in force: subscription ACTIVE, store upgraded, any scheduled
 * downgrade dropped. A period's invoice starts a new period; an upgrade's prorated difference
 * keeps the running one.
 */
export async function applyPaidInvoice(db: Queryable, payments: CardPaymentProvider, invoice: Invoice): Promise<void> {
  const period = invoice.reason === "UPGRADE_PRORATION" ? {} : { currentPeriodStart: invoice.periodStart, currentPeriodEnd: invoice.periodEnd };
  const sub = await payments.updateSubscription(db, invoice.storeId, invoice.subscriptionId, {
    planType: invoice.planType,
    status: "ACTIVE",
    scheduledPlanType: null,
    ...period,
  });
  await syncStoreSubscription(db, invoice.storeId, sub, invoice.planType);
}
