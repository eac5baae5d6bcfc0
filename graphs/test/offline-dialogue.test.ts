import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import type { ModelRole } from "../src/models/model-role";
import { offlineAssistant as assistant, calls, answer, toolTurn } from "./tool-fixture";

// The offline assistant as a dialogue system: requests typed as users type them (typos, indirect
// phrasing) and conversations whose later turns refer to earlier ones.

const decide = (messages: BaseMessage[], role: ModelRole = "copilot") => assistant(role).decide(messages);
/** One finished turn: the user's words, the tools' results and the assistant's answer to them. */
function turn(say: string, results: [string, Record<string, unknown>, unknown][], role: ModelRole = "copilot", before: BaseMessage[] = []): BaseMessage[] {
  const messages = [...before, new HumanMessage(say), ...results.flatMap(([name, args, result]) => toolTurn(name, args, result))];
  return [...messages, new AIMessage(answer(decide(messages, role)))];
}

const supplier = (name: string, score: number, extra: Record<string, unknown> = {}) => ({ id: crypto.randomUUID(), name, countryCode: "CN", moq: 100, score, productionDaysMin: 10, productionDaysMax: 30, ...extra });
const lotus = supplier("Lotus Ceramics", 0.9);
const jade = supplier("Jade Kiln", 0.7);
const river = supplier("River Pottery", 0.8);
const mugSearch = (say = "show me ceramic mug suppliers", before: BaseMessage[] = []) => turn(say, [["search_suppliers", { size: 10, keyword: "ceramic mug" }, { list: [lotus, jade, river], total: 3 }]], "copilot", before);

describe("offline assistant: requests as users type them", () => {
  it.each([
    ["shwo me my pln", "get_plan"],
    ["whats in my crat", "get_cart"],
    ["how many credts do i have left", "get_ai_credits"],
    ["who is on my teem", "list_team_members"],
    ["what am I paying each month", "get_plan"],
    ["billing history pls", "list_invoices"],
    ["what card do you have on file", "list_payment_methods"],
  ])("understands %j", (say, tool) => {
    expect(calls(decide([new HumanMessage(say)])).map((c) => c.name)).toEqual([tool]);
  });

  it.each([
    ["supplers for hoodies in china", { size: 10, keyword: "hoodies", countryCodes: ["CN"] }],
    ["suppliers in Vietnam for bamboo toothbrushes", { size: 10, keyword: "bamboo toothbrushes", countryCodes: ["VN"] }],
    ["top rated sock manufacturer", { size: 10, keyword: "sock", review: "4" }],
    ["cheapest leather bag suppliers", { size: 10, keyword: "leather bag", sort: "productionMinPrice" }],
    ["I'd like to see who makes scented candles in Portugal", { size: 10, keyword: "scented candles", countryCodes: ["PT"] }],
    ["mug suppliers, shipped to the US", { size: 10, keyword: "mug" }],
  ])("searches suppliers for %j with the product, place and sort only", (say, args) => {
    expect(calls(decide([new HumanMessage(say)]))).toEqual([{ name: "search_suppliers", args }]);
  });

  it("reads origin and destination from the sentence's structure, ISO codes and arrows included", () => {
    expect(calls(decide([new HumanMessage("import duty on wool sweaters from peru into canada")]))[0]?.args).toMatchObject({ product: "wool sweaters", originCountry: "PE", destinationCountry: "CA" });
    expect(calls(decide([new HumanMessage("tariff for hoodies CN -> US at $4 each")]))[0]?.args).toMatchObject({ product: "hoodies", originCountry: "CN", destinationCountry: "US", perUnitPrice: 4 });
  });

  it("builds the sourcing goal from the page's own prompt: quantity, price, date and destination", () => {
    const say = "I want to make 300 organic cotton tote bags with a two-colour logo, target $4 per unit, to the US by March 2027";
    // Saved for the conversation on its first turn (issue 15, item 2), materials and print details read out too.
    expect(calls(decide([new HumanMessage(say)], "sourcing-agent"))).toEqual([
      {
        name: "save_sourcing_goal",
        args: { agentType: "default", goal: { productDescription: "organic cotton tote bags with a two-colour logo", materials: ["organic cotton"], printDetails: "two-colour logo", quantity: 300, targetUnitPrice: 4, targetDate: "2027-03-31", destinationCountryCode: "US" } },
      },
    ]);
  });

  it("declines what it cannot do, saying what it can", () => {
    const said = answer(decide([new HumanMessage("book me a flight to Paris")]));
    expect(said).toMatch(/can't|didn't catch/i);
    expect(said).toContain("show my plan");
  });
});

