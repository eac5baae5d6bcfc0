import { isSubscriptionActive, isSubscriptionPaused, type ResponseOf, type payments } from "@atelier/contracts";
import type { Invoice, PaymentMethod, Subscription } from "../../providers/payments/types";

export type PaymentMethodDto = ResponseOf<typeof payments.setDefaultPaymentMethod>;
export type SubscriptionDto = ResponseOf<typeof payments.getCardPaymentSubscription>;
export type InvoiceDto = ResponseOf<typeof payments.getCardPaymentInvoice>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toPaymentMethodDto(m: PaymentMethod): PaymentMethodDto {
  return { id: m.id, type: "card", brand: m.brand, last4: m.last4, expMonth: m.expMonth, expYear: m.expYear, fingerprint: m.fingerprint, isDefault: m.isDefault, createdAt: m.createdAt.toISOString() };
}

export function toSubscriptionDto(s: Subscription): SubscriptionDto {
  return {
    id: s.id,
    planType: s.planType,
    status: s.status,
    isActive: isSubscriptionActive(s.status),
    isPaused: isSubscriptionPaused(s.status, iso(s.pausedAt)),
    pauseBehavior: s.pauseBehavior,
    pausedAt: iso(s.pausedAt),
    resumesAt: iso(s.resumesAt),
    discountPercent: s.discountPercent,
    discountEndsAt: iso(s.discountEndsAt),
    currentPeriodStart: iso(s.currentPeriodStart),
    currentPeriodEnd: iso(s.currentPeriodEnd),
    canceledAt: iso(s.canceledAt),
    createdAt: s.createdAt.toISOString(),
  };
}

export function toInvoiceDto(i: Invoice): InvoiceDto {
  return {
    id: i.id,
    subscriptionId: i.subscriptionId,
    planType: i.planType,
    reason: i.reason,
    description: i.description,
    amountCents: i.amountCents,
    currency: "USD",
    status: i.status,
    periodStart: i.periodStart.toISOString(),
    periodEnd: i.periodEnd.toISOString(),
    attemptCount: i.attemptCount,
    chargeId: i.chargeId,
    paidAt: iso(i.paidAt),
    createdAt: i.createdAt.toISOString(),
  };
}
