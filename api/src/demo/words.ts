// Word lists the generator draws from. Rows are built from these; none is typed in by hand.

export type Region = "AF" | "NA" | "SA" | "AS" | "EU" | "OA";
/** The language a supplier's name is in: each country names its companies its own way. */
export type NameStyle = "CN" | "TW" | "VN" | "IN" | "BD" | "PK" | "KR" | "IT" | "EN" | "ES" | "BR" | "PT" | "TR" | "MA" | "EG";

/** `suffixes`: the country's own company forms (a Turkish A.Ş., a Moroccan SARL, a British Ltd). */
export type Country = { code: string; region: Region; weight: number; style: NameStyle; suffixes: readonly string[]; cities: readonly string[]; tariff: readonly [number, number]; phone: string; tld: string };

/** Supplier countries: the spec's five lead, the rest fill every region. */
export const COUNTRIES: readonly Country[] = [
  { code: "CN", region: "AS", weight: 34, style: "CN", suffixes: ["Co., Ltd.", "Industrial Co., Ltd.", "Manufacturing Co., Ltd.", "Trading Co., Ltd."], cities: ["Shenzhen", "Guangzhou", "Yiwu", "Dongguan", "Ningbo", "Hangzhou", "Xiamen", "Qingdao", "Suzhou", "Shantou"], tariff: [17, 35], phone: "+86", tld: "cn" },
  { code: "US", region: "NA", weight: 14, style: "EN", suffixes: ["Inc.", "LLC", "Co.", "Collective"], cities: ["Los Angeles", "New York", "Dallas", "Chicago", "Portland", "Austin", "Atlanta", "Denver", "Miami", "Seattle"], tariff: [0, 0], phone: "+1", tld: "com" },
  { code: "IT", region: "EU", weight: 8, style: "IT", suffixes: ["S.r.l.", "S.p.A.", "S.a.s."], cities: ["Milan", "Florence", "Prato", "Como", "Vicenza", "Naples", "Bologna", "Treviso"], tariff: [10, 15], phone: "+39", tld: "it" },
  { code: "VN", region: "AS", weight: 8, style: "VN", suffixes: ["JSC", "Co., Ltd.", "Joint Stock Company"], cities: ["Ho Chi Minh City", "Hanoi", "Da Nang", "Hai Phong", "Binh Duong", "Dong Nai"], tariff: [12, 20], phone: "+84", tld: "vn" },
  { code: "IN", region: "AS", weight: 10, style: "IN", suffixes: ["Pvt. Ltd.", "Exports", "Industries", "Overseas"], cities: ["Tiruppur", "Jaipur", "Mumbai", "Ludhiana", "Moradabad", "Surat", "Bengaluru", "Delhi"], tariff: [12, 26], phone: "+91", tld: "in" },
  { code: "PT", region: "EU", weight: 3, style: "PT", suffixes: ["Lda.", "S.A."], cities: ["Porto", "Braga", "Guimarães", "Lisbon"], tariff: [10, 15], phone: "+351", tld: "pt" },
  { code: "TR", region: "EU", weight: 3, style: "TR", suffixes: ["A.Ş.", "Ltd. Şti."], cities: ["Istanbul", "Izmir", "Bursa", "Denizli"], tariff: [10, 16], phone: "+90", tld: "com.tr" },
  { code: "GB", region: "EU", weight: 2, style: "EN", suffixes: ["Ltd", "& Co."], cities: ["Manchester", "Leicester", "London", "Birmingham"], tariff: [10, 10], phone: "+44", tld: "co.uk" },
  { code: "MX", region: "NA", weight: 3, style: "ES", suffixes: ["S.A. de C.V.", "S. de R.L."], cities: ["Guadalajara", "León", "Monterrey", "Puebla"], tariff: [0, 25], phone: "+52", tld: "mx" },
  { code: "CA", region: "NA", weight: 2, style: "EN", suffixes: ["Inc.", "Ltd.", "Co."], cities: ["Toronto", "Montreal", "Vancouver"], tariff: [0, 25], phone: "+1", tld: "ca" },
  { code: "BR", region: "SA", weight: 2, style: "BR", suffixes: ["Ltda.", "S.A."], cities: ["São Paulo", "Blumenau", "Novo Hamburgo", "Belo Horizonte"], tariff: [10, 15], phone: "+55", tld: "com.br" },
  { code: "CO", region: "SA", weight: 2, style: "ES", suffixes: ["S.A.S.", "S.A."], cities: ["Medellín", "Bogotá", "Cali"], tariff: [10, 12], phone: "+57", tld: "co" },
  { code: "PE", region: "SA", weight: 1, style: "ES", suffixes: ["S.A.C.", "S.A."], cities: ["Lima", "Arequipa"], tariff: [10, 12], phone: "+51", tld: "pe" },
  { code: "MA", region: "AF", weight: 1, style: "MA", suffixes: ["SARL", "S.A."], cities: ["Casablanca", "Tangier", "Fez"], tariff: [10, 12], phone: "+212", tld: "ma" },
  { code: "ZA", region: "AF", weight: 1, style: "EN", suffixes: ["(Pty) Ltd", "Co."], cities: ["Cape Town", "Durban", "Johannesburg"], tariff: [10, 30], phone: "+27", tld: "co.za" },
  { code: "KE", region: "AF", weight: 1, style: "EN", suffixes: ["Ltd", "Enterprises"], cities: ["Nairobi", "Mombasa"], tariff: [10, 10], phone: "+254", tld: "co.ke" },
  { code: "EG", region: "AF", weight: 1, style: "EG", suffixes: ["S.A.E.", "Co.", "Group"], cities: ["Cairo", "Alexandria"], tariff: [10, 12], phone: "+20", tld: "com.eg" },
  { code: "AU", region: "OA", weight: 2, style: "EN", suffixes: ["Pty Ltd", "Co."], cities: ["Melbourne", "Sydney", "Brisbane"], tariff: [10, 10], phone: "+61", tld: "com.au" },
  { code: "NZ", region: "OA", weight: 1, style: "EN", suffixes: ["Ltd", "Co."], cities: ["Auckland", "Christchurch"], tariff: [10, 15], phone: "+64", tld: "co.nz" },
  { code: "BD", region: "AS", weight: 2, style: "BD", suffixes: ["Ltd.", "Industries Ltd.", "Group"], cities: ["Dhaka", "Chittagong", "Gazipur"], tariff: [20, 37], phone: "+880", tld: "com.bd" },
  { code: "PK", region: "AS", weight: 1, style: "PK", suffixes: ["(Pvt.) Ltd.", "Industries", "Enterprises"], cities: ["Sialkot", "Karachi", "Lahore"], tariff: [19, 29], phone: "+92", tld: "pk" },
  { code: "TW", region: "AS", weight: 1, style: "TW", suffixes: ["Co., Ltd.", "Industrial Co., Ltd.", "Enterprise Co., Ltd."], cities: ["Taipei", "Taichung", "Tainan"], tariff: [15, 32], phone: "+886", tld: "tw" },
  { code: "KR", region: "AS", weight: 1, style: "KR", suffixes: ["Co., Ltd.", "Corp.", "Inc."], cities: ["Seoul", "Busan", "Incheon"], tariff: [15, 25], phone: "+82", tld: "kr" },
];

