// The marketplace taxonomy (vertical → group → subgroup). Each subgroup is written
// "Title:item noun" — the noun names one catalog item of that subgroup in generated titles.

export type Vertical = "products" | "ecommerce-packaging" | "business-creative-services" | "website-development";
export type ItemType = "PRODUCT" | "PACKAGING" | "SERVICES";

export type TaxonomyGroup = { title: string; materials: readonly string[]; subgroups: readonly string[] };
export type TaxonomyVertical = { vertical: Vertical; title: string; itemType: ItemType; groups: readonly TaxonomyGroup[] };

const FABRIC = ["organic cotton", "cotton", "recycled polyester", "linen", "bamboo viscose", "merino wool", "nylon", "spandex blend", "French terry", "fleece"];
const LEATHER = ["full-grain leather", "vegan leather", "canvas", "nylon", "suede", "recycled PET", "cork"];
const METAL = ["sterling silver", "14k gold vermeil", "stainless steel", "brass", "titanium", "gold-filled", "freshwater pearl"];
const BEAUTY = ["aloe vera", "shea butter", "hyaluronic acid", "vitamin C", "jojoba oil", "niacinamide", "squalane", "botanical extracts"];
const HOME = ["ceramic", "stoneware", "borosilicate glass", "acacia wood", "bamboo", "stainless steel", "linen", "soy wax", "terracotta"];
const FOOD = ["organic", "non-GMO", "vegan", "gluten-free", "keto", "fair trade", "cold-pressed"];
const TECH = ["ABS plastic", "aluminium", "silicone", "tempered glass", "TPU", "recycled plastic"];
const PAPER = ["kraft paper", "recycled cardboard", "corrugated board", "FSC paperboard", "rigid chipboard", "compostable film", "tissue paper"];
const SERVICE: string[] = [];

/**
 * Materials by item noun where the group's list does not fit every item in it: no "Organic
 * Cotton Paper" mailer boxes, "Tempered Glass" smart plugs or "Stainless Steel" dog treats.
 * A noun not listed takes its group's materials.
 */
