import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render } from "@testing-library/react";
import type { ToolCallMessagePartProps } from "@assistant-ui/react";
import { specByName } from "@atelier/tools";
import { TOOL_UIS, cardOf } from "../src/chat/tool-uis";
import { pushDataLayer, pushPurchase } from "../src/ui/data-layer";
import { roundCostSentence } from "../src/features/creation/product-design-page";
import { designSourcingMessage } from "../src/features/creation/source-design";
import { reportCreationUsage, sourceClientOf } from "../src/ui/creation-usage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const image = (n: number) => ({ id: `00000000-0000-4000-8000-00000000000${n}`, url: `/rest/main/upload/files/00000000-0000-4000-8000-00000000000${n}/design-${n}.png`, prompt: "a minimalist ceramic mug with a wave pattern", model: "atelier-offline-drawing", width: 512, height: 512, inGallery: n === 2, createdAt: "2026-11-01T00:00:00.000Z" });
const design = { step: "SAVED", model: "OPENAI", description: "a minimalist ceramic mug with a wave pattern", sketchKeys: [], generateData: { prompt: "a minimalist ceramic mug with a wave pattern", numImages: 4 }, generatedDesigns: [1, 2, 3, 4].map(image), savedDesign: image(2), usedCredits: 40, totalCredits: 60, trialRemainingQuantity: 0, subscribed: false, totalCount: 4, nextRoundCredits: 40 };

describe("the tag-manager data layer (001 §7)", () => {
  it("collects events in window.dataLayer, creating it when no tag manager did", () => {
    const win: { dataLayer?: unknown[] } = {};
    pushDataLayer({ event: "commonView", pagePath: "/product-design", userId: "u-1" }, win);
    pushDataLayer({ event: "addToCart", itemId: "item-9", price: 12.5, currency: "USD", userId: "u-1" }, win);
    pushDataLayer({ event: "userRegister", userId: "u-1", userType: "store" }, win);
    expect(win.dataLayer).toEqual([
      { event: "commonView", pagePath: "/product-design", userId: "u-1" },
      { event: "addToCart", itemId: "item-9", price: 12.5, currency: "USD", userId: "u-1" },
      { event: "userRegister", userId: "u-1", userType: "store" },
    ]);
  });

  it("pushes purchase and ecommerce_transaction for every payment, FirstTimePurchases for the first only, on the page's window", () => {
    (window as unknown as { dataLayer: unknown[] }).dataLayer = [{ event: "gtm.js" }];
    pushPurchase({ transactionId: "inv-1", valueUsd: 120.456, userId: "u-1", firstPurchase: true });
    pushPurchase({ transactionId: "inv-2", valueUsd: 30, userId: "u-1", firstPurchase: false });
    const events = (window as unknown as { dataLayer: { event: string; value?: number }[] }).dataLayer;
    expect(events.map((e) => e.event)).toEqual(["gtm.js", "purchase", "ecommerce_transaction", "FirstTimePurchases", "purchase", "ecommerce_transaction"]);
    expect(events[1]).toEqual({ event: "purchase", transactionId: "inv-1", value: 120.46, currency: "USD", userId: "u-1" });
  });
});

describe("AI product design in the client", () => {
  it("says what the next round costs in words", () => {
    expect(roundCostSentence({ nextRoundCredits: 0, trialRemainingQuantity: 1, totalCredits: 0 })).toBe("Free: 1 free round left. Each round draws 4 designs.");
    expect(roundCostSentence({ nextRoundCredits: 40, trialRemainingQuantity: 0, totalCredits: 1250 })).toBe("Each round draws 4 designs for 40 AI credits. You have 1,250 credits.");
  });

  it("reports a business-kit action as a creation usage event, and skips blank content", async () => {
    const sent: { url: string; body: Record<string, unknown> }[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      sent.push({ url: String(url), body: JSON.parse(String(init.body)) as Record<string, unknown> });
      return new Response(JSON.stringify({ ok: true }), { status: 200, headers: { "content-type": "application/json" } });
    });
    vi.stubGlobal("matchMedia", () => ({ matches: false }));
    reportCreationUsage("business_kit_export_pdf", "  Emberwood Business Kit.pdf ");
    reportCreationUsage("business_kit_select_idea", "   ");
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toContain("/commons/event-analyses/");
    expect(sent[0]!.body).toMatchObject({ eventName: "business_kit_export_pdf", commonType: "creation", commonContent: "Emberwood Business Kit.pdf" });
  });

  it("asks the sourcing agent for a saved design with its picture attached by absolute link", () => {
    const text = designSourcingMessage({ id: "5d19c99d-db0c-4f25-9126-418f2698c636", prompt: "a minimalist ceramic mug with a wave pattern.", url: "/rest/main/upload/files/5d19c99d-db0c-4f25-9126-418f2698c636/design-5d19c99d.png" }, "https://atelier.example");
    expect(text).toBe("I want to make a minimalist ceramic mug with a wave pattern, as in the attached design. Find factories that can make it.\n[attachment IMAGE: design-5d19c99d.png <https://atelier.example/rest/main/upload/files/5d19c99d-db0c-4f25-9126-418f2698c636/design-5d19c99d.png>]");
  });

  it("names the usage report's client by the screen", () => {
    expect(sourceClientOf({ matchMedia: () => ({ matches: true }) as MediaQueryList })).toBe("mobile_web");
    expect(sourceClientOf({ matchMedia: () => ({ matches: false }) as MediaQueryList })).toBe("desktop_web");
  });

  it("draws generated designs as an image card, marking the saved one and the credits", () => {
    specByName("get_product_design").contract.response.parse(design);
    vi.stubGlobal("fetch", () => new Promise(() => undefined));
    expect(cardOf("generate_product_designs")).toBe("images");
    const Ui = TOOL_UIS["get_product_design"]!;
    const props = { type: "tool-call", toolCallId: "c1", toolName: "get_product_design", args: {}, argsText: "{}", result: JSON.stringify(design), status: { type: "complete" } } as unknown as ToolCallMessagePartProps;
    const card = render(<Ui {...props} />).container.firstElementChild as HTMLElement;
    expect(card.dataset.card).toBe("images");
    expect([...card.querySelectorAll("figcaption")].map((f) => f.textContent)).toEqual(["Design 1", "Saved", "Design 3", "Design 4"]);
    expect(card.textContent).toContain("40 AI credits used, 60 left.");
  });
});
