// `npm run eval:agents -- --check`: plays each case's expected calls straight through the real
// tools (no model) and reports cases the demo data cannot satisfy: a search that finds nothing,
// a "second one" with one result, a fact naming a result that does not exist. A case that fails
// here measures the data, not the assistant.
import { createTools, runContextOf } from "@atelier/tools";
import type { ArgRule, EvalCase } from "./case-schema";
import type { EvalEnvironment } from "./environment";
import { resolveDeep, type TurnRecord } from "./run-case";

/** A value that satisfies a rule, when one is plain enough to pick (the first of {any}, no {not}/{absent}). */
function pick(rule: ArgRule): unknown {
  if (Array.isArray(rule)) return rule.map(pick);
  if (rule && typeof rule === "object") {
    if ("any" in rule) return pick(rule.any[0]!);
    if ("exact" in rule) return rule.exact;
    return undefined;
  }
  return rule;
}

function argsFrom(rules: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, rule] of Object.entries(rules)) {
    const value = pick(rule as ArgRule);
    if (value === undefined) continue;
    const parts = path.split(".");
    let at = out;
    for (const p of parts.slice(0, -1)) at = (at[p] ??= {}) as Record<string, unknown>;
    at[parts.at(-1)!] = value;
  }
  return out;
}

/** The problems of one case on this environment's data; empty when it can be satisfied. */
export async function checkCase(c: EvalCase, env: EvalEnvironment): Promise<string[]> {
  const tools = createTools({ apiBaseUrl: env.apiUrl });
  const config = { configurable: { thread_id: `check-${c.id}` }, context: runContextOf({ apiToken: c.anonymous ? null : env.token, apiBaseUrl: env.apiUrl, storeId: env.storeId, userId: env.userId }) };
  const records: TurnRecord[] = [];
  const problems: string[] = [];
  for (const [i, turn] of c.turns.entries()) {
    const record: TurnRecord = { results: [] };
    records.push(record);
    for (const want of turn.tools ?? []) {
      const name = Array.isArray(want.name) ? want.name[0]! : want.name;
      const resolved = await resolveDeep(want.args ?? {}, records, env);
      if (resolved.unresolved) {
        problems.push(`turn ${i + 1}: ${name}'s expected arguments name a result that does not exist`);
        continue;
      }
      const tool = tools.find((t) => t.name === name);
      if (!tool) {
        problems.push(`turn ${i + 1}: no tool ${name}`);
        continue;
      }
      // Writes that need approval are not played (they would be declined without a graph); reads are.
      let value: { error?: { message: string }; list?: unknown[] } | undefined;
      try {
        const args = argsFrom(resolved.value as Record<string, unknown>);
        if (name === "search_help_centre") args.q ??= turn.user;
        value = JSON.parse(String(await tool.invoke(args, config)));
      } catch (err) {
        // The case leaves a required argument free (any reason, any question): nothing to play.
        void err;
        continue;
      }
      if (value?.error) problems.push(`turn ${i + 1}: ${name} failed: ${value.error.message}`);
      if (/^(search|match)_/.test(name) && Array.isArray(value?.list) && value.list.length === 0) problems.push(`turn ${i + 1}: ${name} found nothing for ${JSON.stringify(argsFrom(resolved.value as Record<string, unknown>))}`);
      record.results.push({ name, value });
    }
    const facts = await resolveDeep(turn.answer ?? [], records, env);
    if (facts.unresolved) problems.push(`turn ${i + 1}: a fact names a result that does not exist`);
  }
  return problems;
}
