import { PAYMENT_KINDS, type PaymentKind, type getPaymentsReport as contract } from "@atelier/contracts/fees";
import type { QueryOf, ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import * as report from "../../queries/fees/report";

const DAY_MS = 24 * 3600_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The period's money movements, one kind or all, paged newest first, with every kind's total. Days are UTC days. */
export async function getPaymentsReport(ctx: UserContext, query: QueryOf<typeof contract>): Promise<ResponseOf<typeof contract>> {
  requirePermission(ctx, "billing.read");
  const storeId = ctx.auth.storeId;
  const today = new Date(`${dayOf(new Date())}T00:00:00Z`);
  const to = query.to ? new Date(`${query.to}T00:00:00Z`) : new Date(today.getTime() + DAY_MS);
  const from = query.from ? new Date(`${query.from}T00:00:00Z`) : new Date(Math.min(to.getTime(), today.getTime() + DAY_MS) - 31 * DAY_MS);
  const { rows, total } = await report.paymentRows(ctx.pool, storeId, { from, to, kind: query.kind ?? null, limit: query.size, offset: query.page * query.size });
  const sums = await report.paymentTotals(ctx.pool, storeId, from, to);
  const totals = Object.fromEntries(PAYMENT_KINDS.map((k) => [k, sums[k] ?? 0])) as Record<PaymentKind, number>;
  const balance = await report.balanceDue(ctx.pool, storeId);
  // The card "Pay now" would charge, named on the button before the owner confirms.
  const card = (await ctx.providers.payments.listPaymentMethods(ctx.pool, storeId, 10)).find((m) => m.isDefault);
  return {
    list: rows, total, page: query.page, size: query.size, from: dayOf(from), to: dayOf(to), totals,
    balanceDueCents: balance.dueCents, payableCents: balance.payableCents, defaultCard: card ? { brand: card.brand, last4: card.last4 } : null,
  };
}
