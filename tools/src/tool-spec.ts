import type { CallInput, Contract, ResponseOf } from "@atelier/contracts";
import type { RunContext } from "@atelier/contracts/agent-context";

// What a tool is, apart from how it is built into a LangChain tool (tool-from-contract.ts): free of
// LangChain, so the web can read tool results by the same declarations.

/** The interrupt payload of a write that spends money or contacts people. */
export type ApprovalRequest = { type: "approval"; tool: string; args: Record<string, unknown>; summary: string };

type Args = Record<string, unknown>;

/** Reads with the user's token while an approval summary is written; undefined when the read fails. */
export type ApprovalLookup = <C extends Contract>(contract: C, input: CallInput<C>) => Promise<ResponseOf<C> | undefined>;

/** How a write asks for approval: when (default always) and the sentence the user approves. */
export type ApprovalSpec = {
  /** Ask only when this holds for the arguments (e.g. only when the write puts something in the cart). */
  when?: (args: Args) => boolean;
  /** What the user approves; may look up names and prices so the user sees more than ids. */
  summary: (args: Args, lookup: ApprovalLookup) => string | Promise<string>;
  /**
   * Approvals only for what can succeed: a sentence saying why the write cannot go through (no card
   * on file, no free seat), answered instead of asking; undefined when nothing is known to stop it.
   */
  precheck?: (args: Args, lookup: ApprovalLookup) => Promise<string | undefined>;
};

export type ToolSpec<C extends Contract = Contract> = {
  contract: C;
  /** snake_case verb_noun. */
  name: string;
  /** When to use the tool, for the model. */
  description: string;
  /** Descriptions for arguments whose contract field carries none. */
  argDescriptions?: Record<string, string>;
  /** Arguments the tool fills itself (from the run context) and the model never sees. */
  omit?: string[];
  /** Maps the model's arguments to the contract call, when the default split by field name is not enough. */
  argsFrom?: (args: Args, context: RunContext & { threadId?: string }) => CallInput<C>;
  /** Writes that spend money, commit to a purchase or contact people: the summary the user approves. */
  approval?: ApprovalSpec;
  /** Made for one agent (the chatbot's public search, the packaging agent's fixed filters): the copilot has the general tool instead. */
  agentOnly?: boolean;
};

/** A tool spec that keeps its name and contract in its type, so its result can be read as the contract's response. */
export type TypedToolSpec<C extends Contract, N extends string> = ToolSpec & { readonly name: N; readonly contract: C };

/** Declares a tool over a contract; built later with `toolFromContract` and the graph's deps. */
export function defineTool<C extends Contract, const N extends string>(spec: ToolSpec<C> & { name: N }): TypedToolSpec<C, N> {
  return spec as unknown as TypedToolSpec<C, N>;
}

