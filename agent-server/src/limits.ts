import { AppError, invalid, type Queryable } from "@atelier/api/platform";
import type { Principal } from "./auth";
import * as q from "./queries";

/** What one caller may store through the agent server (docs/security.md, item 8). */
export type AgentLimits = {
  /** Threads an anonymous visitor id may create in a day. */
  visitorThreadsPerDay: number;
  /** Threads one visitor address may create in a day, whatever ids it sends. */
  visitorAddressThreadsPerDay: number;
  /** Runs (messages sent) one visitor thread may have. */
  visitorRunsPerThread: number;
  /** Threads a store keeps, all its users together. */
  storeThreads: number;
  /** Characters of text in one visitor message. */
  visitorMessageChars: number;
  /** A visitor run's input, command and context together, as JSON bytes (also a state update's values). */
  visitorInputBytes: number;
  /** The same for a signed-in user. */
  userInputBytes: number;
  /** A thread's or a run's metadata as JSON bytes, for a visitor and for a user. */
  visitorMetadataBytes: number;
  userMetadataBytes: number;
};

export const DEFAULT_AGENT_LIMITS: AgentLimits = {
  visitorThreadsPerDay: 20,
  visitorAddressThreadsPerDay: 100,
  visitorRunsPerThread: 100,
  storeThreads: 10_000,
  visitorMessageChars: 4_000,
  visitorInputBytes: 16 * 1024,
  userInputBytes: 512 * 1024,
  visitorMetadataBytes: 2 * 1024,
  userMetadataBytes: 16 * 1024,
};

const ENV_NAMES: Record<keyof AgentLimits, string> = {
  visitorThreadsPerDay: "ATELIER_VISITOR_THREADS_PER_DAY",
  visitorAddressThreadsPerDay: "ATELIER_VISITOR_ADDRESS_THREADS_PER_DAY",
  visitorRunsPerThread: "ATELIER_VISITOR_RUNS_PER_THREAD",
  storeThreads: "ATELIER_STORE_THREADS",
  visitorMessageChars: "ATELIER_VISITOR_MESSAGE_CHARS",
  visitorInputBytes: "ATELIER_VISITOR_INPUT_BYTES",
  userInputBytes: "ATELIER_USER_INPUT_BYTES",
  visitorMetadataBytes: "ATELIER_VISITOR_METADATA_BYTES",
  userMetadataBytes: "ATELIER_USER_METADATA_BYTES",
};

/** The limits, each overridable by its environment variable (a positive whole number); read once at start. */
export function agentLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): AgentLimits {
  const limits = { ...DEFAULT_AGENT_LIMITS };
  for (const [key, name] of Object.entries(ENV_NAMES) as [keyof AgentLimits, string][]) {
    const raw = env[name];
    if (raw === undefined || raw === "") continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number (it is "${raw}").`);
    limits[key] = value;
  }
  return limits;
}

const kb = (bytes: number) => (bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`);
const jsonBytes = (value: unknown) => (value === undefined || value === null ? 0 : Buffer.byteLength(JSON.stringify(value)));

/** Refuses metadata larger than the caller's limit (400 naming the field). */
export function checkMetadata(limits: AgentLimits, p: Principal, field: string, metadata: unknown): void {
  const max = p.kind === "anonymous" ? limits.visitorMetadataBytes : limits.userMetadataBytes;
  if (jsonBytes(metadata) > max) throw invalid(field, `is too large: at most ${kb(max)} of metadata can be kept`);
}

/** Refuses a run's (or a state update's) payload larger than the caller's limit, and a visitor's over-long message. */
export function checkRunPayload(limits: AgentLimits, p: Principal, parts: Record<string, unknown>): void {
  const max = p.kind === "anonymous" ? limits.visitorInputBytes : limits.userInputBytes;
  const total = Object.values(parts).reduce<number>((sum, v) => sum + jsonBytes(v), 0);
  if (total > max) throw invalid(Object.keys(parts)[0]!, `is too large: a message can carry at most ${kb(max)}`);
  if (p.kind !== "anonymous") return;
  const messages = (parts.input as { messages?: unknown } | null | undefined)?.messages;
  if (!Array.isArray(messages)) return;
  messages.forEach((m, i) => {
    if (textLength(m) > limits.visitorMessageChars) {
      throw invalid(`input.messages.${i}.content`, `is too long: a message can be at most ${limits.visitorMessageChars.toLocaleString("en")} characters. Shorten it or split it into two messages`);
    }
  });
}

/** The characters of text in a LangGraph message: its string content, or its text parts. */
function textLength(message: unknown): number {
  const content = (message as { content?: unknown } | null)?.content;
  if (typeof content === "string") return content.length;
  if (!Array.isArray(content)) return 0;
  return content.reduce<number>((sum, part) => sum + (typeof (part as { text?: unknown })?.text === "string" ? (part as { text: string }).text.length : 0), 0);
}

/**
 * Refuses a new thread over the caller's caps (429 with when to try again). Runs in the creating
 * transaction, under the caller's quota lock, so parallel creations cannot all pass the count.
 */
export async function checkThreadQuota(db: Queryable, limits: AgentLimits, p: Principal, clientIp: string | null): Promise<void> {
  if (p.kind === "user") {
    await q.lockThreadQuota(db, [`store:${p.owner.storeId}`]);
    if ((await q.countStoreThreads(db, p.owner.storeId)) >= limits.storeThreads) {
      throw new AppError("RATE_LIMITED", `This store keeps ${limits.storeThreads.toLocaleString("en")} conversations, the most it can. Delete old conversations to start new ones.`);
    }
    return;
  }
  await q.lockThreadQuota(db, [`visitor:${p.owner.anonymousId}`, ...(clientIp ? [`address:${clientIp}`] : [])]);
  const recent = await q.recentVisitorThreads(db, p.owner.anonymousId, clientIp);
  if (recent.by_id >= limits.visitorThreadsPerDay || recent.by_ip >= limits.visitorAddressThreadsPerDay) {
    throw new AppError("RATE_LIMITED", "Too many new conversations today. Please continue an earlier one, or try again tomorrow.");
  }
}

/** Refuses another message in a visitor's thread that already holds the most it may (429). */
export async function checkVisitorThreadRuns(db: Queryable, limits: AgentLimits, p: Principal, threadId: string): Promise<void> {
  if (p.kind !== "anonymous") return;
  if ((await q.countThreadRuns(db, threadId)) >= limits.visitorRunsPerThread) {
    throw new AppError("RATE_LIMITED", `This conversation has reached ${limits.visitorRunsPerThread} messages, the most it can hold. Please start a new one.`);
  }
}
