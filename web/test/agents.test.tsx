import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { routeObjects } from "../src/app/router";
import { clearSession } from "../src/session/session-store";
import { attachmentLine, chatAttachmentType, extensionOfName, hasThumbnail, sortAttachments, splitAttachments } from "../src/features/agents/attachment-types";
import { withAttachments } from "../src/features/agents/agent-chat-page";
import { agentPageOf } from "../src/features/agents/agent-pages";
import { applyReviewEdits, parseFacts, reviewFields } from "../src/features/agents/review-form";
import { ROUTES } from "../src/routes/route-table";

afterEach(() => {
  cleanup();
  clearSession();
});

describe("chat attachments are sorted by extension (000 §5)", () => {
  it.each([
    ["clip.mp4", "VIDEO"], ["clip.MKV", "VIDEO"], ["clip.mov", "VIDEO"],
    ["a.jpg", "IMAGE"], ["a.JPEG", "IMAGE"], ["a.png", "IMAGE"], ["a.gif", "IMAGE"], ["logo.eps", "IMAGE"],
    ["spec.pdf", "PDF"], ["art.ai", "AI"],
    ["photo.webp", "WEBP"], ["scan.tiff", "TIFF"], ["layers.psd", "PSD"], ["README", "FILE"],
  ])("%s is %s", (name, type) => {
    expect(chatAttachmentType(name)).toBe(type);
  });

  it("reads the extension of an uploaded file's URL, and draws thumbnails only for images a browser can show", () => {
    expect(extensionOfName("/rest/main/files/abc/my%20mug.PNG")).toBe("png");
    expect(hasThumbnail("mug.png")).toBe(true);
    expect(hasThumbnail("logo.eps")).toBe(false);
    expect(hasThumbnail("clip.mp4")).toBe(false);
  });

  it("groups attachments video, image, pdf, ai, then any other type", () => {
    const list = [
      { url: "/f/1", name: "x.webp", type: "WEBP" }, { url: "/f/2", name: "x.pdf", type: "PDF" }, { url: "/f/3", name: "x.mov", type: "VIDEO" },
      { url: "/f/4", name: "x.ai", type: "AI" }, { url: "/f/5", name: "x.png", type: "IMAGE" },
    ];
    expect(Object.keys(sortAttachments(list))).toEqual(["VIDEO", "IMAGE", "PDF", "AI", "WEBP"]);
  });

  it("round-trips attachments through the message text the agent reads", () => {
    const a = { url: "/rest/main/files/1/mug.png", name: "mug.png", type: "IMAGE" };
    const b = { url: "/rest/main/files/2/spec.pdf", name: "spec <v2>.pdf", type: "PDF" };
    const text = `Make this mug\n${attachmentLine(a)}\n${attachmentLine(b)}`;
    expect(splitAttachments(text)).toEqual({ text: "Make this mug", attachments: [a, { ...b, name: "spec v2.pdf" }] });
    expect(splitAttachments("no files here")).toEqual({ text: "no files here", attachments: [] });
  });

  it("adds the attachment lines to the last human message only", () => {
    const a = { url: "/f/1", name: "a.png", type: "IMAGE" };
    const sent = withAttachments([{ id: "1", type: "human", content: "first" }, { id: "2", type: "human", content: "second" }], [a]);
    expect(sent[0]!.content).toBe("first");
    expect(sent[1]!.content).toBe(`second\n${attachmentLine(a)}`);
    const parts = withAttachments([{ id: "3", type: "human", content: [{ type: "text", text: "hi" }] }], [a]);
    expect(parts[0]!.content).toEqual([{ type: "text", text: "hi" }, { type: "text", text: attachmentLine(a) }]);
    expect(withAttachments([{ id: "4", type: "human", content: "x" }], [])[0]!.content).toBe("x");
  });
});

