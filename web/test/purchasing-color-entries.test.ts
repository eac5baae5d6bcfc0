import { describe, expect, it } from "vitest";
import { rowsFromText, textFromRows } from "../src/features/purchasing/color-entries";

describe("colour entries name|hex|variant;…", () => {
  it("reads stored text into editor rows, variant optional, hex upper-cased", () => {
    expect(rowsFromText("Navy|#1f2a44|matte; Cream|#F5F0E1|;Rust|#b7410e")).toEqual({
      rows: [
        { name: "Navy", hex: "#1F2A44", variant: "matte" },
        { name: "Cream", hex: "#F5F0E1", variant: "" },
        { name: "Rust", hex: "#B7410E", variant: "" },
      ],
      error: null,
    });
    expect(rowsFromText("")).toEqual({ rows: [], error: null });
  });

  it("says which entry of stored text is broken and why", () => {
    expect(rowsFromText("Navy|#1f2a44|matte;Red|red|gloss").error).toBe('entry 2 ("Red|red|gloss") has hex "red"; it must be #RRGGBB');
    expect(rowsFromText("Navy").error).toBe('entry 1 ("Navy") must be written name|hex|variant');
    expect(rowsFromText("|#000000|x").error).toContain("needs a colour name");
  });

  it("writes rows as the canonical text, skipping blank rows", () => {
    const out = textFromRows([
      { name: " Navy ", hex: "#1f2a44", variant: "matte" },
      { name: "", hex: "#000000", variant: "" },
      { name: "Cream", hex: "#f5f0e1", variant: "" },
    ]);
    expect(out).toEqual({
      ok: true,
      text: "Navy|#1F2A44|matte;Cream|#F5F0E1|",
      colors: [{ name: "Navy", hex: "#1F2A44", variant: "matte" }, { name: "Cream", hex: "#F5F0E1", variant: "" }],
    });
    expect(textFromRows([])).toEqual({ ok: true, text: "", colors: [] });
  });

  it("refuses a separator inside a name or variant, which would split the entry", () => {
    expect(textFromRows([{ name: "Black;White", hex: "#000000", variant: "" }])).toEqual({ ok: false, reason: "colour 1 must not contain | or ;" });
    expect(textFromRows([{ name: "Ok", hex: "#000000", variant: "" }, { name: "Grey", hex: "#777777", variant: "a|b" }])).toEqual({ ok: false, reason: "colour 2 must not contain | or ;" });
  });

  it("refuses a variant without a name, a bad hex and more than 20 colours", () => {
    expect(textFromRows([{ name: "", hex: "#000000", variant: "matte" }])).toMatchObject({ ok: false, reason: expect.stringContaining("needs a colour name") });
    expect(textFromRows([{ name: "Teal", hex: "#00f", variant: "" }])).toMatchObject({ ok: false, reason: expect.stringContaining("must be #RRGGBB") });
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `C${i}`, hex: "#111111", variant: "" }));
    expect(textFromRows(many)).toEqual({ ok: false, reason: "at most 20 colours" });
  });
});
