import { PAYMENT_KIND_WORDS, PAYMENT_ROW_STATUS_WORDS, type PaymentRow } from "@atelier/contracts/fees";
import type { AppDeps } from "../../context";
import type { JobContext } from "../../jobs";
import * as report from "../../queries/fees/report";
import { decimal } from "./export-files";
import type { ExportJobPayload, ExportJobResult } from "./export-job-payload";
import { defineExportJob, writePagedExport } from "./paged-export";
import { localDateTime } from "./zoned-days";

// The financial export: the payments report's rows of the period, oldest first, each signed from
// the store's side (what it paid is negative, a payout positive) so the last column can run the
// period's balance the way a bank statement does. A declined card payment is listed but moves nothing.

const HEADER = ["Date", "Order number", "Type of charge", "Description", "Status", "Amount", "Refunded", "Currency", "Balance"];

export const financialExportJob = (deps: AppDeps) => defineExportJob("FINANCIAL", (p, job) => writeFinancialExport(deps, p, job));

/** What a row moved for the store: negative when it paid, positive when paid out to it, nothing when declined. */
function signedCents(r: PaymentRow): { amount: number; refunded: number; moved: number } {
  if (r.kind === "PAYOUT") return { amount: r.amountCents, refunded: 0, moved: r.amountCents };
  if (r.status === "DECLINED") return { amount: -r.amountCents, refunded: 0, moved: 0 };
  return { amount: -r.amountCents, refunded: r.refundedCents, moved: r.refundedCents - r.amountCents };
}

async function writeFinancialExport(deps: AppDeps, p: ExportJobPayload, job: JobContext): Promise<ExportJobResult> {
  const range = { from: new Date(p.fromAt), to: new Date(p.toAt), kind: null };
  // The balance runs across pages: they are read in order, oldest first.
  let balance = 0;
  return writePagedExport(deps, p, job, {
    kind: "FINANCIAL", noun: "payments", header: HEADER,
    async readPage(offset, limit) {
      const page = await report.paymentRows(deps.pool, p.storeId, { ...range, limit, offset, oldestFirst: true });
      const rows = page.rows.map((r) => {
        const s = signedCents(r);
        balance += s.moved;
        return [
          localDateTime(new Date(r.occurredAt), p.timezone), r.orderNumber === null ? "" : `#${r.orderNumber}`, PAYMENT_KIND_WORDS[r.kind], r.description,
          PAYMENT_ROW_STATUS_WORDS[r.status], decimal(s.amount), decimal(s.refunded), "USD", decimal(balance),
        ];
      });
      return { rows, read: page.rows.length, total: page.total };
    },
  });
}
