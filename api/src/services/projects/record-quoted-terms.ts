import type { QuotedTerms } from "@atelier/contracts/projects";
import type { Queryable } from "../../db/pool";
import { getProject, setQuotedTerms } from "../../queries/projects";

/**
 * The projects domain's door for an accepted quote (issue 18): writes its terms and landed cost
 * into the store's custom project, in the accepting transaction. Answers false when the project
 * is gone (deleted since the quote was made), which leaves the acceptance standing.
 */
export async function recordQuotedTerms(tx: Queryable, storeId: string, projectId: string, terms: QuotedTerms): Promise<boolean> {
  if (!(await getProject(tx, storeId, projectId))) return false;
  return setQuotedTerms(tx, storeId, projectId, terms);
}

/** A project's title and quantity, for a quote comparison; null when not the store's. */
export async function projectForQuotes(db: Queryable, storeId: string, projectId: string): Promise<{ id: string; title: string; quantity: number | null; catalogItemType: string } | null> {
  const p = await getProject(db, storeId, projectId);
  return p ? { id: p.id, title: p.title, quantity: p.quantity, catalogItemType: p.catalogItemType } : null;
}
