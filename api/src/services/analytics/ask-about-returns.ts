import type { analytics, BodyOf, ResponseOf } from "@atelier/contracts";
import type { UserContext } from "../../context";
import { conflict } from "../../errors";
import { startConversation } from "../inbox/start-conversation";
import { createWarehouseTicket } from "../warehouse-tickets/create-warehouse-ticket";
import { draftReturnQuestion } from "./draft-return-question";

const SUBJECT_MAX = 200;

/**
 * Sends the question about a product's returns to the recipient the user confirmed. The draft is
 * worked out again: if the recipient changed since the user saw it (a receiving from a supplier
 * arrived meanwhile), nothing is sent and the answer says who it would go to now.
 */
export async function askAboutReturns(ctx: UserContext, body: BodyOf<typeof analytics.askAboutReturns>): Promise<ResponseOf<typeof analytics.askAboutReturns>> {
  const draft = await draftReturnQuestion(ctx, body, "body");
  if (draft.recipient.kind !== body.recipient) {
    throw conflict(`Nothing was sent: this question would now go to ${draft.recipient.name}, not the one you confirmed. Look at it again before sending.`);
  }
  if (draft.recipient.kind === "SUPPLIER") {
    const conversation = await startConversation(ctx, { supplierId: draft.recipient.supplierId!, message: body.message });
    return { recipient: draft.recipient, link: `/inbox/messages?c=${conversation.sid}`, reference: conversation.sid };
  }
  const ticket = await createWarehouseTicket(ctx, {
    type: "RETURN_EXCHANGE",
    ...(draft.orderNumber !== null && { orderId: String(draft.orderNumber) }),
    subject: `Returns of ${draft.product}`.slice(0, SUBJECT_MAX),
    message: body.message,
    uploadIds: [],
  });
  return { recipient: draft.recipient, link: `/fulfillment-services/warehouse-tickets?ticket=${ticket.sn}`, reference: ticket.sn };
}
