import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { AssistantRuntimeProvider, ThreadPrimitive, useExternalStoreRuntime, type AppendMessage, type ThreadMessageLike, type ToolCallMessagePartProps } from "@assistant-ui/react";
import { ALL_TOOL_SPECS, specByName } from "@atelier/tools";
import { TOOL_CARDS, TOOL_UIS, ToolFallback, cardOf } from "../src/chat/tool-uis";
import { MESSAGE_COMPONENTS } from "../src/chat/messages";

// Tool results as the tools return them: each is checked against its tool's contract response,
// so a card can only pass here with a shape the API really answers.
const now = "2025-01-01T00:00:00.000Z";

const supplier = {
  id: "sup-1", name: "Lumen Textiles", slug: "lumen-textiles", countryCode: "PT", region: "EU", city: "Porto", description: "Organic cotton knits",
  capabilities: ["knitting"], certifications: ["GOTS"], categoryIds: [1], primaryVertical: "products", employeeCount: 80, foundedYear: 2004, moq: 300,
  samplePriceMinCents: 2500, samplePriceMaxCents: 4000, productionDaysMin: 20, productionDaysMax: 35, orderVolumeUnits: 10000, productionMinPriceCents: 450,
  tariffRatePercent: 12, rank: 1, enabledAt: now, firstEnabledAt: now, isOnline: true, lastOnlineAt: now, averageReview: 4.7, reviewCount: 12,
  isExpandedNetwork: false, avatarColor: "#333333", website: null, score: null,
};

const item = {
  id: "item-1", supplierId: "sup-1", supplierName: "Lumen Textiles", supplierCountryCode: "PT", type: "PRODUCT", title: "Heavyweight organic tee",
  description: "240 gsm", verticalId: 1, groupId: null, subgroupId: null, materials: ["cotton"], colors: [], priceMinCents: 650, priceMaxCents: 900, moq: 300,
  samplePriceCents: 2500, productionDaysMin: 20, productionDaysMax: 35, imageUrl: "data:image/svg+xml,x", imageUrls: [], isSampleKit: false, rank: 1,
  rankedAt: null, enabledAt: now, firstEnabledAt: now, score: null,
};

const orderItem = {
  id: "oi-1", kind: "SAMPLE", status: "IN_SHOPPING_CART", allowedStatuses: ["NOT_PURCHASED", "CHARGE_PENDING", "CANCELED"], title: "Sample: Heavyweight organic tee",
  quantity: 2, unitPriceCents: 2500, totalCents: 5000, currency: "USD", catalogItemId: "item-1", supplierId: "sup-1", supplierName: "Lumen Textiles", color: null,
  note: "", invoiceId: "inv-1", isArchived: false, refundable: false, paidAt: null, shippedAt: null, canceledAt: null, trackingUrl: null, purchaseEventAt: null,
  createdAt: now, updatedAt: now,
};

const cart = {
  invoice: {
    id: "inv-1", sn: "SN-1", status: "OPEN", items: [{ id: "line-1", orderItemId: "oi-1", kind: "SAMPLE", title: orderItem.title, supplierName: "Lumen Textiles", quantity: 2, unitPriceCents: 2500, totalCents: 5000 }],
    subtotalCents: 5000, discountCents: 0, totalCents: 5000, currency: "USD", promotionCode: null, chargeId: null, paidAt: null, shippingAddress: null,
    publicPayPath: "/public-pay-invoice/SN-1", refundPolicy: "final", createdAt: now,
  },
  items: [orderItem],
  refundPolicy: "final",
};

const planOverview = {
  planType: "TIER_1", name: "Free", priceCents: 0, upgradeTarget: null, subscription: null, subscriptionStatus: null, isBlueprintActive: false,
  isBlueprintPaused: false, modules: [], missingModuleTypes: [], openInvoice: null, scheduledChange: null, defaultPaymentMethod: null, aiCredits: { balance: 1200 }, canManageBilling: true,
};

