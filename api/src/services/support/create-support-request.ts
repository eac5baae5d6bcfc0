import { helpCenter, type BodyOf } from "@atelier/contracts";
import type { RequestContext } from "../../context";
import { withTransaction } from "../../db/pool";
import { AppError } from "../../errors";
import { queueEmail } from "../../providers/outbox";
import { countRecentSupportRequests, insertSupportRequest, lockSupportAddress } from "../../queries/support-requests";

/** Where support requests are mailed (the team's shared inbox). */
export const SUPPORT_ADDRESS = process.env.ATELIER_SUPPORT_EMAIL ?? "support@atelier.local";

const { SUPPORT_TEAM } = helpCenter;

/**
 * Mails a visitor's or store's question to the support team, in the transaction that records it,
 * with the writer's address to reply to. The writer gets no mail from here (a form that mails any
 * typed address is a spam relay); the answer on screen says who received it and when to expect a reply.
 */
export async function createSupportRequest(ctx: RequestContext, body: BodyOf<typeof helpCenter.createSupportRequest>) {
  const email = body.email;
  const id = await withTransaction(ctx.pool, async (db) => {
    await lockSupportAddress(db, email);
    if ((await countRecentSupportRequests(db, email)) >= SUPPORT_TEAM.requestsPerEmailPerHour) {
      throw new AppError("RATE_LIMITED", `${email} has sent ${SUPPORT_TEAM.requestsPerEmailPerHour} messages to the team in the last hour. The team answers them in order; please wait before writing again.`);
    }
    const row = await insertSupportRequest(db, {
      email,
      name: body.name || null,
      message: body.message,
      threadId: body.threadId ?? null,
      storeId: ctx.auth?.storeId ?? null,
      userId: ctx.auth?.userId ?? null,
      anonymousId: body.anonymousId ?? null,
    });
    const from = body.name ? `${body.name} <${email}>` : email;
    await queueEmail(db, {
      storeId: ctx.auth?.storeId ?? null,
      to: SUPPORT_ADDRESS,
      subject: `Support request from ${from}`,
      body: `${body.message}\n\n— ${from}${ctx.auth ? ` (logged in, store ${ctx.auth.storeId})` : " (a visitor)"}\nReply to: ${email}`,
      kind: "SUPPORT_REQUEST",
      payload: { supportRequestId: row.id, replyTo: email, threadId: body.threadId ?? null },
    });
    return row.id;
  });
  return { id, email, to: SUPPORT_TEAM.name, replyWithinHours: SUPPORT_TEAM.replyWithinHours };
}