const NOUN_MATERIALS: Record<string, readonly string[]> = {
  "T-shirt": ["organic cotton", "cotton", "linen", "bamboo viscose", "recycled polyester"], "hoodie": ["French terry", "fleece", "organic cotton", "cotton"],
  "legging": ["spandex blend", "recycled polyester", "nylon"], "jacket": ["nylon", "recycled polyester", "denim", "merino wool"], "dress": ["linen", "organic cotton", "bamboo viscose", "cotton"],
  "jean": ["denim", "organic cotton denim", "stretch denim"], "lounge set": ["French terry", "bamboo viscose", "organic cotton", "fleece"], "swimsuit": ["recycled nylon", "spandex blend", "recycled polyester"],
  "kids tee": ["organic cotton", "cotton", "bamboo viscose"], "sock": ["organic cotton", "merino wool", "bamboo viscose", "nylon"],
  "cap": ["cotton twill", "canvas", "recycled polyester", "corduroy"], "tote bag": ["canvas", "organic cotton", "jute", "recycled PET"], "backpack": ["nylon", "canvas", "recycled PET", "vegan leather"],
  "wallet": ["full-grain leather", "vegan leather", "cork"], "belt": ["full-grain leather", "vegan leather", "canvas"], "scarf": ["merino wool", "silk", "cashmere blend", "organic cotton"],
  "sunglasses": ["acetate", "recycled plastic", "bamboo", "titanium"], "phone case": ["silicone", "TPU", "vegan leather", "recycled plastic"],
  "candle": ["soy wax", "coconut wax", "beeswax"], "mug": ["ceramic", "stoneware", "porcelain", "enamel"], "cutting board": ["acacia wood", "bamboo", "olive wood"],
  "duvet cover": ["linen", "organic cotton", "bamboo viscose"], "vase": ["ceramic", "stoneware", "borosilicate glass", "terracotta"], "bath towel": ["organic cotton", "Turkish cotton", "bamboo viscose", "linen"],
  "dinner plate": ["ceramic", "stoneware", "porcelain"],
  "chew toy": ["natural rubber", "hemp", "nylon"], "dog sweater": ["merino wool", "organic cotton", "fleece"], "pet bed": ["organic cotton", "recycled polyester", "hemp"],
  "dog collar": ["nylon", "vegan leather", "hemp"], "dog treat": ["organic", "grain-free", "single-ingredient"],
  "charging cable": ["braided nylon", "TPE", "silicone"], "wireless earbud": ["ABS plastic", "recycled plastic", "aluminium"], "smart plug": ["ABS plastic", "recycled plastic", "fire-retardant PC"],
  "fitness band": ["silicone", "TPU", "aluminium"], "LED lamp": ["aluminium", "recycled plastic", "bamboo"],
  "slide": ["EVA foam", "natural rubber", "vegan leather"], "slipper": ["wool felt", "suede", "fleece"],
  "notebook": ["cotton paper", "recycled paper", "FSC paper", "vegan leather"], "greeting card": ["cotton paper", "FSC paperboard", "recycled card"], "sticker sheet": ["vinyl", "kraft paper", "holographic vinyl"],
  "planner": ["FSC paper", "recycled paper", "vegan leather"], "art print": ["cotton rag paper", "archival matte paper", "FSC paper"],
  "yoga mat": ["natural rubber", "TPE", "cork"], "water bottle": ["stainless steel", "Tritan", "aluminium", "borosilicate glass"], "camp chair": ["aluminium", "ripstop polyester", "steel"],
  "cycling jersey": ["recycled polyester", "merino wool", "spandex blend"],
  "baby onesie": ["organic cotton", "bamboo viscose"], "plush toy": ["organic cotton", "recycled polyester", "minky fabric"], "swaddle blanket": ["organic cotton", "muslin", "bamboo viscose"], "silicone bib": ["food-grade silicone"],
  "mailer box": ["corrugated board", "recycled cardboard", "kraft paper"], "rigid gift box": ["rigid chipboard", "FSC paperboard"], "shipping box": ["corrugated board", "recycled cardboard"],
  "folding carton": ["FSC paperboard", "recycled cardboard"], "subscription box": ["corrugated board", "FSC paperboard"],
  "poly mailer": ["recycled polyethylene", "LDPE film", "compostable film"], "padded mailer": ["kraft paper", "recycled polyethylene", "honeycomb paper"], "shopping bag": ["kraft paper", "FSC paperboard", "recycled paper"],
  "garment bag": ["non-woven polypropylene", "cotton canvas", "PEVA"], "stand-up pouch": ["kraft paper", "compostable film", "foil laminate"],
  "product label": ["vinyl", "kraft paper", "BOPP film"], "thank-you card": ["cotton paper", "FSC paperboard", "recycled card"], "hang tag": ["FSC paperboard", "kraft paper", "cotton paper"],
  "woven label": ["polyester damask", "cotton twill", "satin"], "seal sticker": ["vinyl", "kraft paper", "BOPP film"],
  "cosmetic jar": ["glass", "PCR plastic", "aluminium", "bamboo"], "dropper bottle": ["amber glass", "glass", "PET plastic"], "tin can": ["tin", "aluminium"],
  "squeeze tube": ["PCR plastic", "sugarcane bioplastic", "aluminium"], "pump bottle": ["PET plastic", "glass", "PCR plastic"],
  "tissue paper": ["acid-free tissue", "recycled tissue"], "crinkle paper": ["kraft paper", "recycled paper"], "bubble wrap": ["LDPE film", "recycled polyethylene"],
  "box insert": ["corrugated board", "moulded pulp", "EVA foam"], "compostable mailer": ["PBAT film", "corn-starch film", "kraft paper"], "recycled box": ["corrugated board", "kraft board"],
  "paper void fill": ["kraft paper", "recycled paper"], "reusable pouch": ["organic cotton", "recycled PET", "canvas"],
};

