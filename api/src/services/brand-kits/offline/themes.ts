// Word banks per kind of product: what a creator in that category would call a brand, promise and
// sell. A category is matched to a theme by its words; anything else takes the general theme.

export type Theme = {
  key: string;
  /** Words the category or description may contain. */
  match: readonly string[];
  /** Name roots (morphology: root + suffix, or two roots). */
  roots: readonly string[];
  /** Concrete nouns for "<adjective> <noun>" names and slogans. */
  nouns: readonly string[];
  adjectives: readonly string[];
  /** What the product does for people: verbs for slogans. */
  verbs: readonly string[];
  values: readonly string[];
  /** Product ideas: [title, what it is, typical retail dollars]. */
  products: readonly (readonly [string, string, number])[];
  /** Hues (OKLCH degrees) the palettes lean to. */
  hues: readonly number[];
  /** Words for catalogue search: the marketplace's category titles and item nouns. */
  searchWords: readonly string[];
  audiences: readonly { name: string; occupation: string; age: readonly [number, number]; motivation: string; pain: string; channels: readonly string[] }[];
};

const GENERAL_AUDIENCES: Theme["audiences"] = [
  { name: "Values-led millennials", occupation: "Product designer", age: [27, 38], motivation: "buys from brands whose values match theirs", pain: "tired of greenwashing and vague sourcing claims", channels: ["Instagram", "Newsletters", "Podcasts"] },
  { name: "Gift-hunting professionals", occupation: "Account manager", age: [30, 45], motivation: "wants gifts that look considered without hours of searching", pain: "generic marketplace gifts feel impersonal", channels: ["Pinterest", "Google search", "Email"] },
  { name: "Gen Z trend seekers", occupation: "University student", age: [18, 24], motivation: "discovers products through creators and shares them", pain: "most brands feel like they were made for their parents", channels: ["TikTok", "Instagram Reels", "Discord"] },
];

