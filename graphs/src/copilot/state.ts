import { MessagesState } from "../shared/messages";

/** The copilot keeps only the conversation; everything else lives in the API. */
export const CopilotState = MessagesState;
export type CopilotStateType = typeof CopilotState.State;
