import { analytics } from "@atelier/contracts";
import type { CustomerListRow } from "../../queries/analytics/customer-lists";

export function toCustomerListDto(r: CustomerListRow): analytics.CustomerList {
  return {
    id: r.id, name: r.name, reportId: r.report_id, reportTitle: analytics.findReport(r.report_id)?.title ?? r.report_id, segmentLabel: r.segment_label,
    from: r.params.from, to: r.params.to, asOf: r.params.asOf, customerCount: r.customer_count, createdAt: r.created_at.toISOString(),
  };
}