export const THEMES: readonly Theme[] = [
  {
    key: "coffee",
    match: ["coffee", "tea", "espresso", "matcha", "roast", "brew", "cafe"],
    roots: ["Roast", "Bean", "Brew", "Ember", "Crema", "Leaf", "Steep", "Kettle", "Ritual", "Morrow"],
    nouns: ["cup", "ritual", "morning", "pour", "harvest", "kettle"],
    adjectives: ["Slow", "Golden", "Wild", "Quiet", "Bright", "Honest"],
    verbs: ["wake up", "slow down", "savour", "share"],
    values: ["Single-origin beans traced to the farm", "Roasted to order in small batches", "Fairly paid growers, published prices", "Compostable packaging", "Brew guides for every method"],
    products: [["Single-origin espresso roast", "Medium-dark whole beans with notes of cocoa and cherry, 340 g bag", 18], ["Loose-leaf breakfast tea", "Bold Assam blend in a resealable tin, 100 g", 14], ["Ceremonial matcha", "Stone-ground Japanese matcha, 30 g tin", 28], ["Cold brew pouches", "Pre-portioned coarse grind for overnight cold brew, 6 pack", 16], ["Ceramic pour-over set", "Dripper and cup in matching glaze", 42], ["Monthly roast subscription", "Two rotating single-origin bags a month", 32]],
    hues: [35, 55, 25, 140],
    searchWords: ["coffee", "tea", "coffee blend", "mug"],
    audiences: [
      { name: "Home-barista hobbyists", occupation: "Software engineer", age: [26, 40], motivation: "chases a better cup and likes knowing where beans come from", pain: "supermarket coffee is stale and anonymous", channels: ["Reddit", "YouTube", "Instagram"] },
      { name: "Remote-working ritualists", occupation: "Freelance copywriter", age: [28, 42], motivation: "builds the workday around a good morning ritual", pain: "café habits get expensive working from home", channels: ["Instagram", "Newsletters", "Podcasts"] },
      ...GENERAL_AUDIENCES.slice(1, 2),
    ],
  },
  {
    key: "activewear",
    match: ["activewear", "legging", "yoga", "gym", "fitness", "sport", "athletic", "running", "training"],
    roots: ["Stride", "Pulse", "Kinetic", "Flex", "Rally", "Peak", "Motion", "Tempo", "Apex", "Vela"],
    nouns: ["move", "stride", "rep", "session", "run", "flow"],
    adjectives: ["Bold", "Free", "Strong", "Light", "Steady", "Fearless"],
    verbs: ["move", "train", "run", "stretch"],
    values: ["Fabrics from recycled bottles", "Squat-proof, tested by real athletes", "Sizes XS to 4X, fitted on real bodies", "Pockets that hold a phone on a run", "Made to last 200 washes"],
    products: [["High-waist training legging", "Squat-proof recycled nylon with a phone pocket", 68], ["Seamless sports bra", "Medium support, moisture-wicking knit", 42], ["Lightweight running tee", "Breathable mesh back, reflective trim", 38], ["Training shorts 5-inch", "Four-way stretch with a zip pocket", 45], ["Recycled yoga mat", "Natural rubber grip, 4 mm", 78], ["Insulated water bottle", "Stainless steel, keeps cold 24 hours", 32]],
    hues: [270, 200, 150, 20],
    searchWords: ["activewear", "legging", "yoga mat", "fitness", "sports bra"],
    audiences: [
      { name: "Studio regulars", occupation: "Physiotherapist", age: [25, 38], motivation: "trains five times a week and wants gear that keeps up", pain: "leggings go see-through or pill after a month", channels: ["Instagram", "Strava", "TikTok"] },
      { name: "New-year starters", occupation: "Teacher", age: [30, 48], motivation: "is building a habit and wants to feel good doing it", pain: "performance brands feel intimidating and sized small", channels: ["Facebook", "YouTube", "Email"] },
      ...GENERAL_AUDIENCES.slice(0, 1),
    ],
  },
  {
    key: "sauces",
    match: ["sauce", "spice", "hot sauce", "chili", "chilli", "condiment", "seasoning", "rub", "pepper", "food", "snack"],
    roots: ["Ember", "Blaze", "Smoke", "Pepper", "Salt", "Fuego", "Ash", "Cinder", "Harissa", "Scoville"],
    nouns: ["fire", "flame", "kitchen", "table", "jar", "harvest"],
    adjectives: ["Wild", "Smoky", "Bold", "Honest", "Fiery", "Small-batch"],
    verbs: ["cook", "share", "taste", "spice up"],
    values: ["Peppers from named family farms", "No gums, no fillers, nothing artificial", "Every batch numbered and tasted", "Heat you can build on, flavour first", "Glass bottles and refill pouches"],
    products: [["Smoked chipotle hot sauce", "Medium heat with tomato and garlic, 150 ml bottle", 12], ["Habanero mango sauce", "Fruity and hot, 150 ml bottle", 12], ["Three-pepper spice rub", "Ancho, guajillo and smoked paprika, 90 g tin", 10], ["Chili crisp oil", "Crunchy garlic and shallot in chili oil, 200 g jar", 14], ["Hot sauce gift trio", "Three bottles from mild to wild in a gift box", 34], ["Fermented green sauce", "Jalapeño and tomatillo, 150 ml", 12]],
    hues: [25, 40, 10, 120],
    searchWords: ["sauce", "spice", "hot sauce", "seasoning", "condiment"],
    audiences: [
      { name: "Heat chasers", occupation: "Line cook", age: [24, 40], motivation: "collects sauces and loves telling friends about a new find", pain: "most hot sauce is heat with no flavour", channels: ["Reddit", "YouTube", "Instagram"] },
      { name: "Weeknight home cooks", occupation: "Nurse", age: [30, 50], motivation: "wants one bottle that makes a quick dinner exciting", pain: "spice aisles are full of salt and fillers", channels: ["Pinterest", "Facebook", "Email"] },
      ...GENERAL_AUDIENCES.slice(1, 2),
    ],
  },
  {
    key: "apparel",
    match: ["apparel", "clothing", "tee", "t-shirt", "shirt", "hoodie", "menswear", "men's", "fashion", "wear", "chino", "jacket", "outerwear"],
    roots: ["Forge", "Thread", "Harbor", "Oak", "Union", "Field", "Loom", "Grain", "North", "Atlas"],
    nouns: ["thread", "stitch", "uniform", "weekend", "workshop", "field"],
    adjectives: ["Steady", "Honest", "Quiet", "Rugged", "Modern", "Everyday"],
    verbs: ["wear", "live in", "repeat", "build"],
    values: ["Heavyweight fabrics that keep their shape", "Cut for real shoulders and longer torsos", "Made in audited factories, named on the label", "Free repairs for the first year", "Fewer pieces, better made"],
    products: [["Heavyweight crew tee", "240 gsm organic cotton, boxy fit", 38], ["Brushed twill overshirt", "Two chest pockets, corozo buttons", 98], ["Everyday stretch chino", "Tapered fit with a hidden stretch", 88], ["Loopback hoodie", "French terry, 400 gsm", 85], ["Merino crew socks", "Three-pack, reinforced heel", 28], ["Canvas work cap", "Six-panel, washed cotton", 32]],
    hues: [230, 150, 60, 30],
    searchWords: ["T-shirt", "hoodie", "jacket", "apparel", "cap"],
    audiences: [
      { name: "Buy-it-once minimalists", occupation: "Architect", age: [28, 45], motivation: "wants a small wardrobe of pieces that last years", pain: "fast-fashion basics lose shape after a few washes", channels: ["Instagram", "Newsletters", "Reddit"] },
      { name: "Smart-casual commuters", occupation: "Sales lead", age: [27, 40], motivation: "needs clothes that work at the office and the weekend", pain: "fit is inconsistent between brands and sizes", channels: ["Instagram", "Google search", "YouTube"] },
      ...GENERAL_AUDIENCES.slice(0, 1),
    ],
  },
  {
    key: "beauty",
    match: ["beauty", "skincare", "skin", "serum", "cosmetic", "hair", "soap", "candle", "fragrance", "wellness"],
    roots: ["Glow", "Bloom", "Lumen", "Dew", "Petal", "Aura", "Velvet", "Sol", "Mira", "Fern"],
    nouns: ["glow", "ritual", "bloom", "skin", "garden", "moment"],
    adjectives: ["Pure", "Soft", "Radiant", "Gentle", "Clean", "Calm"],
    verbs: ["glow", "unwind", "care", "restore"],
    values: ["Short ingredient lists you can read", "Dermatologist tested, fragrance-free options", "Refillable glass packaging", "Cruelty-free and vegan", "Small batches, always fresh"],
    products: [["Hydrating face serum", "Hyaluronic acid and niacinamide, 30 ml dropper", 34], ["Overnight repair balm", "Squalane and ceramides, 50 ml jar", 38], ["Soy wax candle", "Cedar and fig, 40-hour burn", 28], ["Solid shampoo bar", "Plastic-free, 80 washes", 16], ["Gentle cleansing oil", "Jojoba and camellia, 100 ml", 26], ["Travel ritual kit", "Four minis in a reusable pouch", 45]],
    hues: [350, 20, 300, 160],
    searchWords: ["skincare", "face serum", "candle", "cosmetic jar", "beauty"],
    audiences: [
      { name: "Ingredient-literate skincare fans", occupation: "Pharmacist", age: [25, 40], motivation: "reads labels and wants actives that work", pain: "marketing claims hide weak formulas", channels: ["TikTok", "Instagram", "YouTube"] },
      ...GENERAL_AUDIENCES,
    ],
  },
  {
    key: "general",
    match: [],
    roots: ["Nova", "Kin", "Hearth", "Maple", "Arc", "Tide", "Marlow", "Juniper", "Wren", "Atlas"],
    nouns: ["everyday", "home", "craft", "journey", "studio", "good"],
    adjectives: ["Honest", "Bright", "Simple", "Thoughtful", "Modern", "Kind"],
    verbs: ["make", "share", "enjoy", "live"],
    values: ["Thoughtfully designed, made to last", "Transparent pricing and sourcing", "Planet-friendly packaging", "Customer service from real people", "Small batches, tested by our community"],
    products: [["Signature starter set", "The best-sellers together in one gift box", 48], ["Everyday essential", "The core product in three colours", 28], ["Limited edition drop", "A numbered seasonal run", 38], ["Travel-size mini", "The essential, pocket sized", 16], ["Refill pack", "Plastic-free refills for the essential", 18], ["Gift card bundle", "A gift box with a handwritten note", 35]],
    hues: [200, 30, 150, 280],
    searchWords: [],
    audiences: GENERAL_AUDIENCES,
  },
];

