import { Annotation } from "@langchain/langgraph";
import { messagesSpec } from "../shared/messages";

/** The three sourcing agents; the variant sets the event item type (001 §3). */
export const SOURCING_VARIANTS = ["default", "tariff", "packaging"] as const;
export type SourcingVariant = (typeof SOURCING_VARIANTS)[number];
export const EVENT_ITEM_TYPES: Record<SourcingVariant, "design-source" | "tariff-rate" | "packaging"> = {
  default: "design-source",
  tariff: "tariff-rate",
  packaging: "packaging",
};

export type Attachment = { url: string; name?: string; contentType?: string };
export type MatchedFactories = { inNetworkIds: string[]; expandedIds: string[] };
export type TariffCountry = { name: string; code: string };

const last = <T>(fallback: T) => Annotation<T>({ reducer: (_prev, next) => next, default: () => fallback });

/**
 * Sourcing agent state (001 §3): the review pages (/sourcing-agent-review,
 * /tariff-rate-agent-review) read these fields from the thread state.
 */
export const SourcingState = Annotation.Root({
  ...messagesSpec,
  eventItemType: last<"design-source" | "tariff-rate" | "packaging">("design-source"),
  attachments: Annotation<Attachment[]>({ reducer: (prev, next) => [...prev, ...next.filter((a) => !prev.some((p) => p.url === a.url))], default: () => [] }),
  /** The conversation's goal as validated by the API (goals are keyed by conversationSid = thread id). */
  goal: last<Record<string, unknown> | null>(null),
  techPackId: last<string | null>(null),
  matchedFactories: last<MatchedFactories>({ inNetworkIds: [], expandedIds: [] }),
  reviewForm: last<Record<string, unknown>>({}),
  tariffCountry: last<TariffCountry | null>(null),
  perUnitPrice: last<number | null>(null),
  productMoq: last<number | null>(null),
});

export type SourcingStateType = typeof SourcingState.State;
export type SourcingUpdate = typeof SourcingState.Update;