describe("the agent pages", () => {
  it("map each route to its assistant and review page, all public (000 §2.1)", () => {
    expect(agentPageOf("/tariff-rate-agent-review")).toMatchObject({ assistant: "tariff-rate-agent", chatPath: "/tariff-rate-agent" });
    expect(agentPageOf("/packaging-agent/")).toMatchObject({ assistant: "packaging-agent" });
    expect(agentPageOf("/sourcing-agent")).toMatchObject({ assistant: "sourcing-agent", reviewPath: "/sourcing-agent-review" });
    for (const path of ["/sourcing-agent", "/sourcing-agent-review", "/tariff-rate-agent", "/tariff-rate-agent-review", "/packaging-agent", "/packaging-agent-review", "/supplier-profile/:supplierId/post-review"]) {
      const route = ROUTES.find((r) => r.path === path);
      expect(route?.access, path).toBe("public");
      expect(route?.screen, path).not.toBe("pending");
    }
  });

  it("shows a logged-out visitor the page with a login prompt that returns to it", async () => {
    const router = createMemoryRouter(routeObjects(), { initialEntries: ["/tariff-rate-agent"] });
    render(<RouterProvider router={router} />);
    const prompt = await screen.findByTestId("agent-login-prompt", {}, { timeout: 8000 });
    expect(screen.getByRole("heading", { name: "Tariff rate agent" })).toBeTruthy();
    expect(prompt.querySelector("a")?.getAttribute("href")).toBe("/login?path=%2Ftariff-rate-agent");
    expect(router.state.location.pathname).toBe("/tariff-rate-agent");
  });
});

describe("the review form", () => {
  it("lists the base fields, then what the agent recorded, with bookkeeping read-only", () => {
    const fields = reviewFields({ id: "tp1", productName: "Mug", materials: ["ceramic", "glaze"], targetUnitPrice: 3.5, quantities: [{ quantity: 10 }], finish: "matte" });
    const by = Object.fromEntries(fields.map((f) => [f.key, f]));
    expect(fields[0]!.key).toBe("productName");
    expect(by.materials).toMatchObject({ kind: "list", value: "ceramic, glaze", label: "Materials" });
    expect(by.targetUnitPrice).toMatchObject({ kind: "number", value: "3.5", label: "Target unit price" });
    expect(by.id!.kind).toBe("readonly");
    expect(by.quantities!.kind).toBe("readonly");
    expect(by.finish).toMatchObject({ kind: "text", value: "matte" });
    expect(by.description).toMatchObject({ kind: "text", value: "" });
  });

  it("applies edits: numbers parsed, lists split, a bad number named; untouched empty fields not added", () => {
    const form = { id: "tp1", productName: "Mug", materials: ["ceramic"], targetUnitPrice: 3.5 };
    const fields = reviewFields(form).map((f) => (f.key === "materials" ? { ...f, value: "stoneware, glaze ," } : f.key === "targetUnitPrice" ? { ...f, value: "4.25" } : f));
    const { form: next, errors } = applyReviewEdits(form, fields);
    expect(errors).toEqual({});
    expect(next).toMatchObject({ id: "tp1", productName: "Mug", materials: ["stoneware", "glaze"], targetUnitPrice: 4.25 });
    expect("description" in next).toBe(false);
    const bad = applyReviewEdits(form, fields.map((f) => (f.key === "targetUnitPrice" ? { ...f, value: "cheap" } : f)));
    expect(bad.errors).toEqual({ targetUnitPrice: "must be a number, 0 or more" });
  });

  it("checks price, MOQ and the country code", () => {
    expect(parseFacts({ perUnitPrice: "2.5", productMoq: "500", countryName: "China", countryCode: "cn" })).toEqual({ values: { perUnitPrice: 2.5, productMoq: 500, tariffCountry: { name: "China", code: "CN" } }, errors: {} });
    expect(parseFacts({ perUnitPrice: "", productMoq: "", countryName: "", countryCode: "" }).values).toEqual({ perUnitPrice: null, productMoq: null, tariffCountry: null });
    expect(parseFacts({ perUnitPrice: "-1", productMoq: "1.5", countryName: "China", countryCode: "CHN" }).errors).toEqual({
      perUnitPrice: "must be a number, 0 or more", productMoq: "must be a whole number, at least 1", countryCode: "must be a two-letter country code like CN",
    });
  });
});
