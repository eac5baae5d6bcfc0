import crypto from "node:crypto";
import type { BodyOf, ResponseOf, shipping } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { AppError, conflict } from "../../errors";
import { buyLabel } from "./buy-label";
import { labelBatchJob } from "./create-label-batch";
import { priceOrders } from "./order-shipments";

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Buys the labels of the selected orders the person confirmed, then merges them in the batch job.
 * The total is priced again first: a different total than the one confirmed is refused before any
 * charge. Each label is its own ledger charge under a key derived from the request's, so a retry
 * charges none twice; an order the carrier or the card refuses is reported, not fatal for the rest.
 */
export async function createOrderLabels(ctx: UserContext, body: BodyOf<typeof shipping.createOrderLabels>): Promise<ResponseOf<typeof shipping.createOrderLabels>> {
  requirePermission(ctx, "orders.manage");
  const priced = await priceOrders(ctx, body);
  if (priced.readyCount === 0) throw conflict(`None of these orders can get a label now: ${priced.lines.map((l) => l.problem).join(" ")}`);
  if (priced.totalCents !== body.expectedTotalCents) throw conflict(`These ${priced.readyCount} labels now cost ${dollars(priced.totalCents)} in all, not ${dollars(body.expectedTotalCents)}; look at the quote again before buying.`);
  const key = ctx.idempotencyKey ?? crypto.randomUUID();
  const labels: ResponseOf<typeof shipping.createOrderLabels>["labels"] = [];
  const failed = priced.lines.filter((l) => l.problem !== null).map((l) => ({ orderNumber: l.orderNumber, message: l.problem! }));
  for (const line of priced.lines) {
    if (!line.shipment || line.priceCents === null) continue;
    try {
      const label = await buyLabel({ ...ctx, idempotencyKey: `${key}:order-${line.orderNumber}` }, {
        ...line.shipment, serviceCode: body.serviceCode, carrier: priced.carrier, expectedPriceCents: line.priceCents, notes: `Order #${line.orderNumber}`,
      });
      labels.push({ orderNumber: line.orderNumber, labelId: label.id, trackingNumber: label.trackingNumber, priceCents: label.priceCents });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      failed.push({ orderNumber: line.orderNumber, message: err.message });
    }
  }
  let jobId: string | null = null;
  if (labels.length) {
    const storeId = ctx.auth.storeId;
    const { job } = await ctx.jobs.enqueue(labelBatchJob(ctx), { storeId, labelIds: labels.map((l) => l.labelId), format: body.format }, { storeId, userId: ctx.auth.userId });
    jobId = job.id;
  }
  return { jobId, labels, failed: failed.sort((a, b) => a.orderNumber - b.orderNumber), totalCents: labels.reduce((s, l) => s + l.priceCents, 0) };
}
