export * from "./types";
export * from "./rate-model";
export { createLocalFreight } from "./local-freight";
