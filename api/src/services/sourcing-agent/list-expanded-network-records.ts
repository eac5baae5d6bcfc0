import type { QueryOf, sourcingAgent } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { listExpandedNetwork } from "../../queries/marketplace/supplier-matching";
import { toExpandedRecord } from "./supplier-view";

/** Pages through the expanded network. */
export async function listExpandedNetworkRecords(ctx: UserContext, query: QueryOf<typeof sourcingAgent.listExpandedNetworkRecords>) {
  const { page, size } = query;
  const { rows, total } = await listExpandedNetwork(ctx.pool, { search: query.search || undefined, countryCode: query.countryCode, region: query.region, limit: size, offset: page * size });
  return { list: rows.map(toExpandedRecord), total, page, size };
}
