import { MessagesState } from "../shared/messages";

/** Chatbot content types (000 §3 chat message types); stored in each AI message's additional_kwargs.contentType. */
export const CONTENT_TYPES = ["text", "supplier", "product", "getting started", "loading", "notice"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const StorefrontChatState = MessagesState;
export type StorefrontChatStateType = typeof StorefrontChatState.State;
