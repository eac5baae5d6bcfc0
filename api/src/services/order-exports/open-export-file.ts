import type { Readable } from "node:stream";
import { AppError, notFound } from "../../errors";
import { ORDER_EXPORT_CONTRACTS, type OrderExportKind } from "@atelier/contracts/order-exports";
import type { RequestContext } from "../../context";
import { fileStorageFor } from "../../storage";
import { memberFromToken } from "../auth/authenticate-caller";
import { exportStorageKey } from "./export-files";
import { getOrderExport } from "./get-order-export";

/** A finished export's CSV for a member of its store who may read it; another store's is 404, one still being written 409. */
export async function openExportFile(ctx: RequestContext, token: string | undefined, kind: OrderExportKind, id: string): Promise<{ fileName: string; body: Readable }> {
  const user = await memberFromToken(ctx, token, ORDER_EXPORT_CONTRACTS[kind].get);
  const what = kind === "FINANCIAL" ? "The financial export" : "The returns export";
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound(what);
  const found = await getOrderExport(user, kind, id);
  if (found.status === "failed" || found.status === "cancelled") throw new AppError("CONFLICT", `${found.summary}`);
  if (!found.fileName) throw new AppError("CONFLICT", "This file is still being written; download it when it is ready.");
  const body = await fileStorageFor(ctx.config).get(exportStorageKey(user.auth.storeId, id));
  if (!body) throw notFound(what);
  return { fileName: found.fileName, body };
}
