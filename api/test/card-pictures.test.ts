import { describe, expect, it } from "vitest";
import { categoryRows } from "../src/demo/taxonomy";
import { itemImagePath, itemImageSvg, parseCardPictureName } from "../src/images/item-image";
import { DRAWINGS, pictureKindOf, type PictureKind } from "../src/images/picture-kinds";
import { rasterizeSvg } from "../src/images/svg";

// What each demo noun must be drawn as: the picture says what the item is.
const EXPECTED: Record<string, PictureKind> = {
  "T-shirt": "tshirt", "hoodie": "hoodie", "jean": "trousers", "dress": "dress", "sock": "sock", "cap": "cap", "tote bag": "tote",
  "backpack": "backpack", "phone case": "phonecase", "necklace": "necklace", "ring": "ring", "face serum": "dropper", "shampoo": "pump",
  "lipstick": "lipstick", "candle": "candle", "mug": "mug", "dinner plate": "plate", "coffee blend": "pouch", "chocolate bar": "bar",
  "chew toy": "bone", "wireless earbud": "earbuds", "sneaker": "shoe", "boot": "boot", "notebook": "notebook", "yoga mat": "mat",
  "water bottle": "bottle", "plush toy": "plush", "mailer box": "box", "rigid gift box": "giftbox", "poly mailer": "mailer",
  "garment bag": "garmentbag", "hang tag": "tag", "dropper bottle": "dropper", "pump bottle": "pump", "tin can": "can",
  "squeeze tube": "tube", "bubble wrap": "bubblewrap", "product photo shoot": "camera", "store build": "browser", "brand story": "brief",
};

describe("card pictures by kind", () => {
  it("draws each demo noun as what it is, whatever material and style words come before it", () => {
    for (const [noun, kind] of Object.entries(EXPECTED)) {
      expect(pictureKindOf(`Premium Jojoba Oil ${noun}`), noun).toBe(kind);
      expect(pictureKindOf(`${noun} sample kit`), noun).toBe(kind);
    }
    // Only boxes are drawn as boxes: no product noun falls through to the parcel by accident.
    const nouns = categoryRows().flatMap((r) => (r.itemNoun ? [r.itemNoun] : []));
    const parcels = nouns.filter((n) => pictureKindOf(`Classic Vitamin C ${n}`) === "box");
    expect(parcels).toEqual(["mailer box", "shipping box", "folding carton", "subscription box", "box insert", "recycled box"]);
  });

  it("draws every kind only with shapes the rasteriser reads, the same for the same link", () => {
    for (const kind of Object.keys(DRAWINGS) as PictureKind[]) {
      const svg = itemImageSvg({ kind, imageSeed: 1234, imageColor: "#c8643b" });
      expect(svg).not.toMatch(/<(path|text|linearGradient|radialGradient|g)\b|stroke=|transform=/);
      expect(rasterizeSvg(svg, 16).width).toBe(16);
      expect(itemImageSvg({ kind, imageSeed: 1234, imageColor: "#c8643b" })).toBe(svg);
      const name = itemImagePath({ kind, imageSeed: 1234, imageColor: "#C8643B" }).split("/").pop()!;
      expect(name).toBe(`${kind}-1234-c8643b.svg`);
      expect(parseCardPictureName(name)).toEqual({ kind, imageSeed: 1234, imageColor: "#c8643b" });
    }
    expect(parseCardPictureName("1234-c8643b.svg")).toEqual({ imageSeed: 1234, imageColor: "#c8643b" });
  });
});
