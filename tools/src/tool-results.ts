import type { Contract, ResponseOf } from "@atelier/contracts";
import { commonsTools } from "./commons/commons-tools";
import { helpCenterTools } from "./help-center/help-center-tools";
import { marketplaceTools } from "./marketplace/marketplace-tools";
import { packagingTools } from "./marketplace/packaging-tools";
import { paymentTools } from "./payments/payment-tools";
import { planTools } from "./plans/plan-tools";
import { projectTools } from "./projects/project-tools";
import { purchasingTools } from "./purchasing/purchasing-tools";
import { sourcingTools } from "./sourcing/sourcing-tools";
import { storeTools } from "./stores/store-tools";
import { teamTools } from "./team/team-tools";
import { visitorTools } from "./marketplace/visitor-tools";
import { orderTools } from "./orders/order-tools";
import { inboxTools } from "./inbox/inbox-tools";
import { inventoryTools } from "./inventory/inventory-tools";
import { analyticsTools } from "./analytics/analytics-tools";
import { creationTools } from "./creation/creation-tools";
import { returnTools } from "./returns/return-tools";
import { shippingTools } from "./shipping/shipping-tools";
import { brandKitTools } from "./brand-kits/brand-kit-tools";
import { orderRuleTools } from "./order-rules/order-rule-tools";
import { ideationTools } from "./ideation/ideation-tools";
import { receivingTools } from "./receivings/receiving-tools";
import { warehouseTicketTools } from "./warehouse-tickets/warehouse-ticket-tools";
import { feeTools } from "./fees/fee-tools";
import { scorecardTools } from "./supplier-scorecards/scorecard-tools";
import { kittingTools } from "./kitting/kitting-tools";
import { presaleTools } from "./presale/presale-tools";
import { salesChannelTools } from "./sales-channels/sales-channel-tools";
import { orderExportTools } from "./order-exports/order-export-tools";

// Tool results read through their contracts: a tool's answer is its contract's response (or an
// error, or the user's refusal), parsed by that response schema, never read by guessing fields.
// Free of LangChain so the web's tool cards read results the same way.

/** Every tool's declaration, each typed by its name and contract. */
export const TOOL_SPECS = [...storeTools, ...planTools, ...paymentTools, ...teamTools, ...commonsTools, ...sourcingTools, ...helpCenterTools, ...marketplaceTools, ...purchasingTools, ...projectTools, ...packagingTools, ...visitorTools, ...orderTools, ...inventoryTools, ...inboxTools, ...analyticsTools, ...creationTools, ...returnTools, ...shippingTools, ...brandKitTools, ...orderRuleTools, ...ideationTools, ...receivingTools, ...warehouseTicketTools, ...feeTools, ...scorecardTools, ...kittingTools, ...salesChannelTools, ...presaleTools, ...orderExportTools];

type AnyToolSpec = (typeof TOOL_SPECS)[number];
/** The name of a tool that exists. */
export type ToolName = AnyToolSpec["name"];
/** What a tool answers when it succeeds: its contract's response. */
export type ToolResponse<N extends ToolName> = ResponseOf<Extract<AnyToolSpec, { name: N }>["contract"]>;

/** Why a tool gave no response: the API's error (or a result of another shape), as the tool passed it on. */
export type ToolError = { status: number; code: string; message: string };

/** A tool result read through its contract. */
export type ToolResult<T> = { ok: true; value: T } | { ok: false; declined: true; message: string } | { ok: false; declined: false; error: ToolError };

const BY_NAME = new Map<string, AnyToolSpec>(TOOL_SPECS.map((s) => [s.name, s]));

/** Whether a string names a tool; narrows it for `readToolResult`. */
export function isToolName(name: string): name is ToolName {
  return BY_NAME.has(name);
}

/** The contract a tool calls, or undefined for a name no tool has. */
export function toolContract(name: string): Contract | undefined {
  return BY_NAME.get(name)?.contract;
}

const unreadable = (message: string): ToolResult<never> => ({ ok: false, declined: false, error: { status: 0, code: "UNREADABLE_RESULT", message } });

function jsonOf(content: unknown): { value: unknown } | undefined {
  if (typeof content !== "string") return { value: content };
  try {
    return { value: JSON.parse(content) };
  } catch {
    return undefined;
  }
}

/**
 * Reads one tool's result (the tool message's JSON text, or the value already parsed) as its
 * contract's response; an API error, a refusal or an answer of another shape comes back typed.
 * Throws on a name no tool has: a typo is a bug, not a result.
 */
export function readToolResult<N extends ToolName>(name: N, content: unknown): ToolResult<ToolResponse<N>> {
  const spec = BY_NAME.get(name);
  if (!spec) throw new Error(`Unknown tool ${name}: no tool of that name exists, so its result cannot be read`);
  const json = jsonOf(content);
  if (!json) return unreadable(`The ${name} tool answered in plain text: ${String(content).slice(0, 200)}`);
  const value = json.value as { error?: ToolError; declined?: unknown; message?: unknown; truncated?: unknown } | null;
  if (value && typeof value === "object" && value.error && typeof value.error === "object") return { ok: false, declined: false, error: value.error };
  if (value && typeof value === "object" && value.declined === true) return { ok: false, declined: true, message: typeof value.message === "string" ? value.message : "The user declined." };
  if (value && typeof value === "object" && value.truncated === true) return unreadable(`The ${name} tool's answer was too long to read whole.`);
  const parsed = spec.contract.response.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return unreadable(`The ${name} tool's answer is not its contract's response (${issue?.path.join(".") || "the answer"}: ${issue?.message}).`);
  }
  return { ok: true, value: parsed.data as ToolResponse<N> };
}

/** A tool's response when it succeeded, else undefined. */
export function toolResponse<N extends ToolName>(name: N, content: unknown): ToolResponse<N> | undefined {
  const result = readToolResult(name, content);
  return result.ok ? result.value : undefined;
}
