import { marketplace, sourcingAgent } from "@atelier/contracts";
import type { ApprovalLookup } from "../tool-spec";

// What the user approves before factories are contacted: the product with its quantity and target
// price (from the tech pack), and the factories by name, never ids (the lookups read as the user).

type Args = Record<string, unknown>;

/** "Acme, Bolt and Kiln Co." — the first five names, then how many more. */
export function listWords(names: string[]): string {
  const shown = names.slice(0, 5);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(", ")} and ${more} more`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}` : (shown[0] ?? "");
}

/** The factories of companyIds by name, in the order given. */
export async function factoryNames(ids: unknown, lookup: ApprovalLookup): Promise<string> {
  const list = Array.isArray(ids) ? ids.map(String) : [];
  if (!list.length) return "no factories";
  const found = await lookup(marketplace.getSuppliersByIds, { params: { ids: list.slice(0, 100).join(",") } });
  const byId = new Map((found?.list ?? []).map((s) => [s.id, s.name]));
  const named = list.map((id) => byId.get(id)).filter((n): n is string => Boolean(n));
  const unnamed = list.length - named.length;
  if (!named.length) return `${list.length} ${list.length === 1 ? "factory" : "factories"}`;
  return unnamed ? `${listWords(named)} (and ${unnamed} other${unnamed === 1 ? "" : "s"})` : listWords(named);
}

/** "the tech pack for Organic cotton tote bags (300 units, target $4.00 per unit)". */
export async function techPackWords(id: unknown, lookup: ApprovalLookup): Promise<string> {
  const pack = typeof id === "string" ? await lookup(sourcingAgent.getTechPack, { params: { id } }) : undefined;
  if (!pack) return "your tech pack";
  const details = [pack.totalQuantity ? `${pack.totalQuantity} units` : "", pack.targetUnitPrice != null ? `target $${pack.targetUnitPrice.toFixed(2)} per unit` : "", pack.targetDate ? `ready by ${pack.targetDate}` : ""].filter(Boolean);
  return `the tech pack for ${pack.productName}${details.length ? ` (${details.join(", ")})` : ""}`;
}

export async function sendInNetworkSummary(a: Args, lookup: ApprovalLookup): Promise<string> {
  const [pack, factories] = await Promise.all([techPackWords(a.techPackId, lookup), factoryNames(a.companyIds, lookup)]);
  return `Send ${pack} to ${factories}, in their Atelier inboxes, asking for a quote`;
}

export async function sendExpandedSummary(a: Args, lookup: ApprovalLookup): Promise<string> {
  const [pack, factories] = await Promise.all([techPackWords(a.techPackId, lookup), factoryNames(a.companyIds, lookup)]);
  return `Email ${pack} to ${factories} (outside our vetted network), asking for a quote`;
}

export async function contactInfoSummary(a: Args, lookup: ApprovalLookup): Promise<string> {
  return `Email the contact details of ${await factoryNames(a.companyIds, lookup)} to ${String(a.userEmail)}`;
}

export async function ownEmailSummary(a: Args, lookup: ApprovalLookup): Promise<string> {
  const suppliers = Array.isArray(a.uploadSuppliers) ? (a.uploadSuppliers as { name?: unknown; email?: unknown }[]) : [];
  const who = listWords(suppliers.map((s) => `${String(s.name ?? "")} <${String(s.email ?? "")}>`.trim()));
  const pack = a.techPackId ? ` with ${await techPackWords(a.techPackId, lookup)}` : "";
  return `Email ${who || "the suppliers"} from your address: "${String(a.emailSubject)}"${pack}`;
}
