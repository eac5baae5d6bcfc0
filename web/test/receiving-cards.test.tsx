import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { ToolCallMessagePartProps } from "@assistant-ui/react";
import { specByName } from "@atelier/tools";
import { TOOL_UIS, cardOf } from "../src/chat/tool-uis";

// The receiving tools' card in the chat (issue 16), drawn from an answer checked against the tool's contract.
const now = "2025-01-01T00:00:00.000Z";
afterEach(cleanup);

function props(toolName: string, value: unknown): ToolCallMessagePartProps {
  specByName(toolName).contract.response.parse(value);
  return { type: "tool-call", toolCallId: `call-${toolName}`, toolName, args: {}, argsText: "{}", result: JSON.stringify(value), status: { type: "complete" } } as unknown as ToolCallMessagePartProps;
}

// Receivings (issue 16): a shipment to the fulfilment center as its card shows it, in words.
describe("the receiving card", () => {
  const receiving = {
    id: "11111111-1111-4111-8111-111111111111", sn: "RCV-1004", number: 1004, deliveryStatus: "NOT_YET_DELIVERED", receivingStatus: "PARTIAL", canceled: false, cancelReason: null,
    closed: false, supplierName: "Ningbo Knitwear", boxCount: 3, carrier: "UPS", trackingNumber: "1Z999", expectedArrival: "2031-01-15", note: "", orderItemId: null,
    lines: [{ id: "l1", sku: "TEE-BLK-M", title: "Tee", bin: "A-01", expected: 20, received: 12, damaged: 2, outstanding: 6 }, { id: "l2", sku: "MUG-01", title: "Mug", bin: "A-02", expected: 10, received: 0, damaged: 0, outstanding: 10 }],
    totals: { expected: 30, received: 12, damaged: 2, outstanding: 16 }, createdAt: now, shippedAt: now, arrivedAt: null, receivedAt: null, canceledAt: null, receipts: [], boxes: [],
  };

  it("draws the receiving's number, where it stands and what was counted, linked to its details", () => {
    const Ui = TOOL_UIS.receive_receiving!;
    const card = render(<MemoryRouter><Ui {...props("receive_receiving", receiving)} /></MemoryRouter>).container.firstElementChild as HTMLElement;
    expect(card.dataset.card).toBe("receiving");
    expect(card.textContent).toBe("RCV-1004 Partly received Ningbo Knitwear · TEE-BLK-M, MUG-01 · 12 of 30 units received, 2 damaged · arrives Jan 15, 2031");
    expect(card.querySelector("a")!.getAttribute("href")).toBe("/receivings/RCV-1004/details");
    expect(cardOf("store_purchase_at_fulfilment_center")).toBe("receiving");
  });
});
