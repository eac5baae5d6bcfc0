import { z } from "zod";

// LangGraph's HTTP API tolerates keys it does not use (newer SDKs send more), so bodies are not
// strict; every key the server reads is validated.
const jsonObject = z.record(z.string(), z.unknown());
const streamModeName = z.enum(["values", "updates", "messages", "messages-tuple", "custom"]);
const nodeList = z.union([z.literal("*"), z.array(z.string().min(1).max(200)).max(50)]);

export const uuidParam = z.string().uuid("must be a UUID");
export const checkpointIdParam = z.string().min(1).max(200);

export const createThreadBody = z.object({
  thread_id: uuidParam.optional(),
  metadata: jsonObject.optional(),
  if_exists: z.enum(["raise", "do_nothing"]).optional(),
});

export const searchThreadsBody = z.object({
  metadata: jsonObject.optional(),
  ids: z.array(uuidParam).max(500).optional(),
  status: z.enum(["idle", "busy", "interrupted", "error"]).optional(),
  limit: z.number().int().min(1).max(1000).default(10),
  offset: z.number().int().min(0).default(0),
  sort_by: z.enum(["thread_id", "status", "created_at", "updated_at"]).default("updated_at"),
  sort_order: z.enum(["asc", "desc"]).default("desc"),
});

export const searchAssistantsBody = z.object({
  graph_id: z.string().max(200).optional(),
  name: z.string().max(200).optional(),
  metadata: jsonObject.optional(),
  limit: z.number().int().min(1).max(1000).default(10),
  offset: z.number().int().min(0).default(0),
});

const checkpointRef = z.object({ checkpoint_id: z.string().min(1).max(200).optional(), checkpoint_ns: z.string().max(500).optional() }).passthrough();

export const historyBody = z.object({
  limit: z.number().int().min(1).max(1000).default(10),
  before: z.union([z.string().min(1).max(200), z.object({ configurable: checkpointRef }).passthrough(), checkpointRef]).optional(),
  metadata: jsonObject.optional(),
  checkpoint: checkpointRef.optional(),
});

export const updateStateBody = z.object({
  values: z.union([jsonObject, z.array(z.unknown()), z.null()]).optional(),
  checkpoint: checkpointRef.optional(),
  checkpoint_id: z.string().min(1).max(200).optional(),
  as_node: z.string().min(1).max(200).optional(),
});

export const runBody = z.object({
  assistant_id: z.string().min(1).max(200),
  input: z.union([jsonObject, z.null()]).optional(),
  command: z
    .object({ resume: z.unknown().optional(), update: z.unknown().optional(), goto: z.unknown().optional() })
    .refine((c) => c.resume !== undefined || c.update !== undefined || c.goto !== undefined, "needs resume, update or goto")
    .optional(),
  stream_mode: z.union([streamModeName, z.array(streamModeName).max(5)]).optional(),
  config: z.object({ recursion_limit: z.number().int().min(1).max(1000).optional(), configurable: jsonObject.optional(), tags: z.array(z.string()).optional() }).passthrough().optional(),
  context: jsonObject.optional(),
  metadata: jsonObject.optional(),
  checkpoint: checkpointRef.optional(),
  checkpoint_id: z.string().min(1).max(200).optional(),
  interrupt_before: nodeList.optional(),
  interrupt_after: nodeList.optional(),
  multitask_strategy: z.enum(["reject", "enqueue", "interrupt", "rollback"]).optional(),
  on_disconnect: z.enum(["cancel", "continue"]).optional(),
  if_not_exists: z.enum(["create", "reject"]).optional(),
});

export const cancelQuery = z.object({
  wait: z.enum(["0", "1", "true", "false"]).optional(),
  action: z.enum(["interrupt", "rollback"]).default("interrupt"),
});

export const historyMessagesQuery = z.strictObject({ checkpointId: z.string().min(1).max(200).optional() });
