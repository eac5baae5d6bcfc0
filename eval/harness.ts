import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ASSISTANT_IDS, type AssistantId } from "@atelier/contracts/agent-context";
import type { ModelFactory } from "@atelier/graphs";
import { evalCaseSchema, type EvalCase } from "./case-schema";
import type { EvalEnvironment } from "./environment";
import { createGraphs, runCase, type CaseOutcome } from "./run-case";

export const CASES_DIR = fileURLToPath(new URL("./cases/", import.meta.url));

/** Every case of the set (eval/cases/*.jsonl), parsed; a malformed line names its file and line. */
export function loadCases(dir = CASES_DIR): EvalCase[] {
  const cases: EvalCase[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort()) {
    readFileSync(path.join(dir, file), "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (!line.trim() || line.trimStart().startsWith("//")) return;
        const parsed = evalCaseSchema.safeParse(JSON.parse(line));
        if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join(".")} ${x.message}`).join("; ")}`);
        cases.push(parsed.data);
      });
  }
  const ids = new Set<string>();
  for (const c of cases) {
    if (ids.has(c.id)) throw new Error(`Two cases are called ${c.id}`);
    ids.add(c.id);
  }
  return cases;
}

export type Trials = { case: EvalCase; outcomes: CaseOutcome[] };

/** Runs each case `trials` times (a new thread each time), `concurrency` cases at a time. */
export async function runCases(cases: EvalCase[], env: EvalEnvironment, modelFactory: ModelFactory, options: { trials?: number; concurrency?: number; onCase?: (t: Trials) => void } = {}): Promise<Trials[]> {
  const trials = options.trials ?? 1;
  const graphFor = createGraphs(env, modelFactory);
  const out: Trials[] = cases.map((c) => ({ case: c, outcomes: [] }));
  let next = 0;
  async function worker() {
    while (next < out.length) {
      const slot = out[next++]!;
      for (let i = 0; i < trials; i++) slot.outcomes.push(await runCase(slot.case, env, graphFor));
      options.onCase?.(slot);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  return out;
}

const choose = (n: number, k: number) => {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return r;
};

/**
 * tau-bench's pass^k: the chance that k runs of a case all succeed, estimated from n ≥ k runs with
 * c successes as C(c,k)/C(n,k), averaged over cases.
 */
export function passHatK(trials: Trials[], k: number): number {
  const usable = trials.filter((t) => t.outcomes.length >= k);
  if (!usable.length) return 0;
  return usable.reduce((sum, t) => sum + choose(t.outcomes.filter((o) => o.correct).length, k) / choose(t.outcomes.length, k), 0) / usable.length;
}

export type AssistantScore = { assistant: AssistantId; cases: number; correct: number; tools: number; args: number; answer: number; passHat: Record<number, number> };

/** Per-assistant scores over the first run of each case (fully correct = tools, arguments and answer), and pass^k for k up to the trials run. */
export function score(trials: Trials[]): AssistantScore[] {
  const maxTrials = Math.min(...trials.map((t) => t.outcomes.length));
  const rows: AssistantScore[] = [];
  for (const assistant of [...ASSISTANT_IDS, "all" as const]) {
    const mine = trials.filter((t) => assistant === "all" || t.case.assistant === assistant);
    if (!mine.length) continue;
    const frac = (pick: (o: CaseOutcome) => boolean) => mine.reduce((s, t) => s + t.outcomes.filter(pick).length / t.outcomes.length, 0) / mine.length;
    const passHat: Record<number, number> = {};
    for (const k of [1, 2, 4]) if (k <= maxTrials) passHat[k] = passHatK(mine, k);
    rows.push({ assistant: assistant as AssistantId, cases: mine.length, correct: frac((o) => o.correct), tools: frac((o) => o.toolsOk), args: frac((o) => o.argsOk), answer: frac((o) => o.answerOk), passHat });
  }
  return rows;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);

/** The score table as printed by `npm run eval:agents`. */
export function formatScores(rows: AssistantScore[], label: string): string {
  const ks = Object.keys(rows[0]?.passHat ?? {}).map(Number);
  const header = ["assistant".padEnd(18), "cases".padStart(5), "correct", "  tools", "   args", " answer", ...ks.filter((k) => k > 1 || ks.length > 1).map((k) => `pass^${k}`.padStart(7))].join("  ");
  const lines = rows.map((r) =>
    [r.assistant.padEnd(18), String(r.cases).padStart(5), pct(r.correct), pct(r.tools), pct(r.args), pct(r.answer), ...ks.filter((k) => k > 1 || ks.length > 1).map((k) => pct(r.passHat[k]!))].join("  "),
  );
  return [`model: ${label}`, header, ...lines].join("\n");
}

/** One failed case, turn by turn, for reading why. */
export function formatFailure(t: Trials): string {
  const o = t.outcomes.find((x) => !x.correct) ?? t.outcomes[0]!;
  const turns = o.turns
    .map((turn, i) => {
      const calls = turn.calls.map((c) => `${c.name}(${JSON.stringify(c.args)})`).join(", ") || "no tool";
      const flag = turn.problems.length ? "✗" : "✓";
      return `   ${flag} ${i + 1}. "${turn.user}" → ${calls}\n${turn.problems.map((p) => `       - ${p}`).join("\n")}${turn.problems.length ? `\n       answer: ${turn.answer.replace(/\s+/g, " ").slice(0, 300)}` : ""}`;
    })
    .join("\n");
  return ` ${t.case.id} [${t.case.assistant}] (${t.outcomes.filter((x) => x.correct).length}/${t.outcomes.length} runs correct)\n${turns}`;
}
