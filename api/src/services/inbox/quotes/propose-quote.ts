import type { BodyOf } from "@atelier/contracts";
import type { QuoteDetail, proposeQuote as contract } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../../context";
import { withTransaction, type Queryable } from "../../../db/pool";
import { forbidden, invalid } from "../../../errors";
import { appendQuoteEvent, findQuote, insertQuote } from "../../../queries/inbox/quotes";
import type { InboxViewer, NamedConversationRow } from "../../../queries/inbox/conversations";
import { projectForQuotes } from "../../projects/record-quoted-terms";
import { ownConversation, viewerOf } from "../inbox-viewer";
import { postMessage } from "../post-message";
import { publishQuoteCard, toQuote, toQuoteDetail } from "./quote-view";

/** Checks a quote's terms together: in the future, and at least the minimum order. */
export function checkTerms(t: { quantity: number; moq: number; validUntil: Date }, prefix = "body"): void {
  if (t.validUntil.getTime() <= Date.now()) throw invalid(`${prefix}.validUntil`, "must be in the future");
  if (t.quantity < t.moq) throw invalid(`${prefix}.quantity`, `must be at least the minimum order quantity (${t.moq})`);
}

/**
 * The supplier proposes: the quote and its QUOTE card in one transaction, the first step of its
 * audit trail, and the store's unread badge and "needs reply" move like for any message.
 */
export async function proposeQuote(ctx: UserContext, sid: string, body: BodyOf<typeof contract>): Promise<QuoteDetail> {
  const viewer = viewerOf(ctx);
  await ownConversation(ctx.pool, viewer, sid);
  if (viewer.side !== "SUPPLIER") throw forbidden("Suppliers propose quotes; answer one with a counter-offer instead.");
  const validUntil = new Date(body.validUntil);
  checkTerms({ quantity: body.quantity, moq: body.moq, validUntil });
  return withTransaction(ctx.pool, async (tx) => writeSupplierQuote(tx, await ownConversation(tx, viewer, sid, true), viewer, body));
}

/**
 * The proposal itself, in the caller's transaction holding the conversation's row lock: the demo
 * responder proposes through here too, so its quotes are the same objects a person's are.
 */
export async function writeSupplierQuote(
  tx: Queryable,
  row: NamedConversationRow,
  viewer: InboxViewer | { side: "SUPPLIER"; userId: string | null },
  body: Omit<BodyOf<typeof contract>, "validUntil"> & { validUntil: string },
): Promise<QuoteDetail> {
  if (body.projectId && !(await projectForQuotes(tx, row.storeId, body.projectId))) throw invalid("body.projectId", "is not one of this store's custom projects");
  const validUntil = new Date(body.validUntil);
  const index = row.lastMessageIndex + 1;
  const id = await insertQuote(tx, {
    conversationId: row.id,
    storeId: row.storeId,
    supplierId: row.supplierId,
    projectId: body.projectId ?? null,
    messageIndex: index,
    title: body.title,
    unitPriceCents: body.unitPriceCents,
    quantity: body.quantity,
    moq: body.moq,
    leadTimeDays: body.leadTimeDays,
    samplePriceCents: body.samplePriceCents,
    validUntil,
    note: body.note,
    offeredBy: "SUPPLIER",
  });
  await appendQuoteEvent(tx, id, { action: "PROPOSED", side: "SUPPLIER", actorUserId: viewer.userId, actorName: row.supplierName, note: body.note });
  const message = await postMessage(tx, row, viewer, { type: "QUOTE", body: body.note, attributes: { quoteId: id, title: body.title } });
  const reader = { side: "SUPPLIER" as const, supplierId: row.supplierId, userId: viewer.userId ?? "" };
  const quote = (await findQuote(tx, reader, id))!;
  // message.created carried the bare card; the update right after gives both sides its live state.
  publishQuoteCard(tx, message, toQuote(quote, { supplierName: row.supplierName, storeName: row.storeName }));
  return toQuoteDetail(tx, quote);
}
