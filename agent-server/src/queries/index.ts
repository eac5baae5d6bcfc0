// The agent server's SQL, one module per aggregate; the routes and the runner read it as one
// namespace (`import * as q from "./queries"`).
export * from "./owner";
export * from "./threads";
export * from "./runs";
export * from "./run-queue";
export * from "./run-events";
export * from "./checkpoints";
export * from "./notify";
export type { EventRow } from "./run-rows";
