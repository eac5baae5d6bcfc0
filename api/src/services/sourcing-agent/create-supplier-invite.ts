import type { BodyOf, sourcingAgent } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { conflict } from "../../errors";
import { INTERNAL_NOTIFY_ADDRESSES, queueEmail } from "../../providers/outbox";
import { insertSupplierInvite } from "../../queries/sourcing-agent/invites";
import { getStoreContact } from "./store-contact";

/** Stores an invite and notifies the sourcing team with the creator and the supplier (000 §7). */
export async function createSupplierInvite(ctx: UserContext, body: BodyOf<typeof sourcingAgent.createSupplierInvite>) {
  return withTransaction(ctx.pool, async (db) => {
    const invite = await insertSupplierInvite(db, { storeId: ctx.auth.storeId, userId: ctx.auth.userId, ...body });
    if (!invite) throw conflict(`You already invited ${body.email}.`);
    const store = (await getStoreContact(db, ctx.auth.storeId))!;
    const details = [
      `Creator: ${store.title} (store id ${ctx.auth.storeId})`,
      `Invited by: ${store.owner_name} <${store.owner_email}>`,
      "",
      `Supplier name: ${invite.name}`,
      `Website: ${invite.website}`,
      `Email: ${invite.email}`,
      `Phone: ${invite.phone_number}`,
    ].join("\n");
    for (const to of INTERNAL_NOTIFY_ADDRESSES) {
      await queueEmail(db, {
        storeId: ctx.auth.storeId,
        to,
        subject: `Supplier invite from ${store.title}: ${invite.name}`,
        body: details,
        kind: "internal.supplier-invite",
        payload: { inviteId: invite.id, creatorTitle: store.title, creatorId: ctx.auth.storeId, supplier: { name: invite.name, website: invite.website, email: invite.email, phoneNumber: invite.phone_number } },
      });
    }
    return { id: invite.id, name: invite.name, website: invite.website, email: invite.email, phoneNumber: invite.phone_number, createdAt: invite.created_at.toISOString() };
  });
}
