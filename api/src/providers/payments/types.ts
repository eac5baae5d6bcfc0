import type { INVOICE_BEHAVIORS, PlanType, SubscriptionStatus } from "@atelier/contracts";
import type { PaymentResult } from "@atelier/contracts/payments";
import type { Queryable } from "../../db/pool";

export type InvoiceBehavior = (typeof INVOICE_BEHAVIORS)[number];
export type InvoiceStatus = "draft" | "open" | "paid" | "uncollectible" | "void";
export type PromotionTarget = "products" | "design";

/** What a person types into the card form; only brand, last 4, expiry and a fingerprint survive. */
export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

export type DefaultChoice = "always" | "if-none" | "never";

export type PaymentMethod = {
  id: string;
  type: "card";
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
  isDefault: boolean;
  createdAt: Date;
};

export type ChargeInput = {
  storeId: string;
  amountCents: number;
  description: string;
  /** The store's default card when absent. */
  paymentMethodId?: string;
  /** The same key for the same store returns the first charge and never charges twice. */
  idempotencyKey: string;
  /** PRODUCTS10 or DESIGN50; it must apply to `appliesTo`. */
  promotionCode?: string;
  appliesTo?: PromotionTarget;
};

export type RefundInput = { storeId: string; chargeId: string; amountCents: number; reason: string; idempotencyKey: string };
export type RefundOutcome = { refundId: string; amountCents: number };

export type ChargeOutcome = { result: PaymentResult; chargeId: string; amountCents: number; discountCents: number };

export type PromotionCode = { code: string; percentOff: number; appliesTo: PromotionTarget; active: boolean };

export type Subscription = {
  id: string;
  storeId: string;
  planType: Exclude<PlanType, "TIER_1">;
  status: SubscriptionStatus;
  pauseBehavior: InvoiceBehavior | null;
  pausedAt: Date | null;
  resumesAt: Date | null;
  discountPercent: number;
  discountEndsAt: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  canceledAt: Date | null;
  createdAt: Date;
  /** A downgrade that takes effect at currentPeriodEnd. */
  scheduledPlanType: Exclude<PlanType, "TIER_1"> | null;
};

export type Invoice = {
  id: string;
  storeId: string;
  subscriptionId: string;
  planType: Exclude<PlanType, "TIER_1">;
  /** PLAN_PERIOD: a period of the plan; UPGRADE_PRORATION: an upgrade's difference for the rest of the period. */
  reason: "PLAN_PERIOD" | "UPGRADE_PRORATION";
  /** The line billing history shows. */
  description: string;
  amountCents: number;
  status: InvoiceStatus;
  periodStart: Date;
  periodEnd: Date;
  attemptCount: number;
  chargeId: string | null;
  paidAt: Date | null;
  createdAt: Date;
};

export type SubscriptionPatch = Partial<Pick<Subscription, "planType" | "status" | "pauseBehavior" | "pausedAt" | "resumesAt" | "discountPercent" | "discountEndsAt" | "currentPeriodStart" | "currentPeriodEnd" | "canceledAt" | "scheduledPlanType">>;

export type NewInvoice = Pick<Invoice, "storeId" | "subscriptionId" | "planType" | "reason" | "description" | "amountCents" | "periodStart" | "periodEnd">;

/**
 * A card-payment provider. Every call takes the database handle the caller works with: the local
 * provider keeps its ledger there; a hosted adapter would keep only its id mapping there. Never
 * call it inside a transaction that a hosted adapter's HTTP call would hold open.
 * Every lookup is scoped to one store: another store's id is simply not found.
 */
export type CardPaymentProvider = {
  name: string;
  publishableKey: string;
  /** `always`: the new default; `if-none`: the default only when the store has none; `never`: not the default (a card used once at checkout). */
  attachPaymentMethod(db: Queryable, storeId: string, card: CardInput, makeDefault: DefaultChoice): Promise<PaymentMethod>;
  listPaymentMethods(db: Queryable, storeId: string, limit: number): Promise<PaymentMethod[]>;
  getPaymentMethod(db: Queryable, storeId: string, id: string): Promise<PaymentMethod | null>;
  /** Null when the card is not the store's (or already removed). */
  detachPaymentMethod(db: Queryable, storeId: string, id: string): Promise<PaymentMethod | null>;
  setDefaultPaymentMethod(db: Queryable, storeId: string, id: string): Promise<PaymentMethod | null>;
  charge(db: Queryable, input: ChargeInput): Promise<ChargeOutcome>;
  /** Gives back part or all of a succeeded charge; the same key refunds once. 409 when nothing that large is left to refund. */
  refund(db: Queryable, input: RefundInput): Promise<RefundOutcome>;
  retrievePromotionCode(db: Queryable, code: string): Promise<PromotionCode | null>;
  createSubscription(db: Queryable, storeId: string, planType: Subscription["planType"]): Promise<Subscription>;
  retrieveSubscription(db: Queryable, storeId: string, id: string): Promise<Subscription | null>;
  /** The store's newest subscription, cancelled or not. */
  latestSubscription(db: Queryable, storeId: string): Promise<Subscription | null>;
  updateSubscription(db: Queryable, storeId: string, id: string, patch: SubscriptionPatch): Promise<Subscription>;
  /** Pause collection: open invoices become draft, uncollectible or void as the behaviour says. */
  pauseSubscription(db: Queryable, storeId: string, id: string, behavior: InvoiceBehavior, resumesAt: Date | null): Promise<Subscription>;
  /** Clears the pause; invoices kept as draft are open again. */
  resumeSubscription(db: Queryable, storeId: string, id: string): Promise<Subscription>;
  cancelSubscription(db: Queryable, storeId: string, id: string): Promise<Subscription>;
  createInvoice(db: Queryable, input: NewInvoice): Promise<Invoice>;
  retrieveInvoice(db: Queryable, storeId: string, id: string): Promise<Invoice | null>;
  listInvoices(db: Queryable, storeId: string, page: { limit: number; offset: number }): Promise<{ list: Invoice[]; total: number }>;
  /** Voids the subscription's open invoices (an upgrade to another plan supersedes them). */
  voidOpenInvoices(db: Queryable, storeId: string, subscriptionId: string): Promise<void>;
  /** The subscription's newest open invoice, if any. */
  openInvoiceOf(db: Queryable, storeId: string, subscriptionId: string): Promise<Invoice | null>;
  /** Charges an open invoice (one attempt); paid on success, still open when declined. */
  payInvoice(db: Queryable, storeId: string, id: string, paymentMethodId?: string): Promise<{ invoice: Invoice; outcome: ChargeOutcome }>;
};
