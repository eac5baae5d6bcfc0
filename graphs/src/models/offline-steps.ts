import type { ToolName } from "@atelier/tools";
import { isToolName, readToolResult, type ToolResponse } from "@atelier/tools/tool-results";
import type { Outcome, Step } from "./offline-types";

// Small helpers every offline intent file writes its steps with.

/** A step that calls one tool. */
export const call = (name: ToolName, args: Record<string, unknown> = {}): Step => ({ calls: [{ name, args }] });

/** The latest outcome of a tool, if any. */
export const last = (done: Outcome[], name: ToolName) => [...done].reverse().find((o) => o.name === name);

/** Cents as dollars: "$4.50". */
export const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * The latest outcome of a tool read through its contract: its typed response, or `unreadable`
 * when it answered in another shape (the step answers so rather than calling the tool again).
 */
export function lastResponse<N extends ToolName>(done: Outcome[], name: N): { outcome: Outcome; value: ToolResponse<N> } | "unreadable" | undefined {
  const outcome = last(done, name);
  if (!outcome) return undefined;
  const read = readToolResult(name, outcome.result);
  return read.ok ? { outcome, value: read.value } : "unreadable";
}

/** What a step says when a tool's answer could not be read. */
export const UNREADABLE_ANSWER = "I got an answer I couldn't read. Please try again in a moment.";

/** A tool's latest typed response and the arguments it was called with. */
export type Got<N extends ToolName> = { args: Record<string, unknown>; value: ToolResponse<N> };

/**
 * The latest readable response of a tool among outcomes, typed from its contract; undefined when
 * it has not run (or failed). The model answers `UNREADABLE_ANSWER` before any step sees an
 * unreadable result of the current turn, so steps read `done` through this without a third case.
 */
export function got<N extends ToolName>(outcomes: Outcome[], name: N): Got<N> | undefined {
  for (const o of [...outcomes].reverse()) {
    if (o.name !== name || o.error || o.declined) continue;
    const read = readToolResult(name, o.result);
    if (read.ok) return { args: o.args, value: read.value };
  }
  return undefined;
}

/** Every readable response of a tool among outcomes, oldest first. */
export function gotAll<N extends ToolName>(outcomes: Outcome[], name: N): Got<N>[] {
  const out: Got<N>[] = [];
  for (const o of outcomes) {
    if (o.name !== name || o.error || o.declined) continue;
    const read = readToolResult(name, o.result);
    if (read.ok) out.push({ args: o.args, value: read.value });
  }
  return out;
}

/** Whether an outcome of this turn came back in a shape its contract does not describe. */
export function isUnreadable(o: Outcome): boolean {
  if (o.error || o.declined || !isToolName(o.name)) return false;
  return !readToolResult(o.name, o.result).ok;
}
