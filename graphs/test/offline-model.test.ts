import { describe, expect, it } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { createTools } from "@atelier/tools";
import { OfflineChatModel } from "../src/models/offline-model";
import type { ModelRole } from "../src/models/model-factory";
import { COPILOT_TOOLS } from "../src/copilot/graph";
import { VARIANTS } from "../src/sourcing/variants";
import { STOREFRONT_TOOLS } from "../src/storefront-chat/graph";
import { hasTool } from "@atelier/tools";

const TOOLS: Record<ModelRole, readonly string[]> = {
  copilot: COPILOT_TOOLS,
  "sourcing-agent": VARIANTS.default.tools,
  "tariff-rate-agent": VARIANTS.tariff.tools,
  "packaging-agent": VARIANTS.packaging.tools,
  "storefront-chat": STOREFRONT_TOOLS,
};

function firstStep(role: ModelRole, text: string) {
  const tools = createTools({ apiBaseUrl: "http://127.0.0.1:1" }, TOOLS[role].filter(hasTool));
  const model = new OfflineChatModel({ role }).bindTools(tools) as unknown as OfflineChatModel;
  return model.decide([new HumanMessage(text)]);
}

type Case = [ModelRole, string, string, Record<string, unknown>?];

const CASES: Case[] = [
  ["copilot", "show my plan", "get_plan"],
  ["copilot", "What plan am I on?", "get_plan"],
  ["copilot", "upgrade my plan", "get_plan"],
  ["copilot", "how much does fulfilment cost", "get_business_settings"],
  ["copilot", "what are the SMS fees", "get_business_settings"],
  ["copilot", "how much is storage per bin", "get_business_settings"],
  ["copilot", "who is on my team", "list_team_members"],
  ["copilot", "how many seats do I have", "list_team_members"],
  ["copilot", "invite sam@example.com as admin", "invite_team_member", { email: "sam@example.com", role: "ADMIN" }],
  ["copilot", "Please add Jo.Doe@Brand.co to the team as support", "invite_team_member", { email: "jo.doe@brand.co", role: "CX" }],
  ["copilot", "invite kim@example.com", "invite_team_member", { email: "kim@example.com", role: "CX" }],
  ["copilot", "remove sam@example.com from my team", "list_team_members"],
  ["copilot", "make sam@example.com an admin", "list_team_members"],
  ["copilot", "how many AI credits do I have", "get_ai_credits"],
  ["copilot", "buy 2000 AI credits", "purchase_ai_credits", { credits: 2000 }],
  ["copilot", "pause my plan", "pause_plan", { behavior: "keep_as_draft" }],
  ["copilot", "resume my subscription", "resume_plan"],
  ["copilot", "show my invoices", "list_invoices"],
  ["copilot", "pay my open invoice", "list_invoices"],
  ["copilot", "which cards do I have saved", "list_payment_methods"],
  ["copilot", "check promo code PRODUCTS10", "check_promotion_code", { code: "PRODUCTS10" }],
  ["copilot", "what are the states of Canada", "list_states_of_country", { countryCode: "CA" }],
  ["copilot", "show my store details", "get_my_store"],
  ["copilot", "what is the tariff on ceramic mugs from China", "get_country_tariff", { product: "ceramic mugs", originCountry: "CN", destinationCountry: "US" }],
  ["sourcing-agent", "find suppliers for organic cotton tees under MOQ 500", "match_factories", { query: "organic cotton tees", filters: { moqMax: 500 } }],
  ["sourcing-agent", "I need a factory that makes ceramic mugs", "match_factories", { query: "ceramic mugs" }],
  ["sourcing-agent", "find manufacturers for bamboo sunglasses in Vietnam", "match_factories", { query: "bamboo sunglasses", filters: { countryCodes: ["VN"] } }],
  ["sourcing-agent", "what is the tariff on ceramic mugs from China", "get_country_tariff", { originCountry: "CN" }],
  ["sourcing-agent", "show my suppliers", "list_my_suppliers"],
  ["sourcing-agent", "analyze https://acme-knits.example.com", "analyze_supplier_info", { supplierUrl: "https://acme-knits.example.com" }],
  ["sourcing-agent", "show my tech packs", "list_tech_packs"],
  ["tariff-rate-agent", "what is the tariff on ceramic mugs from China", "get_country_tariff", { product: "ceramic mugs", originCountry: "CN", destinationCountry: "US" }],
  ["tariff-rate-agent", "duty on cotton t-shirts from Vietnam at $4 per unit, MOQ 500", "get_country_tariff", { product: "cotton t-shirts", originCountry: "VN", perUnitPrice: 4, quantity: 500 }],
  ["tariff-rate-agent", "import duties for leather handbags made in Italy into Canada", "get_country_tariff", { originCountry: "IT", destinationCountry: "CA" }],
  ["tariff-rate-agent", "landed cost of steel water bottles from India at $3.50", "get_country_tariff", { originCountry: "IN", perUnitPrice: 3.5 }],
  ["packaging-agent", "find packaging suppliers for mailer boxes, MOQ 1000", "match_factories", { filters: { moqMax: 1000 } }],
  ["packaging-agent", "how much does fulfilment cost", "get_business_settings"],
  ["packaging-agent", "show my suppliers", "list_my_suppliers"],
  ["storefront-chat", "how do I get started", "search_help_centre", { q: "how do I get started" }],
  ["storefront-chat", "how much does fulfilment cost", "search_help_centre"],
  ["storefront-chat", "which sales channels can I sell on", "search_help_centre"],
  ["storefront-chat", "how do I contact support", "search_help_centre"],
  ["storefront-chat", "what plans are there", "search_help_centre"],
];

