import { readRuntimeEnv, type RuntimeEnv } from "./env";

let runtime: RuntimeEnv | null = null;

/** The environment, flags and agent server address, read once. */
export function getRuntime(): RuntimeEnv {
  runtime ??= readRuntimeEnv();
  return runtime;
}
