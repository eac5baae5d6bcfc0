import { Cron } from "croner";

/** A recurring job's rule: every N milliseconds, or a cron expression (5 or 6 fields, UTC). */
export type Recurrence = { everyMs: number } | { cron: string };

/** When a rule next fires after `from`; throws a sentence for an expression that never fires or does not parse. */
export function nextRunAfter(rule: Recurrence, from: Date): Date {
  if ("everyMs" in rule) {
    if (!Number.isInteger(rule.everyMs) || rule.everyMs <= 0) throw new Error(`A recurring job's interval must be a positive whole number of milliseconds, not ${rule.everyMs}.`);
    return new Date(from.getTime() + rule.everyMs);
  }
  const next = new Cron(rule.cron, { paused: true, timezone: "UTC" }).nextRun(from);
  if (!next) throw new Error(`The cron expression "${rule.cron}" never fires.`);
  return next;
}
