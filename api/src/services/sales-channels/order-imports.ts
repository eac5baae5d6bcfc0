import { stringify } from "csv-stringify/sync";
import type { ImportChannel, OrderImport, OrderImportDetail } from "@atelier/contracts/sales-channels";
import type { UserContext } from "../../context";
import { notFound } from "../../errors";
import * as imports from "../../queries/orders/order-imports";
import { toOrderImport } from "./order-import-dto";

// Reading imports back: the list, one import with its problems and orders, and the problem report
// as a CSV to mend in a spreadsheet.

export async function listOrderImports(ctx: UserContext, q: { channel?: ImportChannel; page: number; size: number }): Promise<{ list: OrderImport[]; total: number; page: number; size: number }> {
  const { rows, total } = await imports.listImports(ctx.pool, ctx.auth.storeId, q);
  return { list: rows.map(toOrderImport), total, page: q.page, size: q.size };
}

async function found(ctx: UserContext, id: string) {
  const row = await imports.getImport(ctx.pool, ctx.auth.storeId, id);
  if (!row) throw notFound("The order import");
  return row;
}

export async function getOrderImport(ctx: UserContext, id: string): Promise<OrderImportDetail> {
  const row = await found(ctx, id);
  const [problems, orders] = await Promise.all([imports.listProblems(ctx.pool, ctx.auth.storeId, id, 100), imports.importedOrders(ctx.pool, ctx.auth.storeId, id, 50)]);
  return { ...toOrderImport(row), problems: problems.map((p) => ({ rowNumber: p.line, orderRef: p.orderRef, message: p.message })), orders };
}

export async function getOrderImportProblemsCsv(ctx: UserContext, id: string): Promise<{ filename: string; csv: string }> {
  const row = await found(ctx, id);
  const problems = await imports.listProblems(ctx.pool, ctx.auth.storeId, id, null);
  const csv = stringify([["Line", "Order", "Problem"], ...problems.map((p) => [String(p.line), p.orderRef ?? "", p.message])]);
  return { filename: `${row.fileName.replace(/\.(csv|txt|tsv)$/i, "")}-problems.csv`, csv };
}
