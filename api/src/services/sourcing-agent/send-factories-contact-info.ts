import type { BodyOf, sourcingAgent } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { findCountry } from "../../data/countries";
import { notFound } from "../../errors";
import { queueEmail } from "../../providers/outbox";
import { findSuppliers } from "../../queries/marketplace/supplier-matching";
import { getStoreContact } from "./store-contact";

/** Emails the user one list of the chosen factories' contact details. */
export async function sendFactoriesContactInfo(ctx: UserContext, body: BodyOf<typeof sourcingAgent.sendFactoriesContactInfo>) {
  return withTransaction(ctx.pool, async (db) => {
    const ids = [...new Set(body.companyIds)];
    const found = new Map((await findSuppliers(db, ids)).map((s) => [s.id, s]));
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw notFound(`Supplier ${missing}`);
    const store = (await getStoreContact(db, ctx.auth.storeId))!;
    const blocks = ids.map((id, i) => {
      const s = found.get(id)!;
      return [
        `${i + 1}. ${s.name}${s.is_expanded_network ? " (expanded network)" : ""}`,
        `   Location: ${[s.city, findCountry(s.country_code)?.name ?? s.country_code].filter(Boolean).join(", ")}`,
        `   Website: ${s.website ?? "not listed"}`,
        `   Email: ${s.contact_email ?? "not listed"}`,
        `   Phone: ${s.phone_number ?? "not listed"}`,
        s.capabilities.length ? `   Capabilities: ${s.capabilities.join(", ")}` : "",
        s.moq != null ? `   MOQ: ${s.moq}` : "   MOQ: custom quote",
      ]
        .filter(Boolean)
        .join("\n");
    });
    const outboxMessageId = await queueEmail(db, {
      storeId: ctx.auth.storeId,
      to: body.userEmail,
      subject: `Contact details of ${ids.length} ${ids.length === 1 ? "factory" : "factories"} from your sourcing agent`,
      body: [`Hello,`, "", `Here are the factories you chose for ${store.title}:`, "", ...blocks.flatMap((b) => [b, ""]), "Good luck with your production run!"].join("\n"),
      kind: "sourcing.factories-contact-info",
      payload: { supplierIds: ids },
    });
    return { to: body.userEmail, factoryCount: ids.length, outboxMessageId };
  });
}
