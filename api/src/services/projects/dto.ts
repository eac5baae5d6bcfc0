import type { ResponseOf, projects } from "@atelier/contracts";
import { parseColorEntries } from "@atelier/contracts/projects";
import type { Queryable } from "../../db/pool";
import { supplierNames } from "../../queries/marketplace/suppliers";
import type { ProjectRow } from "../../queries/projects";

export type ProjectDto = ResponseOf<typeof projects.getCreatorProject>;

/** The projects as answered, their suppliers named in one marketplace read per answer. */
export async function toProjectDtos(db: Queryable, rows: ProjectRow[]): Promise<ProjectDto[]> {
  const names = await supplierNames(db, rows.flatMap((p) => (p.supplierId ? [p.supplierId] : [])));
  return rows.map((p) => toProjectDto(p, p.supplierId ? (names.get(p.supplierId) ?? null) : null));
}

export async function loadProjectDto(db: Queryable, row: ProjectRow): Promise<ProjectDto> {
  return (await toProjectDtos(db, [row]))[0]!;
}

function toProjectDto(p: ProjectRow, supplierName: string | null): ProjectDto {
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
    supplierName,
    catalogItemId: p.catalogItemId,
    isArchived: p.isArchived,
    submittedAt: p.submittedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    quotedTerms: p.quotedTerms,
  };
}
