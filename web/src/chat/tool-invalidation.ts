import { invalidateAll } from "../api/query-cache";

/** Tools that only read (verb_noun with a reading verb): their results move no data. */
const READING_VERBS = new Set(["get", "list", "search", "find", "match", "calc", "estimate", "lookup"]);

/** The names of the tools whose results a streamed run event carries (LangGraph "updates" events hold each node's new messages). */
export function toolResultsIn(event: { event: string; data: unknown }): string[] {
  if (!event.event.startsWith("updates")) return [];
  const names: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 6 || typeof value !== "object" || value === null) return;
    if (Array.isArray(value)) return value.forEach((v) => visit(v, depth + 1));
    const record = value as Record<string, unknown>;
    if (record.type === "tool" && typeof record.name === "string") names.push(record.name);
    else for (const v of Object.values(record)) visit(v, depth + 1);
  };
  visit(event.data, 0);
  return names;
}

/** Whether a tool may have changed server state (anything but a read). */
export function toolMayChange(name: string): boolean {
  return !READING_VERBS.has(name.split("_")[0] ?? "");
}

/**
 * Passes a run's events on and, after an event carrying the result of a tool that changes data
 * (upgrade_plan, pay_invoice…), marks the screens' cached server state out of date, so what the
 * assistant did shows on the page without a reload. Which queries a tool moves is not known here,
 * so all of them load again; reads are skipped.
 */
export async function* invalidatingAfterTools<E extends { event: string; data: unknown }>(events: AsyncIterable<E>): AsyncGenerator<E> {
  for await (const event of events) {
    yield event;
    if (toolResultsIn(event).some(toolMayChange)) invalidateAll();
  }
}
