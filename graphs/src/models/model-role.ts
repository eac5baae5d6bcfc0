import type { AssistantId } from "@atelier/contracts/agent-context";

/** Which agent a model serves; the offline model tailors its greeting and intents to it. */
export type ModelRole = AssistantId;