describe("offline assistant: conversations", () => {
  it("opens 'the second one' of the suppliers it listed, in the order it listed them", () => {
    const said = answer(decide(mugSearch()));
    expect(said.indexOf("Lotus Ceramics")).toBeLessThan(said.indexOf("River Pottery"));
    expect(calls(decide([...mugSearch(), new HumanMessage("tell me more about the second one")]))).toEqual([{ name: "get_supplier", args: { id: river.id } }]);
  });

  it("favourites 'the first one' and 'the last supplier'", () => {
    expect(calls(decide([...mugSearch(), new HumanMessage("favourite the first one")]))).toEqual([{ name: "add_favorite", args: { kind: "SUPPLIER", targetId: lotus.id } }]);
    expect(calls(decide([...mugSearch(), new HumanMessage("save the last supplier")]))).toEqual([{ name: "add_favorite", args: { kind: "SUPPLIER", targetId: jade.id } }]);
  });

  it("re-runs the last search with one slot changed: 'and from Vietnam?'", () => {
    const first = mugSearch("show me ceramic mug suppliers in China");
    expect(calls(decide([...first, new HumanMessage("and from Vietnam?")]))).toEqual([{ name: "search_suppliers", args: { size: 10, keyword: "ceramic mug", countryCodes: ["VN"] } }]);
    expect(calls(decide([...first, new HumanMessage("what about the cheapest ones?")]))).toEqual([{ name: "search_suppliers", args: { size: 10, keyword: "ceramic mug", countryCodes: ["CN"], sort: "productionMinPrice" } }]);
  });

  it("narrows the last results: 'which of those can do just 300 units?'", () => {
    expect(calls(decide([...mugSearch(), new HumanMessage("which of those can do just 300 units?")]))).toEqual([
      { name: "search_suppliers", args: { size: 10, keyword: "ceramic mug", moq: "0_100" } },
      { name: "search_suppliers", args: { size: 10, keyword: "ceramic mug", moq: "100_1000" } },
    ]);
  });

  it("re-asks a tariff with the origin changed: 'and if I made them in Vietnam instead?'", () => {
    const tariff = { product: "ceramic mugs", htsCode: "6912.00", generalRatePercent: 9.8, totalRatePercent: 34.8 };
    const first = turn("what is the tariff on ceramic mugs from China", [["get_country_tariff", { product: "ceramic mugs", originCountry: "CN", destinationCountry: "US" }, tariff]]);
    expect(calls(decide([...first, new HumanMessage("and if I made them in Vietnam instead?")]))).toEqual([{ name: "get_country_tariff", args: { product: "ceramic mugs", originCountry: "VN", destinationCountry: "US" } }]);
  });

  it("fills its own pending question with the answer", () => {
    const asked = turn("find me some suppliers", []);
    expect(String(asked.at(-1)!.content)).toMatch(/Which product/);
    expect(calls(decide([...asked, new HumanMessage("ceramic mugs")]))).toEqual([{ name: "search_suppliers", args: { size: 10, keyword: "ceramic mugs" } }]);
    const tariffAsked = turn("how much duty would I pay on leather wallets", []);
    expect(String(tariffAsked.at(-1)!.content)).toMatch(/Where are the leather wallets made\?/);
    expect(calls(decide([...tariffAsked, new HumanMessage("India")]))[0]?.args).toMatchObject({ product: "leather wallets", originCountry: "IN" });
  });

  it("answers the sourcing agent's question about the date, keeping the goal it had", () => {
    const say = "find suppliers for organic cotton tees under MOQ 500";
    const validation = { valid: false, agentType: "default", missing: ["targetDate"], problems: [], questions: [{ field: "targetDate", question: "By when do you need the goods ready?" }], suggestions: [], completeness: 0.5 };
    const match = { queryText: "organic cotton tees", inNetwork: [], expandedNetwork: [], inNetworkIds: [], expandedIds: [] };
    const saved = { id: crypto.randomUUID(), conversationSid: "thread", agentType: "default", eventItemType: "design-source", goal: { productDescription: "organic cotton tees" }, validation, createdAt: "2026-11-27T00:00:00Z", updatedAt: "2026-11-27T00:00:00Z" };
    const first = turn(say, [["save_sourcing_goal", { agentType: "default", goal: { productDescription: "organic cotton tees" } }, saved], ["match_factories", { query: "organic cotton tees", filters: { moqMax: 500 } }, match]], "sourcing-agent");
    expect(String(first.at(-1)!.content)).toContain("could you also tell me the date you need them by?");
    // The answer fills the saved goal: only the new fact is sent.
    expect(calls(decide([...first, new HumanMessage("by 2027-03-15")], "sourcing-agent"))).toEqual([{ name: "update_sourcing_goal", args: { goal: { targetDate: "2027-03-15" } } }]);
  });

  it("sends the tech pack to 'the first two' matched factories only", () => {
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const inNetwork = ids.map((id, i) => ({ id, name: `Mill ${i + 1}`, countryCode: "VN" }));
    const match = { queryText: "linen shirts", inNetwork, expandedNetwork: [], inNetworkIds: ids, expandedIds: [] };
    const pack = { id: crypto.randomUUID(), productName: "Linen shirts", version: 1 };
    const thread = [new HumanMessage("find factories for linen shirts"), ...toolTurn("match_factories", { query: "linen shirts" }, match), new AIMessage("Matches."), new HumanMessage("send it to the first two"), ...toolTurn("create_tech_pack", { productName: "Linen shirts" }, pack)];
    expect(calls(decide(thread, "sourcing-agent"))).toEqual([{ name: "send_messages_in_network", args: { techPackId: pack.id, companyIds: ids.slice(0, 2) } }]);
  });
});