/** Every vertical, group and subgroup the demo marketplace lists. */
export const TAXONOMY: readonly TaxonomyVertical[] = [
  {
    vertical: "products",
    title: "Products",
    itemType: "PRODUCT",
    groups: [
      { title: "Apparel", materials: FABRIC, subgroups: ["T-shirts:T-shirt", "Hoodies & sweatshirts:hoodie", "Activewear:legging", "Outerwear:jacket", "Dresses:dress", "Denim:jean", "Loungewear:lounge set", "Swimwear:swimsuit", "Kidswear:kids tee", "Socks:sock"] },
      { title: "Accessories", materials: LEATHER, subgroups: ["Hats & caps:cap", "Bags & totes:tote bag", "Backpacks:backpack", "Wallets:wallet", "Belts:belt", "Scarves:scarf", "Sunglasses:sunglasses", "Phone cases:phone case"] },
      { title: "Jewelry", materials: METAL, subgroups: ["Necklaces:necklace", "Rings:ring", "Earrings:earring", "Bracelets:bracelet", "Anklets:anklet", "Body jewelry:body chain"] },
      { title: "Beauty & personal care", materials: BEAUTY, subgroups: ["Skincare:face serum", "Haircare:shampoo", "Cosmetics:lipstick", "Fragrance:eau de parfum", "Bath & body:body wash", "Nail care:nail polish", "Men's grooming:beard oil"] },
      { title: "Home & living", materials: HOME, subgroups: ["Candles:candle", "Drinkware:mug", "Kitchenware:cutting board", "Bedding:duvet cover", "Home decor:vase", "Towels:bath towel", "Tableware:dinner plate"] },
      { title: "Food & beverage", materials: FOOD, subgroups: ["Coffee & tea:coffee blend", "Snacks:protein bar", "Supplements:gummy vitamin", "Sauces & condiments:hot sauce", "Confectionery:chocolate bar", "Beverages:sparkling drink"] },
      { title: "Pet products", materials: ["nylon", "natural rubber", "organic cotton", "hemp", "stainless steel", "vegan leather"], subgroups: ["Pet toys:chew toy", "Pet apparel:dog sweater", "Pet beds:pet bed", "Collars & leashes:dog collar", "Pet treats:dog treat"] },
      { title: "Electronics & gadgets", materials: TECH, subgroups: ["Chargers & cables:charging cable", "Audio:wireless earbud", "Smart home:smart plug", "Wearables:fitness band", "Lighting:LED lamp"] },
      { title: "Footwear", materials: LEATHER, subgroups: ["Sneakers:sneaker", "Sandals & slides:slide", "Boots:boot", "Slippers:slipper"] },
      { title: "Stationery & gifts", materials: PAPER, subgroups: ["Notebooks:notebook", "Greeting cards:greeting card", "Stickers:sticker sheet", "Planners:planner", "Prints & posters:art print"] },
      { title: "Sports & outdoors", materials: TECH, subgroups: ["Yoga & fitness:yoga mat", "Water bottles:water bottle", "Camping gear:camp chair", "Cycling:cycling jersey"] },
      { title: "Baby & kids", materials: FABRIC, subgroups: ["Baby clothing:baby onesie", "Toys:plush toy", "Nursery:swaddle blanket", "Feeding:silicone bib"] },
    ],
  },
  {
    vertical: "ecommerce-packaging",
    title: "Ecommerce packaging",
    itemType: "PACKAGING",
    groups: [
      { title: "Boxes", materials: PAPER, subgroups: ["Mailer boxes:mailer box", "Rigid boxes:rigid gift box", "Shipping boxes:shipping box", "Folding cartons:folding carton", "Subscription boxes:subscription box"] },
      { title: "Bags & mailers", materials: PAPER, subgroups: ["Poly mailers:poly mailer", "Padded mailers:padded mailer", "Paper bags:shopping bag", "Garment bags:garment bag", "Pouches:stand-up pouch"] },
      { title: "Labels & inserts", materials: PAPER, subgroups: ["Product labels:product label", "Thank-you cards:thank-you card", "Hang tags:hang tag", "Woven labels:woven label", "Stickers & seals:seal sticker"] },
      { title: "Containers", materials: ["glass", "PET plastic", "aluminium", "bamboo", "tin", "PCR plastic"], subgroups: ["Jars:cosmetic jar", "Bottles:dropper bottle", "Tins:tin can", "Tubes:squeeze tube", "Pumps & sprayers:pump bottle"] },
      { title: "Protective packaging", materials: PAPER, subgroups: ["Tissue paper:tissue paper", "Void fill:crinkle paper", "Bubble wrap:bubble wrap", "Box inserts:box insert"] },
      { title: "Sustainable packaging", materials: PAPER, subgroups: ["Compostable mailers:compostable mailer", "Recycled boxes:recycled box", "Plastic-free fill:paper void fill", "Reusable packaging:reusable pouch"] },
    ],
  },
  {
    vertical: "business-creative-services",
    title: "Business and creative services",
    itemType: "SERVICES",
    groups: [
      { title: "Design", materials: SERVICE, subgroups: ["Logo & brand identity:brand identity package", "Packaging design:packaging design", "Tech pack design:tech pack", "Illustration:illustration set", "Pattern design:pattern collection"] },
      { title: "Photography & video", materials: SERVICE, subgroups: ["Product photography:product photo shoot", "Lifestyle photography:lifestyle shoot", "Product video:product video", "UGC content:UGC video bundle"] },
      { title: "Marketing", materials: SERVICE, subgroups: ["Social media management:social media plan", "Paid ads:ad campaign setup", "Email marketing:email flow setup", "Influencer marketing:influencer campaign", "SEO:SEO audit"] },
      { title: "Business operations", materials: SERVICE, subgroups: ["Sourcing agents:sourcing agent service", "Quality inspection:factory inspection", "Freight forwarding:freight forwarding", "Customs brokerage:customs clearance", "Bookkeeping:bookkeeping package"] },
      { title: "Product development", materials: SERVICE, subgroups: ["Prototyping:prototype run", "Formulation:custom formulation", "Sample making:sample development", "Pattern making:pattern making"] },
      { title: "Copywriting", materials: SERVICE, subgroups: ["Product descriptions:product description pack", "Brand story:brand story", "Ad copy:ad copy set"] },
    ],
  },
  {
    vertical: "website-development",
    title: "Website development",
    itemType: "SERVICES",
    groups: [
      { title: "Store setup", materials: SERVICE, subgroups: ["Store build:store build", "Theme customisation:theme customisation", "Store migration:store migration", "Product import:catalogue import"] },
      { title: "Custom development", materials: SERVICE, subgroups: ["App integration:app integration", "Custom features:custom feature build", "Headless commerce:headless storefront", "Checkout customisation:checkout customisation"] },
      { title: "Optimisation", materials: SERVICE, subgroups: ["Speed optimisation:speed optimisation", "Conversion optimisation:CRO audit", "Accessibility:accessibility audit", "Analytics setup:analytics setup"] },
      { title: "Maintenance", materials: SERVICE, subgroups: ["Monthly support:support retainer", "Security & backups:security review", "Content updates:content update package"] },
    ],
  },
];