const movements = { list: [{ id: "mv-1", delta: 1000, balanceAfter: 1000, reason: "Purchase of 1,000 credits", chargeId: "ch-1", createdAt: now }], total: 1, page: 0, size: 20 };

/** A tool's answer as the tool returns it (a JSON string), after checking it against the tool's contract. */
function answer(tool: string, value: unknown): string {
  specByName(tool).contract.response.parse(value);
  return JSON.stringify(value);
}

function props(toolName: string, result: unknown, status: "complete" | "running" = "complete"): ToolCallMessagePartProps {
  return { type: "tool-call", toolCallId: `call-${toolName}`, toolName, args: {}, argsText: "{}", result, status: { type: status } } as unknown as ToolCallMessagePartProps;
}

function draw(toolName: string, result: unknown, status: "complete" | "running" = "complete") {
  const Ui = TOOL_UIS[toolName] ?? ToolFallback;
  return render(<Ui {...props(toolName, result, status)} />).container.firstElementChild as HTMLElement;
}

afterEach(cleanup);

// The thread viewport watches its size; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

describe("tool UIs keyed by the agent tools' real names", () => {
  it("registers only tools that exist, each on the card its answer can be drawn on", () => {
    const names = new Set(ALL_TOOL_SPECS.map((s) => s.name));
    for (const name of Object.keys(TOOL_CARDS)) expect(names.has(name), name).toBe(true);
    expect(Object.fromEntries(["search_suppliers", "get_supplier", "match_factories", "list_my_suppliers", "search_catalog_items", "get_catalog_item", "search_catalog_by_image", "create_order_item", "list_order_items", "get_cart", "add_to_cart", "remove_from_cart", "get_plan", "cancel_plan", "get_ai_credits", "purchase_ai_credits", "list_ai_credit_movements"].map((n) => [n, cardOf(n)]))).toEqual({
      search_suppliers: "supplier", get_supplier: "supplier", match_factories: "supplier", list_my_suppliers: "supplier",
      search_catalog_items: "product", get_catalog_item: "product", search_catalog_by_image: "product",
      create_order_item: "order", list_order_items: "order",
      get_cart: "cart", add_to_cart: "cart", remove_from_cart: "cart",
      get_plan: "plan", cancel_plan: "plan",
      get_ai_credits: "credits", purchase_ai_credits: "credits", list_ai_credit_movements: "credits",
    });
  });

  it("leaves the tools a name pattern used to mis-assign to the fallback", () => {
    for (const name of ["list_supplier_reviews", "create_supplier_review", "invite_supplier", "list_catalog_categories", "list_favorites", "list_sourcing_invoices", "pay_sourcing_invoice", "get_country_tariff", "list_team_members", "get_subscription"]) {
      expect(ALL_TOOL_SPECS.some((s) => s.name === name), name).toBe(true);
      expect(cardOf(name), name).toBe("fallback");
    }
  });

  it("draws suppliers, products and orders from their tools' answers", () => {
    expect(draw("search_suppliers", answer("search_suppliers", { list: [supplier], total: 1, page: 0, size: 20 })).textContent).toBe("Lumen Textiles Porto, PT · MOQ 300");
    expect(draw("get_supplier", answer("get_supplier", { supplier, tabs: { PROFILE_INFO: { description: "", city: "Porto", countryCode: "PT", countryName: "Portugal", foundedYear: 2004, employeeCount: 80, website: null, certifications: [] }, BASE_PRODUCTS: { list: [], total: 0, page: 0, size: 12 }, CAPABILITIES: { capabilities: [], categories: [], moq: 300, productionDaysMin: 20, productionDaysMax: 35, samplePriceMinCents: null, samplePriceMaxCents: null, orderVolumeUnits: 0, tariffRatePercent: 0 }, REVIEWS: { summary: { supplierId: "sup-1", average: 0, count: 0, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } }, list: [] } }, favoriteId: null })).dataset.card).toBe("supplier");
    const product = draw("search_catalog_items", answer("search_catalog_items", { list: [item], total: 1, page: 0, size: 20 }));
    expect(product.dataset.card).toBe("product");
    expect(product.textContent).toBe("Heavyweight organic tee $6.50–$9.00 Lumen Textiles · MOQ 300");
    const order = draw("create_order_item", answer("create_order_item", orderItem));
    expect(order.dataset.card).toBe("order");
    expect(order.textContent).toBe("Sample: Heavyweight organic tee sample ×2 · in shopping cart $50.00");
  });

  it("draws the cart, the plan and AI credits, including the movements list", () => {
    const c = draw("add_to_cart", answer("add_to_cart", cart));
    expect(c.dataset.card).toBe("cart");
    expect(c.textContent).toBe("Sample: Heavyweight organic tee ×2 $50.00Total $50.00");
    expect(draw("get_cart", answer("get_cart", { invoice: null, items: [], refundPolicy: "final" })).textContent).toBe("The cart is empty.");
    const plan = draw("get_plan", answer("get_plan", planOverview));
    expect(plan.dataset.card).toBe("plan");
    expect(plan.textContent).toBe("Free · $0.00/monthno paid subscription · 1,200 AI credits");
    expect(draw("purchase_ai_credits", answer("purchase_ai_credits", { result: "COMPLETED", chargeId: "ch-1", credits: 1000, priceCents: 1000, balance: 1000 })).textContent).toBe("+1,000 credits for $10.00 · balance 1,000completed");
    const list = draw("list_ai_credit_movements", answer("list_ai_credit_movements", movements));
    expect(list.dataset.card).toBe("credits");
    expect(list.textContent).toBe("+1,000 Purchase of 1,000 credits · balance 1,000");
  });

  it("shows a tool without a card in words: short arguments by label, never its JSON (a tech pack)", () => {
    render(<ToolFallback {...({ toolName: "create_tech_pack", args: { name: "Tee", quantity: 1200, techPack: { sizes: ["S", "M"], colors: [{ name: "red" }] } }, result: JSON.stringify({ id: "tp-1", techPack: { sizes: ["S"] } }), status: { type: "complete" } } as unknown as ToolCallMessagePartProps)} />);
    const text = document.querySelector("[data-card='fallback']")?.textContent ?? "";
    expect(text).toContain("quantity: 1200");
    expect(text).not.toMatch(/[{}[\]"]/);
  });

  it("falls back for an error, a refusal, text, or an answer of another shape, and shows a running call as pending", () => {
    const error = draw("search_catalog_items", JSON.stringify({ error: { status: 403, code: "FORBIDDEN", message: "PLAN_UPGRADE_REQUIRED" } }));
    expect(error.dataset.card).toBe("fallback");
    expect(error.textContent).toContain("Your plan doesn't include this");
    expect(error.textContent).not.toMatch(/FORBIDDEN|PLAN_UPGRADE|403/);
    expect(draw("purchase_ai_credits", JSON.stringify({ declined: true, message: "The user declined" })).dataset.card).toBe("fallback");
    expect(draw("get_plan", "plain text").dataset.card).toBe("fallback");
    expect(draw("create_order_item", JSON.stringify({ unexpected: true })).dataset.card).toBe("fallback");
    expect(draw("search_suppliers", undefined, "running").textContent).toBe("Working: search suppliers…");
  });
});

/** A thread with these messages, on a minimal runtime, drawn with the shared message components. */
function Thread({ messages, onNew = async () => undefined }: { messages: ThreadMessageLike[]; onNew?: (m: AppendMessage) => Promise<void> }) {
  const runtime = useExternalStoreRuntime({ messages, convertMessage: (m: ThreadMessageLike) => m, onNew });
  return (
    <AssistantRuntimeProvider runtime={runtime}>
      <ThreadPrimitive.Root>
        <ThreadPrimitive.Viewport>
          <ThreadPrimitive.Messages components={MESSAGE_COMPONENTS} />
        </ThreadPrimitive.Viewport>
      </ThreadPrimitive.Root>
    </AssistantRuntimeProvider>
  );
}

const toolCall = (toolName: string, result: string) => ({ type: "tool-call" as const, toolCallId: `call-${toolName}`, toolName, args: {}, argsText: "{}", result });

describe("tool cards in an assistant message", () => {
  it("renders a product card, an order card and the fallback by tool name", async () => {
    const messages: ThreadMessageLike[] = [
      { id: "u1", role: "user", content: "order a sample of the organic tee" },
      {
        id: "a1",
        role: "assistant",
        content: [
          toolCall("search_catalog_items", answer("search_catalog_items", { list: [item], total: 1, page: 0, size: 20 })),
          toolCall("create_order_item", answer("create_order_item", orderItem)),
          toolCall("get_country_tariff", JSON.stringify({ countryCode: "PT" })),
          { type: "text", text: "Done." },
        ],
        status: { type: "complete", reason: "stop" },
      },
    ];
    const view: ReactNode = <Thread messages={messages} />;
    render(view);
    await screen.findByText("Done.");
    const cards = [...document.querySelectorAll<HTMLElement>("[data-role='assistant'] [data-card]")].map((el) => [el.dataset.tool, el.dataset.card]);
    expect(cards).toEqual([["search_catalog_items", "product"], ["create_order_item", "order"], ["get_country_tariff", "fallback"]]);
    expect(screen.getByText("Heavyweight organic tee")).toBeTruthy();
    expect(screen.getByText("Sample: Heavyweight organic tee")).toBeTruthy();
  });
});

describe("assistant text", () => {
  it("renders markdown: bold and lists, never the asterisks", async () => {
    const messages: ThreadMessageLike[] = [
      { id: "u1", role: "user", content: "show my plan" },
      { id: "a1", role: "assistant", content: [{ type: "text", text: "You are on **Scaling**.\n\n- 1,200 credits\n- paused: no" }], status: { type: "complete", reason: "stop" } },
    ];
    render(<Thread messages={messages} />);
    const bold = await screen.findByText("Scaling");
    expect(bold.tagName).toBe("STRONG");
    expect(document.querySelectorAll("[data-role='assistant'] li")).toHaveLength(2);
    expect(document.querySelector("[data-role='assistant']")?.textContent).not.toContain("**");
  });
});

describe("shipping cards (issue 17)", () => {
  const address = { name: "Grace Hopper", email: "", addressLine1: "1 Main St", addressLine2: "", city: "Brooklyn", state: "", stateCode: "NY", zipCode: "11201", phone: "", country: "United States of America", countryCode: "US" };
  const rate = (serviceCode: string, serviceName: string, priceCents: number, estimatedDays: number) => ({ carrier: "Atelier Post", serviceCode, serviceName, priceCents, estimatedDays, deliveryDate: "2026-11-30", zone: "Zone 8", billedWeightLb: 2, surcharges: [] });
  const label = {
    id: "00000000-0000-4000-8000-000000000001", status: "PURCHASED", carrier: "Atelier Post", serviceCode: "GROUND", serviceName: "Ground", trackingNumber: "LS123456785US", priceCents: 1270, refundedCents: 0,
    estimatedDays: 5, deliveryDate: "2026-11-30", zone: "Zone 8", billedWeightLb: 2, isReturn: false, returnOfId: null, orderNumber: null, fromAddress: address, toAddress: address,
    parcel: { weight: 2, mass_unit: "lb", length: 10, width: 8, height: 4, distance_unit: "in" }, notes: "", customs: [], surcharges: [], chargeId: "ch-1", createdAt: now, voidedAt: null, events: [],
  };

  it("draws a quote as a rate table of carriers, services, prices and days, with the carriers' messages", () => {
    const quote = { rates: [rate("GROUND", "Ground", 1270, 5), rate("OVERNIGHT", "Overnight", 4850, 1)], messages: [{ carrier: "Broken Freight", message: "Broken Freight did not answer; its rates are missing from this quote." }], checks: [], actualWeightLb: 2, dimensionalWeightLb: 2.3 };
    const card = draw("quote_shipping_label", answer("quote_shipping_label", quote));
    expect(card.dataset.card).toBe("rates");
    expect([...card.querySelectorAll("[data-testid='card-rate-row']")].map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent).slice(0, 4))).toEqual([["Atelier Post", "Ground", "$12.70", "5"], ["Atelier Post", "Overnight", "$48.50", "1"]]);
    expect(card.textContent).toContain("Broken Freight did not answer");
  });

  it("draws a bought label with its tracking number and a download; a voided one without the download", () => {
    const bought = draw("buy_shipping_label", answer("buy_shipping_label", label));
    expect(bought.dataset.card).toBe("label");
    expect(bought.textContent).toContain("Atelier Post Ground · $12.70");
    expect(bought.textContent).toContain("To Grace Hopper, Brooklyn, NY · Ready to ship");
    expect(bought.textContent).toContain("Tracking LS123456785US");
    expect(screen.getByRole("button", { name: "Download label (PDF)" })).toBeTruthy();
    cleanup();
    const voided = draw("void_shipping_label", answer("void_shipping_label", { ...label, status: "VOIDED", refundedCents: 1270, voidedAt: now }));
    expect(voided.textContent).toContain("(refunded $12.70)");
    expect(voided.querySelector("button")).toBeNull();
    expect(voided.textContent).not.toMatch(/VOIDED|PURCHASED/);
  });
});

