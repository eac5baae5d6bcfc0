import type { sourcingAgent } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { invalid, notFound } from "../../errors";
import { queueEmail } from "../../providers/outbox";
import { findOutreach, insertOutreach, setOutreachOutboxId } from "../../queries/sourcing-agent/outreach";
import { findSuppliers } from "../../queries/marketplace/supplier-matching";
import { getTechPack } from "./get-tech-pack";
import { techPackMessage } from "./tech-pack-view";
import { toOutreach } from "./supplier-view";
import { getStoreContact } from "./store-contact";
import { postAgentOutreach } from "../inbox/post-agent-outreach";

type Network = "IN_NETWORK" | "EXPANDED_NETWORK";

/**
 * Sends the latest version of a tech pack to suppliers of one network. In-network suppliers get
 * it as an outreach record (their inbox); expanded-network suppliers are not on the platform, so
 * they get an email with the store owner as reply-to. A supplier that already has this version
 * is skipped, so a double click never messages a factory twice.
 */
export async function sendTechPack(ctx: UserContext, network: Network, body: { techPackId: string; companyIds: string[] }): Promise<sourcingAgent.SendResult> {
  return withTransaction(ctx.pool, async (db) => {
    const pack = await getTechPack(ctx, body.techPackId, db);
    const ids = [...new Set(body.companyIds)];
    const suppliers = new Map((await findSuppliers(db, ids)).map((s) => [s.id, s]));
    body.companyIds.forEach((id, i) => {
      const s = suppliers.get(id);
      if (!s) throw notFound(`Supplier ${id}`);
      if (network === "IN_NETWORK" && s.is_expanded_network) throw invalid(`body.companyIds.${i}`, "is an expanded-network supplier: send with send-messages-expanded-network");
      if (network === "EXPANDED_NETWORK" && !s.is_expanded_network) throw invalid(`body.companyIds.${i}`, "is an in-network supplier: send with send-messages-in-network");
      if (network === "EXPANDED_NETWORK" && !s.contact_email) throw invalid(`body.companyIds.${i}`, "has no contact email: send the factories' contact info to yourself instead");
    });
    const store = (await getStoreContact(db, ctx.auth.storeId))!;
    const sent: sourcingAgent.Outreach[] = [];
    const alreadySent: sourcingAgent.Outreach[] = [];
    for (const id of ids) {
      const s = suppliers.get(id)!;
      const message = techPackMessage(pack, store.title, s.name);
      const toEmail = network === "EXPANDED_NETWORK" ? s.contact_email : null;
      const keys = { storeId: ctx.auth.storeId, techPackId: pack.id, techPackVersion: pack.version, supplierId: s.id, network, toEmail };
      const row = await insertOutreach(db, { ...keys, userId: ctx.auth.userId, supplierName: s.name, subject: message.subject, message: message.body });
      if (!row) {
        alreadySent.push(toOutreach((await findOutreach(db, keys))!));
        continue;
      }
      if (toEmail) {
        const outboxId = await queueEmail(db, {
          storeId: ctx.auth.storeId,
          to: toEmail,
          subject: message.subject,
          body: message.body,
          kind: "sourcing.rfq.expanded-network",
          payload: { replyTo: store.owner_email, outreachId: row.id, techPackId: pack.id, techPackVersion: pack.version, supplierId: s.id },
        });
        await setOutreachOutboxId(db, row.id, outboxId);
      }
      // In-network suppliers answer in the inbox: the request opens (or continues) the conversation.
      else await postAgentOutreach(db, ctx, { storeId: ctx.auth.storeId, supplierId: s.id, userId: ctx.auth.userId, subject: message.subject, body: message.body, request: { techPackId: pack.id, techPackVersion: pack.version, productName: pack.productName, quantity: pack.totalQuantity || null } });
      sent.push(toOutreach(row));
    }
    return { techPackId: pack.id, techPackVersion: pack.version, sent, alreadySent };
  });
}
