import type { QueryOf, ResponseOf } from "@atelier/contracts";
import type { listSupplierScorecards as listContract, ScorecardSort, SupplierScorecard } from "@atelier/contracts/supplier-scorecards";
import type { UserContext } from "../../context";
import { requirePermission } from "../../auth/permissions";
import { storeSupplierRecords } from "./supplier-records";
import { scoreSupplier } from "./score-suppliers";

const lateShare = (s: SupplierScorecard) => (s.onTime.total ? (s.onTime.total - s.onTime.good) / s.onTime.total : -1);
const byName = (a: SupplierScorecard, b: SupplierScorecard) => a.name.localeCompare(b.name, "en", { sensitivity: "base" });
// Suppliers without a score go after every scored one whichever way reliability is sorted.
const byReliability = (dir: 1 | -1) => (a: SupplierScorecard, b: SupplierScorecard) =>
  a.reliability === b.reliability ? byName(a, b) : a.reliability === null ? 1 : b.reliability === null ? -1 : dir * (b.reliability - a.reliability);

const SORTS: Record<ScorecardSort, (a: SupplierScorecard, b: SupplierScorecard) => number> = {
  MOST_RELIABLE: byReliability(1),
  LEAST_RELIABLE: byReliability(-1),
  MOST_LATE: (a, b) => lateShare(b) - lateShare(a) || b.onTime.total - a.onTime.total || byName(a, b),
  NAME: byName,
};

/**
 * The store's suppliers with their scorecards, ranked and paged. A store deals with tens of
 * suppliers, not thousands, so the figures are computed per request from its own rows and sorted
 * here rather than kept as a second copy that could drift from the receivings.
 */
export async function listSupplierScorecards(ctx: UserContext, q: QueryOf<typeof listContract>): Promise<ResponseOf<typeof listContract>> {
  requirePermission(ctx, "sourcing.use");
  const today = new Date().toISOString().slice(0, 10);
  const words = (q.search ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const cards = (await storeSupplierRecords(ctx.pool, ctx.auth.storeId))
    .map((r) => scoreSupplier(r, today))
    .filter((s) => words.every((w) => s.name.toLowerCase().includes(w)))
    .filter((s) => !q.lateOnly || s.onTime.total > s.onTime.good)
    .sort(SORTS[q.sort]);
  return { list: cards.slice(q.page * q.size, (q.page + 1) * q.size), total: cards.length, page: q.page, size: q.size };
}
