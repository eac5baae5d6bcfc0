import type { PresaleDetail } from "@atelier/contracts/presales";
import type { Queryable } from "../../../db/pool";
import * as accounts from "../../../queries/accounts";
import * as q from "../../../queries/shipping/presales";
import { findPresale, sourceWords, toPresaleDto } from "./presale-dto";

/** A pre-sale with its history in words, oldest first: started (from the row), then each change with who made it. */
export async function presaleDetail(db: Queryable, storeId: string, id: string): Promise<PresaleDetail> {
  const p = await findPresale(db, storeId, id);
  const changes = await q.listChanges(db, storeId, id);
  const startedBy = await q.startedBy(db, storeId, id);
  const names = await accounts.userNames(db, [startedBy, ...changes.map((c) => c.userId)]);
  const nameOf = (userId: string | null) => (userId ? (names.get(userId) ?? null) : null);
  return {
    ...toPresaleDto(p),
    history: [
      { at: p.createdAt.toISOString(), by: nameOf(startedBy), words: `started it, waiting for ${sourceWords(p.sourceKind, p.sourceRef)}` },
      ...changes.map((c) => ({ at: c.createdAt.toISOString(), by: nameOf(c.userId), words: c.words })),
    ],
  };
}
