import { REFUND_DESTINATION_LABELS, REFUND_METHOD_LABELS, RETURN_FEE_LABELS, RETURN_STATUS_LABELS } from "@atelier/contracts/returns";
import type { AppDeps } from "../../context";
import type { JobContext } from "../../jobs";
import * as refunds from "../../queries/returns/refunds";
import * as returns from "../../queries/returns/returns";
import { decimal } from "./export-files";
import type { ExportJobPayload, ExportJobResult } from "./export-job-payload";
import { defineExportJob, writePagedExport } from "./paged-export";
import { localDateTime } from "./zoned-days";

// The returns export: the return orders created in the period, oldest first, one row per returned
// line. The refund is the whole return's, so it is written on the return's first row only: a
// spreadsheet's sum of the column is then what was refunded.

const HEADER = [
  "Return", "Created", "Order number", "Customer", "Status", "Reason", "Canceled because", "SKU", "Product", "Quantity", "Restocked",
  "Refund method", "Return fee", "Refund amount", "Refunded to", "Refunded on", "Currency",
];

export const returnExportJob = (deps: AppDeps) => defineExportJob("RETURNS", (p, job) => writeReturnExport(deps, p, job));

async function writeReturnExport(deps: AppDeps, p: ExportJobPayload, job: JobContext): Promise<ExportJobResult> {
  const range = { from: new Date(p.fromAt), to: new Date(p.toAt) };
  return writePagedExport(deps, p, job, {
    kind: "RETURNS", noun: "returns", header: HEADER,
    async readPage(offset, limit) {
      const page = await returns.returnsCreatedIn(deps.pool, p.storeId, { ...range, limit, offset });
      const ids = page.list.map((r) => r.id);
      const [lines, refunded] = await Promise.all([returns.linesOf(deps.pool, p.storeId, ids), refunds.refundsOfReturns(deps.pool, p.storeId, ids)]);
      const rows = page.list.flatMap((r) => {
        const refund = refunded.get(r.id);
        const of = [`RMA-${r.number}`, localDateTime(r.createdAt, p.timezone), `#${r.orderNumber}`, r.customerName, RETURN_STATUS_LABELS[r.status], r.reason, r.cancelReason ?? ""];
        const money = [REFUND_METHOD_LABELS[r.refundMethod], RETURN_FEE_LABELS[r.returnFee]];
        return (lines.get(r.id) ?? []).map((l, i) => [
          ...of, l.sku, l.title, String(l.quantity), String(l.restockedQuantity), ...money,
          i === 0 && refund ? decimal(refund.amountCents) : "", i === 0 && refund ? REFUND_DESTINATION_LABELS[refund.destination] : "",
          i === 0 && refund ? localDateTime(refund.createdAt, p.timezone) : "", r.currency,
        ]);
      });
      return { rows, read: page.list.length, total: page.total };
    },
  });
}
