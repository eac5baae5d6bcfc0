import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import { buildScreenContext } from "@atelier/contracts/agent-context";
import { PALETTE_COLOURS, VALUE_PROPS } from "@atelier/contracts/brand-kits";
import { emptyParts } from "@atelier/contracts/brand-kit-rules";
import { offlineAssistant as copilot, calls, answer, toolTurn } from "./tool-fixture";

// "Show my kit": one business kit (the one on screen, else the newest) read with get_brand_kit and
// answered with its brand, slogan and palette; plural asks still list every kit.

const kitId = crypto.randomUUID();
const ideaId = crypto.randomUUID();
const at = "2026-11-20T10:00:00.000Z";
const colour = (name: string, hexCode: string) => ({ name, hexCode, description: `${name}, from the roast` });
const idea = {
  uuid: ideaId, createdAt: at, brandName: "Ember & Leaf", slogan: "Slow mornings, bold cups", mission: "Small-batch coffee and tea for slow mornings.",
  valueProps: Array.from({ length: VALUE_PROPS }, (_, n) => `Value ${n + 1}`),
  colorPalette: [colour("Roast", "#5B3A29"), colour("Crema", "#F3E3C3"), ...Array.from({ length: PALETTE_COLOURS - 2 }, (_, n) => colour(`Tone ${n + 1}`, "#777777"))],
  images: [], imagePrompts: [], imageTray: [],
};
const kit = { ...emptyParts(), brandIdeas: { selectedUuid: ideaId, generations: [idea] }, id: kitId, category: "Coffee & tea", productDescription: "Coffee and tea.", isWaitlistSitePublished: false, isArchived: false, createdAt: at, updatedAt: at, tasks: [] };
const summary = { id: kitId, category: "Coffee & tea", productDescription: "Coffee and tea.", brandName: "Ember & Leaf", palette: ["#5B3A29"], thumbnail: null, createdAt: at, updatedAt: at };
const list = { list: [summary], total: 1, page: 0, size: 1 };
const none = { list: [], total: 0, page: 0, size: 1 };

describe("offline copilot: one business kit", () => {
  it.each(["show me my brand kit", "open my kit", "what colours did my kit pick?", "whats the slogan in my bussiness kit"])("reads the newest kit: %s", (text) => {
    expect(calls(copilot().decide([new HumanMessage(text)]))).toEqual([{ name: "list_brand_kits", args: { size: 1 } }]);
    expect(calls(copilot().decide([new HumanMessage(text), ...toolTurn("list_brand_kits", { size: 1 }, list)]))).toEqual([{ name: "get_brand_kit", args: { id: kitId } }]);
    const said = answer(copilot().decide([new HumanMessage(text), ...toolTurn("list_brand_kits", { size: 1 }, list), ...toolTurn("get_brand_kit", { id: kitId }, kit)]));
    expect(said).toContain("Ember & Leaf");
    expect(said).toContain(`/business-kits/${kitId}`);
    if (/colou?rs/.test(text)) expect(said).toContain("Roast #5B3A29, Crema #F3E3C3");
    if (/slogan/.test(text)) expect(said).toContain('"Slow mornings, bold cups"');
  });

  it("reads the kit on screen for 'this kit'", () => {
    const screen = buildScreenContext({ route: "/business-kits/:brandKitId", path: `/business-kits/${kitId}`, entity: { type: "business_kit", id: kitId } });
    expect(calls(copilot().decide([new HumanMessage("show this kit")], { screen }))).toEqual([{ name: "get_brand_kit", args: { id: kitId } }]);
  });

  it("says how to start one when the store has none, and still lists kits for a plural ask", () => {
    expect(answer(copilot().decide([new HumanMessage("open my kit"), ...toolTurn("list_brand_kits", { size: 1 }, none)]))).toContain("You don't have a business kit yet");
    expect(calls(copilot().decide([new HumanMessage("show my business kits")]))).toEqual([{ name: "list_brand_kits", args: { size: 20 } }]);
  });
});