/** The theme whose words appear in the category or description (the category counts twice). */
export function themeFor(category: string, description: string): Theme {
  const c = category.toLowerCase();
  const d = description.toLowerCase();
  let best: Theme = THEMES[THEMES.length - 1]!;
  let bestScore = 0;
  for (const theme of THEMES) {
    const score = theme.match.reduce((s, w) => s + (c.includes(w) ? 2 : 0) + (d.includes(w) ? 1 : 0), 0);
    if (score > bestScore) {
      best = theme;
      bestScore = score;
    }
  }
  return best;
}

export const NAME_SUFFIXES = ["ly", "ora", "io", "a", "en", "ist", "ary", "co", "wood", "craft", "& Co."] as const;
export const PERSONA_FIRST_NAMES = ["Maya", "Jordan", "Priya", "Leo", "Sofia", "Marcus", "Aiko", "Daniel", "Zara", "Tom", "Elena", "Kwame"] as const;
export const SLOGAN_PATTERNS = [
  "{Verb} {adverb}.",
  "{Adjective} by nature. {Noun} by design.",
  "Made for the {noun} you love.",
  "Every {noun}, a little {adjective}.",
  "{Adjective} {noun}s, honestly made.",
  "The {noun} worth {verb}ing for.",
] as const;
export const ADVERBS = ["better", "brighter", "slower", "bolder", "together", "on purpose"] as const;
export const COLOUR_WORDS: Record<string, readonly string[]> = {
  red: ["Ember", "Paprika", "Brick", "Cinnabar"],
  orange: ["Apricot", "Copper", "Marigold", "Terracotta"],
  yellow: ["Honey", "Saffron", "Butter", "Mustard"],
  green: ["Sage", "Fern", "Moss", "Pistachio"],
  teal: ["Lagoon", "Eucalyptus", "Verdigris", "Seafoam"],
  blue: ["Harbor", "Denim", "Cobalt", "Glacier"],
  purple: ["Plum", "Lavender", "Iris", "Heather"],
  pink: ["Blush", "Rosewater", "Peony", "Coral"],
  neutral: ["Stone", "Pebble", "Fog", "Smoke"],
};
