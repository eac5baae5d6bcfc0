import type { ToolName } from "@atelier/tools";
import { readToolResult, type ToolResponse } from "@atelier/tools/tool-results";
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
