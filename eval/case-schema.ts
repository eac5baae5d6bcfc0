import { z } from "zod";
import { ASSISTANT_IDS, SCREEN_ENTITY_TYPES } from "@atelier/contracts/agent-context";

// The evaluation set's shape: one JSON object per line in eval/cases/*.jsonl. A case is a
// conversation with one assistant, each user turn with what a correct assistant does: the tool
// calls it makes (name and key arguments) and the facts its answer states. Matching rules are in
// matching.ts; values may name earlier results with {{...}} templates (see resolveTemplate).

/** How an argument is checked; see matchArg for each rule. */
export type ArgRule = string | number | boolean | null | ArgRule[] | { any: ArgRule[] } | { absent: true } | { present: true } | { not: ArgRule } | { gte: number } | { lte: number } | { exact: string };
const argRule: z.ZodType<ArgRule> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(argRule),
    z.strictObject({ any: z.array(argRule).min(1) }),
    z.strictObject({ absent: z.literal(true) }),
    z.strictObject({ present: z.literal(true) }),
    z.strictObject({ not: argRule }),
    z.strictObject({ gte: z.number() }),
    z.strictObject({ lte: z.number() }),
    z.strictObject({ exact: z.string() }),
  ]),
);

/** One expected tool call: the tool (or any of several equivalent tools) and the arguments that matter. */
const expectedCall = z.strictObject({
  name: z.union([z.string(), z.array(z.string()).min(1)]),
  /** Dotted paths (filters.countryCodes) to rules; arguments not named here are free. */
  args: z.record(z.string(), argRule).optional(),
});
export type ExpectedCall = z.infer<typeof expectedCall>;

/** A fact the answer states: text (case- and spacing-insensitive), any of several, or text it must not state. */
export type Fact = string | { any: string[] } | { not: string };
const fact: z.ZodType<Fact> = z.union([z.string().min(1), z.strictObject({ any: z.array(z.string().min(1)).min(1) }), z.strictObject({ not: z.string().min(1) })]);

const turn = z.strictObject({
  user: z.string().min(1),
  /** Answer to an approval the turn asks for; without it the approval card's summary is the answer. */
  approve: z.boolean().optional(),
  /**
   * The calls, in order, as a subsequence of what the assistant did (extra reads are allowed).
   * An empty list means "no tool at all" (a question back, an honest decline).
   */
  tools: z.array(expectedCall).optional(),
  /** Tools that must not be called in this turn (e.g. a write the user did not ask for). */
  forbid: z.array(z.string()).optional(),
  answer: z.array(fact).optional(),
});
export type EvalTurn = z.infer<typeof turn>;

export const evalCaseSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  assistant: z.enum(ASSISTANT_IDS),
  /** The screen the user types on (the web's screen context); the route alone is enough. */
  screen: z
    .strictObject({
      route: z.string().min(1),
      path: z.string().optional(),
      query: z.record(z.string(), z.string()).optional(),
      /** `id` may be a template, e.g. {{demo.supplier:Lombardi Fashion}}. */
      entity: z.strictObject({ type: z.enum(SCREEN_ENTITY_TYPES), id: z.string().min(1) }).nullable().optional(),
    })
    .optional(),
  /** As an anonymous storefront visitor (no account). */
  anonymous: z.boolean().optional(),
  /** What the case exercises: follow-up, typo, indirect, multi-part, approval, decline… */
  tags: z.array(z.string()).default([]),
  turns: z.array(turn).min(1),
});
export type EvalCase = z.infer<typeof evalCaseSchema>;
