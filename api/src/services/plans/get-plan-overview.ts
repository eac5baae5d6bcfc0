import { PLAN_NAMES, UPGRADE_TARGET, isSubscriptionActive, isSubscriptionPaused, plans, type ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { can } from "../../auth/permissions";
import { unauthorized } from "../../errors";
import { getCreditBalance, listModules } from "../../queries/plans";
import { getStorePlan } from "../../queries/stores";
import { toInvoiceDto, toPaymentMethodDto, toSubscriptionDto } from "../payments/dto";
import { currentSubscription } from "./current-subscription";

export type PlanOverview = ResponseOf<typeof plans.getPlanOverview>;

/** The plan screen's overview for the caller's store. */
export async function getPlanOverview(ctx: UserContext): Promise<PlanOverview> {
  return buildPlanOverview(ctx);
}

/** The overview without the permission check: the billing actions answer it after they act. */
export async function buildPlanOverview(ctx: UserContext): Promise<PlanOverview> {
  const storeId = ctx.auth.storeId;
  const { payments } = ctx.providers;
  const sub = await currentSubscription(ctx);
  const [planType, moduleRows, balance, methods, openInvoice] = await Promise.all([
    getStorePlan(ctx.pool, storeId),
    listModules(ctx.pool, storeId),
    getCreditBalance(ctx.pool, storeId),
    payments.listPaymentMethods(ctx.pool, storeId, 10),
    sub ? payments.openInvoiceOf(ctx.pool, storeId, sub.id) : null,
  ]);
  if (!planType) throw unauthorized("The store of this session no longer exists.");
  const target = UPGRADE_TARGET[planType];
  const statusOf = new Map(moduleRows.map((r) => [r.module_type, r.status]));
  const modules = plans.MODULE_TYPES.map((moduleType) => ({ moduleType, status: statusOf.get(moduleType) ?? ("NOT_ACTIVE" as const) }));
  const defaultMethod = methods.find((m) => m.isDefault);
  return {
    planType,
    name: PLAN_NAMES[planType],
    priceCents: plans.PLAN_PRICES_CENTS[planType],
    upgradeTarget: target ? { planType: target, name: PLAN_NAMES[target], priceCents: plans.PLAN_PRICES_CENTS[target] } : null,
    subscription: sub ? toSubscriptionDto(sub) : null,
    subscriptionStatus: sub?.status ?? null,
    isBlueprintActive: isSubscriptionActive(sub?.status),
    isBlueprintPaused: isSubscriptionPaused(sub?.status, sub?.pausedAt?.toISOString()),
    modules,
    missingModuleTypes: modules.filter((m) => m.status !== "ACTIVE").map((m) => m.moduleType),
    openInvoice: openInvoice ? toInvoiceDto(openInvoice) : null,
    scheduledChange:
      sub?.scheduledPlanType && sub.currentPeriodEnd && sub.status !== "CANCELED"
        ? { planType: sub.scheduledPlanType, name: PLAN_NAMES[sub.scheduledPlanType], effectiveAt: sub.currentPeriodEnd.toISOString() }
        : null,
    defaultPaymentMethod: defaultMethod ? toPaymentMethodDto(defaultMethod) : null,
    aiCredits: { balance },
    canManageBilling: can(ctx.auth.role, "billing.manage"),
  };
}
