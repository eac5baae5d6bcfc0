import type { BodyOf, sourcingAgent } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { queueEmail } from "../../providers/outbox";
import { findOutreach, insertOutreach, setOutreachOutboxId } from "../../queries/sourcing-agent/outreach";
import { getTechPack } from "./get-tech-pack";
import { techPackMessage } from "./tech-pack-view";
import { toOutreach } from "./supplier-view";
import { getStoreContact } from "./store-contact";

/**
 * Emails suppliers the user brings with the user's own subject and body, the tech pack appended,
 * and the store owner's address as reply-to, so the conversation continues in their mailbox.
 */
export async function sendEmailsByOwnEmail(ctx: UserContext, body: BodyOf<typeof sourcingAgent.sendEmailsByOwnEmail>) {
  return withTransaction(ctx.pool, async (db) => {
    const pack = await getTechPack(ctx, body.techPackId, db);
    const store = (await getStoreContact(db, ctx.auth.storeId))!;
    const sent: sourcingAgent.Outreach[] = [];
    const alreadySent: sourcingAgent.Outreach[] = [];
    const seen = new Set<string>();
    for (const supplier of body.uploadSuppliers) {
      if (seen.has(supplier.email)) continue;
      seen.add(supplier.email);
      const techPackText = techPackMessage(pack, store.title, supplier.name).body.split("\n").slice(2).join("\n");
      const message = `${body.emailBody}\n\n---\nTech pack\n\n${techPackText}`;
      const keys = { storeId: ctx.auth.storeId, techPackId: pack.id, techPackVersion: pack.version, supplierId: null, network: "OWN_EMAIL" as const, toEmail: supplier.email };
      const row = await insertOutreach(db, { ...keys, userId: ctx.auth.userId, supplierName: supplier.name, subject: body.emailSubject, message });
      if (!row) {
        alreadySent.push(toOutreach((await findOutreach(db, keys))!));
        continue;
      }
      const outboxId = await queueEmail(db, {
        storeId: ctx.auth.storeId,
        to: supplier.email,
        subject: body.emailSubject,
        body: message,
        kind: "sourcing.own-email",
        payload: { replyTo: store.owner_email, fromName: store.title, outreachId: row.id, techPackId: pack.id },
      });
      await setOutreachOutboxId(db, row.id, outboxId);
      sent.push(toOutreach(row));
    }
    return { replyTo: store.owner_email, techPackId: pack.id, techPackVersion: pack.version, sent, alreadySent };
  });
}
