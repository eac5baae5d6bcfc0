import { FULFILMENT_CENTER_ADDRESS, SERVICE_NAMES, labelAddressSchema, type OrderLabelLine, type Parcel, type ServiceCode } from "@atelier/contracts/shipping";
import type { UserContext } from "../../context";
import { findCountry } from "../../data/countries";
import { invalid, notFound } from "../../errors";
import { CarrierError, type ShippingProvider } from "../../providers/shipping";
import { ordersToShip, type OrderToShip } from "../../queries/orders/orders-to-ship";
import { preflight, rateRequest, type Shipment } from "./shipment";

// What batch labels, packing slips and pick lists share: the selected orders of the store (an
// order number it does not have is 404, like any other store's order), each turned into a
// shipment from the fulfilment center, or the sentence saying why it can't get a label now.

/** The store's orders by number, in the order asked; 404 names the first number the store does not have. */
export async function loadOrders(ctx: UserContext, orderNumbers: number[]): Promise<OrderToShip[]> {
  const unique = [...new Set(orderNumbers)];
  const found = await ordersToShip(ctx.pool, ctx.auth.storeId, unique);
  const byNumber = new Map(found.map((o) => [o.orderNumber, o]));
  const missing = unique.find((n) => !byNumber.has(n));
  if (missing !== undefined) throw notFound(`Order ${missing}`);
  return unique.map((n) => byNumber.get(n)!);
}

export function placeOfOrder(o: OrderToShip): string {
  return [o.city, o.countryCode === "US" || !o.countryCode ? o.region : findCountry(o.countryCode)?.name ?? o.countryCode].filter(Boolean).join(", ");
}

/** The order's label shipment from the fulfilment center, or why it has none. */
function shipmentOf(o: OrderToShip, parcel: Parcel): Shipment | string {
  if (o.canceled) return `Order ${o.orderNumber} is canceled.`;
  if (o.fulfilled) return `Order ${o.orderNumber} has already shipped.`;
  if (!o.address1 || !o.city || !o.postalCode || !o.countryCode) return `Order ${o.orderNumber} has no complete shipping address.`;
  const countryCode = o.countryCode;
  const to = labelAddressSchema.safeParse({
    name: o.name.slice(0, 100),
    email: o.email ?? "",
    addressLine1: o.address1.slice(0, 120),
    city: o.city.slice(0, 80),
    stateCode: (o.region ?? "").slice(0, 10),
    zipCode: o.postalCode.slice(0, 16),
    countryCode,
    country: countryCode === "US" ? undefined : findCountry(countryCode)?.name ?? countryCode,
  });
  if (!to.success) return `Order ${o.orderNumber}'s shipping address is incomplete.`;
  if (countryCode !== FULFILMENT_CENTER_ADDRESS.countryCode) return `Order ${o.orderNumber} leaves the country; buy its label on Create shipping label with its customs lines.`;
  return { fromAddress: labelAddressSchema.parse(FULFILMENT_CENTER_ADDRESS), toAddress: to.data, parcel, customs: [], orderNumber: o.orderNumber };
}

export function carrierNamed(ctx: UserContext, name?: string): ShippingProvider {
  const carrier = name ? ctx.providers.shipping.find((c) => c.name.toLowerCase() === name.toLowerCase()) : ctx.providers.shipping[0];
  if (!carrier) throw invalid("body.carrier", `is not a carrier of this store; choose one of ${ctx.providers.shipping.map((c) => c.name).join(", ")}`);
  return carrier;
}

export type PricedOrder = OrderLabelLine & { shipment: Shipment | null };

/** Each order's price for the service, or its problem; the preflight's errors are problems too. */
export async function priceOrders(ctx: UserContext, body: { orderNumbers: number[]; parcel: Parcel; serviceCode: string; carrier?: string }) {
  const carrier = carrierNamed(ctx, body.carrier);
  const orders = await loadOrders(ctx, body.orderNumbers);
  const serviceCode = body.serviceCode.toUpperCase();
  let serviceName = "";
  const lines: PricedOrder[] = [];
  for (const o of orders) {
    const base = { orderNumber: o.orderNumber, recipient: o.name, place: placeOfOrder(o) };
    const shipment = shipmentOf(o, body.parcel);
    if (typeof shipment === "string") {
      lines.push({ ...base, priceCents: null, problem: shipment, shipment: null });
      continue;
    }
    const errors = (await preflight(ctx.pool, ctx.auth.storeId, shipment)).filter((c) => c.level === "ERROR");
    if (errors.length) {
      lines.push({ ...base, priceCents: null, problem: errors.map((e) => e.message).join(" "), shipment: null });
      continue;
    }
    try {
      const rates = await carrier.rate(rateRequest(shipment));
      const rate = rates.find((r) => r.serviceCode === serviceCode);
      if (!rate) throw invalid("body.serviceCode", `is not offered by ${carrier.name} for this box; choose one of ${[...new Set(rates.map((r) => r.serviceCode))].join(", ")}`);
      serviceName = rate.serviceName;
      lines.push({ ...base, priceCents: rate.priceCents, problem: null, shipment });
    } catch (err) {
      if (!(err instanceof CarrierError)) throw err;
      lines.push({ ...base, priceCents: null, problem: err.message, shipment: null });
    }
  }
  const ready = lines.filter((l) => l.priceCents !== null);
  return { carrier: carrier.name, serviceName: serviceName || (SERVICE_NAMES[serviceCode as ServiceCode] ?? serviceCode), lines, readyCount: ready.length, totalCents: ready.reduce((s, l) => s + l.priceCents!, 0) };
}
