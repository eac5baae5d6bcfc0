import { z } from "zod";
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import type { ToolRunnableConfig } from "@langchain/core/tools";
import { ApiError, createApiClient, planAtLeast, stores, type CallInput, type Contract } from "@atelier/contracts";
import { sentenceFor, upgradeSentence } from "@atelier/contracts/error-sentences";
import { getRunContext } from "./run-context";
import type { ApprovalLookup, ApprovalRequest, ToolSpec } from "./tool-spec";

export * from "./tool-spec";

/** What a tool needs from its graph: the API origin and LangGraph's interrupt (tools do not depend on LangGraph). */
export type ToolDeps = {
  apiBaseUrl: string;
  /** LangGraph's `interrupt`: pauses the run until the user answers. Without it, approval-gated tools refuse. */
  interrupt?: (payload: ApprovalRequest) => unknown;
  fetch?: typeof fetch;
};


/** What the user answers to an approval: `true`/`false`, or an object with a reason. */
export type ApprovalDecision = boolean | { approved: boolean; reason?: string };

type Args = Record<string, unknown>;

const MAX_RESULT_CHARS = 12_000;

type Shape = Record<string, z.ZodType>;

function shapeOf(schema: z.ZodType | undefined): Shape | undefined {
  if (!schema) return undefined;
  // An optional body object (`z.strictObject(...).optional()`) still splits by field name.
  const inner = (schema as unknown as { unwrap?: () => z.ZodType }).unwrap?.() ?? schema;
  const shape = (inner as unknown as { shape?: Shape }).shape;
  return shape && typeof shape === "object" ? shape : undefined;
}

/**
 * The argument schema of a contract: params, query and body fields merged into one object when
 * their names do not collide and the body is an object; otherwise nested as { params, query, body }.
 */
export function argsSchemaOf(contract: Contract, options: { omit?: string[]; argDescriptions?: Record<string, string> } = {}): z.ZodObject {
  const parts = { params: contract.params, query: contract.query, body: contract.body };
  const shapes = { params: shapeOf(parts.params), query: shapeOf(parts.query), body: shapeOf(parts.body) };
  const names = [shapes.params, shapes.query, shapes.body].flatMap((s) => (s ? Object.keys(s) : []));
  const flat = (!parts.body || shapes.body) && new Set(names).size === names.length;
  const omit = new Set(options.omit ?? []);
  const describe = (key: string, field: z.ZodType) => {
    const extra = options.argDescriptions?.[key];
    return extra && !field.description ? field.describe(extra) : field;
  };
  if (flat) {
    const merged: Shape = {};
    for (const shape of [shapes.params, shapes.query, shapes.body]) {
      const inUrl = shape === shapes.params || shape === shapes.query;
      for (const [key, field] of Object.entries(shape ?? {})) if (!omit.has(key)) merged[key] = describe(key, inUrl ? inputSide(field) : field);
    }
    return z.strictObject(merged);
  }
  const nested: Shape = {};
  if (parts.params) nested.params = parts.params.describe("Path parameters");
  if (parts.query) nested.query = parts.query.optional().describe("Query parameters");
  if (parts.body) nested.body = parts.body.describe(options.argDescriptions?.body ?? "The request body");
  return z.strictObject(nested);
}

/**
 * The input side of a path or query field: the tool passes what the model wrote on to the URL, and
 * the API parses it there. A transform (an order number read as `{ number }`) would otherwise reach
 * the tool already applied and be written into the path as an object.
 */
function inputSide(field: z.ZodType): z.ZodType {
  const def = (field as unknown as { _zod: { def: { type: string; in?: z.ZodType; innerType?: z.ZodType } } })._zod.def;
  const keepDescription = (out: z.ZodType) => (field.description && !out.description ? out.describe(field.description) : out);
  if (def.type === "pipe" && def.in) return keepDescription(inputSide(def.in));
  if (def.type === "optional" && def.innerType) return keepDescription(inputSide(def.innerType).optional());
  return field;
}

/** Splits flat tool arguments back into params, query and body by the contract's field names. */
export function splitArgs(contract: Contract, args: Args): { params?: Args; query?: Args; body?: unknown } {
  if ("params" in args || "query" in args || "body" in args) {
    const nestedKeys = ["params", "query", "body"];
    if (Object.keys(args).every((k) => nestedKeys.includes(k)) && !shapeOf(contract.body)?.body) return args as { params?: Args; query?: Args; body?: unknown };
  }
  const params = shapeOf(contract.params);
  const query = shapeOf(contract.query);
  const out: { params?: Args; query?: Args; body?: Args } = {};
  for (const [key, value] of Object.entries(args)) {
    const slot = params && key in params ? "params" : query && key in query ? "query" : "body";
    (out[slot] ??= {})[key] = value;
  }
  if (contract.body && !out.body) out.body = {};
  return out;
}

