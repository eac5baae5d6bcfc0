// `npm run eval:agents`: runs the evaluation set (eval/cases/*.jsonl) through the real graphs,
// in process, against the real API on an embedded Postgres seeded with the demo data, and prints
// per-assistant scores (fully correct = tool, arguments and answer).
// Model: the offline assistant by default; with OPENAI_API_KEY / OPENAI_BASE_URL (and
// ATELIER_MODEL) the configured OpenAI-compatible model, each case run EVAL_TRIALS times
// (default 4) for tau-bench's pass^1 and pass^4.
// Options: EVAL_ASSISTANT=copilot (one assistant), EVAL_CASES=id-prefix, EVAL_TRIALS=n,
// EVAL_CONCURRENCY=n (default 1 offline, 4 with a model), EVAL_VERBOSE=1 (every failure in full).
// `npm run eval:agents -- --check` plays the expected calls without a model: every case must be satisfiable.
import { createModelFactoryFromEnv } from "@atelier/graphs";
import { EVAL_ANCHOR, startEvalEnvironment } from "./environment";
import { checkCase } from "./check-cases";
import { formatFailure, formatScores, loadCases, runCases, score } from "./harness";

// The offline assistant reads "October" against the demo data's day, so cases naming months stay true.
const modelFactory = createModelFactoryFromEnv(process.env, { clock: () => EVAL_ANCHOR });
const online = modelFactory.kind !== "offline";
const trials = Number(process.env.EVAL_TRIALS ?? (online ? 4 : 1));
const concurrency = Number(process.env.EVAL_CONCURRENCY ?? (online ? 4 : 1));
const cases = loadCases().filter((c) => (!process.env.EVAL_ASSISTANT || c.assistant === process.env.EVAL_ASSISTANT) && (!process.env.EVAL_CASES || c.id.startsWith(process.env.EVAL_CASES)));

console.log(`eval:agents — ${cases.length} cases, ${trials} run(s) each, model: ${modelFactory.label}`);
const env = await startEvalEnvironment();
if (process.argv.includes("--check")) {
  let bad = 0;
  for (const c of cases) {
    const problems = await checkCase(c, env);
    if (problems.length) console.log(`${c.id}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    if (problems.length) bad++;
  }
  console.log(`${cases.length - bad} of ${cases.length} cases can be satisfied on the demo data`);
  await env.close();
  process.exit(bad ? 1 : 0);
}
let done = 0;
const started = performance.now();
try {
  const results = await runCases(cases, env, modelFactory, {
    trials,
    concurrency,
    onCase: () => {
      done++;
      if (process.stdout.isTTY) process.stdout.write(`\r${done}/${cases.length}`);
    },
  });
  if (process.stdout.isTTY) process.stdout.write("\r");
  const failed = results.filter((t) => t.outcomes.some((o) => !o.correct));
  if (failed.length) {
    console.log(`\nFailures (${failed.length}):`);
    for (const t of process.env.EVAL_VERBOSE ? failed : failed.slice(0, 40)) console.log(formatFailure(t));
    if (!process.env.EVAL_VERBOSE && failed.length > 40) console.log(` … and ${failed.length - 40} more (EVAL_VERBOSE=1 prints all)`);
  }
  console.log(`\n${formatScores(score(results), modelFactory.label)}`);
  console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
} finally {
  await env.close();
}
