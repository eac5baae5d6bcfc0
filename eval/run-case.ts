import crypto from "node:crypto";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { HumanMessage, type AIMessage, type BaseMessage, type ToolMessage } from "@langchain/core/messages";
import { buildScreenContext, type AssistantId } from "@atelier/contracts/agent-context";
import { runContextOf } from "@atelier/tools";
import { buildGraph, Command, type AtelierGraph, type ModelFactory } from "@atelier/graphs";
import type { EvalCase } from "./case-schema";
import type { EvalEnvironment } from "./environment";
import { checkCalls, missingFacts, valueAt, type ActualCall } from "./matching";

export type TurnOutcome = { user: string; calls: ActualCall[]; answer: string; toolsOk: boolean; argsOk: boolean; answerOk: boolean; problems: string[] };
export type CaseOutcome = { id: string; assistant: AssistantId; tags: string[]; toolsOk: boolean; argsOk: boolean; answerOk: boolean; correct: boolean; turns: TurnOutcome[] };

export type TurnRecord = { results: { name: string; value: unknown }[] };

/** The graphs a run of the set uses: one per assistant, on one in-memory checkpointer. */
export function createGraphs(env: EvalEnvironment, modelFactory: ModelFactory) {
  const checkpointer = new MemorySaver();
  const built = new Map<AssistantId, AtelierGraph>();
  return (id: AssistantId) => {
    let graph = built.get(id);
    if (!graph) {
      graph = buildGraph(id, { modelFactory, checkpointer, apiBaseUrl: env.apiUrl });
      built.set(id, graph);
    }
    return graph;
  };
}

const TEMPLATE = /\{\{([^}]+)\}\}/g;

/**
 * Resolves {{...}} in a case's text: {{tool.path}} reads this turn's last result of that tool,
 * {{t2.tool.path}} turn 2's, {{supplier:Name}} (catalog_item:, order:) a demo entity's id.
 * Undefined when a reference does not resolve (the tool was not called, the path is absent).
 */
async function resolveTemplate(text: string, turns: TurnRecord[], env: EvalEnvironment): Promise<unknown> {
  const refs = [...text.matchAll(TEMPLATE)];
  if (!refs.length) return text;
  const values: unknown[] = [];
  for (const [, raw] of refs) {
    const ref = raw!.trim();
    const lookup = /^(\w+):(.+)$/.exec(ref);
    if (lookup) {
      values.push(await env.lookup(lookup[1]!, lookup[2]!.trim()));
      continue;
    }
    const [head, ...rest] = ref.split(".");
    const turnRef = /^t(\d+)$/.exec(head!);
    const turn = turnRef ? turns[Number(turnRef[1]) - 1] : turns.at(-1);
    const [tool, ...path] = turnRef ? rest : [head!, ...rest];
    const result = turn?.results.filter((r) => r.name === tool).at(-1);
    values.push(result ? valueAt(result.value, path.join(".")) : undefined);
  }
  if (values.some((v) => v === undefined || v === null)) return undefined;
  // A template alone keeps its value's type (an id, a number); inside text it is interpolated.
  if (refs.length === 1 && refs[0]![0] === text.trim()) return values[0];
  let i = 0;
  return text.replace(TEMPLATE, () => String(values[i++]));
}

export async function resolveDeep(value: unknown, turns: TurnRecord[], env: EvalEnvironment): Promise<{ value: unknown; unresolved: boolean }> {
  if (typeof value === "string") {
    const resolved = await resolveTemplate(value, turns, env);
    return resolved === undefined ? { value: `(unresolved ${value})`, unresolved: true } : { value: resolved, unresolved: false };
  }
  if (Array.isArray(value)) {
    const parts = await Promise.all(value.map((v) => resolveDeep(v, turns, env)));
    return { value: parts.map((p) => p.value), unresolved: parts.some((p) => p.unresolved) };
  }
  if (value && typeof value === "object") {
    const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await resolveDeep(v, turns, env)] as const));
    return { value: Object.fromEntries(entries.map(([k, r]) => [k, r.value])), unresolved: entries.some(([, r]) => r.unresolved) };
  }
  return { value, unresolved: false };
}

const textOf = (m: BaseMessage) => (typeof m.content === "string" ? m.content : m.content.map((p) => ("text" in p && typeof p.text === "string" ? p.text : "")).join(""));
const parse = (content: unknown) => {
  try {
    return typeof content === "string" ? JSON.parse(content) : content;
  } catch {
    return content;
  }
};