describe("offline model: the first step of typed requests", () => {
  it("covers at least 40 requests across the five agents", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CASES.map((c) => c[0])).size).toBe(5);
  });

  it.each(CASES)("%s: %s → %s", (role, text, tool, args) => {
    const step = firstStep(role, text);
    expect("calls" in step ? step.calls[0]?.name : step.answer).toBe(tool);
    if (args && "calls" in step) expect(step.calls[0]?.args).toMatchObject(args);
  });

  it("says it is the offline assistant and how to connect a model", async () => {
    const model = new OfflineChatModel({ role: "copilot" });
    const out = await model.invoke([new HumanMessage("hello")]);
    expect(String(out.content)).toMatch(/offline assistant/);
    expect(String(out.content)).toMatch(/OPENAI_API_KEY/);
    expect(String(out.content)).toMatch(/OPENAI_BASE_URL/);
    expect(String(out.content)).toMatch(/ATELIER_MODEL/);
  });
});

describe("answers from tool results", () => {
  it("reports a completed credit purchase as added, and a declined one as not", async () => {
    const { AIMessage, ToolMessage } = await import("@langchain/core/messages");
    const answerAfter = (result: Record<string, unknown>) => {
      const tools = createTools({ apiBaseUrl: "http://127.0.0.1:1" }, TOOLS.copilot.filter(hasTool));
      const model = new OfflineChatModel({ role: "copilot" }).bindTools(tools) as unknown as OfflineChatModel;
      const step = model.decide([
        new HumanMessage("buy 2000 AI credits"),
        new AIMessage({ content: "", tool_calls: [{ id: "call-1", name: "purchase_ai_credits", args: { credits: 2000 } }] }),
        new ToolMessage({ tool_call_id: "call-1", name: "purchase_ai_credits", content: JSON.stringify(result) }),
      ]);
      return "answer" in step ? step.answer : "";
    };
    expect(answerAfter({ result: "COMPLETED", balance: 3000 })).toBe("Credits added. New balance: 3000.");
    expect(answerAfter({ result: "INSTRUMENT_DECLINED" })).toMatch(/did not go through \(INSTRUMENT_DECLINED\)/);
  });
});
