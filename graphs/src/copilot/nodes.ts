import type { RunnableConfig } from "@langchain/core/runnables";
import { getRunContext } from "@atelier/tools";
import { invokeModel, type bindTools } from "../shared/agent-loop";
import { copilotPrompt } from "./prompt";
import type { CopilotStateType } from "./state";

/** The copilot's model node, over a model with the tools already bound (built once per graph). */
export function createCallModel(model: ReturnType<typeof bindTools>) {
  return async function callModel(state: CopilotStateType, config: RunnableConfig): Promise<Partial<CopilotStateType>> {
    const response = await invokeModel(model, copilotPrompt(getRunContext(config)), state.messages, config);
    return { messages: [response] };
  };
}
