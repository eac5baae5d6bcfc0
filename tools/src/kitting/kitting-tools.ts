import { kitting } from "@atelier/contracts";
import { KITTING_FEE_PER_KIT_CENTS, kittingFeeCents } from "@atelier/contracts/kitting";
import { cardOnFile, cardWords } from "../payments/payment-approvals";
import { bodyOf } from "../tool-from-contract";
import type { ApprovalLookup } from "../tool-spec";
import { defineTool } from "../tool-spec";

// Kits and bundles (/fulfillment-services/kitting): a kit SKU made of inventory SKUs, how many can
// be sold now, and kits assembled ahead at the fulfilment center for a fee per kit (after the
// user's approval, which names the fee and the card).

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const components = "What one kit holds: [{ sku (a SKU of the inventory, from list_inventory), quantity (units per kit) }]";
const kitSku = "The kit's SKU, e.g. GIFT-SET; 'this kit' is the kit on the user's screen";

type Args = Record<string, unknown>;

/** "Assemble 20 Gift set kits (GIFT-SET) at the fulfilment center and charge $15.00 to your default card (Visa ending 4242)". */
async function assembleSummary(a: Args, lookup: ApprovalLookup): Promise<string> {
  const body = bodyOf(kitting.assembleKits, a);
  const kits = body?.kits ?? Number(a.kits ?? 0);
  const [kit, card] = await Promise.all([lookup(kitting.getKit, { params: { sku: String(a.sku) } }), cardWords(undefined, lookup)]);
  const name = kit ? `${kit.title} kits (${kit.sku})` : `${String(a.sku)} kits`;
  return `Assemble ${kits.toLocaleString("en-US")} ${name} at the fulfilment center, into bin ${body?.bin ?? "A-01"}, and charge the kitting fee of ${dollars(kittingFeeCents(kits))} (${dollars(KITTING_FEE_PER_KIT_CENTS)} a kit) to ${card}`;
}

/** No approval for kits the stock can't make or with no card to pay: the user hears why instead. */
async function assemblePrecheck(a: Args, lookup: ApprovalLookup): Promise<string | undefined> {
  const noCard = await cardOnFile(a, lookup);
  if (noCard) return noCard;
  const kit = await lookup(kitting.getKit, { params: { sku: String(a.sku) } });
  const kits = Number(a.kits ?? 0);
  if (kit && kits > kit.makeable) {
    return `Your stock makes ${kit.makeable} ${kit.title} kit${kit.makeable === 1 ? "" : "s"}, not ${kits}: ${kit.limitedBy ?? "a component"} runs out first. Add stock of it, or assemble fewer.`;
  }
  return undefined;
}

export const kittingTools = [
  defineTool({
    contract: kitting.createKit,
    name: "create_kit",
    description: "Make a kit (bundle) SKU of SKUs the store stocks, with the units of each in one kit, e.g. a gift set of 1 mug and 2 coasters. The kit becomes a SKU that orders sell: an order takes assembled kits first, then reserves the components. Nothing is charged.",
    argDescriptions: { sku: "The kit's new SKU, e.g. GIFT-SET", title: "What the kit is called", components },
  }),
  defineTool({
    contract: kitting.updateKit,
    name: "update_kit",
    description: "Rename a kit or change what it holds (the whole list of components).",
    argDescriptions: { sku: kitSku, title: "The kit's name", components },
  }),
  defineTool({
    contract: kitting.listKits,
    name: "list_kits",
    description: "List the store's kits (bundles) with their components and how many can be sold now: kits assembled ahead plus what the components' stock makes, and which component runs out first. Use it for 'how many gift sets can I make?' and 'my bundles'.",
    argDescriptions: { search: "Kit SKU or name", page: "Page number from 0", size: "Kits per page, up to 1000" },
  }),
  defineTool({
    contract: kitting.getKit,
    name: "get_kit",
    description: "One kit with its components, how many can be sold now and its kitting work orders (assembly at the fulfilment center).",
    argDescriptions: { sku: kitSku },
  }),
  defineTool({
    contract: kitting.assembleKits,
    name: "assemble_kits",
    description: `Have the fulfilment center assemble kits ahead from the components in stock, for a kitting fee of ${dollars(KITTING_FEE_PER_KIT_CENTS)} per kit charged to the store's card: needs the user's approval. The components are held at once.`,
    argDescriptions: { sku: kitSku, kits: "How many kits to assemble", bin: "Where the kits go, like A-01 (default A-01)", expectedFeeCents: `The fee the user saw, in cents: ${KITTING_FEE_PER_KIT_CENTS} × kits` },
    approval: { summary: assembleSummary, precheck: assemblePrecheck },
  }),
];
