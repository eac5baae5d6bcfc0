import { payments } from "@atelier/contracts";
import { route } from "../http/route";
import { attachPaymentMethod } from "../services/payments/attach-payment-method";
import { cancelCardPaymentSubscription } from "../services/payments/cancel-card-payment-subscription";
import { detachPaymentMethod } from "../services/payments/detach-payment-method";
import { getCardPaymentKeys } from "../services/payments/get-card-payment-keys";
import { getInvoice } from "../services/payments/get-invoice";
import { getPromotionCode } from "../services/payments/get-promotion-code";
import { getSubscription } from "../services/payments/get-subscription";
import { listInvoices } from "../services/payments/list-invoices";
import { listPaymentMethods } from "../services/payments/list-payment-methods";
import { pauseCardPaymentSubscription } from "../services/payments/pause-card-payment-subscription";
import { resumeCardPaymentSubscription } from "../services/payments/resume-card-payment-subscription";
import { retryInvoice } from "../services/payments/retry-invoice";
import { setDefaultPaymentMethod } from "../services/payments/set-default-payment-method";

export const paymentsRoutes = [
  route(payments.getCardPaymentKeys, ({ ctx }) => getCardPaymentKeys(ctx)),
  route(payments.listCardPaymentInvoices, ({ ctx, query }) => listInvoices(ctx, query)),
  route(payments.getCardPaymentInvoice, ({ ctx, params }) => getInvoice(ctx, params.id)),
  route(payments.retryCardPaymentInvoice, ({ ctx, params, body }) => retryInvoice(ctx, params.id, body?.paymentMethodId)),
  route(payments.getCardPaymentSubscription, ({ ctx, params }) => getSubscription(ctx, params.id)),
  route(payments.pauseCardPaymentSubscription, ({ ctx, params, body }) => pauseCardPaymentSubscription(ctx, params.id, body)),
  route(payments.resumeCardPaymentSubscription, ({ ctx, params }) => resumeCardPaymentSubscription(ctx, params.id)),
  route(payments.cancelCardPaymentSubscription, ({ ctx, params, body }) => cancelCardPaymentSubscription(ctx, params.id, body)),
  route(payments.getPromotionCode, ({ ctx, params }) => getPromotionCode(ctx, params.code)),
  route(payments.listPaymentMethods, ({ ctx, query }) => listPaymentMethods(ctx, query.limit)),
  route(payments.attachPaymentMethod, ({ ctx, body }) => attachPaymentMethod(ctx, body)),
  route(payments.detachPaymentMethod, ({ ctx, params }) => detachPaymentMethod(ctx, params.id)),
  route(payments.setDefaultPaymentMethod, ({ ctx, params }) => setDefaultPaymentMethod(ctx, params.id)),
];
