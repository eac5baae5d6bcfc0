import crypto from "node:crypto";
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { TOOL_SPECS, isToolName } from "@atelier/tools/tool-results";
import { createTools, hasTool } from "@atelier/tools";
import { OfflineChatModel } from "../src/models/offline-model";
import type { ModelRole } from "../src/models/model-role";
import { COPILOT_TOOLS } from "../src/copilot/graph";
import { VARIANTS } from "../src/sourcing/variants";

// Tool results for scripted threads: a test names only the fields it is about, and the rest of the
// tool's contract response is filled with plain values, so the offline assistant reads every
// result through its contract exactly as it reads the API's.

type Def = { type: string; keyType?: Schema; valueType?: Schema; shape?: Record<string, Schema>; element?: Schema; innerType?: Schema; entries?: Record<string, string>; values?: unknown[]; options?: Schema[]; in?: Schema; format?: string; defaultValue?: unknown };
type Schema = { _zod: { def: Def } };

function plain(schema: Schema): unknown {
  const def = schema._zod.def;
  switch (def.type) {
    case "string":
      if (def.format === "email") return "someone@example.com";
      if (def.format === "uuid" || def.format === "guid") return crypto.randomUUID();
      if (def.format === "url") return "https://example.com";
      if (def.format === "datetime") return "2026-11-20T10:00:00.000Z";
      if (def.format === "date") return "2026-11-20";
      return "x";
    case "number":
    case "int":
      return 0;
    case "boolean":
      return false;
    case "enum":
      return Object.values(def.entries ?? {})[0];
    case "literal":
      return def.values?.[0];
    case "nullable":
      return null;
    case "optional":
      return undefined;
    case "default":
      return def.innerType ? plain(def.innerType) : undefined;
    case "array":
      return [];
    case "record": {
      // A record keyed by an enum has every key.
      const keys = def.keyType?._zod.def.type === "enum" ? Object.values(def.keyType._zod.def.entries ?? {}) : [];
      return Object.fromEntries(keys.map((k) => [k, def.valueType ? plain(def.valueType) : null]));
    }
    case "union":
      return def.options?.[0] ? plain(def.options[0]) : undefined;
    case "pipe":
      return def.in ? plain(def.in) : undefined;
    case "object":
      return fill(schema, {});
    default:
      return null;
  }
}

/** The value a schema describes, with `given`'s fields kept and every missing one filled. */
function fill(schema: Schema, given: unknown): unknown {
  const def = schema._zod.def;
  if (given === undefined) return plain(schema);
  if ((def.type === "nullable" || def.type === "optional" || def.type === "default") && def.innerType) return given === null ? null : fill(def.innerType, given);
  if (def.type === "pipe" && def.in) return fill(def.in, given);
  if (def.type === "object" && def.shape && given && typeof given === "object" && !Array.isArray(given)) {
    const out: Record<string, unknown> = { ...(given as Record<string, unknown>) };
    for (const [key, field] of Object.entries(def.shape)) {
      const value = fill(field, (given as Record<string, unknown>)[key]);
      if (value !== undefined) out[key] = value;
    }
    return out;
  }
  if (def.type === "array" && def.element && Array.isArray(given)) return given.map((g) => fill(def.element!, g));
  return given;
}

/** A tool's contract response with the given fields; an error or refusal passes through as is. */
export function toolResult(name: string, given: unknown): unknown {
  if (!isToolName(name) || (given && typeof given === "object" && ("error" in given || "declined" in given))) return given;
  const spec = TOOL_SPECS.find((s) => s.name === name)!;
  return fill(spec.contract.response as unknown as Schema, given);
}

/** A tool call and its result, as they sit in a thread; `asGiven` keeps the result unfilled (an answer of another shape). */
export function toolTurn(name: string, args: Record<string, unknown>, result: unknown, options: { asGiven?: boolean } = {}): BaseMessage[] {
  const id = `call_${crypto.randomUUID().slice(0, 8)}`;
  const content = JSON.stringify(options.asGiven ? result : toolResult(name, result));
  return [new AIMessage({ content: "", tool_calls: [{ id, name, args, type: "tool_call" }] }), new ToolMessage({ tool_call_id: id, name, content })];
}

/** The offline assistant of a role with that role's tools bound, as the graphs bind them (the API is never called: threads are scripted). */
export function offlineAssistant(role: ModelRole = "copilot"): OfflineChatModel {
  const names = role === "copilot" ? COPILOT_TOOLS : VARIANTS.default.tools;
  return new OfflineChatModel({ role }).bindTools(createTools({ apiBaseUrl: "http://127.0.0.1:1" }, names.filter(hasTool))) as unknown as OfflineChatModel;
}

/** The tool calls an assistant's step plans, or none when it answers. */
export const calls = (step: ReturnType<OfflineChatModel["decide"]>) => ("calls" in step ? step.calls : []);
/** The answer an assistant's step gives, or "" when it calls tools. */
export const answer = (step: ReturnType<OfflineChatModel["decide"]>) => ("answer" in step ? step.answer : "");
