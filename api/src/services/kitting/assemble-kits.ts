import crypto from "node:crypto";
import type { BodyOf, kitting } from "@atelier/contracts";
import { KITTING_FEE_PER_KIT_CENTS, kittingFeeCents, type KitDetail } from "@atelier/contracts/kitting";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { withTransaction } from "../../db/pool";
import { conflict } from "../../errors";
import * as kits from "../../queries/inventory/kits";
import * as workOrders from "../../queries/inventory/kitting-orders";
import { enqueueKitAssembly } from "./assemble-kits-job";
import { findKit, kitDetail } from "./get-kit";
import { holdComponents } from "./hold-components";
import { toKitDto } from "./kit-dto";

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * Requests a kitting work order in named steps (STYLE: check, charge, hold, each with its undo):
 * the fee the person confirmed and the components checked before any charge, so a request that
 * cannot succeed costs nothing; the fee charged through the ledger under the request's key (a
 * retry charges once); the components held and the work order written in one transaction, the
 * charge refunded if that fails (another request took the last components meanwhile).
 */
export async function assembleKits(ctx: UserContext, sku: string, body: BodyOf<typeof kitting.assembleKits>): Promise<KitDetail> {
  requirePermission(ctx, "orders.manage");
  const storeId = ctx.auth.storeId;
  const feeCents = kittingFeeCents(body.kits);
  if (body.expectedFeeCents !== feeCents) {
    throw conflict(`Assembling ${body.kits} kits costs ${dollars(feeCents)} (${dollars(KITTING_FEE_PER_KIT_CENTS)} a kit), not ${dollars(body.expectedFeeCents)}; confirm the fee again before asking.`);
  }
  const kit = await findKit(ctx.pool, storeId, sku);
  const { makeable, limitedBy } = toKitDto(kit);
  if (makeable < body.kits) {
    throw conflict(`Your stock makes ${makeable} ${kit.sku} kit${makeable === 1 ? "" : "s"}, not ${body.kits}: ${limitedBy ?? "a component"} runs out first.`);
  }

  const key = ctx.idempotencyKey ?? crypto.randomUUID();
  const charge = await ctx.providers.payments.charge(ctx.pool, {
    storeId, amountCents: feeCents, idempotencyKey: `kitting:${key}`,
    description: `Kitting fee: ${body.kits} × ${kit.sku} (${kit.title}) assembled at the fulfilment center, ${dollars(KITTING_FEE_PER_KIT_CENTS)} a kit`,
  });
  if (charge.result !== "COMPLETED") throw conflict("The card was declined, so no kits were assembled. Use another card in your billing settings.");
  try {
    return await withTransaction(ctx.pool, async (tx) => {
      await kits.lockKit(tx, storeId, kit.itemId);
      // Read again under the lock: the kit's components may have changed since the check.
      const current = await findKit(tx, storeId, kit.sku);
      const order = await workOrders.insertWorkOrder(tx, storeId, {
        kitItemId: kit.itemId, kits: body.kits, bin: body.bin, feePerKitCents: KITTING_FEE_PER_KIT_CENTS, feeCents, chargeId: charge.chargeId, userId: ctx.auth.userId,
      });
      await holdComponents(tx, storeId, current, body.kits, order.id, ctx.auth.userId);
      await enqueueKitAssembly(ctx, tx, { id: order.id, storeId });
      return kitDetail(tx, storeId, kit.sku);
    });
  } catch (err) {
    await ctx.providers.payments.refund(ctx.pool, { storeId, chargeId: charge.chargeId, amountCents: charge.amountCents, reason: "The kits could not be requested", idempotencyKey: `kitting-undo:${key}` });
    throw err;
  }
}
