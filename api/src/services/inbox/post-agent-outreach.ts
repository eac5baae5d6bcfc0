import type { AppDeps } from "../../context";
import type { Queryable } from "../../db/pool";
import { insertConversation } from "../../queries/inbox/conversations";
import { scheduleDemoReply } from "./demo-responder";
import { ownConversation } from "./inbox-viewer";
import { postMessage } from "./post-message";
import { newConversationSid } from "./start-conversation";

/** What the sourcing agent's request for quote carries, so the supplier's side (and the demo) can quote the right product. */
export type AgentRequest = { techPackId: string; techPackVersion: number; productName: string; quantity: number | null };

/**
 * The sourcing agent's message to an in-network supplier, in the store's conversation with it (in
 * the caller's transaction): a new conversation is filed under the AI_SOURCING_AGENT tab, an
 * existing one keeps its tab and gets the request as its next message. The supplier reads and
 * answers it like any other, so its reply arrives in the store's inbox. Answers the sid.
 */
export async function postAgentOutreach(
  tx: Queryable,
  deps: Pick<AppDeps, "config" | "jobs" | "pool">,
  o: { storeId: string; supplierId: string; userId: string; subject: string; body: string; request: AgentRequest },
): Promise<string> {
  const sid = await insertConversation(tx, { sid: newConversationSid(), storeId: o.storeId, supplierId: o.supplierId, name: `store_${o.storeId}:manufacturer:${o.supplierId}`, origin: "AI_SOURCING_AGENT" });
  const row = await ownConversation(tx, { side: "STORE", storeId: o.storeId, userId: o.userId }, sid, true);
  const message = await postMessage(tx, row, { side: "STORE", userId: o.userId }, { type: "TEXT", body: `${o.subject}\n\n${o.body}`, attributes: { sourcingRequest: o.request } });
  await scheduleDemoReply(tx, deps, row, message.index);
  return sid;
}
