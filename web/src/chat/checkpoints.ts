import type { Client } from "@langchain/langgraph-sdk";

/** One checkpoint of a thread as branching needs it: its id and the ids of the messages it holds. */
export type CheckpointMessages = { checkpointId: string; messageIds: string[] };

/** The variants of one shown message: its position among them (1-based) and every variant's id, oldest first. */
export type MessageBranches = { number: number; count: number; siblings: string[]; index: number };

/** Checkpoints are read this many at a time (the agent server's history default is 10). */
export const HISTORY_PAGE_SIZE = 100;
/** Past this many pages a thread's history is not searched further: the edit fails visibly instead. */
export const HISTORY_MAX_PAGES = 50;

/** Raised when no checkpoint holds the messages an edit or a retry starts from. */
export class CheckpointNotFoundError extends Error {
  constructor(readonly threadId: string, readonly messageCount: number) {
    super(`This conversation's history has no point where those ${messageCount} earlier message(s) end, so the edit cannot branch from there. Nothing was sent; reload the conversation and try again.`);
    this.name = "CheckpointNotFoundError";
  }
}

type HistoryState = { checkpoint: { checkpoint_id?: string | null }; values?: { messages?: { id?: string }[] } | null };

function toCheckpoint(state: HistoryState): CheckpointMessages | null {
  const id = state.checkpoint.checkpoint_id;
  if (!id) return null;
  const messages = Array.isArray(state.values?.messages) ? state.values.messages : [];
  return { checkpointId: id, messageIds: messages.map((m) => m.id ?? "") };
}

/**
 * Every checkpoint of a thread, newest first, page by page (all branches: LangGraph lists a
 * thread's forks together). Stops at the first page `stop` accepts, or after HISTORY_MAX_PAGES.
 */
export async function readCheckpoints(client: Client, threadId: string, stop?: (page: CheckpointMessages[]) => boolean): Promise<{ checkpoints: CheckpointMessages[]; complete: boolean }> {
  const checkpoints: CheckpointMessages[] = [];
  let before: string | undefined;
  for (let page = 0; page < HISTORY_MAX_PAGES; page++) {
    const states = (await client.threads.getHistory(threadId, { limit: HISTORY_PAGE_SIZE, ...(before ? { before: { configurable: { checkpoint_id: before } } } : {}) })) as unknown as HistoryState[];
    const read = states.map(toCheckpoint).filter((c): c is CheckpointMessages => c !== null);
    checkpoints.push(...read);
    if (stop?.(read)) return { checkpoints, complete: false };
    if (states.length < HISTORY_PAGE_SIZE || !read.length) return { checkpoints, complete: true };
    before = read.at(-1)!.checkpointId;
  }
  return { checkpoints, complete: false };
}

const samePrefix = (ids: string[], prefix: string[]) => ids.length >= prefix.length && prefix.every((id, i) => ids[i] === id);

/** The newest checkpoint holding exactly these messages, in this order; null when none does. */
export function checkpointHolding(checkpoints: CheckpointMessages[], messageIds: string[]): string | null {
  return checkpoints.find((c) => c.messageIds.length === messageIds.length && samePrefix(c.messageIds, messageIds))?.checkpointId ?? null;
}

/**
 * The checkpoint an edit or a retry forks from: the one whose messages are exactly those before
 * the edited (or retried) message. Pages through the whole history; throws when there is none,
 * because sending without a checkpoint would silently continue the current branch instead.
 */
export async function findForkCheckpoint(client: Client, threadId: string, messageIds: string[]): Promise<string> {
  let found: string | null = null;
  await readCheckpoints(client, threadId, (page) => (found = checkpointHolding(page, messageIds)) !== null);
  if (!found) throw new CheckpointNotFoundError(threadId, messageIds.length);
  return found;
}

/** The newest checkpoint whose messages start with `prefix`: the head of that branch. */
export function branchHead(checkpoints: CheckpointMessages[], prefix: string[]): string | null {
  return checkpoints.find((c) => samePrefix(c.messageIds, prefix))?.checkpointId ?? null;
}

/**
 * For each message of the shown branch, its variants: the different messages found at the same
 * position after the same earlier messages in any checkpoint (an edit or a retry made them).
 * Only messages with more than one variant are listed.
 */
export function branchesOf(checkpoints: CheckpointMessages[], shown: string[]): Map<string, MessageBranches> {
  const out = new Map<string, MessageBranches>();
  // Oldest first, so variants are numbered in the order they were made.
  const oldestFirst = [...checkpoints].reverse();
  shown.forEach((id, index) => {
    const prefix = shown.slice(0, index);
    const siblings: string[] = [];
    for (const c of oldestFirst) {
      const at = c.messageIds[index];
      if (at && samePrefix(c.messageIds, prefix) && !siblings.includes(at)) siblings.push(at);
    }
    if (siblings.length > 1 && siblings.includes(id)) out.set(id, { number: siblings.indexOf(id) + 1, count: siblings.length, siblings, index });
  });
  return out;
}

/**
 * A copy of a checkpoint, as a sibling branch (LangGraph's `__copy__` update). A retry runs from
 * the copy: resuming the checkpoint itself would replay the writes its next step already made
 * (the same answer, ids and all) instead of running that step again.
 */
export async function copyCheckpoint(client: Client, threadId: string, checkpointId: string): Promise<string> {
  const out = (await client.threads.updateState(threadId, { values: null, checkpointId, asNode: "__copy__" })) as { checkpoint?: { checkpoint_id?: string | null }; configurable?: { checkpoint_id?: string | null } };
  const id = out.checkpoint?.checkpoint_id ?? out.configurable?.checkpoint_id;
  if (!id) throw new Error("The agent server did not return the copied checkpoint, so the answer cannot be retried.");
  // A copy with no step to run would end the retry at once, silently: say so instead.
  const copy = await client.threads.getState(threadId, id);
  if (!copy.next.length) throw new Error("This answer cannot be retried: the agent server reports no step to run again from the message before it. Nothing was sent.");
  return id;
}
