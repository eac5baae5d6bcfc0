import { commonsTools } from "./commons/commons-tools";
import { creationTools } from "./creation/creation-tools";
import { helpCenterTools } from "./help-center/help-center-tools";
import { marketplaceTools } from "./marketplace/marketplace-tools";
import { orderTools } from "./orders/order-tools";
import { orderRuleTools } from "./order-rules/order-rule-tools";
import { paymentTools } from "./payments/payment-tools";
import { planTools } from "./plans/plan-tools";
import { projectTools } from "./projects/project-tools";
import { purchasingTools } from "./purchasing/purchasing-tools";
import { sourcingTools } from "./sourcing/sourcing-tools";
import { storeTools } from "./stores/store-tools";
import { teamTools } from "./team/team-tools";
import { analyticsTools } from "./analytics/analytics-tools";
import { returnTools } from "./returns/return-tools";
import { shippingTools } from "./shipping/shipping-tools";
import { brandKitTools } from "./brand-kits/brand-kit-tools";
import { ideationTools } from "./ideation/ideation-tools";
import { receivingTools } from "./receivings/receiving-tools";
import { warehouseTicketTools } from "./warehouse-tickets/warehouse-ticket-tools";
import { feeTools } from "./fees/fee-tools";
import { scorecardTools } from "./supplier-scorecards/scorecard-tools";
import { kittingTools } from "./kitting/kitting-tools";
import { presaleTools } from "./presale/presale-tools";
import { salesChannelTools } from "./sales-channels/sales-channel-tools";
import { orderExportTools } from "./order-exports/order-export-tools";

// The tools by the product area they belong to, as their modules group them: an assistant binds
// the areas of the screen the user is on, and finds the rest by asking (see graphs' toolsets).

const names = (specs: readonly { name: string }[]) => specs.map((s) => s.name);

/** Tool names per product area. A tool module that is in no area is still found by find_tools. */
export const TOOL_DOMAINS = {
  store: names(storeTools),
  billing: [...names(planTools), ...names(paymentTools)],
  team: names(teamTools),
  reference: [...names(commonsTools), ...names(helpCenterTools)],
  sourcing: names(sourcingTools),
  marketplace: names(marketplaceTools),
  purchasing: names(purchasingTools),
  projects: names(projectTools),
  orders: names(orderTools),
  analytics: names(analyticsTools),
  creation: names(creationTools),
  returns: names(returnTools),
  shipping: names(shippingTools),
  brandKits: names(brandKitTools),
  fulfilment: names(orderRuleTools),
  ideation: names(ideationTools),
  receivings: names(receivingTools),
  tickets: names(warehouseTicketTools),
  payments: names(feeTools),
  scorecards: names(scorecardTools),
  kitting: names(kittingTools),
  channels: names(salesChannelTools),
  presale: names(presaleTools),
  exports: names(orderExportTools),
} as const;

export type ToolDomain = keyof typeof TOOL_DOMAINS;
