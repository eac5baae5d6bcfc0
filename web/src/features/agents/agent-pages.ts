import type { AssistantId } from "@atelier/contracts/agent-context";

/** The three sourcing agents' pages: the assistant each talks to and where its review lives. */
export type AgentPage = {
  assistant: Extract<AssistantId, "sourcing-agent" | "tariff-rate-agent" | "packaging-agent">;
  title: string;
  chatPath: string;
  reviewPath: string;
  intro: string;
  examples: string[];
};

export const AGENT_PAGES: AgentPage[] = [
  {
    assistant: "sourcing-agent",
    title: "Sourcing agent",
    chatPath: "/sourcing-agent",
    reviewPath: "/sourcing-agent-review",
    intro: "Describe the product you want made: the agent writes the tech pack, matches factories and contacts the ones you choose.",
    examples: ["find suppliers for organic cotton tees under MOQ 500", "what is the tariff on ceramic mugs from China"],
  },
  {
    assistant: "tariff-rate-agent",
    title: "Tariff rate agent",
    chatPath: "/tariff-rate-agent",
    reviewPath: "/tariff-rate-agent-review",
    intro: "Ask for the import duty of a product from its origin country: the agent gives the rate, the duty per unit and the landed cost, with the rates' as-of date.",
    examples: ["what is the tariff on ceramic mugs from China", "duty on cotton t-shirts from Vietnam at $4 per unit, MOQ 500"],
  },
  {
    assistant: "packaging-agent",
    title: "Packaging agent",
    chatPath: "/packaging-agent",
    reviewPath: "/packaging-agent-review",
    intro: "Tell the agent what you ship: it helps choose mailers, boxes and inserts and finds packaging suppliers.",
    examples: ["find packaging suppliers for mailer boxes, MOQ 1000"],
  },
];

/** The agent page a path belongs to (its chat or its review). */
export function agentPageOf(pathname: string): AgentPage {
  const path = pathname.replace(/\/+$/, "");
  return AGENT_PAGES.find((p) => p.chatPath === path || p.reviewPath === path) ?? AGENT_PAGES[0]!;
}

/** Where a page keeps its assistant's open thread; the dock's key, so both reopen the same thread. */
export { threadStorageKey } from "../../chat/agent-client";
