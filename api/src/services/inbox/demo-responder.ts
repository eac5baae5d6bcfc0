import { z } from "zod";
import type pg from "pg";
import { conversationSidSchema } from "@atelier/contracts/inbox/contracts";
import type { AppDeps } from "../../context";
import { withTransaction, type Queryable } from "../../db/pool";
import { defineJob } from "../../jobs";
import { authorOf, type NamedConversationRow } from "../../queries/inbox/conversations";
import { lastIndexFrom, listMessages } from "../../queries/inbox/messages";
import { projectForQuotes } from "../projects/record-quoted-terms";
import { ownConversation } from "./inbox-viewer";
import { postMessage } from "./post-message";
import { writeSupplierQuote } from "./quotes/propose-quote";
import type { AgentRequest } from "./post-agent-outreach";

export const DEMO_REPLY = "inbox.demoReply";

/** Marks a message the demo wrote for a supplier, so the screens can say so. */
export const DEMO_REPLY_ATTRIBUTE = "demoReply";

/**
 * In a demo (config.inbox.demoReplyMs set: on by default outside production and tests) nobody sits
 * at the suppliers' end, so a store's message is answered by the supplier after a short delay,
 * through the same message and quote paths a supplier's own replies take. Enqueued in the store's
 * send transaction; one pending reply per conversation, covering every message sent meanwhile.
 */
export async function scheduleDemoReply(tx: Queryable, deps: Pick<AppDeps, "config" | "jobs" | "pool">, row: { sid: string; storeId: string; supplierId: string }, afterIndex: number): Promise<void> {
  const delay = deps.config.inbox.demoReplyMs;
  if (delay === null) return;
  await deps.jobs.enqueue(demoReplyJob(deps.pool), { sid: row.sid, supplierId: row.supplierId, afterIndex }, { db: tx, storeId: row.storeId, runAt: new Date(Date.now() + delay), singletonKey: `demo-reply:${row.sid}` });
}

/** The job that writes the reply. */
export function demoReplyJob(pool: pg.Pool) {
  return defineJob({
    type: DEMO_REPLY,
    payload: z.strictObject({ sid: conversationSidSchema, supplierId: z.uuid(), afterIndex: z.number().int().min(0) }),
    maxAttempts: 3,
    handler: async (p) => ({ replied: await writeDemoReply(pool, p.sid, p.supplierId) }),
  });
}

/** A deterministic number from a supplier's id, so each demo supplier quotes its own figures every time. */
function dice(seed: string, min: number, max: number): number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return min + (h % (max - min + 1));
}

const QUOTE_WORDS = /\b(quote|quotation|price|pricing|cost|how much|moq|minimum|per (unit|piece))\b/i;
const SAMPLE_WORDS = /\bsamples?\b/i;
const CALL_WORDS = /\b(call|meet|meeting|video|zoom)\b/i;

/**
 * Answers what the store wrote since the supplier last spoke, in character: a quote card for a
 * custom project it was sent, indicative terms when asked for prices, or an acknowledgement.
 * Stays quiet when someone on the supplier's side answered in the meantime. Answers whether it wrote.
 */
export async function writeDemoReply(pool: pg.Pool, sid: string, supplierId: string): Promise<boolean> {
  return withTransaction(pool, async (tx) => {
    const reader = { side: "SUPPLIER" as const, supplierId, userId: "" };
    const row = await ownConversation(tx, reader, sid, true);
    if (row.awaitingSide !== "SUPPLIER") return false;
    const since = (await lastIndexFrom(tx, row.id, authorOf("SUPPLIER", supplierId))) ?? -1;
    const { rows: news } = await listMessages(tx, row.id, { after: since, size: 20 });
    const fromStore = news.filter((m) => m.author.startsWith("store_"));
    if (!fromStore.length) return false;
    const author = { side: "SUPPLIER" as const, userId: null };
    const say = (body: string) => postMessage(tx, row, author, { type: "TEXT", body, attributes: { [DEMO_REPLY_ATTRIBUTE]: true } });
    const terms = {
      unitPriceCents: dice(`${supplierId}:price`, 28, 95) * 10,
      moq: dice(`${supplierId}:moq`, 1, 5) * 100,
      leadTimeDays: dice(`${supplierId}:lead`, 18, 40),
      samplePriceCents: dice(`${supplierId}:sample`, 25, 60) * 100,
    };
    const card = fromStore.findLast((m) => m.type === "CREATOR_CUSTOM_PROJECT" && typeof m.attributes.projectId === "string");
    const project = card ? await projectForQuotes(tx, row.storeId, card.attributes.projectId as string) : null;
    if (project) {
      await say(`Thank you for sending “${project.title}”, ${row.storeName}! Here is our quote; we can adjust it if your quantity or materials change.`);
      await writeSupplierQuote(tx, row, author, {
        title: project.title,
        projectId: project.id,
        quantity: Math.max(project.quantity ?? terms.moq, terms.moq),
        ...terms,
        validUntil: new Date(Date.now() + 14 * 86_400_000).toISOString(),
        note: `Quote from ${row.supplierName} for ${project.title}.`,
      });
      return true;
    }
    // The sourcing agent's request for quote (post-agent-outreach) names its product and quantity.
    const request = fromStore.findLast((m) => isAgentRequest(m.attributes.sourcingRequest))?.attributes.sourcingRequest as AgentRequest | undefined;
    if (request) {
      await say(`Thank you for your request for ${request.productName}! Here is our quote for it; tell us if the quantity or materials change.`);
      await writeSupplierQuote(tx, row, author, {
        title: request.productName,
        quantity: Math.max(request.quantity ?? terms.moq, terms.moq),
        ...terms,
        validUntil: new Date(Date.now() + 14 * 86_400_000).toISOString(),
        note: `Quote from ${row.supplierName} for ${request.productName} (tech pack version ${request.techPackVersion}).`,
      });
      return true;
    }
    const text = fromStore.map((m) => m.body).join("\n");
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    await say(replyText(row, text, terms, dollars));
    return true;
  });
}

function isAgentRequest(v: unknown): v is AgentRequest {
  return typeof v === "object" && v !== null && typeof (v as AgentRequest).productName === "string" && typeof (v as AgentRequest).techPackVersion === "number";
}

function replyText(row: NamedConversationRow, text: string, t: { unitPriceCents: number; moq: number; leadTimeDays: number; samplePriceCents: number }, dollars: (c: number) => string): string {
  if (QUOTE_WORDS.test(text))
    return `Happy to quote, ${row.storeName}! Orders like this usually start at ${t.moq} pieces, around ${dollars(t.unitPriceCents)} a piece, ready in about ${t.leadTimeDays} days. Send us the details as a custom project (quantity, size, materials) and we will come back with a firm quote.`;
  if (SAMPLE_WORDS.test(text)) return `We can make a sample for ${dollars(t.samplePriceCents)}; it ships in about a week. Shall we go ahead?`;
  if (CALL_WORDS.test(text)) return "Happy to talk! Propose a few times with the meeting button and we will confirm one.";
  return `Thanks for your message! This is the ${row.supplierName} team; we are looking into it and will come back to you shortly.`;
}
