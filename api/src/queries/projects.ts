import type { QuotedTerms } from "@atelier/contracts/projects";
import type { Queryable } from "../db/pool";

// SQL of custom projects (RFPs). Every statement is scoped to one store. The chosen supplier is an
// id; its name and address are the marketplace's (read by the services).

export type ProjectRow = {
  id: string;
  storeId: string;
  title: string;
  catalogItemType: "RFP_PRODUCT" | "RFP_PACKAGING" | "RFP_SERVICES";
  description: string;
  packagingMaterial: string;
  printDetail: string;
  quantity: number | null;
  targetCompletionDate: string | null;
  colors: string;
  attachments: string[];
  formStage: "PREVIEW" | "FORM" | "COMPLETE";
  supplierId: string | null;
  catalogItemId: string | null;
  isArchived: boolean;
  submittedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  quotedTerms: QuotedTerms | null;
};

export type ProjectPatch = Partial<
  Pick<ProjectRow, "title" | "catalogItemType" | "description" | "packagingMaterial" | "printDetail" | "quantity" | "targetCompletionDate" | "colors" | "attachments" | "formStage" | "supplierId" | "catalogItemId" | "isArchived">
>;

const COLUMNS: Record<keyof ProjectPatch, string> = {
  title: "title",
  catalogItemType: "catalog_item_type",
  description: "description",
  packagingMaterial: "packaging_material",
  printDetail: "print_detail",
  quantity: "quantity",
  targetCompletionDate: "target_completion_date",
  colors: "colors",
  attachments: "attachments",
  formStage: "form_stage",
  supplierId: "supplier_id",
  catalogItemId: "catalog_item_id",
  isArchived: "is_archived",
};

const SELECT = `SELECT p.*, to_char(p.target_completion_date, 'YYYY-MM-DD') AS target_date FROM creator_projects p`;

type ProjectDbRow = {
  id: string;
  store_id: string;
  title: string;
  catalog_item_type: "RFP_PRODUCT" | "RFP_PACKAGING" | "RFP_SERVICES";
  description: string;
  packaging_material: string;
  print_detail: string;
  quantity: number | null;
  target_date: string | null;
  colors: string;
  attachments: string[];
  form_stage: "PREVIEW" | "FORM" | "COMPLETE";
  supplier_id: string | null;
  catalog_item_id: string | null;
  is_archived: boolean;
  submitted_at: Date | null;
  created_at: Date;
  updated_at: Date;
  quoted_terms: QuotedTerms | null;
};

function toProject(r: ProjectDbRow): ProjectRow {
  return {
    id: r.id,
    storeId: r.store_id,
    title: r.title,
    catalogItemType: r.catalog_item_type,
    description: r.description,
    packagingMaterial: r.packaging_material,
    printDetail: r.print_detail,
    quantity: r.quantity,
    targetCompletionDate: r.target_date,
    colors: r.colors,
    attachments: r.attachments,
    formStage: r.form_stage,
    supplierId: r.supplier_id,
    catalogItemId: r.catalog_item_id,
    isArchived: r.is_archived,
    submittedAt: r.submitted_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    quotedTerms: r.quoted_terms,
  };
}

export async function getProject(db: Queryable, storeId: string, id: string): Promise<ProjectRow | null> {
  const { rows } = await db.query(`${SELECT} WHERE p.store_id = $1 AND p.id = $2`, [storeId, id]);
  return rows[0] ? toProject(rows[0]) : null;
}

/** Locks the project row for a read-modify-write. */
export async function lockProject(db: Queryable, storeId: string, id: string): Promise<ProjectRow | null> {
  const { rows } = await db.query(`SELECT id FROM creator_projects WHERE store_id = $1 AND id = $2 FOR UPDATE`, [storeId, id]);
  return rows[0] ? getProject(db, storeId, id) : null;
}

export async function listProjects(db: Queryable, storeId: string, includeArchived: boolean, limit: number, offset: number): Promise<{ list: ProjectRow[]; total: number }> {
  const where = `p.store_id = $1${includeArchived ? "" : " AND NOT p.is_archived"}`;
  const { rows } = await db.query(`${SELECT} WHERE ${where} ORDER BY p.updated_at DESC, p.id LIMIT $2 OFFSET $3`, [storeId, limit, offset]);
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM creator_projects p WHERE ${where}`, [storeId]);
  return { list: rows.map(toProject), total: count.rows[0]!.n };
}

export async function latestActiveProject(db: Queryable, storeId: string): Promise<ProjectRow | null> {
  const { rows } = await db.query(`${SELECT} WHERE p.store_id = $1 AND NOT p.is_archived ORDER BY p.updated_at DESC, p.id LIMIT 1`, [storeId]);
  return rows[0] ? toProject(rows[0]) : null;
}

export async function insertProject(db: Queryable, storeId: string, patch: ProjectPatch): Promise<string> {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined) as [keyof ProjectPatch, unknown][];
  const columns = ["store_id", ...entries.map(([k]) => COLUMNS[k])];
  const values = [storeId, ...entries.map(([, v]) => v)];
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO creator_projects (${columns.join(", ")}) VALUES (${values.map((_, i) => `$${i + 1}`).join(", ")}) RETURNING id`,
    values,
  );
  return rows[0]!.id;
}

export async function updateProject(db: Queryable, storeId: string, id: string, patch: ProjectPatch, submitted = false): Promise<void> {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined) as [keyof ProjectPatch, unknown][];
  const sets = entries.map(([k], i) => `${COLUMNS[k]} = $${i + 3}`);
  if (submitted) sets.push("submitted_at = now()");
  sets.push("updated_at = now()");
  await db.query(`UPDATE creator_projects SET ${sets.join(", ")} WHERE store_id = $1 AND id = $2`, [storeId, id, ...entries.map(([, v]) => v)]);
}

/** Records the accepted quote's terms on the project (issue 18); a later acceptance replaces them. */
export async function setQuotedTerms(db: Queryable, storeId: string, id: string, terms: QuotedTerms): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE creator_projects SET quoted_terms = $3, updated_at = now() WHERE store_id = $1 AND id = $2`, [storeId, id, JSON.stringify(terms)]);
  return (rowCount ?? 0) > 0;
}
