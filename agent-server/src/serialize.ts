import { isBaseMessage, type BaseMessage } from "@langchain/core/messages";

/** A message as LangGraph's HTTP API sends it (the shape the SDK and assistant-ui read). */
export type MessageDict = {
  type: string;
  id?: string;
  content: unknown;
  name?: string;
  tool_calls?: unknown[];
  invalid_tool_calls?: unknown[];
  tool_call_id?: string;
  status?: string;
  additional_kwargs?: Record<string, unknown>;
  response_metadata?: Record<string, unknown>;
  usage_metadata?: unknown;
  artifact?: unknown;
};

function messageType(message: BaseMessage): string {
  const type = message.getType();
  return type === "generic" ? "chat" : type;
}

/** One message as a plain dict: type, id, content, and the fields its kind carries. */
export function messageToDict(message: BaseMessage): MessageDict {
  const m = message as BaseMessage & Partial<Record<string, unknown>>;
  const dict: MessageDict = { type: messageType(message), id: message.id, content: message.content };
  if (message.name) dict.name = message.name;
  if (Array.isArray(m.tool_calls)) dict.tool_calls = m.tool_calls;
  if (Array.isArray(m.invalid_tool_calls) && m.invalid_tool_calls.length) dict.invalid_tool_calls = m.invalid_tool_calls;
  if (typeof m.tool_call_id === "string") dict.tool_call_id = m.tool_call_id;
  if (typeof m.status === "string") dict.status = m.status;
  if (m.artifact !== undefined) dict.artifact = m.artifact;
  if (m.usage_metadata !== undefined) dict.usage_metadata = m.usage_metadata;
  dict.additional_kwargs = message.additional_kwargs ?? {};
  dict.response_metadata = message.response_metadata ?? {};
  return dict;
}

/** Graph values, updates and stream chunks as JSON: messages become dicts, the rest is copied. */
export function toJsonValue(value: unknown, depth = 0): unknown {
  if (depth > 64) return null;
  if (value === null || value === undefined) return value ?? null;
  if (isBaseMessage(value)) return messageToDict(value);
  if (Array.isArray(value)) return value.map((v) => toJsonValue(v, depth + 1));
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "object") {
    const obj = value as Record<string, unknown> & { toJSON?: () => unknown };
    // Interrupts and Commands are classes; their own JSON form is what the SDK expects.
    if (typeof obj.toJSON === "function" && obj.constructor !== Object) return toJsonValue(obj.toJSON(), depth + 1);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj)) if (typeof v !== "function") out[k] = toJsonValue(v, depth + 1);
    return out;
  }
  if (typeof value === "function" || typeof value === "symbol") return null;
  return value;
}