describe("quote cards (issue 18)", () => {
  const quote = {
    id: "00000000-0000-4000-8000-0000000000q1", conversationSid: "CH0123456789abcdef0123456789abcdef", supplierId: "sup-1", supplierName: "Porto Ceramics", storeId: "st-1", storeName: "Harbor Goods",
    projectId: "pr-1", messageIndex: 3, title: "Stoneware mug", status: "PROPOSED", currency: "USD", unitPriceCents: 420, quantity: 300, moq: 200, leadTimeDays: 25, samplePriceCents: 3500,
    totalCents: 126_000, validUntil: now, note: "", offeredBy: "SUPPLIER", awaitingSide: "STORE", landedCostCents: null, landedCostBasis: "", decidedAt: null, createdAt: now, updatedAt: now,
  };

  it("draws each quote with its state; the store's open one asks the assistant to accept (its approval follows), a settled one has no buttons", async () => {
    const onNew = vi.fn(async (_m: AppendMessage) => undefined);
    const messages: ThreadMessageLike[] = [
      { id: "u1", role: "user", content: "show my quotes" },
      { id: "a1", role: "assistant", content: [toolCall("list_quotes", answer("list_quotes", { list: [quote, { ...quote, id: "q2", supplierName: "Delft Tiles", status: "ACCEPTED", awaitingSide: null }], total: 2, page: 0, size: 20 })), { type: "text", text: "Two quotes." }], status: { type: "complete", reason: "stop" } },
    ];
    render(<Thread messages={messages} onNew={onNew} />);
    await screen.findByText("Two quotes.");
    const rows = [...document.querySelectorAll<HTMLElement>("[data-testid='card-quote']")];
    expect(rows.map((r) => r.textContent)).toEqual([
      "Porto Ceramics · Stoneware mug · Proposed$4.20 a unit × 300 = $1,260.00 · MOQ 200 · 25 daysAccept…Counter…",
      "Delft Tiles · Stoneware mug · Accepted$4.20 a unit × 300 = $1,260.00 · MOQ 200 · 25 days",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Accept…" }));
    await vi.waitFor(() => expect(onNew).toHaveBeenCalled());
    expect(onNew.mock.calls[0]![0].content).toEqual([{ type: "text", text: "Accept the quote from Porto Ceramics for Stoneware mug" }]);
  });

  it("draws a comparison as a table with landed cost per supplier, the cheapest marked", () => {
    const row = (quoteId: string, supplierName: string, unit: number, landed: number | null) => ({
      quoteId, supplierId: "s", supplierName, originCountry: "CN", status: "PROPOSED", unitPriceCents: unit, quantity: 500, moq: 300, leadTimeDays: 30, samplePriceCents: null, validUntil: now,
      dutyRatePercent: landed === null ? null : 10, dutyPerUnitCents: landed === null ? null : unit / 10, freightPerUnitCents: landed === null ? null : 40, landedCostCents: landed, totalLandedCents: (landed ?? unit) * 500, basis: "",
    });
    const compared = { project: { id: "pr-1", title: "Cotton tote bag", quantity: 500 }, destinationCountry: "US", rows: [row("a", "Jiale Bags", 400, 480), row("b", "Ege Textiles", 380, null)], cheapestQuoteId: "a" };
    const card = draw("compare_quotes", answer("compare_quotes", compared));
    expect(card.dataset.card).toBe("quoteComparison");
    expect([...card.querySelectorAll("[data-testid='card-comparison-row']")].map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent))).toEqual([
      ["Jiale Bags (cheapest)", "$4.00", "$0.40", "$0.40", "$4.80", "300", "30"],
      ["Ege Textiles", "$3.80", "unknown", "unknown", "unknown", "300", "30"],
    ]);
  });
});


