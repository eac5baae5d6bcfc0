import type { BodyOf, helpCenter } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import { upsertChatbotFeedback } from "../../queries/help-center";

/** Stores a visitor's rating of one chatbot message; a logged-in visitor is recorded as such. */
export async function submitChatbotFeedback(ctx: RequestContext, body: BodyOf<typeof helpCenter.submitChatbotFeedback>) {
  const row = await upsertChatbotFeedback(ctx.pool, {
    threadId: body.threadId,
    messageId: body.messageId,
    rating: body.rating,
    comment: body.comment || null,
    storeId: ctx.auth?.storeId ?? null,
    userId: ctx.auth?.userId ?? null,
    anonymousId: body.anonymousId ?? null,
  });
  return { id: row.id, threadId: row.thread_id, messageId: row.message_id, rating: row.rating, comment: row.comment, updatedAt: row.updated_at.toISOString() };
}
