import type { Permission } from "@atelier/contracts";
import type { QuoteDetail } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../../context";
import { requirePermission } from "../../../auth/permissions";
import { withTransaction, type Queryable } from "../../../db/pool";
import { notFound } from "../../../errors";
import type { InboxViewer, NamedConversationRow } from "../../../queries/inbox/conversations";
import { findQuote, type QuoteRow } from "../../../queries/inbox/quotes";
import { listMessages } from "../../../queries/inbox/messages";
import { ownConversation, toMessage, viewerOf } from "../inbox-viewer";
import { postMessage } from "../post-message";
import { publishQuoteCard, requireTurn, toQuote, toQuoteDetail } from "./quote-view";

export type QuoteActionStep = { tx: Queryable; quote: QuoteRow; conversation: NamedConversationRow; viewer: InboxViewer };

/**
 * One answer to a quote (counter, accept, decline), in one transaction: the quote locked, found
 * from the caller's side (another store's or supplier's is 404), the caller's turn checked (409
 * otherwise), the step applied, a line in the conversation from the caller (so the other side's
 * unread and "needs reply" move), and the card re-sent to both sides with its new state.
 */
export async function actOnQuote(ctx: UserContext, id: string, act: string, storePermission: Permission, apply: (s: QuoteActionStep) => Promise<string>): Promise<QuoteDetail> {
  const viewer = viewerOf(ctx);
  return withTransaction(ctx.pool, async (tx) => {
    const quote = await findQuote(tx, viewer, id, true);
    if (!quote) throw notFound("This quote");
    // The conversation's lock orders this write with sends (message indexes).
    const conversation = await ownConversation(tx, viewer, quote.conversationSid, true);
    const names = { supplierName: conversation.supplierName, storeName: conversation.storeName };
    // Accepting commits the store to a purchase; a store role without it is refused after the quote is found.
    if (viewer.side === "STORE") requirePermission(ctx, storePermission);
    requireTurn(quote, viewer, names, act);
    const line = await apply({ tx, quote, conversation, viewer });
    await postMessage(tx, conversation, viewer, { type: "TEXT", body: line, attributes: {} });
    const updated = (await findQuote(tx, viewer, id))!;
    const card = (await listMessages(tx, conversation.id, { after: updated.messageIndex - 1, size: 1 })).rows[0];
    if (card) publishQuoteCard(tx, toMessage(card), toQuote(updated, names));
    return toQuoteDetail(tx, updated);
  });
}

export const usd = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The terms in a sentence, as the conversation line and the approvals say them. */
export function termsSentence(t: Pick<QuoteRow, "unitPriceCents" | "quantity" | "moq" | "leadTimeDays" | "samplePriceCents" | "validUntil">): string {
  const sample = t.samplePriceCents === null ? "no sample" : `sample ${usd(t.samplePriceCents)}`;
  return `${t.quantity.toLocaleString("en-US")} units at ${usd(t.unitPriceCents)} each (${usd(t.unitPriceCents * t.quantity)}), MOQ ${t.moq.toLocaleString("en-US")}, ready in ${t.leadTimeDays} days, ${sample}, valid until ${t.validUntil.toISOString().slice(0, 10)}`;
}