/** "Hoodies & sweatshirts" → "hoodies-sweatshirts". */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export type CategoryRow = {
  key: string;
  parentKey: string | null;
  level: "VERTICAL" | "GROUP" | "SUBGROUP";
  vertical: Vertical;
  slug: string;
  title: string;
  position: number;
  /** Subgroups only: the noun of one item. */
  itemNoun: string | null;
  /** Groups and subgroups: materials their items are made of. */
  materials: readonly string[];
  itemType: ItemType;
};

/** The taxonomy flattened to rows, parents before children. */
export function categoryRows(): CategoryRow[] {
  const rows: CategoryRow[] = [];
  TAXONOMY.forEach((v, vi) => {
    rows.push({ key: v.vertical, parentKey: null, level: "VERTICAL", vertical: v.vertical, slug: v.vertical, title: v.title, position: vi, itemNoun: null, materials: [], itemType: v.itemType });
    v.groups.forEach((g, gi) => {
      const gKey = `${v.vertical}/${slugify(g.title)}`;
      rows.push({ key: gKey, parentKey: v.vertical, level: "GROUP", vertical: v.vertical, slug: slugify(g.title), title: g.title, position: gi, itemNoun: null, materials: g.materials, itemType: v.itemType });
      g.subgroups.forEach((s, si) => {
        const [title, noun] = s.split(":") as [string, string];
        rows.push({ key: `${gKey}/${slugify(title)}`, parentKey: gKey, level: "SUBGROUP", vertical: v.vertical, slug: slugify(title), title, position: si, itemNoun: noun, materials: NOUN_MATERIALS[noun] ?? g.materials, itemType: v.itemType });
      });
    });
  });
  return rows;
}
