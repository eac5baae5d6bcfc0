import type { BodyOf, sourcingAgent } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { sendTechPack } from "./send-tech-pack";

/** Sends a tech pack to vetted suppliers. */
export function sendMessagesInNetwork(ctx: UserContext, body: BodyOf<typeof sourcingAgent.sendMessagesInNetwork>) {
  return sendTechPack(ctx, "IN_NETWORK", body);
}
