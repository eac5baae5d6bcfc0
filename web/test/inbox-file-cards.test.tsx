import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { ToolCallMessagePartProps } from "@assistant-ui/react";
import { specByName } from "@atelier/tools";
import { TOOL_UIS, cardOf } from "../src/chat/tool-uis";

// The inbox file tools' cards in the chat (issue 18), each drawn from an answer checked against
// the tool's contract: a conversation's files, a picture's pins where they sit, a dropped pin, and
// quotes compared per tech pack. Words only: no kinds as codes, no raw points.
const now = "2025-01-01T00:00:00.000Z";
afterEach(cleanup);

function draw(toolName: string, value: unknown): HTMLElement {
  specByName(toolName).contract.response.parse(value);
  const props = { type: "tool-call", toolCallId: `call-${toolName}`, toolName, args: {}, argsText: "{}", result: JSON.stringify(value), status: { type: "complete" } } as unknown as ToolCallMessagePartProps;
  const Ui = TOOL_UIS[toolName]!;
  return render(<MemoryRouter><Ui {...props} /></MemoryRouter>).container.firstElementChild as HTMLElement;
}

const photo = {
  id: "aaaaaaaa-1111-4111-8111-111111111111", conversationSid: "CH0123456789abcdef0123456789abcdef", messageIndex: 4, side: "SUPPLIER", authorName: "Ningbo Knitwear",
  kind: "IMAGE", fileName: "sample-front.jpg", extension: "jpg", contentType: "image/jpeg", sizeBytes: 245_000, url: "/rest/main/web/attachments/aaaaaaaa-1111-4111-8111-111111111111/file",
  thumbnailUrl: "/rest/main/web/attachments/aaaaaaaa-1111-4111-8111-111111111111/thumbnail", width: 1200, height: 900, pinCount: 2, createdAt: now,
};
const sheet = { ...photo, id: "bbbbbbbb-1111-4111-8111-111111111111", side: "STORE", authorName: "Maya", kind: "FILE", fileName: "sizes.xlsx", extension: "xlsx", contentType: "application/vnd.ms-excel", sizeBytes: 3_400_000, thumbnailUrl: null, width: null, height: null, pinCount: 0 };
const pin = (number: number, x: number, y: number, side: "STORE" | "SUPPLIER", comment: string) => ({ id: `pin-${number}`, attachmentId: photo.id, number, x, y, comment, side, authorName: side === "STORE" ? "Maya" : "Ningbo Knitwear", createdAt: now });

describe("inbox file cards", () => {
  it("lists a conversation's files in words, each opening in the inbox (a picture with its pins)", () => {
    const card = draw("list_conversation_attachments", { list: [photo, sheet], total: 7, page: 0, size: 20 });
    expect(card.dataset.card).toBe("attachments");
    expect([...card.querySelectorAll("[data-testid='card-file']")].map((r) => r.textContent)).toEqual([
      "sample-front.jpgPicture · 239 KB · from Ningbo Knitwear · 2 pins",
      "XLSXsizes.xlsxSpreadsheet · 3.2 MB · from you",
    ]);
    expect([...card.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual([
      `/inbox/messages?c=${photo.conversationSid}&file=${photo.id}`,
      `/inbox/messages?c=${photo.conversationSid}`,
    ]);
    expect(card.textContent).toContain("5 more in the conversation.");
  });

  it("draws a picture's pins where they sit and says each in words", () => {
    const card = draw("list_image_pins", { attachment: photo, pins: [pin(1, 0.1, 0.1, "SUPPLIER", "Logo too low"), pin(2, 0.5, 0.5, "STORE", "Use the darker blue")] });
    expect(card.dataset.card).toBe("pins");
    expect([...card.querySelectorAll(".tool-pin-list li")].map((li) => li.textContent)).toEqual(["Ningbo Knitwear, top left: “Logo too low”", "You, centre: “Use the darker blue”"]);
    const marks = [...card.querySelectorAll<HTMLElement>(".tool-pin")];
    expect(marks.map((m) => [m.textContent, m.style.left, m.style.top])).toEqual([["1", "10%", "10%"], ["2", "50%", "50%"]]);
    expect(card.querySelector("a")!.getAttribute("href")).toBe(`/inbox/messages?c=${photo.conversationSid}&file=${photo.id}`);
    expect(card.textContent).not.toMatch(/0\.1|0\.5/);
  });

  it("says where a dropped pin is and that the supplier sees it", () => {
    const card = draw("add_image_pin", pin(3, 0.9, 0.8, "STORE", "Stitch here"));
    expect(card.dataset.card).toBe("pinAdded");
    expect(card.textContent).toBe("Pin 3 at the bottom right: “Stitch here” · the supplier sees it now");
  });

  it("compares the quotes per tech pack, one landed-cost table each", () => {
    const row = (quoteId: string, supplierName: string, unit: number, landed: number) => ({
      quoteId, supplierId: "s", supplierName, originCountry: "CN", status: "PROPOSED", unitPriceCents: unit, quantity: 500, moq: 300, leadTimeDays: 30, samplePriceCents: null, validUntil: now,
      dutyRatePercent: 10, dutyPerUnitCents: unit / 10, freightPerUnitCents: 40, landedCostCents: landed, totalLandedCents: landed * 500, basis: "",
    });
    const tote = { project: { id: "p1", title: "Cotton tote bag", quantity: 500 }, destinationCountry: "US", rows: [row("a", "Jiale Bags", 400, 480), row("b", "Ege Textiles", 420, 502)], cheapestQuoteId: "a" };
    const mug = { project: { id: "p2", title: "Stoneware mug", quantity: 300 }, destinationCountry: "US", rows: [row("c", "Porto Ceramics", 420, 502)], cheapestQuoteId: "c" };
    const card = draw("compare_quotes_by_project", { list: [tote, mug], total: 3, page: 0, size: 5 });
    expect(card.dataset.card).toBe("projectComparisons");
    expect([...card.querySelectorAll("section")].map((s) => s.getAttribute("aria-label"))).toEqual(["Quotes for Cotton tote bag", "Quotes for Stoneware mug"]);
    expect([...card.querySelectorAll("[data-testid='card-comparison-row']")].map((r) => r.querySelector("td")!.textContent)).toEqual(["Jiale Bags (cheapest)", "Ege Textiles", "Porto Ceramics (cheapest)"]);
    expect(card.textContent).toContain("1 more tech pack with quotes.");
    expect(cardOf("compare_quotes_by_project")).toBe("projectComparisons");
  });
});
