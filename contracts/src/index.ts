import type { Contract } from "./contract";
import * as auth from "./auth";
import * as health from "./health";
import * as stores from "./stores";

export * from "./contract";
export * from "./errors";
export * from "./domain";
export * from "./client";
export { auth, health, stores };

function contractsOf(module: Record<string, unknown>): Contract[] {
  return Object.values(module).filter((v): v is Contract => typeof v === "object" && v !== null && "method" in v && "path" in v && "response" in v);
}

/** Every endpoint of the API, in one list: OpenAPI, the tool coverage test and the fuzz test walk it. */
export const allContracts: Contract[] = [health, auth, stores].flatMap(contractsOf);
