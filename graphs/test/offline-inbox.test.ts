import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { parseRecapName, parseReply } from "../src/models/offline-inbox";
import { offlineAssistant as copilot, calls, answer, toolTurn } from "./tool-fixture";

const sid = `CH${"a".repeat(32)}`;
const conversation = (extra: Record<string, unknown> = {}) => ({
  sid, name: "n", supplierId: crypto.randomUUID(), supplierName: "Ege Textiles", avatarUrl: null, avatarColor: "#888", storeId: crypto.randomUUID(), storeName: "Harbor Goods",
  lastTime: "2026-11-25T10:00:00.000Z", lastMessagePreview: "Yes: $3.20 a bag, 20 days.", lastMessageIndex: 2, isConciergeRecommended: false, origin: "PERSONAL", archived: false,
  lastReadIndex: 1, unreadCount: 1, needsReply: { side: "STORE", since: "2026-11-25T10:00:00.000Z" }, mySide: "STORE", ...extra,
});
const message = (index: number, authorSide: "STORE" | "SUPPLIER", body: string) => ({
  id: crypto.randomUUID(), conversationSid: sid, index, author: authorSide === "STORE" ? "store_x" : "manufacturer:y", authorSide, authorName: authorSide === "STORE" ? "Harbor Goods" : "Ege Textiles", type: "TEXT", body, attributes: {}, createdAt: "2026-11-25T10:00:00.000Z",
});

describe("offline copilot: the inbox", () => {
  it.each(["any new messages from suppliers?", "any new mesages?", "did any supplier reply?", "check my inbox", "do I have unread messages"])("lists unread conversations: %s", (text) => {
    expect(calls(copilot().decide([new HumanMessage(text)]))).toEqual([{ name: "list_conversations", args: { filter: "UNREAD", size: 10 } }]);
    const said = answer(copilot().decide([new HumanMessage(text), ...toolTurn("list_conversations", { filter: "UNREAD" }, { list: [conversation()], total: 1, page: 0, size: 10, unreadTotal: 1 })]));
    expect(said).toContain("You have 1 unread message from 1 supplier:");
    expect(said).toContain("- **Ege Textiles** — 1 unread: “Yes: $3.20 a bag, 20 days.”");
  });

  it("says when there is nothing new", () => {
    const thread = [new HumanMessage("any new messages?"), ...toolTurn("list_conversations", {}, { list: [], total: 0, page: 0, size: 10, unreadTotal: 0 })];
    expect(answer(copilot().decide(thread))).toBe("No new messages from suppliers: you're all caught up.");
  });

  it.each(["who is waiting for my reply?", "which suppliers need an answer", "what haven't I replied to"])("lists who waits for a reply: %s", (text) => {
    expect(calls(copilot().decide([new HumanMessage(text)]))).toEqual([{ name: "list_conversations", args: { filter: "NEEDS_REPLY", size: 10 } }]);
  });

  it("recaps a conversation by the supplier's name, then replies to 'them' as a follow-up, through the approval", () => {
    const ask = "summarise my chat with Ege Textiles";
    expect(calls(copilot().decide([new HumanMessage(ask)]))).toEqual([{ name: "list_conversations", args: { search: "Ege Textiles", size: 5 } }]);
    const found = [new HumanMessage(ask), ...toolTurn("list_conversations", { search: "Ege Textiles" }, { list: [conversation()], total: 1, page: 0, size: 5, unreadTotal: 1 })];
    expect(calls(copilot().decide(found))).toEqual([{ name: "list_messages", args: { sid, size: 10 } }]);
    const read = [...found, ...toolTurn("list_messages", { sid }, { list: [message(2, "SUPPLIER", "Yes: $3.20 a bag, 20 days."), message(1, "STORE", "Natural canvas.")], hasMore: true, conversation: conversation() })];
    const recap = answer(copilot().decide(read));
    expect(recap).toBe(["Your latest messages with **Ege Textiles**:", "- You: Natural canvas.", "- Ege Textiles: Yes: $3.20 a bag, 20 days.", "Ege Textiles is waiting for your reply."].join("\n"));

    const followUp = [...read, new AIMessage(recap), new HumanMessage("tell them that we accept, please send a sample")];
    expect(calls(copilot().decide(followUp))).toEqual([{ name: "send_message", args: { params: { sid }, body: { type: "TEXT", body: "We accept, please send a sample." } } }]);
    const sent = [...followUp, ...toolTurn("send_message", { params: { sid }, body: { type: "TEXT", body: "We accept, please send a sample." } }, { messages: [message(3, "STORE", "We accept, please send a sample.")], conversation: conversation({ needsReply: { side: "SUPPLIER", since: "2026-11-25T11:00:00.000Z" } }) })];
    expect(answer(copilot().decide(sent))).toBe("Sent to Ege Textiles: “We accept, please send a sample.”. Their reply will show in your inbox.");
  });

  it("replies to a supplier by name, and says so when there is no such conversation", () => {
    const ask = "reply to Ege Textiles that the samples look great";
    expect(calls(copilot().decide([new HumanMessage(ask)]))).toEqual([{ name: "list_conversations", args: { search: "Ege Textiles", size: 5 } }]);
    const found = [new HumanMessage(ask), ...toolTurn("list_conversations", {}, { list: [conversation()], total: 1, page: 0, size: 5, unreadTotal: 0 })];
    expect(calls(copilot().decide(found))).toEqual([{ name: "send_message", args: { params: { sid }, body: { type: "TEXT", body: "The samples look great." } } }]);
    const none = [new HumanMessage("message Bursa Denim: do you do selvedge?"), ...toolTurn("list_conversations", {}, { list: [], total: 0, page: 0, size: 5, unreadTotal: 0 })];
    expect(answer(copilot().decide(none))).toMatch(/no conversation with "Bursa Denim" yet/);
  });

  it("parses the ways people ask", () => {
    expect(parseReply("reply to Ege Textiles that we need 500 by March")).toEqual({ to: "Ege Textiles", body: "We need 500 by March." });
    expect(parseReply("tell them: samples approved!")).toEqual({ to: undefined, body: "Samples approved!" });
    expect(parseReply("repyl to Bursa Denim saying thanks")).toBeUndefined();
    expect(parseReply("reply to Bursa Denim saying thanks")).toEqual({ to: "Bursa Denim", body: "Thanks." });
    expect(parseRecapName("what did Ege Textiles say?")).toBe("Ege Textiles");
    expect(parseRecapName("catch me up on my conversation with Bursa Denim")).toBe("Bursa Denim");
  });
});
