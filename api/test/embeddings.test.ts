import { describe, expect, it } from "vitest";
import { EMBEDDING_DIMENSIONS, cosineSimilarity, embedText, toVectorLiteral } from "../src/embeddings";

describe("offline embedder", () => {
  it("gives 384 L2-normalised dimensions, the same for the same text", () => {
    const v = embedText("Heavyweight organic cotton hoodie");
    expect(v).toHaveLength(EMBEDDING_DIMENSIONS);
    expect(Math.sqrt(v.reduce((s, x) => s + x * x, 0))).toBeCloseTo(1, 10);
    expect(embedText("Heavyweight organic cotton hoodie")).toEqual(v);
  });

  it("places related texts closer than unrelated ones", () => {
    const query = embedText("ceramic mugs");
    const near = embedText("Handmade Ceramic Mug, stoneware, 12 oz");
    const far = embedText("Shopify store migration and theme customisation");
    expect(cosineSimilarity(query, near)).toBeGreaterThan(0.3);
    expect(cosineSimilarity(query, near)).toBeGreaterThan(cosineSimilarity(query, far) + 0.2);
  });

  it("ignores case, accents and plural s", () => {
    expect(cosineSimilarity(embedText("CAFÉ Tumblers"), embedText("cafe tumbler"))).toBeCloseTo(1, 10);
  });

  it("returns zeros for a text without words", () => {
    expect(embedText(" ,.- ").every((x) => x === 0)).toBe(true);
  });

  it("writes pgvector's text form", () => {
    const literal = toVectorLiteral([0.123456789, -0.5, 0]);
    expect(literal).toBe("[0.12346,-0.5,0]");
  });
});
