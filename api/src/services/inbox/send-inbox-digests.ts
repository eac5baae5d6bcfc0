import { z } from "zod";
import type pg from "pg";
import type { ConversationSide } from "@atelier/contracts/inbox/contracts";
import { withTransaction } from "../../db/pool";
import { defineJob } from "../../jobs";
import { queueEmail, queueSms } from "../../providers/outbox";
import { lockDigestConversations, markNotified, recipientEmails, recipientsDue, type DigestConversation } from "../../queries/inbox/digests";
import { getStoreConfigs, getStorePhone } from "../../queries/stores";
import { previewOf } from "./message-preview";

export const SEND_INBOX_DIGESTS = "inbox.sendDigests";
/** Recipients looked up per round; each is mailed in a transaction of its own. */
const ROUND = 50;
/** Conversations named one by one in a digest; the rest are counted. */
const LISTED = 10;

export type DigestOptions = {
  afterMs: number;
  webOrigin: string;
  /** Only these stores and suppliers (an operator's "send now" for one account, or a test among others'); default everyone. */
  only?: { storeIds: string[]; supplierIds: string[] };
};
export type DigestRun = { emails: number; sms: number; conversations: number; messages: number };

/**
 * Tells each side about messages it has neither read nor been told about for afterMs: one e-mail
 * per person on that side covering all its conversations (Chatwoot batches replies the same way),
 * plus one text message to the store's phone when its `inbox-sms-notify` setting is on. Each
 * conversation remembers what was announced, so a message is in at most one digest; concurrent
 * runs skip each other's conversations.
 */
export async function sendInboxDigests(pool: pg.Pool, options: DigestOptions): Promise<DigestRun> {
  const run: DigestRun = { emails: 0, sms: 0, conversations: 0, messages: 0 };
  for (const side of ["STORE", "SUPPLIER"] as const) {
    // A recipient whose rows another run holds stays due; remembering who was tried ends the loop.
    const tried = new Set<string>();
    for (;;) {
      const due = (await recipientsDue(pool, side, options.afterMs, ROUND + tried.size, options.only ? (side === "STORE" ? options.only.storeIds : options.only.supplierIds) : null)).filter((id) => !tried.has(id));
      if (!due.length) break;
      for (const recipientId of due) {
        tried.add(recipientId);
        await withTransaction(pool, async (tx) => {
          const conversations = await lockDigestConversations(tx, side, recipientId, options.afterMs);
          if (!conversations.length) return;
          const digest = writeDigest(side, conversations, options.webOrigin);
          const storeId = side === "STORE" ? recipientId : null;
          const payload = { side, conversations: conversations.map((c) => c.sid), messages: digest.messages };
          for (const to of await recipientEmails(tx, side, recipientId)) {
            await queueEmail(tx, { storeId, to, subject: digest.subject, body: digest.body, kind: "inbox_digest", payload });
            run.emails += 1;
          }
          if (side === "STORE" && (await getStoreConfigs(tx, recipientId))?.inbox_sms_notify) {
            const phone = await getStorePhone(tx, recipientId);
            if (phone) {
              await queueSms(tx, { storeId, to: phone, body: digest.sms, kind: "inbox_digest", payload });
              run.sms += 1;
            }
          }
          await markNotified(tx, side, conversations.map((c) => ({ id: c.id, index: c.lastMessageIndex })));
          run.conversations += conversations.length;
          run.messages += digest.messages;
        });
      }
    }
  }
  return run;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The digest in words: a subject, a body listing each conversation's news, and a short text message. */
export function writeDigest(side: ConversationSide, conversations: DigestConversation[], webOrigin: string) {
  const messages = conversations.reduce((n, c) => n + c.newCount, 0);
  const who = side === "STORE" ? "supplier" : "store";
  const names = conversations.map((c) => c.otherName);
  const from = names.length === 1 ? names[0]! : names.length === 2 ? `${names[0]} and ${names[1]}` : `${names[0]} and ${plural(names.length - 1, `other ${who}`)}`;
  const link = (sid: string) => (side === "STORE" ? `${webOrigin}/inbox/messages?c=${sid}` : `${webOrigin}/supplier/inbox?c=${sid}`);
  const subject = `${plural(messages, "unread message")} from ${from}`;
  const lines = conversations.slice(0, LISTED).map((c) => {
    const preview = previewOf(c.latest) || "A message";
    return `${c.otherName} (${plural(c.newCount, "new message")}): “${preview}”\n${link(c.sid)}`;
  });
  if (conversations.length > LISTED) lines.push(`…and ${plural(conversations.length - LISTED, `more ${who}`)}.`);
  const inbox = side === "STORE" ? `${webOrigin}/inbox/messages` : `${webOrigin}/supplier/inbox`;
  const body = [
    `You have ${plural(messages, "message")} you have not read yet:`,
    "",
    lines.join("\n\n"),
    "",
    `Open your inbox to answer: ${inbox}`,
    "",
    "We send one summary like this when messages wait unread, never one e-mail per message.",
  ].join("\n");
  const sms = `Atelier: ${subject}. Reply in your inbox: ${inbox}`;
  return { subject, body, sms, messages };
}

/** The recurring job that runs it (scheduled every minute by the server; the wait comes from the config). */
export function sendInboxDigestsJob(pool: pg.Pool, options: DigestOptions) {
  return defineJob({
    type: SEND_INBOX_DIGESTS,
    payload: z.strictObject({}),
    maxAttempts: 3,
    handler: async () => sendInboxDigests(pool, options),
  });
}