describe("business kit cards (issue 19)", () => {
  const u = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
  const palette = (hex: string) => [
    { hexCode: hex, name: "Ember", description: "Headlines and buttons" },
    { hexCode: "#F6E7D8", name: "Cream", description: "Backgrounds" },
    { hexCode: "#2B2B2B", name: "Char", description: "Body text" },
    { hexCode: "#E9B44C", name: "Mustard", description: "Highlights" },
  ];
  const idea = (n: number, name: string, slogan: string, hex: string) => ({ uuid: u(n), createdAt: now, brandName: name, slogan, mission: "Bold flavour, small batches.", valueProps: ["Small batches", "Real chillies", "No fillers"], colorPalette: palette(hex), images: [], imagePrompts: [], imageTray: [] });
  const sku = (n: number, title: string, price: number, cost: number | null, image: string) => ({ uuid: u(n), title, suggestedRetailPrice: price, popularity: 70 + n, description: "A sauce.", image, imagePrompt: "A bottle", imageTray: [], estimatedUnitCost: cost });
  const kit = {
    id: u(9), category: "Sauces & spices", productDescription: "Small-batch hot sauces", isWaitlistSitePublished: false, isArchived: false, createdAt: now, updatedAt: now, tasks: [],
    targetAudiences: { selectedUuid: null, generations: [] },
    brandIdeas: { selectedUuid: u(2), generations: [idea(1, "Fuego Lane", "Heat with manners", "#B23A48"), idea(2, "Smokejar", "Low and slow, all year", "#1D3557")] },
    moodboardImages: [], marketResearch: "", slideColors: [], thumbnailImages: [],
    productSkus: { selectedUuids: [u(3)], generations: [sku(3, "Smokejar Chipotle 150 ml", 9.5, 2.1, "/rest/main/app/brand-kit-art/a.png"), sku(4, "Smokejar Habanero 150 ml", 11, null, "LOADING")] },
  };
  const drawWith = (toolName: string, args: Record<string, string | number>) => {
    const Ui = TOOL_UIS[toolName]!;
    return render(<Ui {...({ ...props(toolName, answer(toolName, kit)), args } as unknown as ToolCallMessagePartProps)} />).container.firstElementChild as HTMLElement;
  };

  it("draws a kit as its chosen brand idea (name, slogan, four swatches) and its product ideas with prices", () => {
    const card = drawWith("get_brand_kit", { id: kit.id });
    expect(card.dataset.card).toBe("brandKit");
    expect(card.querySelector(".bk-card-name")!.textContent).toBe("Smokejar");
    expect(card.textContent).toContain("“Low and slow, all year”");
    const swatches = [...card.querySelectorAll(".bk-card-swatches li")] as HTMLElement[];
    expect(swatches.map((s) => s.textContent)).toEqual(["Ember #1D3557", "Cream #F6E7D8", "Char #2B2B2B", "Mustard #E9B44C"]);
    // Text on each swatch is readable: white on the dark navy, dark on the cream.
    expect([swatches[0]!.style.color, swatches[1]!.style.color]).toEqual(["rgb(255, 255, 255)", "rgb(17, 17, 17)"]);
    const skus = [...screen.getByRole("list", { name: "Product ideas" }).querySelectorAll("li")];
    expect(skus.map((li) => li.textContent)).toEqual([
      "Smokejar Chipotle 150 ml · selected$9.50 retail · about $2.10 a unit to make · popularity 73/100",
      "Smokejar Habanero 150 ml$11.00 retail · popularity 74/100",
    ]);
    // A picture still being drawn is not shown as a broken image.
    expect(skus[1]!.querySelector("img")).toBeNull();
    expect(card.textContent).not.toMatch(/LOADING|[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  it("draws the idea a call acted on, and a palette with each colour's name and use", () => {
    const regenerated = drawWith("regenerate_brand_idea_part", { id: kit.id, uuid: u(1), part: "slogan" });
    expect(regenerated.dataset.card).toBe("brandIdea");
    expect(regenerated.querySelector(".bk-card-name")!.textContent).toBe("Fuego Lane");
    expect(regenerated.textContent).not.toContain("chosen idea");
    cleanup();
    const paletteCard = drawWith("update_brand_kit_palette", { id: kit.id, uuid: u(1), index: 0, hexCode: "#B23A48" });
    expect(paletteCard.dataset.card).toBe("palette");
    expect(paletteCard.textContent).toContain("Fuego Lane palette");
    expect([...paletteCard.querySelectorAll(".bk-card-palette li")].map((li) => li.textContent)).toEqual([
      "Ember #B23A48Headlines and buttons", "Cream #F6E7D8Backgrounds", "Char #2B2B2BBody text", "Mustard #E9B44CHighlights",
    ]);
    expect(cardOf("select_brand_idea")).toBe("brandIdea");
  });
});

describe("freight cards (issue 17)", () => {
  const place = (code: string, name: string, country: string) => ({ code, name, country });
  const option = (mode: "AIR" | "LCL" | "FCL", modeName: string, priceCents: number, transitDays: number, arrivalDate: string, containers: ("20'" | "40'")[] = []) => ({ mode, modeName, priceCents, transitDays, arrivalDate, basis: "Priced on 1.2 revenue tons", containers });
  const goods = [{ sku: "MUG-STONE", description: "Ceramic mugs", hsCode: "6912.00.48", units: 600, valueCents: 120000 }];
  const booking = {
    id: "00000000-0000-4000-8000-0000000000f1", reference: "SF-20261127-4821", status: "DEPARTED", origin: place("CNSZX", "Shenzhen", "China"), destination: place("USOAK", "Oakland", "United States"),
    mode: "LCL", modeName: "Sea, shared container (LCL)", containers: [], cartons: 20, weightKg: 240, volumeCbm: 1.2, goods, priceCents: 48_250, transitDays: 30, arrivalDate: "2026-12-27",
    dutyCents: 10_800, chargeId: "ch-1", receivingSn: null, createdAt: now, updatedAt: now,
  };
  const event = (status: string, location: string, occurredAt: string) => ({ status, message: `${status} at ${location}`, location, occurredAt });
  const events = [event("BOOKED", "Shenzhen", "2026-11-27T09:00:00.000Z"), event("PICKED_UP", "Shenzhen", "2026-11-28T09:00:00.000Z"), event("DEPARTED", "Yantian port", "2026-11-30T09:00:00.000Z")];
  const duty = { lines: [], totalCents: 10_800, basis: "US duty on the declared value" };

  function drawRouted(toolName: string, result: unknown) {
    const Ui = TOOL_UIS[toolName]!;
    return render(<MemoryRouter><Ui {...props(toolName, result)} /></MemoryRouter>).container.firstElementChild as HTMLElement;
  }

  it("draws a quote as its modes with price, transit days and arrival, cheapest first, and books nothing", () => {
    const quote = { origin: booking.origin, destination: booking.destination, chargeableWeightKg: 240, duty, options: [option("LCL", "Sea, shared container (LCL)", 48_250, 30, "2026-12-27"), option("FCL", "Sea, full container (FCL)", 310_000, 28, "2026-12-25", ["20'"]), option("AIR", "Air freight", 152_400, 6, "2026-12-03")] };
    const card = drawRouted("quote_freight", answer("quote_freight", quote));
    expect(card.dataset.card).toBe("freightQuote");
    expect([...card.querySelectorAll("[data-testid='card-freight-option']")].map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent))).toEqual([
      ["Sea, shared container (LCL) · cheapest", "$482.50", "30", "Sun, Dec 27"],
      ["Sea, full container (FCL) (20')", "$3,100.00", "28", "Fri, Dec 25"],
      ["Air freight", "$1,524.00", "6", "Thu, Dec 3"],
    ]);
    expect(card.textContent).toContain("Shenzhen → Oakland");
    expect(card.textContent).toContain("duty about $108.00");
    expect(card.textContent).toContain("Nothing is booked yet");
  });

  it("draws a booking's timeline with the step it is at now, and the steps to come", () => {
    const card = drawRouted("get_freight_booking", answer("get_freight_booking", { ...booking, events, duty }));
    expect(card.dataset.card).toBe("freightBooking");
    const stages = [...card.querySelectorAll("[data-testid='card-freight-stage']")];
    expect(stages.map((s) => s.querySelector("strong")!.textContent)).toEqual(["Booked", "Picked up", "Departed (now)", "Arrived", "Customs cleared", "Delivered"]);
    expect(stages.map((s) => s.getAttribute("aria-current"))).toEqual([null, null, "step", null, null, null]);
    expect(stages[2]!.textContent).toContain("Yantian port");
    expect(stages[3]!.textContent).toContain("Not yet");
    expect(stages[5]!.textContent).toContain("Expected about Sun, Dec 27");
    expect(card.textContent).toContain("sea, shared container (LCL), $482.50");
    expect(card.textContent).not.toMatch(/DEPARTED|PICKED_UP|LCL\b(?!\))/);
  });

  it("lists bookings with each one's current step, linking to the freight screen, and the delivered one's receiving", () => {
    const delivered = { ...booking, id: "00000000-0000-4000-8000-0000000000f2", status: "DELIVERED", receivingSn: "RCV-1009" };
    const card = drawRouted("list_freight_bookings", answer("list_freight_bookings", { list: [booking, delivered], total: 7, page: 0, size: 2 }));
    expect(card.dataset.card).toBe("freightBookings");
    const rows = [...card.querySelectorAll("[data-testid='card-freight-row']")];
    expect(rows.map((r) => r.querySelector("strong")!.textContent)).toEqual(["Departed", "Delivered"]);
    expect(rows[1]!.textContent).toContain("delivered as RCV-1009");
    expect(rows[0]!.querySelector("a")!.getAttribute("href")).toBe(`/fulfillment-services/book-freight-shipment?booking=${booking.id}`);
    expect(card.textContent).toContain("5 more on the freight screen");
  });
});
