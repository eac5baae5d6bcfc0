import type { Queryable } from "../../db/pool";
import { invalid } from "../../errors";
import { INTERNAL_NOTIFY_ADDRESSES, queueEmail } from "../../providers/outbox";
import { supplierContact } from "../../queries/marketplace/suppliers";
import type { ProjectRow } from "../../queries/projects";
import { findStoreTitle } from "../../queries/stores";

/** What a submitted request must have, checked on the merged project so drafts saved earlier count. */
export function checkSubmittable(p: ProjectRow): void {
  if (!p.title.trim()) throw invalid("body.title", "is required to submit the project");
  if (p.description.trim().length < 10) throw invalid("body.description", "must describe the project in at least 10 characters to submit it");
  if (p.quantity === null) throw invalid("body.quantity", "is required to submit the project");
  if (p.catalogItemType === "RFP_PACKAGING" && !p.packagingMaterial.trim()) throw invalid("body.packagingMaterial", "is required for a packaging request");
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  if (p.targetCompletionDate && p.targetCompletionDate < tomorrow) throw invalid("body.targetCompletionDate", "must be after today");
}

/**
 * In the submitting transaction: emails the chosen supplier, or the sourcing team when no
 * supplier was chosen or the supplier has no address on file, so every request reaches someone.
 */
export async function notifyProjectSubmitted(tx: Queryable, p: ProjectRow): Promise<string[]> {
  const storeTitle = (await findStoreTitle(tx, p.storeId)) ?? "";
  const supplier = p.supplierId ? await supplierContact(tx, p.supplierId) : null;
  const toSupplier = supplier?.contactEmail;
  const recipients = toSupplier ? [toSupplier] : INTERNAL_NOTIFY_ADDRESSES;
  const body = [
    toSupplier ? `${storeTitle} sent you a custom project request.` : `${storeTitle} (store ${p.storeId}) submitted a custom project${p.supplierId ? ` for ${supplier?.name ?? null} (no supplier e-mail on file)` : ""}; find suppliers for it.`,
    "",
    `Title: ${p.title}`,
    `Type: ${p.catalogItemType}`,
    `Quantity: ${p.quantity}`,
    `Target completion date: ${p.targetCompletionDate ?? "not set"}`,
    `Packaging material: ${p.packagingMaterial || "-"}`,
    `Print detail: ${p.printDetail || "-"}`,
    `Colours: ${p.colors || "-"}`,
    "",
    p.description,
    "",
    `Attachments: ${p.attachments.length ? p.attachments.join(", ") : "none"}`,
  ].join("\n");
  for (const to of recipients) {
    await queueEmail(tx, {
      storeId: p.storeId,
      to,
      subject: `Custom project request: ${p.title}`,
      body,
      kind: toSupplier ? "custom_project_to_supplier" : "custom_project_to_sourcing_team",
      payload: { projectId: p.id, storeId: p.storeId, storeTitle, supplierId: p.supplierId },
    });
  }
  return recipients;
}
