import type { BodyOf } from "@atelier/contracts";
import type { QuoteDetail, counterQuote as contract } from "@atelier/contracts/inbox/contracts";
import type { UserContext } from "../../../context";
import { appendQuoteEvent, updateQuoteTerms, type QuoteTerms } from "../../../queries/inbox/quotes";
import { checkTerms } from "./propose-quote";
import { actOnQuote, termsSentence } from "./quote-action";

/** Either side, in turn, answers with new terms; only the terms given change. */
export async function counterQuote(ctx: UserContext, id: string, body: BodyOf<typeof contract>): Promise<QuoteDetail> {
  return actOnQuote(ctx, id, "countered", "sourcing.use", async ({ tx, quote, conversation, viewer }) => {
    const terms: QuoteTerms = {
      unitPriceCents: body.unitPriceCents ?? quote.unitPriceCents,
      quantity: body.quantity ?? quote.quantity,
      moq: body.moq ?? quote.moq,
      leadTimeDays: body.leadTimeDays ?? quote.leadTimeDays,
      samplePriceCents: body.samplePriceCents !== undefined ? body.samplePriceCents : quote.samplePriceCents,
      validUntil: body.validUntil ? new Date(body.validUntil) : quote.validUntil,
      note: body.note,
    };
    checkTerms(terms);
    await updateQuoteTerms(tx, quote.id, terms, viewer.side);
    const actorName = viewer.side === "STORE" ? conversation.storeName : conversation.supplierName;
    await appendQuoteEvent(tx, quote.id, { action: "COUNTERED", side: viewer.side, actorUserId: viewer.userId, actorName, note: body.note });
    return `Counter-offer on “${quote.title}”: ${termsSentence(terms)}.${body.note ? ` ${body.note}` : ""}`;
  });
}
