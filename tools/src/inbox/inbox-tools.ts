import { inbox, marketplace } from "@atelier/contracts";
import { defineTool, type ApprovalLookup } from "../tool-spec";
import { attachmentTools } from "./attachment-tools";
import { meetingTools } from "./meeting-tools";
import { quoteTools } from "./quote-tools";

// The inbox: the store's conversations with suppliers. Reading is free; anything that reaches a
// supplier (a first message, a reply) is contact and waits for the user's approval, which shows
// the recipient and the exact text.

const sidArg = "The conversation's sid (CH…), from list_conversations";

/** "To Ege Textiles: “…”" — the recipient and the text the user approves. */
async function recipientOf(lookup: ApprovalLookup, sid: unknown): Promise<string> {
  const conversation = typeof sid === "string" ? await lookup(inbox.getConversation, { params: { sid } }) : undefined;
  return conversation ? conversation.supplierName : "the supplier";
}

function textOf(body: unknown): string {
  const b = body as { type?: unknown; body?: unknown; uploadIds?: unknown } | undefined;
  const text = typeof b?.body === "string" ? b.body.trim() : "";
  const files = Array.isArray(b?.uploadIds) && b.uploadIds.length > 0 ? ` (with ${b.uploadIds.length} file${b.uploadIds.length === 1 ? "" : "s"})` : "";
  if (b?.type && b.type !== "TEXT") return `a ${String(b.type).toLowerCase().replaceAll("_", " ")} card${text ? `: “${text}”` : ""}`;
  return `“${text}”${files}`;
}

export const inboxTools = [
  defineTool({
    contract: inbox.listConversations,
    name: "list_conversations",
    description:
      "List the store's conversations with suppliers, latest activity first, each with its unread count, last message and who owes a reply. Use it for 'any new messages from suppliers?' (filter UNREAD), 'who is waiting for my answer?' (filter NEEDS_REPLY), 'my chat with Ege Textiles' (search), and to find a conversation's sid before reading or replying. Tabs: PERSONAL (default), AI_SOURCING_AGENT (the sourcing agent's outreach), ARCHIVED.",
    argDescriptions: { page: "Page number, starting at 0", size: "Conversations per page, 1-100" },
  }),
  defineTool({
    contract: inbox.countUnreadMessages,
    name: "count_unread_messages",
    description: "How many unread supplier messages the store has, in how many conversations, and how many conversations wait for the store's reply. Use it for a quick 'do I have messages?'.",
  }),
  defineTool({
    contract: inbox.getConversation,
    name: "get_conversation",
    description: "One conversation's summary: the supplier, the last message, unread count and who owes a reply.",
    argDescriptions: { sid: sidArg },
  }),
  defineTool({
    contract: inbox.listMessages,
    name: "list_messages",
    description:
      "Read a conversation's messages, newest first, 10 at a time (pass before = the oldest index seen for older ones). Use it to summarise a conversation or before drafting a reply. Reading here does not mark anything read for the user.",
    argDescriptions: { sid: sidArg, before: "Only older messages than this index", after: "Only newer messages than this index", size: "How many, 1-100 (10 by default)" },
  }),
  defineTool({
    contract: inbox.startConversation,
    name: "start_conversation",
    description:
      "Open the store's conversation with a supplier from the marketplace (or find the existing one), optionally with a first message. Sending a message contacts the supplier, so the user approves the recipient and the text first.",
    argDescriptions: { supplierId: "The supplier's id, from a marketplace search or the screen", message: "The first message, written as the user would send it" },
    approval: {
      when: (a) => typeof a.message === "string" && a.message.trim().length > 0,
      async summary(a, lookup) {
        const profile = typeof a.supplierId === "string" ? await lookup(marketplace.getSupplierProfile, { params: { id: a.supplierId } }) : undefined;
        return `Send to ${profile?.supplier.name ?? "the supplier"}: “${String(a.message).trim()}”`;
      },
    },
  }),
  defineTool({
    contract: inbox.sendMessage,
    name: "send_message",
    description:
      "Send a message in a conversation as the store: body { type: 'TEXT', body: 'the text' }. This contacts the supplier: the user approves the recipient and the exact text first, so draft the message fully (no placeholders). To only draft, show the text to the user instead of calling this tool.",
    argDescriptions: { body: "The message: { type: 'TEXT', body: 'the text' } (or a card type with its attributes)" },
    approval: { summary: async (a, lookup) => `Send to ${await recipientOf(lookup, (a.params as { sid?: unknown } | undefined)?.sid ?? a.sid)}: ${textOf(a.body)}` },
  }),
  ...quoteTools,
  ...meetingTools,
  ...attachmentTools,
];
