import type { BaseCheckpointSaver } from "@langchain/langgraph";
import type { ModelFactory } from "../models/model-factory";

/** What every graph builder is given: its models, its checkpointer and where the REST API is. */
export type GraphDeps = {
  modelFactory: ModelFactory;
  checkpointer?: BaseCheckpointSaver;
  /** Origin of the REST API the tools call (the run context may override it per run). */
  apiBaseUrl: string;
  /** Where the graph writes what operators should see (a model calling a tool it does not have); stderr by default. */
  log?: GraphLog;
};

/** One log line: a sentence and its fields. */
export type GraphLog = (message: string, fields: Record<string, unknown>) => void;
