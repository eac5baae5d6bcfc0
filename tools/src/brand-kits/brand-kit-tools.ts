import { brandKits } from "@atelier/contracts";
import { GENERATION_CREDITS, type GenerationType } from "@atelier/contracts/brand-kits";
import { defineTool } from "../tool-spec";

// Business kits (/business-kits): make a kit for a product idea, change one part of a brand idea
// ("regenerate the slogan", "a darker palette"), pick an idea, and find who can make its products.

const kit = "The business kit's id: 'this kit' is the one on the user's screen; otherwise from list_brand_kits";
const idea = "The brand idea's uuid, from get_brand_kit (brandIdeas.generations); 'this idea' is the selected one (brandIdeas.selectedUuid)";
const WORDS: Record<GenerationType, string> = { TARGET_AUDIENCE: "target audiences", BRAND_IDEA: "brand ideas", PRODUCT_SKU: "product ideas", MARKET_RESEARCH: "market research" };

export const brandKitTools = [
  defineTool({
    contract: brandKits.listBrandKits,
    name: "list_brand_kits",
    description: "List the store's business kits, newest first, with each kit's brand name, category and palette. Use it to find 'my coffee kit' or 'the last kit'.",
    argDescriptions: { isArchived: "\"true\" for archived kits (default \"false\")", search: "Words in the category, description or brand name", sort: "-createdAt (default) or createdAt", page: "Page, from 0", size: "Kits per page" },
  }),
  defineTool({
    contract: brandKits.listBrandKitExamples,
    name: "list_brand_kit_examples",
    description: "The four built-in example kits (coffee and tea, activewear, sauces and spices, men's apparel) a kit can start from.",
  }),
  defineTool({
    contract: brandKits.createBrandKit,
    name: "create_brand_kit",
    description:
      "Create a business kit for a product idea and start writing it in the background: 3 brand ideas (name, slogan, mission, 3 value props, 4-colour palette, pictures), audiences, a mood board, market research from the marketplace's figures and product ideas with prices. Use for 'make me a kit for a small-batch hot sauce brand'. Pass either example, or category with productDescription.",
    argDescriptions: { example: "coffee-and-tea, activewear, sauces-and-spices or mens-apparel", category: "The product category in a few words, e.g. Hot sauce", productDescription: "What the brand sells, in a sentence", generate: "Start writing it now (default true)" },
  }),
  defineTool({
    contract: brandKits.getBrandKit,
    name: "get_brand_kit",
    description: "Read one business kit: its brand ideas (which one is selected), palettes, audiences, mood board, market research, product ideas with suggested prices and unit costs, and whether generation is still running.",
    argDescriptions: { id: kit },
  }),
  defineTool({
    contract: brandKits.regenerateBrandIdeaPart,
    name: "regenerate_brand_idea_part",
    description: "Write one part of one brand idea again, leaving everything else as it is: brandName, slogan, mission, valueProps, colorPalette (with tone darker, lighter, warmer or cooler for 'use a darker palette') or images.",
    argDescriptions: { id: kit, uuid: idea, part: "brandName, slogan, mission, valueProps, colorPalette or images", tone: "For colorPalette only: darker, lighter, warmer or cooler" },
  }),
  defineTool({
    contract: brandKits.selectBrandIdea,
    name: "select_brand_idea",
    description: "Make another brand idea the kit's own ('go with the second idea'). This resets the mood board, product ideas, market research and slide pictures and writes them again for that idea.",
    argDescriptions: { id: kit, uuid: idea },
  }),
  defineTool({
    contract: brandKits.updateBrandKitPalette,
    name: "update_brand_kit_palette",
    description: "Change one colour of a brand idea's palette (index 0-3) to a hex like #1A2B3C, or rename it; slide colours using the old hex follow.",
    argDescriptions: { id: kit, uuid: idea, index: "Which colour, 0 (primary) to 3", hexCode: "The new colour, like #1A2B3C", name: "A new name for the colour", description: "A new description" },
  }),
  defineTool({
    contract: brandKits.startBrandKitGeneration,
    name: "start_brand_kit_generation",
    description: "Write more of a kit's parts in the background: TARGET_AUDIENCE, BRAND_IDEA (3 more ideas), PRODUCT_SKU (more product ideas) or MARKET_RESEARCH; reset true starts the whole kit over. With a language model connected each part takes AI credits (refunded if it fails).",
    argDescriptions: { id: kit, types: "The parts: TARGET_AUDIENCE, BRAND_IDEA, PRODUCT_SKU, MARKET_RESEARCH", reset: "true to clear the kit and write all four again" },
    approval: {
      summary: (args) => {
        const types = (Array.isArray(args.types) ? args.types : []) as GenerationType[];
        const credits = types.reduce((n, t) => n + (GENERATION_CREDITS[t] ?? 0), 0);
        return `${args.reset ? "Start the kit over and write" : "Write more"} ${types.map((t) => WORDS[t]).join(", ")} for this business kit. With a language model connected this uses up to ${credits} AI credits, given back if it fails; the offline writer is free.`;
      },
    },
  }),
  defineTool({
    contract: brandKits.cancelBrandKitGeneration,
    name: "cancel_brand_kit_generation",
    description: "Stop a kit's generation that is still running, for the listed parts; any credits it took are given back.",
    argDescriptions: { id: kit, types: "The parts to stop: TARGET_AUDIENCE, BRAND_IDEA, PRODUCT_SKU, MARKET_RESEARCH" },
  }),
  defineTool({
    contract: brandKits.listBrandKitSkuMatches,
    name: "list_brand_kit_sku_matches",
    description: "Marketplace suppliers that can make one product idea of a kit, cheapest landed unit cost first, with MOQ, sample price and tariff. Use for 'which of these SKUs can I source under $5?' with maxUnitCost 5, once per product idea.",
    argDescriptions: { id: kit, uuid: "The product idea's uuid, from get_brand_kit (productSkus.generations)", maxUnitCost: "Only matches at most this many dollars a unit, landed" },
  }),
  defineTool({
    contract: brandKits.archiveBrandKit,
    name: "archive_brand_kit",
    description: "Archive a business kit: it leaves the list and its share link stops working.",
    argDescriptions: { id: kit },
  }),
  defineTool({
    contract: brandKits.listBrandKitWaitlist,
    name: "list_brand_kit_waitlist",
    description: "Who signed up on a kit's waitlist page (its share link, when the waitlist is published), newest first.",
    argDescriptions: { id: kit, page: "Page, from 0", size: "Sign-ups per page" },
  }),
];
