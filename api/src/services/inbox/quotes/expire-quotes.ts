import { z } from "zod";
import type pg from "pg";
import { withTransaction } from "../../../db/pool";
import { defineJob } from "../../../jobs";
import { appendQuoteEvent, findQuote, lockLapsedQuotes, settleQuote } from "../../../queries/inbox/quotes";
import { listMessages } from "../../../queries/inbox/messages";
import { toMessage } from "../inbox-viewer";
import { namesOf, publishQuoteCard, toQuote } from "./quote-view";

export const EXPIRE_QUOTES = "inbox.expireQuotes";
/** Quotes settled per transaction; a backlog is worked through in several. */
const BATCH = 100;

/**
 * Records open quotes past their valid-until time as expired, with a SYSTEM step in each audit
 * trail, and re-sends their cards. Readers already see a lapsed quote as expired; this makes it
 * so in the database (and in lists filtered by status). Concurrent runs skip each other's rows.
 */
export async function expireLapsedQuotes(pool: pg.Pool): Promise<number> {
  let expired = 0;
  for (;;) {
    const done = await withTransaction(pool, async (tx) => {
      const lapsed = await lockLapsedQuotes(tx, BATCH);
      for (const l of lapsed) {
        await settleQuote(tx, l.id, "EXPIRED");
        await appendQuoteEvent(tx, l.id, { action: "EXPIRED", side: "SYSTEM", actorUserId: null, actorName: "", note: "The offer lapsed at its valid-until time." });
        const quote = (await findQuote(tx, { side: "STORE", storeId: l.storeId, userId: "" }, l.id))!;
        const card = (await listMessages(tx, quote.conversationId, { after: quote.messageIndex - 1, size: 1 })).rows[0];
        if (card) publishQuoteCard(tx, toMessage(card), toQuote(quote, (await namesOf(tx, [quote]))(quote)));
      }
      return lapsed.length;
    });
    expired += done;
    if (done < BATCH) return expired;
  }
}

/** The recurring job that runs it (scheduled every minute by the server). */
export function expireQuotesJob(pool: pg.Pool) {
  return defineJob({
    type: EXPIRE_QUOTES,
    payload: z.strictObject({}),
    maxAttempts: 3,
    handler: async () => ({ expired: await expireLapsedQuotes(pool) }),
  });
}
