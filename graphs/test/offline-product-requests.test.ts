import { describe, expect, it } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { OfflineChatModel } from "../src/models/offline-model";
import { parseKeyword, parseRegions, parseSupplierFilters } from "../src/models/offline-marketplace";
import { COPILOT_TOOLS } from "../src/copilot/graph";

// Bare product requests and the marketplace filters users say in words.

const copilot = new OfflineChatModel({ role: "copilot", tools: [...COPILOT_TOOLS] });
const tariff = new OfflineChatModel({ role: "tariff-rate-agent", tools: ["get_country_tariff"] });
const callsOf = (model: OfflineChatModel, text: string) => {
  const step = model.decide([new HumanMessage(text)]);
  return "calls" in step ? step.calls : [];
};

describe("offline product requests", () => {
  it("sends a bare product to the assistant's own search, and still declines errands", () => {
    expect(callsOf(copilot, "show me muslin swaddle blankets")[0]?.name).toBe("search_catalog_items");
    expect(callsOf(copilot, "sticker printers in europe")[0]).toMatchObject({ name: "search_suppliers", args: { regions: ["EU"] } });
    expect(callsOf(tariff, "leather wallets made in italy")[0]?.name).toBe("get_country_tariff");
    expect(callsOf(copilot, "book me a flight to Lisbon")).toEqual([]);
  });

  it("reads stars, production time, company size, sample price and continents", () => {
    expect(parseSupplierFilters("jewelry suppliers with 4 stars or more")).toEqual({ review: "4" });
    expect(parseSupplierFilters("pet bed suppliers, under a month production")).toEqual({ productionTime: "UNDER_1_MONTH" });
    expect(parseSupplierFilters("big factories for sneakers, 250+ employees")).toEqual({ supplierSize: "250_PLUS" });
    expect(parseSupplierFilters("candle suppliers with samples between $50 and $100")).toEqual({ samplePrice: "50_100" });
    expect(parseRegions("scented candle makers in asia")).toEqual(["AS"]);
    expect(parseKeyword("scented candle makers in asia")).toBe("scented candle");
    expect(parseKeyword("big factories for sneakers, 250+ employees")).toBe("sneakers");
  });
});

describe("offline packaging requests", () => {
  const packaging = new OfflineChatModel({ role: "packaging-agent", tools: ["search_packaging_items", "search_packaging_suppliers"] });
  it("reads a low MOQ and asks suppliers when the user asks who prints", () => {
    expect(callsOf(packaging, "cheap poly mailers under 100 moq")[0]).toMatchObject({ name: "search_packaging_items", args: { keyword: "poly mailers", moq: "0_100" } });
    expect(callsOf(packaging, "packaging companies in the US")[0]?.name).toBe("search_packaging_suppliers");
  });
});

describe("offline request framing", () => {
  it("keeps 'who can make' and 'match me with' out of the product", async () => {
    const { parseProduct } = await import("../src/models/offline-parse");
    expect(parseProduct("who can make ceramic mugs")).toBe("ceramic mugs");
    expect(parseProduct("match me with hoodie manufacturers")).toBe("hoodie");
  });
});

describe("offline order lists", () => {
  it("sorts by total for the biggest order and searches by the customer named", () => {
    expect(callsOf(copilot, "what's my biggest order ever")[0]).toMatchObject({ name: "list_orders", args: { sort: "-total" } });
    expect(callsOf(copilot, "find orders from Henry White")[0]).toMatchObject({ name: "list_orders", args: { search: "Henry White" } });
  });
});
