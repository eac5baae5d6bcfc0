import type { BodyOf, helpCenter } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import { notFound } from "../../errors";
import { getThreadOwner, type ThreadOwnerRow } from "../../queries/agent-threads";
import { upsertChatbotFeedback } from "../../queries/help-center";

/**
 * Stores a visitor's rating of one chatbot message. Only the thread's owner may rate its messages
 * (the signed-in user it belongs to, or the anonymous visitor whose id started it): anyone else is
 * told it was not found, as the agent server answers for a thread that is not theirs.
 */
export async function submitChatbotFeedback(ctx: RequestContext, body: BodyOf<typeof helpCenter.submitChatbotFeedback>) {
  const owner = await getThreadOwner(ctx.pool, body.threadId);
  if (!owner || !ownsThread(ctx, owner, body.anonymousId)) throw notFound("Conversation");
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

function ownsThread(ctx: RequestContext, owner: ThreadOwnerRow, anonymousId: string | undefined): boolean {
  if (owner.anonymous_id !== null) return anonymousId === owner.anonymous_id;
  return ctx.auth !== null && owner.user_id === ctx.auth.userId && owner.store_id === ctx.auth.storeId;
}
