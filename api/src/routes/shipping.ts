import { shipping } from "@atelier/contracts";
import { route } from "../http/route";
import { createLabelBatch } from "../services/shipping/create-label-batch";
import { createReturnLabel } from "../services/shipping/create-return-label";
import { createShippingLabel } from "../services/shipping/create-shipping-label";
import { getShippingLabel } from "../services/shipping/get-shipping-label";
import { listShippingLabels } from "../services/shipping/list-shipping-labels";
import { quoteShippingLabel } from "../services/shipping/quote-shipping-label";
import { validateAddress } from "../services/shipping/validate-address";
import { voidShippingLabel } from "../services/shipping/void-shipping-label";
import { quoteOrderLabels } from "../services/shipping/quote-order-labels";
import { createOrderLabels } from "../services/shipping/create-order-labels";
import { getPickList } from "../services/shipping/pick-list";
import { getQcInspection, getSamplingPlan, listQcInspections } from "../services/quality/inspections";
import { bookQcInspection } from "../services/quality/book-inspection";
import { reportQcInspection } from "../services/quality/report-inspection";
import { quoteFreight } from "../services/shipping/freight/quote-freight";
import { bookFreight } from "../services/shipping/freight/book-freight";
import { getFreightBooking, listFreightBookings } from "../services/shipping/freight/list-freight-bookings";

export const shippingRoutes = [
  route(shipping.quoteShippingLabel, ({ ctx, body }) => quoteShippingLabel(ctx, body)),
  route(shipping.createShippingLabel, ({ ctx, body }) => createShippingLabel(ctx, body)),
  route(shipping.listShippingLabels, ({ ctx, query }) => listShippingLabels(ctx, query)),
  route(shipping.getShippingLabel, ({ ctx, params }) => getShippingLabel(ctx, params.id)),
  route(shipping.voidShippingLabel, ({ ctx, params }) => voidShippingLabel(ctx, params.id)),
  route(shipping.createReturnLabel, ({ ctx, params, body }) => createReturnLabel(ctx, params.id, body)),
  route(shipping.createLabelBatch, ({ ctx, body }) => createLabelBatch(ctx, body)),
  route(shipping.validateAddress, ({ ctx, body }) => validateAddress(ctx, body)),
  route(shipping.quoteOrderLabels, ({ ctx, body }) => quoteOrderLabels(ctx, body)),
  route(shipping.createOrderLabels, ({ ctx, body }) => createOrderLabels(ctx, body)),
  route(shipping.getPickList, ({ ctx, query }) => getPickList(ctx, query.orders)),
  route(shipping.getSamplingPlan, ({ ctx, query }) => getSamplingPlan(ctx, query)),
  route(shipping.createQcInspection, ({ ctx, body }) => bookQcInspection(ctx, body)),
  route(shipping.listQcInspections, ({ ctx, query }) => listQcInspections(ctx, query)),
  route(shipping.getQcInspection, ({ ctx, params }) => getQcInspection(ctx, params.id)),
  route(shipping.reportQcInspection, ({ ctx, params, body }) => reportQcInspection(ctx, params.id, body)),
  route(shipping.quoteFreight, ({ ctx, body }) => quoteFreight(ctx, body)),
  route(shipping.createFreightBooking, ({ ctx, body }) => bookFreight(ctx, body)),
  route(shipping.listFreightBookings, ({ ctx, query }) => listFreightBookings(ctx, query)),
  route(shipping.getFreightBooking, ({ ctx, params }) => getFreightBooking(ctx, params.id)),
];