/**
 * The body a tool call would send, as the contract reads it, for an approval's summary: the model's
 * arguments split as the call splits them and parsed by the contract's own body schema, so a
 * summary reads typed fields instead of casting. Undefined when they would not parse (the call is
 * then refused with the field and the reason anyway).
 */
export function bodyOf<C extends Contract>(contract: C, args: Args): (C["body"] extends z.ZodType ? z.output<C["body"]> : never) | undefined {
  const parsed = contract.body?.safeParse(splitArgs(contract, args).body);
  return parsed?.success ? (parsed.data as C["body"] extends z.ZodType ? z.output<C["body"]> : never) : undefined;
}

/**
 * An API error as a tool result the model can explain to the user: its message is already the
 * sentence a person reads (contracts/error-sentences), so no code or field path is repeated.
 */
export function errorResult(err: unknown): string {
  if (err instanceof ApiError) {
    return JSON.stringify({ error: { status: err.status, code: err.code, message: sentenceFor(err), ...(err.details ? { details: err.details } : {}) } });
  }
  // Not an API answer (a bug or a broken connection): logged in full, the model gets a sentence.
  console.error("tool failed", err);
  return JSON.stringify({ error: { status: 0, code: "TOOL_FAILED", message: sentenceFor({ code: "TOOL_FAILED" }) } });
}

/**
 * A tool result as JSON of at most MAX_RESULT_CHARS, always parseable: a long page keeps as many
 * of its first (best) entries as fit and says how many it left out; anything else too long is
 * cut inside a string field, never mid-JSON.
 */
export function compact(value: unknown): string {
  const text = JSON.stringify(value ?? { ok: true });
  if (text.length <= MAX_RESULT_CHARS) return text;
  if (value && typeof value === "object" && Array.isArray((value as { list?: unknown }).list)) {
    const list = (value as { list: unknown[] }).list;
    const page = (n: number) => JSON.stringify({ ...value, list: list.slice(0, n), truncated: { shown: n, of: list.length, hint: "the rest did not fit: ask for a smaller page or narrower filters" } });
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (page(mid).length <= MAX_RESULT_CHARS) lo = mid;
      else hi = mid - 1;
    }
    const out = page(lo);
    if (out.length <= MAX_RESULT_CHARS) return out;
  }
  const shortened = shortenNestedLists(value);
  if (shortened) return shortened;
  return JSON.stringify({ truncated: true, hint: "the result was too long to show whole: ask for a smaller page", partial: text.slice(0, MAX_RESULT_CHARS - 200) });
}

/**
 * An object too long to show whole whose bulk is in nested lists (a supplier profile's tabs):
 * the longest list is halved until the whole fits, so the result keeps its contract's shape.
 * Undefined when that is not enough.
 */
function shortenNestedLists(value: unknown): string | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const copy = structuredClone(value) as Record<string, unknown>;
  const lists = (node: unknown, out: unknown[][] = []): unknown[][] => {
    if (Array.isArray(node)) {
      out.push(node);
      for (const n of node) lists(n, out);
    } else if (node && typeof node === "object") for (const n of Object.values(node)) lists(n, out);
    return out;
  };
  const hint = { hint: "some lists were shortened to fit: ask for a smaller page for the rest" };
  for (let round = 0; round < 64; round++) {
    const text = JSON.stringify({ ...copy, truncated: hint });
    if (text.length <= MAX_RESULT_CHARS) return text;
    const longest = lists(copy).filter((l) => l.length > 0).sort((a, b) => JSON.stringify(b).length - JSON.stringify(a).length)[0];
    if (!longest) return undefined;
    longest.splice(Math.floor(longest.length / 2));
  }
  return undefined;
}

function isApproved(decision: unknown): { approved: boolean; reason?: string } {
  if (typeof decision === "boolean") return { approved: decision };
  if (typeof decision === "string") return { approved: /^(approve|approved|yes|ok)$/i.test(decision.trim()) };
  if (decision && typeof decision === "object" && "approved" in decision) {
    const d = decision as { approved: unknown; reason?: unknown };
    return { approved: d.approved === true, reason: typeof d.reason === "string" ? d.reason : undefined };
  }
  return { approved: false };
}

