import type { QuoteDetail } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../../context";
import { appendQuoteEvent, settleQuote } from "../../../queries/inbox/quotes";
import { actOnQuote } from "./quote-action";

/** The side whose turn it is declines; the quote is settled and nothing is written to the project. */
export async function declineQuote(ctx: UserContext, id: string, reason: string): Promise<QuoteDetail> {
  return actOnQuote(ctx, id, "declined", "sourcing.use", async ({ tx, quote, conversation, viewer }) => {
    await settleQuote(tx, quote.id, "DECLINED");
    const actorName = viewer.side === "STORE" ? conversation.storeName : conversation.supplierName;
    await appendQuoteEvent(tx, quote.id, { action: "DECLINED", side: viewer.side, actorUserId: viewer.userId, actorName, note: reason });
    return `Declined the quote “${quote.title}”.${reason ? ` ${reason}` : ""}`;
  });
}
