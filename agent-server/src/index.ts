export { startAgentServer, type AgentServer, type AgentServerOptions } from "./server";
export { AtelierCheckpointer } from "./checkpointer";
export { productGraphs } from "./product-graphs";
export type { GraphSource, ServableGraph } from "./graphs";
