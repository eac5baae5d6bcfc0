import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/** How many files the table lists; the rest are summed on one line. */
const SHOWN = 25;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

/**
 * Prints each test file's time at the end of the run, slowest first, after the default reporter's
 * summary: CI shows where the run's minutes go. A file's time is its import (collect) plus its
 * tests and hooks (duration), the part that grows with the file; the environment's start (jsdom) is
 * shown apart, as it is the same for every file of a project.
 */
export default class TimingsReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const rows = testModules
      .map((m) => {
        const d = m.diagnostic();
        return { file: path.relative(this.root, m.moduleId), project: m.project.name, ms: d.collectDuration + d.duration, env: d.environmentSetupDuration };
      })
      .sort((a, b) => b.ms - a.ms);
    if (rows.length === 0) return;
    const total = rows.reduce((sum, r) => sum + r.ms, 0);
    const width = Math.min(70, Math.max(...rows.map((r) => r.file.length)));
    const lines = [``, ` Test files by time (${rows.length} files, ${seconds(total).trim()} summed over parallel workers)`, ``];
    for (const r of rows.slice(0, SHOWN)) {
      const env = r.env >= 500 ? `  (+${seconds(r.env).trim()} environment)` : "";
      lines.push(`  ${seconds(r.ms)}  ${r.file.padEnd(width)}  ${r.project}${env}`);
    }
    const rest = rows.slice(SHOWN);
    if (rest.length > 0) lines.push(`  ${seconds(rest.reduce((sum, r) => sum + r.ms, 0))}  … ${rest.length} more files`);
    process.stdout.write(`${lines.join("\n")}\n\n`);
  }
}