type Interrupt = { value?: { type?: string; summary?: string } };

/** Runs one case through its assistant's real graph, turn by turn, and checks each turn. */
export async function runCase(c: EvalCase, env: EvalEnvironment, graphFor: (id: AssistantId) => AtelierGraph): Promise<CaseOutcome> {
  const graph = graphFor(c.assistant);
  const screen = c.screen ? (await resolveDeep(c.screen, [], env)).value as EvalCase["screen"] : undefined;
  const context = c.anonymous
    ? { apiToken: null, apiBaseUrl: env.apiUrl, anonymousId: crypto.randomUUID() }
    : { apiToken: env.token, apiBaseUrl: env.apiUrl, storeId: env.storeId, userId: env.userId };
  const config = { configurable: { thread_id: crypto.randomUUID() }, context: runContextOf({ ...context, screen: screen ? buildScreenContext(screen) : null }) };
  const records: TurnRecord[] = [];
  const outcomes: TurnOutcome[] = [];
  let seen = 0;
  let pending = false;
  for (const turn of c.turns) {
    const problems: string[] = [];
    let approvalText = "";
    try {
      // An approval left unanswered in the previous turn: the user moved on, which declines it.
      if (pending) await graph.invoke(new Command({ resume: { approved: false } }), config);
      seen = ((await graph.getState(config)).values as { messages?: BaseMessage[] }).messages?.length ?? 0;
      await graph.invoke({ messages: [new HumanMessage(turn.user)] }, config);
      pending = false;
      for (let approvals = 0; approvals < 6; approvals++) {
        const snapshot = await graph.getState(config);
        const asks = snapshot.tasks.flatMap((t) => (t.interrupts ?? []) as Interrupt[]);
        if (!asks.length) break;
        approvalText += asks.map((a) => a.value?.summary ?? "").join("\n");
        if (turn.approve === undefined) {
          pending = true;
          break;
        }
        await graph.invoke(new Command({ resume: { approved: turn.approve } }), config);
      }
    } catch (err) {
      problems.push(`the run failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    const messages = (((await graph.getState(config)).values as { messages?: BaseMessage[] }).messages ?? []).slice(seen);
    const calls: ActualCall[] = messages.flatMap((m) => (m.getType() === "ai" ? ((m as AIMessage).tool_calls ?? []).map((tc) => ({ name: tc.name, args: tc.args as Record<string, unknown> })) : []));
    const names = new Map(messages.flatMap((m) => (m.getType() === "ai" ? ((m as AIMessage).tool_calls ?? []).map((tc) => [tc.id, tc.name] as const) : [])));
    const results = messages.filter((m) => m.getType() === "tool").map((m) => ({ name: names.get((m as ToolMessage).tool_call_id) ?? (m as ToolMessage).name ?? "", value: parse(m.content) }));
    records.push({ results });
    const answer = [...messages.filter((m) => m.getType() === "ai").map(textOf), approvalText].filter(Boolean).join("\n");

    const expected = await resolveDeep(turn.tools, records, env);
    const facts = await resolveDeep(turn.answer ?? [], records, env);
    if (expected.unresolved) problems.push("an expected argument names a result this turn did not produce");
    if (facts.unresolved) problems.push("an expected fact names a result this turn did not produce");
    const verdict = checkCalls(calls, expected.value as typeof turn.tools, turn.forbid);
    const missing = missingFacts(answer, facts.value as NonNullable<typeof turn.answer>);
    const failed = problems.length > 0;
    outcomes.push({
      user: turn.user,
      calls,
      answer,
      toolsOk: verdict.toolsOk && !failed,
      argsOk: verdict.argsOk && verdict.toolsOk && !expected.unresolved && !failed,
      answerOk: missing.length === 0 && !facts.unresolved && !failed,
      problems: [...problems, ...verdict.problems, ...missing],
    });
  }
  const toolsOk = outcomes.every((t) => t.toolsOk);
  const argsOk = outcomes.every((t) => t.argsOk);
  const answerOk = outcomes.every((t) => t.answerOk);
  return { id: c.id, assistant: c.assistant, tags: c.tags, toolsOk, argsOk, answerOk, correct: toolsOk && argsOk && answerOk, turns: outcomes };
}
