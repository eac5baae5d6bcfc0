import crypto from "node:crypto";
import { SERVICE_NAMES, toPounds, type ServiceCode, type ShippingLabelDetail } from "@atelier/contracts/shipping";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { AppError, conflict, invalid } from "../../errors";
import { CarrierError, type ShippingProvider } from "../../providers/shipping";
import * as labels from "../../queries/shipping/labels";
import { rememberSkuWeight } from "../../queries/inventory/weights";
import { labelDetail } from "./get-shipping-label";
import { publishLabelUpdated } from "./publish-label-updated";
import { preflight, rateRequest, type Shipment } from "./shipment";
import { enqueueTracking } from "./track-label";

export type BuyInput = Shipment & { serviceCode: string; carrier?: string; expectedPriceCents?: number; notes: string; isReturn?: boolean; returnOfId?: string | null };

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function carrierOf(ctx: UserContext, name?: string): ShippingProvider {
  const carrier = name ? ctx.providers.shipping.find((c) => c.name.toLowerCase() === name.toLowerCase()) : ctx.providers.shipping[0];
  if (!carrier) throw invalid("body.carrier", `is not a carrier of this store; choose one of ${ctx.providers.shipping.map((c) => c.name).join(", ")}`);
  return carrier;
}

/**
 * Buys a label in named steps (STYLE: claim, call outside any transaction, settle, each with its
 * undo): preflight and price; charge the card through the ledger (keyed, so a retry charges once);
 * buy from the carrier, refunding the charge if it fails; record the label and its first scan and
 * start tracking in one transaction, refunding (and voiding) if that fails.
 */
export async function buyLabel(ctx: UserContext, input: BuyInput): Promise<ShippingLabelDetail> {
  const storeId = ctx.auth.storeId;
  const carrier = carrierOf(ctx, input.carrier);
  const checks = await preflight(ctx.pool, storeId, input);
  const duplicate = checks.find((c) => c.level === "ERROR" && c.field === "orderNumber");
  if (duplicate) throw conflict(duplicate.message);
  const errors = checks.filter((c) => c.level === "ERROR");
  if (errors.length) throw new AppError("VALIDATION_FAILED", errors.map((e) => e.message).join(" "), errors.map((e) => ({ field: `body.${e.field}`, reason: e.message })));

  const request = rateRequest(input);
  let rates;
  try {
    rates = await carrier.rate(request);
  } catch (err) {
    if (err instanceof CarrierError) throw conflict(err.message);
    throw err;
  }
  const rate = rates.find((r) => r.serviceCode === input.serviceCode.toUpperCase());
  if (!rate) throw invalid("body.serviceCode", `is not offered for this parcel; choose one of ${rates.map((r) => r.serviceCode).join(", ")}`);
  if (input.expectedPriceCents !== undefined && input.expectedPriceCents !== rate.priceCents) throw conflict(`The ${rate.serviceName.toLowerCase()} price is now ${dollars(rate.priceCents)}, not ${dollars(input.expectedPriceCents)}; look at the quote again before buying.`);

  const key = ctx.idempotencyKey ?? crypto.randomUUID();
  const serviceName = SERVICE_NAMES[rate.serviceCode as ServiceCode] ?? rate.serviceName;
  const charge = await ctx.providers.payments.charge(ctx.pool, {
    storeId,
    amountCents: rate.priceCents,
    description: `${input.isReturn ? "Return label" : "Shipping label"}: ${carrier.name} ${serviceName} to ${request.to.name}, ${request.to.city}`,
    idempotencyKey: `shipping-label:${key}`,
  });
  if (charge.result !== "COMPLETED") throw conflict("The card was declined, so no label was bought. Use another card in your billing settings.");
  const refund = (reason: string) => ctx.providers.payments.refund(ctx.pool, { storeId, chargeId: charge.chargeId, amountCents: charge.amountCents, reason, idempotencyKey: `shipping-label-undo:${key}` });

  let bought;
  try {
    bought = await carrier.buy({ ...request, serviceCode: rate.serviceCode, reference: key });
  } catch (err) {
    await refund("The carrier did not issue the label");
    if (err instanceof CarrierError) throw conflict(`${err.message} Your card was refunded.`);
    throw err;
  }
  try {
    const id = await withTransaction(ctx.pool, async (tx) => {
      const label = await labels.insertLabel(tx, {
        storeId, carrier: carrier.name, serviceCode: rate.serviceCode, serviceName, trackingNumber: bought.trackingNumber, priceCents: charge.amountCents,
        estimatedDays: bought.rate.estimatedDays, deliveryDate: bought.rate.deliveryDate, zone: bought.rate.zone, billedWeightLb: bought.rate.billedWeightLb,
        isReturn: input.isReturn ?? false, returnOfId: input.returnOfId ?? null, orderNumber: input.orderNumber ?? null,
        fromAddress: request.from, toAddress: request.to, parcel: input.parcel, notes: input.notes, customs: input.customs, surcharges: bought.rate.surcharges,
        sku: input.sku?.toUpperCase() ?? null, chargeId: charge.chargeId, createdBy: ctx.auth.userId,
      });
      if (input.sku) await rememberSkuWeight(tx, storeId, input.sku, toPounds(input.parcel.weight, input.parcel.mass_unit) * 453.59237);
      await labels.addEvents(tx, storeId, label.id, [{ stage: "LABEL_CREATED", message: "Label created; the carrier awaits the parcel", location: [request.from.city, request.from.stateCode || request.from.countryCode].filter(Boolean).join(", "), occurredAt: label.createdAt.toISOString() }]);
      await enqueueTracking(ctx, tx, label, 0);
      publishLabelUpdated(tx, storeId, label);
      return label.id;
    });
    return await labelDetail(ctx.pool, storeId, id);
  } catch (err) {
    await carrier.void({ trackingNumber: bought.trackingNumber, createdAt: new Date() });
    await refund("The label could not be recorded");
    if (err instanceof AppError && err.code === "CONFLICT" && input.orderNumber !== undefined) throw conflict(`Order ${input.orderNumber} already has a label; void it before buying another. Your card was refunded.`);
    throw err;
  }
}
