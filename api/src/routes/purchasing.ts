import { purchasing } from "@atelier/contracts";
import { route } from "../http/route";
import { addToCart } from "../services/purchasing/add-to-cart";
import { archiveOrderItem } from "../services/purchasing/archive-order-item";
import { calcFinancingFee } from "../services/purchasing/calc-financing-fee";
import { createOrderItem } from "../services/purchasing/create-order-item";
import { deleteCartOrders } from "../services/purchasing/delete-cart-orders";
import { deleteInvoiceItem } from "../services/purchasing/delete-invoice-item";
import { getCart } from "../services/purchasing/get-cart";
import { getOrderItem } from "../services/purchasing/get-order-item";
import { getPromotionCodeCount } from "../services/purchasing/get-promotion-code-count";
import { getInvoice, listInvoices, listInvoicesMissingAddress } from "../services/purchasing/invoices";
import { getInProductionCount, getTabCounts, listOrderItems } from "../services/purchasing/list-order-items";
import { capturePaypalPayment, payCreatorInvoice } from "../services/purchasing/pay-creator-invoice";
import { getPublicInvoice, payPublicInvoice } from "../services/purchasing/public-invoice";
import { recordPurchaseEvent } from "../services/purchasing/record-purchase-event";
import { setInvoiceShippingAddress } from "../services/purchasing/set-invoice-shipping-address";
import { updateOrderItem } from "../services/purchasing/update-order-item";
import { getSupplierReviewLink } from "../services/purchasing/supplier-relationship";
import { updateOrderItemPrice } from "../services/purchasing/update-order-item-price";

export const purchasingRoutes = [
  route(purchasing.createCreatorOrderItem, ({ ctx, body }) => createOrderItem(ctx, body)),
  route(purchasing.listCreatorOrderItems, ({ ctx, query }) => listOrderItems(ctx, query)),
  route(purchasing.getCreatorOrderItem, ({ ctx, params }) => getOrderItem(ctx, params.id)),
  route(purchasing.updateCreatorOrderItem, ({ ctx, params, body }) => updateOrderItem(ctx, params.id, body)),
  route(purchasing.getSupplierReviewLink, ({ ctx, params }) => getSupplierReviewLink(ctx, params.id)),
  route(purchasing.archiveCreatorOrderItem, ({ ctx, params, body }) => archiveOrderItem(ctx, params.id, body?.isArchived ?? true)),
  route(purchasing.updateCreatorOrderItemPrice, ({ ctx, params, body }) => updateOrderItemPrice(ctx, params.id, body?.quantity)),
  route(purchasing.listShoppingCartOrders, ({ ctx }) => getCart(ctx)),
  route(purchasing.deleteShoppingCartOrders, ({ ctx, query }) => deleteCartOrders(ctx, query.ids)),
  route(purchasing.getCreatorOrderItemTabCounts, ({ ctx }) => getTabCounts(ctx)),
  route(purchasing.getInProductionOrderCount, ({ ctx }) => getInProductionCount(ctx)),
  route(purchasing.recordOrderItemPurchaseEvent, ({ ctx, params }) => recordPurchaseEvent(ctx, params.id)),
  route(purchasing.getPromotionCodeCount, ({ ctx }) => getPromotionCodeCount(ctx)),
  route(purchasing.improveShippingAddress, ({ ctx }) => listInvoicesMissingAddress(ctx)),
  route(purchasing.addToCart, ({ ctx, body }) => addToCart(ctx, body)),
  route(purchasing.deleteCreatorInvoiceItem, ({ ctx, params }) => deleteInvoiceItem(ctx, params.id)),
  route(purchasing.payCreatorInvoice, ({ ctx, body }) => payCreatorInvoice(ctx, body)),
  route(purchasing.capturePaypalPayment, ({ ctx, body }) => capturePaypalPayment(ctx, body)),
  route(purchasing.calcFinancingFee, ({ ctx, body }) => calcFinancingFee(ctx, body)),
  route(purchasing.listCreatorInvoices, ({ ctx, query }) => listInvoices(ctx, query)),
  route(purchasing.getCreatorInvoice, ({ ctx, params }) => getInvoice(ctx, params.id)),
  route(purchasing.setInvoiceShippingAddress, ({ ctx, params, body }) => setInvoiceShippingAddress(ctx, params.id, body)),
  route(purchasing.getPublicInvoice, ({ ctx, params }) => getPublicInvoice(ctx, params.sn)),
  route(purchasing.payPublicInvoice, ({ ctx, params, body }) => payPublicInvoice(ctx, params.sn, body)),
];
