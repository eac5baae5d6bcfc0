import { plans } from "@atelier/contracts";
import { route } from "../http/route";
import { cancelPlan } from "../services/plans/cancel-plan";
import { downgradePlan } from "../services/plans/downgrade-plan";
import { getAiCredits } from "../services/plans/get-ai-credits";
import { getPlanOverview } from "../services/plans/get-plan-overview";
import { getUpgradeQuote } from "../services/plans/get-upgrade-quote";
import { listAiCreditMovements } from "../services/plans/list-ai-credit-movements";
import { pausePlan } from "../services/plans/pause-plan";
import { purchaseAiCredits } from "../services/plans/purchase-ai-credits";
import { resumePlan } from "../services/plans/resume-plan";
import { upgradePlan } from "../services/plans/upgrade-plan";

export const plansRoutes = [
  route(plans.getPlanOverview, ({ ctx }) => getPlanOverview(ctx)),
  route(plans.getUpgradeQuote, ({ ctx, query }) => getUpgradeQuote(ctx, query)),
  route(plans.upgradePlan, ({ ctx, body }) => upgradePlan(ctx, body)),
  route(plans.downgradePlan, ({ ctx, body }) => downgradePlan(ctx, body)),
  route(plans.pausePlan, ({ ctx, body }) => pausePlan(ctx, body)),
  route(plans.resumePlan, ({ ctx }) => resumePlan(ctx)),
  route(plans.cancelPlan, ({ ctx, body }) => cancelPlan(ctx, body)),
  route(plans.getAiCredits, ({ ctx }) => getAiCredits(ctx)),
  route(plans.listAiCreditMovements, ({ ctx, query }) => listAiCreditMovements(ctx, query)),
  route(plans.purchaseAiCredits, ({ ctx, body }) => purchaseAiCredits(ctx, body)),
];
