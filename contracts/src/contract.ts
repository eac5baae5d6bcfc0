import type { z } from "zod";
import type { PlanType } from "./domain";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Who may call: anyone, a logged-in user, or anyone with the user resolved when a token is sent. */
export type Access = "public" | "user" | "optional";

type AnyObject = z.ZodType<Record<string, unknown>>;

/** One endpoint: the single description that validation, OpenAPI, the typed client and the agent tools share. */
export type Contract = {
  /** operationId; camelCase verb-noun. */
  id: string;
  method: HttpMethod;
  /** Path under /rest/main, Express style (`/web/stores/me`, `/web/things/:id`). */
  path: string;
  summary: string;
  tags: string[];
  access: Access;
  params?: AnyObject;
  query?: AnyObject;
  body?: z.ZodType;
  response: z.ZodType;
  status?: 200 | 201 | 202;
  /** Lowest plan that may call; lower plans get 403 with the upgrade message. */
  minPlan?: PlanType;
  /** Only a version-2 token is accepted. */
  tokenVersion?: "v2";
  /** A mutating endpoint a preview account may still call (log in, read-only actions sent as POST). */
  previewAllowed?: boolean;
  /** A supplier's session may call it too (the inbox seen from the supplier's side); every other endpoint refuses supplier sessions. */
  supplierAllowed?: boolean;
  /** Endpoints agents call with retries take an Idempotency-Key header. */
  idempotent?: boolean;
  /** Why this mutation has no agent tool, when it has none. */
  noToolReason?: string;
};

export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type InferIn<T> = T extends z.ZodType ? z.input<T> : undefined;

export type ParamsOf<C extends Contract> = Infer<C["params"]>;
export type QueryOf<C extends Contract> = Infer<C["query"]>;
export type BodyOf<C extends Contract> = Infer<C["body"]>;
export type ResponseOf<C extends Contract> = z.infer<C["response"]>;

/** What a caller passes: params, query and body in their input (pre-default) form. */
export type CallInput<C extends Contract> = (C["params"] extends z.ZodType ? { params: InferIn<C["params"]> } : { params?: undefined }) &
  (C["query"] extends z.ZodType ? { query?: InferIn<C["query"]> } : { query?: undefined }) &
  (C["body"] extends z.ZodType ? { body: InferIn<C["body"]> } : { body?: undefined });

export function isMutating(contract: Contract): boolean {
  return contract.method !== "GET";
}

/** Fills `:name` segments of a contract path. */
export function buildPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z0-9_]+)\??/g, (_, name: string) => {
    const value = params?.[name];
    return value === undefined || value === null ? "" : encodeURIComponent(String(value));
  }).replace(/\/+$/, "") || "/";
}
