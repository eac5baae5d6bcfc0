import type { analytics } from "@atelier/contracts";
import type { ShareRow } from "../../queries/analytics/shares";

export function toShareDto(row: ShareRow): analytics.ReportShare {
  return {
    id: row.id, token: row.token, reportId: row.report_id, title: row.title, mode: row.mode, hasPassword: row.password_hash !== null,
    expiresAt: row.expires_at?.toISOString() ?? null, revokedAt: row.revoked_at?.toISOString() ?? null, createdAt: row.created_at.toISOString(),
    path: `/share-report/${row.token}`,
  };
}
