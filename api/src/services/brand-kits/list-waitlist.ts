import type { UserContext } from "../../context";
import { listSignups } from "../../queries/brand-kits/waitlist";
import { findKit } from "./find-kit";

/** Who signed up on a kit's waitlist site, newest first. */
export async function listWaitlist(ctx: UserContext, id: string, q: { page: number; size: number }) {
  await findKit(ctx.pool, ctx, id);
  const { rows, total } = await listSignups(ctx.pool, ctx.auth.storeId, id, q.size, q.page * q.size);
  return { list: rows.map((r) => ({ email: r.email, createdAt: r.created_at.toISOString() })), total, page: q.page, size: q.size };
}
