import { Annotation, DeltaChannel, messagesDeltaReducer, type Messages } from "@langchain/langgraph";
import type { BaseMessage } from "@langchain/core/messages";

/**
 * The messages channel of every Atelier graph. A delta channel stores only each step's new
 * messages in a checkpoint (with a periodic snapshot), so a thread's storage grows linearly
 * with its length instead of re-saving the whole list at every step.
 */
export const messagesSpec = {
  messages: () => new DeltaChannel<BaseMessage[], Messages>(messagesDeltaReducer, { initialValueFactory: () => [] }),
};

/** The state of a graph that keeps only the conversation. */
export const MessagesState = Annotation.Root(messagesSpec);
export type MessagesStateType = typeof MessagesState.State;
