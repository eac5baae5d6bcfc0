import type pg from "pg";
import { hashPassword } from "../../auth/passwords";
import { withTransaction } from "../../db/pool";
import { findUserByEmail, insertUser } from "../../queries/accounts";
import { authorOf, findConversation, insertConversation, recordMessages } from "../../queries/inbox/conversations";
import { insertMessages } from "../../queries/inbox/messages";
import { insertSupplierMember } from "../../queries/inbox/supplier-members";
import { topListedSuppliers } from "../../queries/marketplace/suppliers";
import { findStoreTitle } from "../../queries/stores";
import { newConversationSid } from "./start-conversation";

/** The demo's supplier logins (README): the three top-ranked suppliers, one account each. */
export const DEMO_SUPPLIER_PASSWORD = "atelier-supplier";
export const demoSupplierEmail = (n: number) => `supplier${n}@example.com`;

/**
 * Supplier accounts for the top three demo suppliers, and one conversation between the demo store
 * and the first of them with an unread answer, so the inbox has something on the first start.
 * Does nothing when the first supplier account exists.
 */
export async function seedDemoInbox(pool: pg.Pool, demoStoreId: string | null): Promise<string[]> {
  if (await findUserByEmail(pool, demoSupplierEmail(1))) return [];
  const passwordHash = await hashPassword(DEMO_SUPPLIER_PASSWORD);
  return withTransaction(pool, async (tx) => {
    const suppliers = await topListedSuppliers(tx, 3);
    for (const [i, s] of suppliers.entries()) {
      const user = await insertUser(tx, { email: demoSupplierEmail(i + 1), username: `${s.name} team`, passwordHash });
      await insertSupplierMember(tx, s.id, user.id);
    }
    const first = suppliers[0];
    if (demoStoreId && first) {
      const sid = await insertConversation(tx, { sid: newConversationSid(), storeId: demoStoreId, supplierId: first.id, name: `store_${demoStoreId}:manufacturer:${first.id}`, origin: "PERSONAL" });
      const conversation = (await findConversation(tx, { side: "STORE", storeId: demoStoreId, userId: "" }, sid))!;
      await insertMessages(tx, conversation.id, [
        { index: 0, author: authorOf("STORE", demoStoreId), authorUserId: null, authorName: (await findStoreTitle(tx, demoStoreId)) ?? "", type: "TEXT", body: "Hi! Could you quote 300 organic cotton tees with a one-colour chest print?", attributes: {} },
        { index: 1, author: authorOf("SUPPLIER", first.id), authorUserId: null, authorName: first.name, type: "TEXT", body: `Hello from ${first.name}! 300 tees with a one-colour print: $4.80 each, ready in 25 days. A sample is $35 and ships in a week.`, attributes: {} },
      ], null);
      await recordMessages(tx, conversation.id, { lastIndex: 1, preview: `Hello from ${first.name}! 300 tees with a one-colour print: $4.80 each…`, authorSide: "SUPPLIER" });
    }
    return suppliers.map((s) => s.name);
  });
}
