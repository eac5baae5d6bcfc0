import { shipping, type CallInput } from "@atelier/contracts";
import { FREIGHT_MODE_WORDS, FREIGHT_ORIGINS, type FreightMode } from "@atelier/contracts/shipping";
import { defineTool, type ApprovalLookup } from "../tool-spec";
import { cardOnFile, cardWords } from "../payments/payment-approvals";

// Freight (/web/freight): quote air, LCL and FCL from an origin port to the fulfilment center with
// the duty of the goods, book one mode (after the user's approval naming the price and the route),
// and follow a booking's timeline.

type Args = Record<string, unknown>;
const usd = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const cargoArgs = {
  origin: `Origin by UN/LOCODE: ${FREIGHT_ORIGINS.map((o) => `${o.code} (${o.name}, ${o.country})`).join(", ")}`,
  cartons: "How many cartons (1-1000)",
  weightKg: "Gross weight of all cartons in kg; ask the user if they did not say",
  volumeCbm: "Volume of all cartons in cubic metres (a carton of 60×40×40 cm is 0.096 CBM); ask if unknown",
  goods: "What is inside, one line per SKU: [{ sku, description, hsCode (e.g. 6912.00.48), units, valueCents (declared value of all those units, in cents) }]",
};

/** "sea freight in a shared container (LCL) from Shenzhen, China to the fulfilment center, 20 cartons". */
function routeWords(a: Args): string {
  const origin = FREIGHT_ORIGINS.find((o) => o.code === a.origin);
  const words = FREIGHT_MODE_WORDS[a.mode as FreightMode];
  const mode = words ? words.charAt(0).toLowerCase() + words.slice(1) : "freight";
  const cartons = Number(a.cartons ?? 0);
  return `${mode} from ${origin ? `${origin.name}, ${origin.country}` : "the origin"} to the fulfilment center in San Francisco, ${cartons} carton${cartons === 1 ? "" : "s"}`;
}

/** Refuses an approval that could not succeed: no card, or a mode the quote does not offer at the confirmed price. */
async function bookable(a: Args, lookup: ApprovalLookup): Promise<string | undefined> {
  const noCard = await cardOnFile(a, lookup);
  if (noCard) return noCard;
  const { mode: _m, expectedPriceCents: _e, ...cargo } = a;
  const quote = await lookup(shipping.quoteFreight, { body: cargo } as CallInput<typeof shipping.quoteFreight>);
  const option = quote?.options.find((o) => o.mode === a.mode);
  if (quote && !option) return "That mode is not offered for this cargo; quote it again and pick one of the modes offered.";
  if (option && option.priceCents !== a.expectedPriceCents) return `This freight now costs ${usd(option.priceCents)}${typeof a.expectedPriceCents === "number" ? `, not ${usd(a.expectedPriceCents)}` : ""}; look at the new quote before booking.`;
  return undefined;
}

export const freightTools = [
  defineTool({
    contract: shipping.quoteFreight,
    name: "quote_freight",
    description: "Price cargo from an origin port or city (Shenzhen, Shanghai, Ningbo, Ho Chi Minh City…) to the fulfilment center by air, sea in a shared container (LCL) and sea in full containers (FCL): each with price, transit days and arrival date, cheapest first, plus the estimated US duty of the goods from the tariff data. Use it for 'how much to ship 20 cartons from Shenzhen by sea'. Nothing is booked.",
    argDescriptions: cargoArgs,
  }),
  defineTool({
    contract: shipping.createFreightBooking,
    name: "book_freight",
    description: "Book freight by one mode of a quote and charge its price to the store's card; on delivery it becomes an inbound receiving. Needs the user's approval. Quote first with quote_freight and pass the same cargo, the chosen mode and the price the user saw as expectedPriceCents; 'the cheapest' is the first option of the quote.",
    argDescriptions: { ...cargoArgs, mode: "AIR, LCL or FCL, from the quote", expectedPriceCents: "The option's priceCents from the quote, as the user saw it" },
    approval: {
      summary: async (a, lookup) => `Book ${routeWords(a)}, and charge ${typeof a.expectedPriceCents === "number" ? usd(a.expectedPriceCents) : "the quoted price"} to ${await cardWords(undefined, lookup)}`,
      precheck: bookable,
    },
  }),
  defineTool({
    contract: shipping.listFreightBookings,
    name: "list_freight_bookings",
    description: "The store's freight bookings, newest first, with their route, mode, price, arrival date and status (booked, picked up, departed, arrived, customs cleared, delivered). Use it for 'where is my freight', 'my freight bookings', or to find a booking by origin, SKU or goods.",
    argDescriptions: { search: "Origin (e.g. Shenzhen), SKU, goods or booking reference", status: "BOOKED, PICKED_UP, DEPARTED, ARRIVED, CUSTOMS_CLEARED or DELIVERED", sort: "-createdAt (default), createdAt, arrivalDate, -arrivalDate, -priceCents or priceCents", page: "Page number from 0", size: "Bookings per page, 1-100" },
  }),
  defineTool({
    contract: shipping.getFreightBooking,
    name: "get_freight_booking",
    description: "One freight booking with its timeline (booked, picked up, departed, arrived, customs cleared, delivered), its duty estimate and, once delivered, the receiving it became. Use it for 'where is this freight'.",
    argDescriptions: { id: "The booking's id, from list_freight_bookings or the screen" },
  }),
];
