import type { ToolName } from "@atelier/tools";
import type { Outcome, Step } from "./offline-types";

// Small helpers every offline intent file writes its steps with.

/** A step that calls one tool. */
export const call = (name: ToolName, args: Record<string, unknown> = {}): Step => ({ calls: [{ name, args }] });

/** The latest outcome of a tool, if any. */
export const last = (done: Outcome[], name: ToolName) => [...done].reverse().find((o) => o.name === name);

/** Cents as dollars: "$4.50". */
export const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
