import crypto from "node:crypto";
import type { BodyOf, shipping } from "@atelier/contracts";
import type { FreightBookingDetail } from "@atelier/contracts/shipping";
import type { UserContext } from "../../../context";
import { requirePermission } from "../../../auth/permissions";
import { withTransaction } from "../../../db/pool";
import { conflict, invalid } from "../../../errors";
import { originOf } from "../../../providers/freight";
import * as q from "../../../queries/shipping/freight";
import { estimateDuty } from "./estimate-duty";
import { bookingDetail, publishFreightUpdated } from "./freight-dto";
import { enqueueFreightTracking } from "./track-freight";

const usd = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Books freight in named steps (STYLE: claim, charge, settle, each with its undo): today's price of
 * the mode, refused when it is not the price the person confirmed; the charge through the ledger
 * under the request's key (a retry charges once); the booking with the forwarder (same key, same
 * reference); the row, its first stage and its tracking job in one transaction, the charge
 * refunded if booking or recording fails.
 */
export async function bookFreight(ctx: UserContext, body: BodyOf<typeof shipping.createFreightBooking>): Promise<FreightBookingDetail> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  const origin = originOf(body.origin);
  const cargo = { origin: body.origin, weightKg: body.weightKg, volumeCbm: body.volumeCbm };
  const option = (await ctx.providers.freight.quote(cargo, new Date())).find((o) => o.mode === body.mode);
  if (!option) throw invalid("body.mode", "is not offered for this cargo; quote again and choose one of the modes offered");
  if (option.priceCents !== body.expectedPriceCents) {
    throw conflict(`${option.modeName} from ${origin.name} now costs ${usd(option.priceCents)}, not ${usd(body.expectedPriceCents)}; look at the quote again before booking.`);
  }
  const duty = await estimateDuty(ctx, origin.countryCode, body.goods);

  const key = ctx.idempotencyKey ?? crypto.randomUUID();
  const charge = await ctx.providers.payments.charge(ctx.pool, {
    storeId,
    amountCents: option.priceCents,
    description: `Freight: ${option.modeName.toLowerCase()} from ${origin.name} to the fulfilment center, ${body.cartons} carton${body.cartons === 1 ? "" : "s"}`,
    idempotencyKey: `freight-booking:${key}`,
  });
  if (charge.result !== "COMPLETED") throw conflict("The card was declined, so no freight was booked. Use another card in your billing settings.");
  const refund = (reason: string) => ctx.providers.payments.refund(ctx.pool, { storeId, chargeId: charge.chargeId, amountCents: charge.amountCents, reason, idempotencyKey: `freight-booking-undo:${key}` });

  try {
    const booked = await ctx.providers.freight.book({ ...cargo, mode: option.mode, key });
    const id = await withTransaction(ctx.pool, async (tx) => {
      const row = await q.insertBooking(tx, storeId, {
        reference: booked.reference, originCode: body.origin, mode: option.mode, containers: option.containers, cartons: body.cartons, weightKg: body.weightKg,
        volumeCbm: body.volumeCbm, goods: body.goods.map((g) => ({ ...g, sku: g.sku.toUpperCase() })), priceCents: charge.amountCents, transitDays: option.transitDays,
        arrivalDate: option.arrivalDate, duty, dutyCents: duty.totalCents, chargeId: charge.chargeId, createdBy: ctx.auth.userId,
      });
      if (row.created) {
        await enqueueFreightTracking(ctx, tx, { id: row.id, storeId }, 0);
        publishFreightUpdated(tx, storeId, { id: row.id, reference: booked.reference, status: "BOOKED" });
      }
      return row.id;
    });
    return await bookingDetail(ctx.pool, storeId, id);
  } catch (err) {
    await refund("The freight could not be booked");
    throw err;
  }
}
