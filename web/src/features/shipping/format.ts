import { gramsToPounds, type LabelAddress, type LabelStatus, type Parcel } from "@atelier/contracts/shipping";

export const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export const STATUS_WORDS: Record<LabelStatus, string> = { PURCHASED: "Ready to ship", IN_TRANSIT: "In transit", DELIVERED: "Delivered", VOIDED: "Voided, refunded" };

export function placeOf(a: Pick<LabelAddress, "city" | "stateCode" | "zipCode" | "countryCode">): string {
  return `${a.city}${a.stateCode ? `, ${a.stateCode}` : ""} ${a.zipCode}${a.countryCode !== "US" ? ` (${a.countryCode})` : ""}`;
}

/** A parcel's weight as written, with pounds beside grams (000 §5: ÷ 453.59237, 2 decimals). */
export function weightText(p: Pick<Parcel, "weight" | "mass_unit">): string {
  if (p.mass_unit === "g") return `${p.weight} g (${gramsToPounds(p.weight)} lb)`;
  if (p.mass_unit === "kg") return `${p.weight} kg (${gramsToPounds(p.weight * 1000)} lb)`;
  return `${p.weight} ${p.mass_unit}`;
}

export const dateText = (iso: string) => new Date(`${iso.length === 10 ? `${iso}T12:00:00Z` : iso}`).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric" });
