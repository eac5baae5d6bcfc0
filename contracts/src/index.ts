import type { Contract } from "./contract";
import * as analytics from "./analytics/index";
import * as auth from "./auth";
import * as brandKits from "./brand-kits";
import * as marketplace from "./marketplace";
import * as commons from "./commons";
import * as creation from "./creation";
import * as health from "./health";
import * as helpCenter from "./help-center";
import * as inbox from "./inbox/contracts";
import * as inventory from "./inventory";
import * as jobs from "./jobs";
import * as orders from "./orders";
import * as orderRules from "./order-rules";
import * as payments from "./payments";
import * as plans from "./plans";
import * as projects from "./projects";
import * as purchasing from "./purchasing";
import * as sourcingAgent from "./sourcing-agent";
import * as stores from "./stores";
import * as storeStats from "./store-stats";
import * as team from "./team";
import * as uploads from "./uploads";
import * as returns from "./returns";
import * as shipping from "./shipping";
import * as ideation from "./ideation";
import * as receivings from "./receivings";
import * as warehouseTickets from "./warehouse-tickets";
import * as fees from "./fees";
import * as supplierScorecards from "./supplier-scorecards";
import * as kitting from "./kitting";
import * as salesChannels from "./sales-channels";
import * as presales from "./presales";
import * as productFeeds from "./product-feeds";
import * as orderExports from "./order-exports";

export * from "./contract";
export * from "./errors";
export * from "./domain";
export * from "./client";
export * from "./agent-context";
export * from "./realtime";
export * from "./permissions";
export * from "./search-notice";
export type { Job, JobEvent, JobEventName, JobStatus } from "./jobs";
export { analytics, auth, brandKits, inbox, marketplace, commons, creation, health, helpCenter, inventory, jobs, orderRules, orders, payments, plans, projects, purchasing, returns, shipping, sourcingAgent, stores, storeStats, team, uploads };
export { ideation };
export { receivings };
export { warehouseTickets };
export { fees };
export { supplierScorecards };
export { kitting };
export { salesChannels };
export { presales };
export { productFeeds };
export { orderExports };

function contractsOf(module: Record<string, unknown>): Contract[] {
  return Object.values(module).filter((v): v is Contract => typeof v === "object" && v !== null && "method" in v && "path" in v && "response" in v);
}

/** Every endpoint of the API, in one list: OpenAPI, the tool coverage test and the fuzz test walk it. */
export const allContracts: Contract[] = [health, auth, stores, storeStats, plans, payments, team, commons, sourcingAgent, helpCenter, marketplace, purchasing, projects, uploads, jobs, orders, inventory, inbox, analytics, creation, shipping, brandKits, orderRules, returns, ideation, receivings, warehouseTickets, supplierScorecards, kitting].flatMap(contractsOf);
allContracts.push(...contractsOf(fees));
allContracts.push(...contractsOf(salesChannels));
allContracts.push(...contractsOf(presales));
allContracts.push(...contractsOf(productFeeds));
allContracts.push(...contractsOf(orderExports));
