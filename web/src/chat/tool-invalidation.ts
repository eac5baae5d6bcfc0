import { toolContract } from "@atelier/tools/tool-results";
import { invalidate, invalidateAll, tagsInvalidatedBy } from "../api/query-cache";

/** Tools that only read (verb_noun with a reading verb): their results move no data, even when their contract is a POST (a search). */
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
  if (READING_VERBS.has(name.split("_")[0] ?? "")) return false;
  return toolContract(name)?.method !== "GET";
}

/**
 * The query-cache keys a tool's result makes stale: its contract's tags and the tags linked to
 * them, as a mutation of that contract through `request()` would; none for a read; `"all"` for a
 * tool this web does not know (a newer agent server), since what it moved cannot be named.
 */
export function keysInvalidatedByTool(name: string): string[] | "all" {
  if (!toolMayChange(name)) return [];
  const contract = toolContract(name);
  return contract ? tagsInvalidatedBy(contract) : "all";
}

/**
 * Passes a run's events on and, after an event carrying the result of a tool that changes data
 * (upgrade_plan, pay_invoice…), marks the cached server state that tool's contract moves out of
 * date, so what the assistant did shows on the page without a reload and unrelated screens keep
 * their answers. Reads are skipped; an unknown tool refreshes everything.
 */
export async function* invalidatingAfterTools<E extends { event: string; data: unknown }>(events: AsyncIterable<E>): AsyncGenerator<E> {
  for await (const event of events) {
    yield event;
    const keys = toolResultsIn(event).map(keysInvalidatedByTool);
    if (keys.includes("all")) invalidateAll();
    else if (keys.some((k) => k.length)) invalidate([...new Set(keys.flat())]);
  }
}
