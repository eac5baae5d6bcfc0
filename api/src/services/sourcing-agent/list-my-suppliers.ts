import type { QueryOf, sourcingAgent } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { listMySuppliers as listRows } from "../../queries/sourcing-agent/invites";

/** The store's suppliers: invited, contacted through the agent, or bought from. */
export async function listMySuppliers(ctx: UserContext, query: QueryOf<typeof sourcingAgent.listMySuppliers>) {
  const { page, size } = query;
  const { rows, total } = await listRows(ctx.pool, ctx.auth.storeId, query.search || undefined, size, page * size);
  return {
    list: rows.map((r) => ({
      id: r.id,
      supplierId: r.supplier_id,
      name: r.name,
      website: r.website,
      email: r.email,
      phoneNumber: r.phone_number,
      countryCode: r.country_code,
      isExpandedNetwork: r.is_expanded_network,
      relations: r.relations,
      lastInteractionAt: r.last_interaction_at.toISOString(),
    })),
    total,
    page,
    size,
  };
}
