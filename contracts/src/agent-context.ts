import { z } from "zod";

// What crosses from the web to the agent server and on to graphs and tools: the assistants one
// can talk to, the screen the user is on, and what a run knows about its caller. Declared once
// here; the web builds the screen context, the agent server parses it at its edge.

/** Every assistant the agent server serves; one graph each. */
export const ASSISTANT_IDS = ["copilot", "sourcing-agent", "tariff-rate-agent", "packaging-agent", "storefront-chat"] as const;
export type AssistantId = (typeof ASSISTANT_IDS)[number];

/** Whether a string names an assistant. */
export function isAssistantId(value: string): value is AssistantId {
  return (ASSISTANT_IDS as readonly string[]).includes(value);
}

/** Assistants an anonymous storefront visitor may talk to. */
export const ANONYMOUS_ASSISTANT_IDS: readonly AssistantId[] = ["storefront-chat"];

/** What a screen can be about; "this supplier" means the entity of this type on screen. */
export const SCREEN_ENTITY_TYPES = [
  "supplier",
  "catalog_item",
  "order",
  "invoice",
  "custom_project",
  "business_kit",
  "template",
  "receiving",
  "warehouse_ticket",
  "product",
  "discount",
  "share_report",
  "product_ideation",
  "order_rule",
  "qc_inspection",
  "payout",
  "payment_record",
  "freight_booking",
  "kit",
  "presale",
  "order_import",
  // A product as the product reports name it (their row key, the title before " — "), open on a report.
  "report_product",
] as const;
export type ScreenEntityType = (typeof SCREEN_ENTITY_TYPES)[number];

/** Field errors as sentences a developer can act on (the agent server answers them as 400s). */
function saying(what: string) {
  return { error: (issue: { code?: string; keys?: string[]; input?: unknown }) => (issue.code === "unrecognized_keys" ? `has no field ${issue.keys?.join(", ")}: it holds ${what}` : issue.input === undefined ? `is missing: it holds ${what}` : `must hold ${what}`) };
}
const text = (max: number) => z.string(saying(`text of at most ${max} characters`)).max(max, `must be at most ${max} characters`);

/** The entity a screen shows, by type and id. */
export const screenEntitySchema = z.strictObject(
  {
    type: z.enum(SCREEN_ENTITY_TYPES, saying(`one of ${SCREEN_ENTITY_TYPES.join(", ")}`)),
    id: text(200).min(1, "must not be empty"),
  },
  saying("an entity's type and id, or null"),
);
export type ScreenEntity = z.infer<typeof screenEntitySchema>;

/** The screen the user asks from: the route pattern, the path, its query and the entity shown. */
export const screenContextSchema = z.strictObject(
  {
    /** The route pattern, e.g. /supplier-profile/:supplierId. */
    route: text(500).min(1, "must not be empty"),
    /** The path as shown in the address bar. */
    path: text(2000),
    query: z.record(text(200), text(2000), saying("the query parameters as text")).refine((q) => Object.keys(q).length <= 50, "must have at most 50 parameters"),
    entity: screenEntitySchema.nullable(),
  },
  saying("route, path, query and entity"),
);
export type ScreenContext = z.infer<typeof screenContextSchema>;

/** Builds a screen context; the route alone is enough, the rest defaults to "nothing on screen". */
export function buildScreenContext(input: { route: string; path?: string; query?: Record<string, string>; entity?: ScreenEntity | null }): ScreenContext {
  return screenContextSchema.parse({ route: input.route, path: input.path ?? input.route, query: input.query ?? {}, entity: input.entity ?? null });
}

/** The id of the entity on screen when it is of this type. */
export function screenEntityId(screen: ScreenContext | null | undefined, type: ScreenEntityType): string | undefined {
  return screen?.entity?.type === type ? screen.entity.id : undefined;
}

/**
 * What a run knows about its caller: who asks (their API token), where the API is, and the
 * screen they ask from. Set by the agent server in LangGraph's runtime `context` (handed to every
 * node and tool, never checkpointed); tools and graphs read it.
 */
export type RunContext = {
  /** The caller's bearer token for the REST API; null for anonymous storefront visitors. */
  apiToken: string | null;
  /** Origin of the REST API; empty when the run did not set one (the tool's default applies). */
  apiBaseUrl: string;
  storeId: string | null;
  userId: string | null;
  /** The browser's anonymous creator id, for storefront visitors without an account. */
  anonymousId: string | null;
  screen: ScreenContext | null;
};

/** The key of the runtime `context` the agent server writes the run context under. */
export const RUN_CONTEXT_KEY = "atelier";

/** A run context with nothing known but what is given; for tests and in-process runs. */
export function buildRunContext(context: Partial<RunContext> = {}): RunContext {
  const c = context;
  return { apiToken: c.apiToken ?? null, apiBaseUrl: c.apiBaseUrl ?? "", storeId: c.storeId ?? null, userId: c.userId ?? null, anonymousId: c.anonymousId ?? null, screen: c.screen ?? null };
}
