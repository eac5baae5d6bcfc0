import type { sourcingAgent } from "@atelier/contracts";
import type { TechPackRow } from "../../queries/sourcing-agent/tech-packs";

type TechPack = sourcingAgent.TechPack;
type Quantity = TechPack["quantities"][number];

/** The tech pack fields kept in the data column (everything but the name and the conversation). */
export type TechPackData = {
  category: string | null;
  description: string | null;
  materials: string[];
  colors: string;
  sizes: string[];
  quantities: Quantity[];
  packaging: string | null;
  printDetails: string | null;
  targetUnitPrice: number | null;
  targetDate: string | null;
  attachments: string[];
};

const EMPTY: TechPackData = {
  category: null,
  description: null,
  materials: [],
  colors: "",
  sizes: [],
  quantities: [],
  packaging: null,
  printDetails: null,
  targetUnitPrice: null,
  targetDate: null,
  attachments: [],
};

/** Applies submitted fields over stored ones: undefined keeps, null clears. */
export function mergeTechPackData(current: Partial<TechPackData>, update: Partial<Record<keyof TechPackData, unknown>>): TechPackData {
  const out: Record<string, unknown> = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as (keyof TechPackData)[]) {
    const next = update[key];
    const value = next === undefined ? current[key] : next;
    if (value !== undefined && value !== null) out[key] = value;
  }
  return out as TechPackData;
}

/** "Navy|#1F2A44|main; Sand|#D8C8A8" → entries (the contract already checked the format). */
export function parseColors(colors: string): TechPack["colorList"] {
  if (!colors.trim()) return [];
  return colors.split(";").map((entry) => {
    const [name = "", hex = "", variant = ""] = entry.trim().split("|").map((p) => p.trim());
    return { name, hex: hex.toUpperCase(), variant };
  });
}

export function toTechPack(row: TechPackRow): TechPack {
  const data = mergeTechPackData(row.data as Partial<TechPackData>, {});
  return {
    id: row.id,
    version: row.version,
    latestVersion: row.latest_version,
    conversationSid: row.conversation_sid,
    productName: row.product_name,
    ...data,
    colorList: parseColors(data.colors),
    totalQuantity: data.quantities.reduce((sum, q) => sum + q.quantity, 0),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The words factories are matched on: what the product is and how it is made. */
export function techPackSearchText(pack: TechPack): string {
  return [pack.productName, pack.category, pack.description, pack.materials.join(", "), pack.printDetails, pack.packaging].filter(Boolean).join(". ");
}

const usd = (n: number) => `$${n.toFixed(2)}`;

/** The request for quote a factory receives, written from the tech pack. */
export function techPackMessage(pack: TechPack, storeTitle: string, supplierName: string): { subject: string; body: string } {
  const qty = pack.totalQuantity ? `${pack.totalQuantity} units` : "quantity to be agreed";
  const lines = [
    `Hello ${supplierName},`,
    "",
    `${storeTitle} is looking for a manufacturer for the product below and would like your quote.`,
    "",
    `Product: ${pack.productName}${pack.category ? ` (${pack.category})` : ""}`,
    pack.description ? `Description: ${pack.description}` : "",
    pack.materials.length ? `Materials: ${pack.materials.join(", ")}` : "",
    pack.colorList.length ? `Colours: ${pack.colorList.map((c) => `${c.name} ${c.hex}${c.variant ? ` (${c.variant})` : ""}`).join(", ")}` : "",
    pack.sizes.length ? `Sizes: ${pack.sizes.join(", ")}` : "",
    pack.quantities.length
      ? `Quantities: ${pack.quantities.map((q) => `${q.quantity}${q.size || q.color ? ` × ${[q.size, q.color].filter(Boolean).join(" / ")}` : ""}`).join("; ")} (total ${pack.totalQuantity})`
      : "",
    pack.packaging ? `Packaging: ${pack.packaging}` : "",
    pack.printDetails ? `Print details: ${pack.printDetails}` : "",
    pack.targetUnitPrice != null ? `Target unit price: ${usd(pack.targetUnitPrice)}` : "",
    pack.targetDate ? `Needed by: ${pack.targetDate}` : "",
    pack.attachments.length ? `Attachments:\n${pack.attachments.map((a) => `  - ${a}`).join("\n")}` : "",
    "",
    "Please reply with your unit price at this quantity, your MOQ, sample cost and lead time, and production time.",
    "",
    `Thank you,\n${storeTitle} (via Atelier sourcing agent, tech pack ${pack.id} v${pack.version})`,
  ];
  return { subject: `Request for quote: ${pack.productName} (${qty})`, body: lines.filter((l, i) => l !== "" || lines[i - 1] !== "").join("\n") };
}
