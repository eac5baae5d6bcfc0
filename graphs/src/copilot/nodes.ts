import type { RunnableConfig } from "@langchain/core/runnables";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { getRunContext } from "@atelier/tools";
import { bindTools, invokeModel } from "../shared/agent-loop";
import { copilotPrompt } from "./prompt";
import type { CopilotStateType } from "./state";
import { copilotToolset, FIND_TOOLS } from "./toolsets";

/**
 * The copilot's model node. With toolsets, each call binds the screen's toolset (bound models are
 * kept per set); without, every tool but find_tools, bound once.
 */
export function createCallModel(model: BaseChatModel, tools: StructuredToolInterface[], options: { toolsets: boolean }) {
  const bound = new Map<string, ReturnType<typeof bindTools>>();
  const bind = (names: string[]) => {
    const key = names.join(",");
    let m = bound.get(key);
    if (!m) {
      m = bindTools(model, tools.filter((t) => names.includes(t.name)));
      bound.set(key, m);
    }
    return m;
  };
  const everyTool = tools.map((t) => t.name).filter((n) => n !== FIND_TOOLS);
  const available = tools.map((t) => t.name);
  return async function callModel(state: CopilotStateType, config: RunnableConfig): Promise<Partial<CopilotStateType>> {
    const context = getRunContext(config);
    const names = options.toolsets ? copilotToolset(context.screen, state.messages, available) : everyTool;
    const response = await invokeModel(bind(names), copilotPrompt(context), state.messages, config);
    return { messages: [response] };
  };
}