/**
 * Why a write that needs approval would fail anyway, checked before the user is asked: a preview
 * account may take no such action, the store's plan must include the operation, then the tool's own
 * checks (card on file, seats).
 */
async function cannotSucceed(spec: ToolSpec, args: Args, lookup: ApprovalLookup): Promise<{ status: number; code: string; message: string } | undefined> {
  if (!spec.contract.previewAllowed) {
    const store = await lookup(stores.getMyStore, {});
    if (store?.isPreviewAccount) return { status: 403, code: "PREVIEW_MODE", message: "This is a preview account: it can look around, but nothing is sent, bought or changed. Create your own account to do this." };
  }
  const minPlan = spec.contract.minPlan;
  if (minPlan) {
    const store = await lookup(stores.getMyStore, {});
    if (store && !planAtLeast(store.planType, minPlan)) return { status: 403, code: "UPGRADE_REQUIRED", message: upgradeSentence([{ currentPlan: store.planType, requiredPlan: minPlan }]) };
  }
  const reason = await spec.approval?.precheck?.(args, lookup);
  return reason ? { status: 409, code: "CONFLICT", message: reason } : undefined;
}

/** Builds a LangChain tool that calls one contract over HTTP with the user's token. */
export function toolFromContract(spec: ToolSpec, deps: ToolDeps): StructuredToolInterface {
  const { contract } = spec;
  const schema = argsSchemaOf(contract, spec);
  return tool(
    async (args: Args, config: ToolRunnableConfig) => {
      const context = getRunContext(config);
      const client = createApiClient({ baseUrl: context.apiBaseUrl || deps.apiBaseUrl, fetch: deps.fetch });
      if (spec.approval && (spec.approval.when?.(args) ?? true)) {
        if (!deps.interrupt) return JSON.stringify({ declined: true, message: "This action needs the user's approval and this run cannot ask for it; nothing was done." });
        // Reads only, so re-running them when the resumed tool node replays is harmless.
        const lookup: ApprovalLookup = (c, input) => client.call(c, input, { token: context.apiToken ?? undefined, signal: config.signal }).catch(() => undefined);
        const blocked = await cannotSucceed(spec, args, lookup);
        if (blocked) return JSON.stringify({ error: blocked });
        const summary = await spec.approval.summary(args, lookup);
        const decision = isApproved(deps.interrupt({ type: "approval", tool: spec.name, args, summary }));
        if (!decision.approved) {
          return JSON.stringify({ declined: true, message: `The user declined: ${summary}. Nothing was done.${decision.reason ? ` Reason: ${decision.reason}` : ""}` });
        }
      }
      const threadId = typeof config.configurable?.thread_id === "string" ? config.configurable.thread_id : undefined;
      const input = spec.argsFrom ? spec.argsFrom(args, { ...context, threadId }) : splitArgs(contract, args);
      try {
        // The tool call id is stable across a resumed run, so a replayed write is not applied twice.
        const idempotencyKey = contract.idempotent && config.toolCall?.id ? `tool-${config.toolCall.id}` : undefined;
        const result = await client.call(contract, input as CallInput<Contract>, { token: context.apiToken ?? undefined, idempotencyKey, signal: config.signal });
        return compact(result);
      } catch (err) {
        return errorResult(err);
      }
    },
    { name: spec.name, description: spec.description, schema },
  ) as unknown as StructuredToolInterface;
}

/**
 * A tool's definition for a model API. Contract schemas hold transforms (trim, upper-case, time
 * zones) that JSON Schema cannot express; the model writes the input side, so that is what it sees.
 */
export function toolDefinition(t: StructuredToolInterface): { name: string; description: string; parameters: Record<string, unknown> } {
  const schema = t.schema as z.ZodType;
  const parameters = compactSchema(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" })) as Record<string, unknown>;
  delete parameters.$schema;
  return { name: t.name, description: t.description, parameters };
}

/**
 * Drops what a model does not need from a JSON schema: the 150-character pattern zod writes beside
 * `format: "uuid"` (the format says it; the API validates anyway). Every definition is sent on every
 * call, so each repeated byte is paid for many times.
 */
export function compactSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(compactSchema);
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "pattern" && (node as { format?: unknown }).format === "uuid") continue;
    out[key] = compactSchema(value);
  }
  return out;
}