/** Name words by language: a Turkish-sounding name is only ever given to a Turkish company. */
export const NAME_WORDS = {
  CN: ["Brightway", "Golden Bridge", "Everwin", "Hongda", "Jinhua", "Sunrise", "Longxing", "Huamei", "Topking", "Greatwall", "Fuxing", "Yongsheng", "Tianyi", "Kaida", "Mingyang", "Xinda", "Hengli", "Baoli", "Ruifeng", "Jiale"],
  TW: ["Formosa", "Everrich", "Yuan Feng", "Chung Hwa", "Tai Yang", "Jin Ding", "Hsin Yi", "Da Tong"],
  VN: ["Minh Anh", "Phuong Dong", "Thanh Cong", "Viet Tien", "Hoang Gia", "An Phat", "Sai Gon", "Tan Long", "Hung Thinh", "Dai Viet"],
  IN: ["Shree Ganesh", "Aarav", "Lakshmi", "Kaveri", "Indus", "Sapphire", "Suryoday", "Narmada", "Vedic", "Himalaya", "Ganga"],
  BD: ["Padma", "Meghna", "Bengal", "Rupsha", "Jamuna", "Sonar Bangla", "Karnaphuli", "Shapla"],
  PK: ["Indus Valley", "Ravi", "Chenab", "Noor", "Crescent", "Zamzam", "Margalla", "Shalimar"],
  KR: ["Hanil", "Daesung", "Samjin", "Seowon", "Hanbit", "Mirae", "Jinsung", "Dongbang"],
  IT: ["Rossi", "Bianchi", "Ferrari", "Esposito", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo", "Conti", "Mancini", "Lombardi"],
  EN: ["Northfield", "Bluebird", "Ironwood", "Harbor", "Maple & Main", "Summit", "Redwood", "Keystone", "Silverline", "Fox Hollow", "Cedar", "Atlas", "Beacon", "Lakeshore", "Copperleaf"],
  ES: ["Del Sol", "Monte Alto", "Cuero Fino", "Costa Verde", "Selva", "Brisa", "Aurora", "Sierra Madre", "Río Claro", "Los Andes"],
  BR: ["Estrela", "Ipê", "Vale Verde", "Tropical", "Paraná", "Serra Azul", "Sol Nascente", "Brasil Sul"],
  PT: ["Atlântico", "Lusitana", "Minho", "Douro", "Tejo", "Alvorada", "Ribeira", "Costa Nova"],
  TR: ["Anatolia", "Ege", "Bosphorus", "Marmara", "Kaya", "Yıldız", "Akdeniz", "Toros", "Uludağ"],
  MA: ["Atlas", "Sahara", "Maghreb", "Al Andalus", "Zellige", "Tafilalet", "Oasis", "Rif"],
  EG: ["Nile", "Misr", "Delta", "Al Nour", "Giza", "Sinai", "Pharaonic", "Alexandria Star"],
} as const satisfies Record<NameStyle, readonly string[]>;

/** The trade word in a company's name, by taxonomy group. */
export const TRADE_WORDS: Record<string, readonly string[]> = {
  "Apparel": ["Garment", "Apparel", "Textile", "Fashion"],
  "Accessories": ["Accessories", "Fashion Accessories"],
  "Jewelry": ["Jewelry", "Jewellery", "Gems"],
  "Beauty & personal care": ["Cosmetics", "Biotech", "Beauty Labs", "Naturals"],
  "Home & living": ["Homeware", "Home", "Living", "Home Goods"],
  "Food & beverage": ["Foods", "Nutrition", "Food Co-packing"],
  "Pet products": ["Pet Products", "Pet Supply"],
  "Electronics & gadgets": ["Electronics", "Technology", "Smart Devices"],
  "Footwear": ["Footwear", "Shoes"],
  "Stationery & gifts": ["Paper Products", "Stationery", "Gifts"],
  "Sports & outdoors": ["Sporting Goods", "Outdoor"],
  "Baby & kids": ["Baby Products", "Kids"],
  "Boxes": ["Packaging", "Paper Packaging", "Box"],
  "Bags & mailers": ["Packaging", "Mailers"],
  "Labels & inserts": ["Labels", "Printing"],
  "Containers": ["Containers", "Packaging"],
  "Protective packaging": ["Packaging", "Protective Packaging"],
  "Sustainable packaging": ["Eco Packaging", "Green Pack"],
  "Design": ["Design Studio", "Creative", "Studio"],
  "Photography & video": ["Studios", "Media", "Productions"],
  "Marketing": ["Marketing", "Growth", "Media"],
  "Business operations": ["Sourcing", "Logistics", "Trade Services"],
  "Product development": ["Product Labs", "Development", "Prototyping"],
  "Copywriting": ["Words", "Copy Studio", "Content"],
  "Store setup": ["Digital", "Web Studio", "Commerce"],
  "Custom development": ["Software", "Labs", "Dev"],
  "Optimisation": ["Digital", "Growth Labs", "Performance"],
  "Maintenance": ["Web Services", "Digital", "Support"],
};

/**
 * Capability phrases by taxonomy group (a vertical's list where its groups share one): a supplier
 * lists a handful, all of which its products can use (no "custom formulation" at a jeweller).
 * Each list holds at least six, the most a supplier draws.
 */
export const CAPABILITIES: Record<string, readonly string[]> = {
  "Apparel": ["cut and sew", "screen printing", "embroidery", "dye sublimation", "custom dyeing", "private label", "OEM manufacturing", "ODM manufacturing", "low MOQ", "fast sampling", "sustainable materials", "labelling and kitting"],
  "Accessories": ["leather crafting", "embossing", "laser engraving", "custom hardware", "embroidery", "screen printing", "private label", "OEM manufacturing", "ODM manufacturing", "low MOQ", "fast sampling"],
  "Jewelry": ["lost-wax casting", "stone setting", "laser engraving", "gold and silver plating", "hand finishing", "custom design", "private label", "low MOQ", "fast sampling"],
  "Beauty & personal care": ["custom formulation", "private label", "white label", "filling and packing", "stability testing", "labelling and kitting", "low MOQ", "fast sampling", "sustainable packaging"],
  "Home & living": ["custom moulds", "glazing", "hand pouring", "laser engraving", "digital printing", "custom design", "private label", "low MOQ", "fast sampling"],
  "Food & beverage": ["custom formulation", "co-packing", "private label", "white label", "labelling and kitting", "food-safety testing", "low MOQ", "fast sampling"],
  "Pet products": ["custom design", "private label", "OEM manufacturing", "embroidery", "custom formulation", "safety testing", "low MOQ", "fast sampling"],
  "Electronics & gadgets": ["OEM manufacturing", "ODM manufacturing", "custom moulds", "3D prototyping", "firmware customisation", "certification support", "laser engraving", "private label", "low MOQ"],
  "Footwear": ["custom lasts", "OEM manufacturing", "ODM manufacturing", "private label", "embroidery", "custom moulds", "low MOQ", "fast sampling"],
  "Stationery & gifts": ["digital printing", "offset printing", "foil stamping", "embossing", "custom binding", "die cutting", "private label", "low MOQ"],
  "Sports & outdoors": ["OEM manufacturing", "ODM manufacturing", "custom moulds", "dye sublimation", "laser engraving", "private label", "low MOQ", "fast sampling"],
  "Baby & kids": ["organic materials", "toy safety testing", "embroidery", "cut and sew", "private label", "low MOQ", "fast sampling", "OEKO-TEX dyeing"],
  "ecommerce-packaging": ["custom printing", "foil stamping", "embossing", "spot UV", "die cutting", "eco-friendly materials", "FSC certified paper", "soy-based inks", "low MOQ", "fast sampling", "structural design", "compostable materials", "full-colour offset printing", "flexo printing"],
  "Design": ["brand strategy", "art direction", "3D rendering", "packaging dielines", "illustration", "typography", "brand guidelines"],
  "Photography & video": ["art direction", "photo retouching", "studio shoots", "location shoots", "video editing", "content production", "3D rendering"],
  "Marketing": ["campaign management", "market research", "copywriting", "content production", "analytics", "audience targeting", "A/B testing"],
  "Business operations": ["factory audits", "supplier negotiation", "logistics planning", "quality control", "customs documentation", "market research"],
  "Product development": ["tech pack creation", "3D prototyping", "material sourcing", "sample making", "pattern grading", "cost engineering"],
  "Copywriting": ["copywriting", "SEO writing", "brand voice", "market research", "editing", "translation"],
  "website-development": ["Shopify development", "theme design", "app integration", "headless commerce", "performance tuning", "accessibility", "analytics", "migrations", "custom checkout", "internationalisation", "SEO"],
};

/** Certifications by taxonomy group (or vertical): what a maker of those goods would hold. */
export const CERTIFICATIONS: Record<string, readonly string[]> = {
  "Apparel": ["OEKO-TEX Standard 100", "GOTS", "BSCI", "WRAP", "SEDEX", "ISO 9001", "Fair Trade"],
  "Accessories": ["BSCI", "SEDEX", "ISO 9001", "Leather Working Group", "OEKO-TEX Standard 100"],
  "Jewelry": ["ISO 9001", "Responsible Jewellery Council", "SEDEX", "BSCI"],
  "Beauty & personal care": ["GMP", "ISO 22716", "FDA registered", "Leaping Bunny", "ECOCERT", "COSMOS"],
  "Home & living": ["ISO 9001", "BSCI", "FSC", "LFGB", "FDA food contact"],
  "Food & beverage": ["HACCP", "BRCGS Food", "FDA registered", "USDA Organic", "Fair Trade", "Kosher", "Halal"],
  "Pet products": ["ISO 9001", "BSCI", "FDA registered", "GMP"],
  "Electronics & gadgets": ["CE", "FCC", "RoHS", "UL", "ISO 9001"],
  "Footwear": ["BSCI", "SEDEX", "Leather Working Group", "ISO 9001"],
  "Stationery & gifts": ["FSC", "ISO 9001", "SEDEX"],
  "Sports & outdoors": ["ISO 9001", "BSCI", "CE", "SEDEX"],
  "Baby & kids": ["OEKO-TEX Standard 100", "GOTS", "EN 71", "CPSIA", "ASTM F963"],
  "ecommerce-packaging": ["FSC", "ISO 9001", "ISO 14001", "BRCGS Packaging", "SEDEX", "Compostable (TÜV OK compost)"],
  "business-creative-services": ["ISO 9001", "B Corp", "Google Partner", "Meta Business Partner"],
  "website-development": ["Shopify Partner", "Shopify Plus Partner", "ISO 27001", "Google Partner"],
};

/** Style words only clothes, shoes and bags take ("Oversized Chocolate Bar" is not a product). */
export const WEAR_ADJECTIVES: ReadonlySet<string> = new Set(["Oversized", "Heavyweight", "Lightweight", "Relaxed", "Slim", "Vintage"]);

export const ADJECTIVES = ["Classic", "Premium", "Everyday", "Oversized", "Minimalist", "Vintage", "Essential", "Signature", "Luxe", "Eco", "Heavyweight", "Lightweight", "Custom", "Modern", "Handmade", "Artisan", "Relaxed", "Slim", "Organic", "Recycled"];

export const SERVICE_ADJECTIVES = ["Starter", "Standard", "Premium", "Express", "Complete", "Launch", "Growth", "Enterprise"];

/** name|hex entries for the spec's colour format (name|hex|variant). */
export const COLORS = ["Black|#111111", "White|#FFFFFF", "Natural|#EFE6D6", "Sand|#D8C3A5", "Olive|#6B7A3A", "Navy|#1F2A44", "Heather Grey|#A7A9AC", "Burgundy|#6D1A36", "Forest|#2F4F3A", "Sky|#8EC5E8", "Blush|#F2C4C4", "Mustard|#D9A520", "Terracotta|#C8643B", "Lilac|#C8A2C8", "Charcoal|#36454F", "Cream|#FFFDD0"];

export const FIRST_NAMES = ["Olivia", "Liam", "Emma", "Noah", "Ava", "Elijah", "Sophia", "James", "Isabella", "Lucas", "Mia", "Mason", "Amelia", "Ethan", "Harper", "Logan", "Evelyn", "Aiden", "Abigail", "Jackson", "Emily", "Sebastian", "Ella", "Mateo", "Scarlett", "Jack", "Grace", "Owen", "Chloe", "Leo", "Zoe", "Wyatt", "Nora", "Daniel", "Lily", "Henry", "Aria", "Samuel", "Layla", "Carter", "Priya", "Wei", "Yuki", "Fatima", "Diego", "Sofia", "Kwame", "Ananya", "Chen", "Maya"];

export const LAST_NAMES = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Nguyen", "Patel", "Kim", "Chen", "Okafor", "Rossi", "Müller", "Silva", "Khan"];

/** Customer locations for the demo store: mostly US states, some abroad. */
export const CUSTOMER_LOCATIONS: readonly (readonly [country: string, region: string, city: string, weight: number])[] = [
  ["US", "CA", "Los Angeles", 12], ["US", "CA", "San Francisco", 6], ["US", "NY", "New York", 11], ["US", "TX", "Austin", 5], ["US", "TX", "Houston", 4],
  ["US", "FL", "Miami", 5], ["US", "IL", "Chicago", 5], ["US", "WA", "Seattle", 4], ["US", "MA", "Boston", 3], ["US", "GA", "Atlanta", 3],
  ["US", "CO", "Denver", 3], ["US", "OR", "Portland", 2], ["US", "AZ", "Phoenix", 2], ["US", "PA", "Philadelphia", 2], ["US", "NC", "Charlotte", 2],
  ["US", "MN", "Minneapolis", 2], ["US", "TN", "Nashville", 2], ["CA", "ON", "Toronto", 3], ["CA", "BC", "Vancouver", 2], ["GB", "ENG", "London", 3],
  ["AU", "NSW", "Sydney", 2], ["DE", "BE", "Berlin", 1], ["FR", "IDF", "Paris", 1],
];

export const EMAIL_DOMAINS = ["gmail.com", "yahoo.com", "outlook.com", "icloud.com", "hotmail.com", "proton.me", "aol.com"];

export const STREETS = ["Main St", "Oak Ave", "Maple Dr", "Cedar Ln", "Pine St", "Elm St", "Washington Blvd", "Park Ave", "Lake Rd", "Sunset Blvd", "Hillside Dr", "River Rd"];

export const REVIEW_TITLES: Record<number, readonly string[]> = {
  5: ["Exceeded expectations", "Our go-to factory", "Flawless samples", "Fantastic communication", "Will order again"],
  4: ["Great quality, small delays", "Very good partner", "Solid production run", "Happy overall"],
  3: ["Decent but slow", "Mixed results", "OK for the price"],
  2: ["Quality issues", "Communication was hard", "Missed our deadline"],
  1: ["Would not recommend", "Samples did not match", "Very disappointed"],
};

export const REVIEW_SENTENCES: Record<number, readonly string[]> = {
  5: ["The samples matched our tech pack exactly.", "They answered every message within hours.", "Production finished ahead of schedule.", "Packaging and labelling were perfect.", "They suggested a better material that cut our cost."],
  4: ["Quality was great; shipping took a week longer than quoted.", "A couple of units had loose threads but they replaced them.", "Pricing was fair and the team was responsive.", "Second run was even better than the first."],
  3: ["The product was fine but revisions took a while.", "We had to follow up often to get updates.", "Colours were slightly off from the Pantone we sent."],
  2: ["Several units arrived damaged.", "The final run did not match the approved sample.", "Lead time doubled without notice."],
  1: ["Most of the order was unusable.", "They stopped replying after payment.", "Nothing like the photos."],
};

/** The demo store's own product line (what its customers buy). */
export const STORE_PRODUCTS: readonly (readonly [sku: string, title: string, priceCents: number, weight: number])[] = [
  ["TEE-ORG-BLK", "Organic Cotton Tee — Black", 3200, 14], ["TEE-ORG-WHT", "Organic Cotton Tee — White", 3200, 12], ["TEE-ORG-SND", "Organic Cotton Tee — Sand", 3200, 6],
  ["HOOD-HW-OLV", "Heavyweight Hoodie — Olive", 7800, 8], ["HOOD-HW-CHR", "Heavyweight Hoodie — Charcoal", 7800, 7], ["CREW-FT-CRM", "French Terry Crewneck — Cream", 6400, 5],
  ["CAP-DAD-NVY", "Washed Dad Cap — Navy", 2800, 6], ["BEANIE-RIB-MST", "Ribbed Beanie — Mustard", 2400, 4], ["TOTE-CNV-NAT", "Canvas Market Tote", 2600, 6],
  ["MUG-CER-12", "Stoneware Mug 12 oz", 2200, 5], ["CANDLE-SOY-CED", "Cedar Soy Candle", 3400, 4], ["SOCK-CREW-3PK", "Crew Socks 3-Pack", 1800, 6],
  ["JOG-FLC-HTG", "Fleece Jogger — Heather Grey", 6800, 5], ["JKT-COACH-BLK", "Coach Jacket — Black", 12800, 2], ["STK-PACK-01", "Sticker Pack", 800, 5],
  ["GIFT-CARD-50", "Gift Card $50", 5000, 2],
];

export const DISCOUNT_CODES = ["WELCOME10", "SUMMER20", "BFCM25", "FRIENDS15", "VIP30", "FREESHIP"];
