import type { BodyOf, sourcingAgent } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { sendTechPack } from "./send-tech-pack";

/** Emails a tech pack to expanded-network suppliers. */
export function sendMessagesExpandedNetwork(ctx: UserContext, body: BodyOf<typeof sourcingAgent.sendMessagesExpandedNetwork>) {
  return sendTechPack(ctx, "EXPANDED_NETWORK", body);
}
