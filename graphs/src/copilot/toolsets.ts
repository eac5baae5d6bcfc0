import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import type { AIMessage, BaseMessage, ToolMessage } from "@langchain/core/messages";
import { z } from "zod";
import type { ScreenContext, ScreenEntityType } from "@atelier/contracts/agent-context";
import { TOOL_DOMAINS, type ToolDomain } from "@atelier/tools";

// The copilot's toolsets: a model is sent a core set, the tools of the screen's product area and
// find_tools, which brings in any other tool by what it does. Every definition is sent on every
// call, so all 90-odd tools at once cost ~20k tokens before the user's question (see
// docs/decisions.md, "Copilot toolsets").

export const FIND_TOOLS = "find_tools";

/** Bound on every screen: what people ask from anywhere. */
export const COPILOT_CORE = ["get_my_store", "get_plan", "get_sales_stats", "search_help_centre", "get_business_settings", FIND_TOOLS] as const;

/** The product areas a route is about, first match wins; unknown routes get the marketplace. */
const ROUTE_DOMAINS: [RegExp, ToolDomain[]][] = [
  [/^\/(browse-suppliers|supplier-profile|preview-supplier-profile|preview-catalog-item|catalog-item|favorites|marketplace)/, ["marketplace", "scorecards"]],
  [/^\/(inbox\/orders|inbox\/needs-payment|checkout|pay-invoice|add-shipping-address)/, ["purchasing", "receivings"]],
  [/^\/(order-details|return-settings)/, ["orders", "returns", "tickets"]],
  [/^\/(orders|order-details|track-order)/, ["orders", "exports"]],
  // Shipping screens under fulfillment-services: before the fulfilment line below, which would match them first.
  [/^\/fulfillment-services\/(create-shipping-label|label-history|label-batches)/, ["shipping", "orders"]],
  [/^\/homebase\/quality-control/, ["shipping"]],
  [/^\/fulfillment-services\/book-freight-shipment/, ["shipping", "receivings"]],
  [/^\/fulfillment-services\/kitting/, ["kitting", "orders"]],
  [/^\/fulfillment-services\/pre-sale/, ["presale", "orders", "receivings"]],
  [/^\/(ecommerce-services|fulfillment-services\/connect-)/, ["channels", "orders"]],
  [/^\/(fulfillment-rules|fulfillment-services)/, ["fulfilment", "orders", "tickets", "exports"]],
  [/^\/account\/(payments-report|payout-records|payment-records)/, ["payments", "billing", "exports"]],
  [/^\/account-info/, ["billing"]],
  [/^\/(inbox\/custom-project-requests|create-custom-project)/, ["projects"]],
  [/^\/(inbox\/my-suppliers|sourcing-agent|tariff-rate-agent|packaging-agent)/, ["sourcing", "scorecards"]],
  [/^\/(education|help)/, ["reference"]],
  [/^\/(analytics|order-(development|count-distribution|time-analysis|discounts|first-order-value|aov-pre-order-count|avg-value|items-per-basket)|product-(all|best-item|sold-item|return|cross-selling|follow-up)|free-shipping-threshold|marketing-channels|customer-daily-ltv|fulfillment-metrics)/, ["analytics"]],
  [/^\/(sourcing\/)?product-design/, ["creation"]],
  [/^\/fulfillment-services\/(create-shipping-label|label-history)/, ["shipping"]],
  [/^\/(business-kits|bk)/, ["brandKits"]],
  [/^\/(product-ideation|your-ideations|crowdfund-your-idea)/, ["ideation"]],
  [/^\/receivings/, ["receivings", "orders", "purchasing"]],
  [/^\/inbox\/supplier-scorecards/, ["scorecards", "marketplace"]],
];

const ENTITY_DOMAINS: Partial<Record<ScreenEntityType, ToolDomain>> = {
  supplier: "marketplace",
  catalog_item: "marketplace",
  order: "orders",
  invoice: "purchasing",
  custom_project: "projects",
  receiving: "receivings",
  warehouse_ticket: "tickets",
  payout: "payments",
  payment_record: "payments",
  freight_booking: "shipping",
  order_import: "channels",
  business_kit: "brandKits",
  product_ideation: "ideation",
  kit: "kitting",
  presale: "presale",
};

/** The product areas of a screen: its entity's, then its route's. */
export function screenDomains(screen: ScreenContext | null | undefined): ToolDomain[] {
  const domains = new Set<ToolDomain>();
  const entity = screen?.entity ? ENTITY_DOMAINS[screen.entity.type] : undefined;
  if (entity) domains.add(entity);
  const route = ROUTE_DOMAINS.find(([pattern]) => pattern.test(screen?.route ?? ""));
  for (const d of route?.[1] ?? (entity ? [] : ["marketplace" as const])) domains.add(d);
  return [...domains];
}

/** Tools the conversation already brought in: found by find_tools, or called before. */
function toolsInConversation(messages: BaseMessage[]): string[] {
  const names: string[] = [];
  for (const m of messages) {
    if (m.getType() === "ai") names.push(...((m as AIMessage).tool_calls ?? []).map((c) => c.name));
    if (m.getType() === "tool" && (m as ToolMessage).name === FIND_TOOLS) {
      try {
        const found = JSON.parse(String(m.content)) as { tools?: { name: string }[] };
        names.push(...(found.tools ?? []).map((t) => t.name));
      } catch {
        // A find_tools result is always JSON; anything else brought no tool in.
      }
    }
  }
  return names;
}

/** The tool names one copilot call binds: core, the screen's areas, and what the conversation brought in. */
export function copilotToolset(screen: ScreenContext | null | undefined, messages: BaseMessage[], available: readonly string[]): string[] {
  const wanted = new Set<string>([...COPILOT_CORE, ...screenDomains(screen).flatMap((d) => TOOL_DOMAINS[d]), ...toolsInConversation(messages)]);
  return available.filter((name) => wanted.has(name));
}

const words = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2).map((w) => w.replace(/(ies|es|s)$/, ""));

/**
 * find_tools: the tools whose name and description best match what the user wants, by shared
 * words. The next model call has them bound (copilotToolset reads the result).
 */
export function createFindToolsTool(catalog: StructuredToolInterface[]): StructuredToolInterface {
  const index = catalog.map((t) => ({ name: t.name, description: t.description, words: new Set(words(`${t.name.replace(/_/g, " ")} ${t.description}`)) }));
  return tool(
    async ({ need }) => {
      const asked = [...new Set(words(need))];
      const ranked = index
        .map((t) => ({ t, score: asked.filter((w) => t.words.has(w)).length + (asked.some((w) => t.name.includes(w)) ? 1 : 0) }))
        .filter((r) => r.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, 6);
      return JSON.stringify({ tools: ranked.map(({ t }) => ({ name: t.name, description: t.description })), note: ranked.length ? "These tools are now available: call the one that fits." : "No tool matches: say what you can help with." });
    },
    {
      name: FIND_TOOLS,
      description: "Find more tools by what they do (team, billing, invoices, orders, custom projects, tech packs, reviews…) when none of yours fits; the ones found can be called next.",
      schema: z.object({ need: z.string().min(2).max(300).describe("What the user wants done, in a few words, e.g. 'invite a team member'") }),
    },
  );
}
