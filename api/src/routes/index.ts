import type { Route } from "../http/route";
import { analyticsRoutes } from "./analytics";
import { authRoutes } from "./auth";
import { brandKitsRoutes } from "./brand-kits";
import { commonsRoutes } from "./commons";
import { creationRoutes } from "./creation";
import { ideationRoutes } from "./ideation";
import { healthRoutes } from "./health";
import { helpCenterRoutes } from "./help-center";
import { inboxRoutes, meetingRoutes, quoteRoutes } from "./inbox";
import { attachmentRoutes } from "./inbox";
import { inventoryRoutes } from "./inventory";
import { marketplaceRoutes } from "./marketplace";
import { jobsRoutes } from "./jobs";
import { ordersRoutes } from "./orders";
import { orderRulesRoutes } from "./order-rules";
import { paymentsRoutes } from "./payments";
import { plansRoutes } from "./plans";
import { projectsRoutes } from "./projects";
import { purchasingRoutes } from "./purchasing";
import { sourcingAgentRoutes } from "./sourcing-agent";
import { storeRoutes } from "./stores";
import { storeStatsRoutes } from "./store-stats";
import { teamRoutes } from "./team";
import { uploadsRoutes } from "./uploads";
import { returnsRoutes } from "./returns";
import { shippingRoutes } from "./shipping";
import { receivingsRoutes } from "./receivings";
import { warehouseTicketsRoutes } from "./warehouse-tickets";
import { feesRoutes } from "./fees";
import { supplierScorecardsRoutes } from "./supplier-scorecards";
import { kittingRoutes } from "./kitting";
import { salesChannelsRoutes } from "./sales-channels";
import { presaleRoutes } from "./presales";
import { productFeedsRoutes } from "./product-feeds";
import { orderExportsRoutes } from "./order-exports";

/** Every route of the API; one line per domain. */
export const allRoutes: Route[] = [
  ...healthRoutes,
  ...authRoutes,
  ...storeRoutes,
  ...storeStatsRoutes,
  ...plansRoutes,
  ...paymentsRoutes,
  ...teamRoutes,
  ...commonsRoutes,
  ...sourcingAgentRoutes,
  ...helpCenterRoutes,
  ...purchasingRoutes,
  ...projectsRoutes,
  ...uploadsRoutes,
  ...marketplaceRoutes,
  ...jobsRoutes,
  ...ordersRoutes,
  ...inboxRoutes,
  ...quoteRoutes,
  ...meetingRoutes,
  ...attachmentRoutes,
  ...inventoryRoutes,
  ...analyticsRoutes,
  ...creationRoutes,
  ...returnsRoutes,
  ...shippingRoutes,
  ...brandKitsRoutes,
  ...orderRulesRoutes,
  ...ideationRoutes,
  ...receivingsRoutes,
  ...warehouseTicketsRoutes,
  ...feesRoutes,
  ...supplierScorecardsRoutes,
  ...kittingRoutes,
  ...salesChannelsRoutes,
  ...presaleRoutes,
  ...productFeedsRoutes,
  ...orderExportsRoutes,
];
