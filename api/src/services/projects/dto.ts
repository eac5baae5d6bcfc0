import type { ResponseOf, projects } from "@atelier/contracts";
import { parseColorEntries } from "@atelier/contracts/projects";
import type { ProjectRow } from "../../queries/projects";

export type ProjectDto = ResponseOf<typeof projects.getCreatorProject>;

export function toProjectDto(p: ProjectRow): ProjectDto {
  const parsed = parseColorEntries(p.colors);
  return {
    id: p.id,
    title: p.title,
    catalogItemType: p.catalogItemType,
    description: p.description,
    packagingMaterial: p.packagingMaterial,
    printDetail: p.printDetail,
    quantity: p.quantity,
    targetCompletionDate: p.targetCompletionDate,
    colors: p.colors,
    colorEntries: parsed.ok ? parsed.colors : [],
    attachments: p.attachments,
    formStage: p.formStage,
    supplierId: p.supplierId,
    supplierName: p.supplierName,
    catalogItemId: p.catalogItemId,
    isArchived: p.isArchived,
    submittedAt: p.submittedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