describe("offline assistant: intents whose tools had no conversation", () => {
  it.each([
    ["how r my sales lookin", "get_sales_stats", {}],
    ["which orders are still in production", "list_order_items", { tab: "IN_PRODUCTION", size: 50 }],
    ["what did I order from Jiale Garment?", "list_order_items", { tab: "ALL", size: 50 }],
    ["list my custom projects", "list_custom_projects", {}],
    ["search products: hoodie embroidery", "search_catalog_items", { keyword: "hoodie embroidery", size: 10 }],
    ["cheapest tote bag samples", "search_catalog_items", { keyword: "tote bag", size: 10, sort: "productionMinPrice" }],
    ["do you have phone cases", "search_catalog_items", { keyword: "phone cases", size: 10 }],
  ])("%j calls %s", (say, tool, args) => {
    expect(calls(decide([new HumanMessage(say)]))).toEqual([{ name: tool, args }]);
  });

  it("drafts a custom project from one sentence", () => {
    expect(calls(decide([new HumanMessage("start a project for a skincare box, 500 units by 2027-06-30")]))).toEqual([
      { name: "create_custom_project", args: { title: "Skincare box", catalogItemType: "RFP_PACKAGING", description: "start a project for a skincare box, 500 units by 2027-06-30", quantity: 500, targetCompletionDate: "2027-06-30" } },
    ]);
  });

  it("answers what was ordered from a supplier by name", () => {
    const item = (title: string, supplierName: string) => ({ id: crypto.randomUUID(), kind: "SAMPLE", status: "IN_PRODUCTION", title, quantity: 1, unitPriceCents: 1500, supplierName });
    const said = answer(decide([new HumanMessage("what did I order from Jiale Garment?"), ...toolTurn("list_order_items", { tab: "ALL", size: 50 }, { list: [item("Linen shirt", "Jiale Garment"), item("Mug", "Lotus Ceramics")], total: 2 })]));
    expect(said).toContain("What you ordered from Jiale Garment:");
    expect(said).toContain("Linen shirt");
    expect(said).not.toContain("Mug");
  });

  it("says honestly that free writing needs a model", () => {
    expect(answer(decide([new HumanMessage("write a product description for my candle")]))).toMatch(/needs a language model/);
  });
});

describe("offline assistant: a supplier by name", () => {
  it("opens a supplier it listed by name, and finds one it hasn't by searching first", () => {
    expect(calls(decide([...mugSearch(), new HumanMessage("open Jade Kiln")]))).toEqual([{ name: "get_supplier", args: { id: jade.id } }]);
    expect(calls(decide([new HumanMessage("tell me about Jiale Garment")]))).toEqual([{ name: "search_suppliers", args: { keyword: "Jiale Garment", size: 5 } }]);
    const found = supplier("Jiale Garment", 0.9);
    expect(calls(decide([new HumanMessage("tell me about Jiale Garment"), ...toolTurn("search_suppliers", { keyword: "Jiale Garment", size: 5 }, { list: [found], total: 1 })]))).toEqual([{ name: "get_supplier", args: { id: found.id } }]);
  });
});

describe("offline sourcing agent: the factories it matched", () => {
  it("tells more about 'the second one' from the match it listed", () => {
    const inNetwork = [
      { id: crypto.randomUUID(), name: "Mill One", countryCode: "VN", city: "Hanoi", moq: 300, productionDaysMin: 20, productionDaysMax: 40 },
      { id: crypto.randomUUID(), name: "Mill Two", countryCode: "PT", city: "Porto", moq: 100, productionDaysMin: 15, productionDaysMax: 30 },
    ];
    const match = { queryText: "linen shirts", inNetwork, expandedNetwork: [], inNetworkIds: inNetwork.map((f) => f.id), expandedIds: [] };
    const thread = [new HumanMessage("find factories for linen shirts"), ...toolTurn("match_factories", { query: "linen shirts" }, match), new AIMessage("Matches."), new HumanMessage("tell me more about the second one")];
    // An in-network factory is a marketplace supplier: the store's own record with it is read first.
    expect(calls(decide(thread, "sourcing-agent"))).toEqual([{ name: "get_supplier_scorecard", args: { supplierId: inNetwork[1]!.id } }]);
    const record = { name: "Mill Two", hasDealings: false };
    const said = answer(decide([...thread, ...toolTurn("get_supplier_scorecard", { supplierId: inNetwork[1]!.id }, record)], "sourcing-agent"));
    expect(said).toContain("**Mill Two** (Porto, Portugal)");
    expect(said).toContain("MOQ 100.");
    expect(said).toContain("Your record with them: Mill Two: not enough data yet, you have never bought from or received from them.");
  });
});
