import { analytics } from "@atelier/contracts";
import { route } from "../http/route";
import { createReportShare } from "../services/analytics/create-report-share";
import { drillDownReport } from "../services/analytics/drill-down-report";
import { getCustomerList } from "../services/analytics/get-customer-list";
import { listCustomerLists } from "../services/analytics/list-customer-lists";
import { saveCustomerList } from "../services/analytics/save-customer-list";
import { askAboutReturns } from "../services/analytics/ask-about-returns";
import { draftReturnQuestion } from "../services/analytics/draft-return-question";
import { exportReportCsv } from "../services/analytics/export-report-csv";
import { listReportShares } from "../services/analytics/list-report-shares";
import { listReports } from "../services/analytics/list-reports";
import { openSharedReport } from "../services/analytics/open-shared-report";
import { revokeReportShare } from "../services/analytics/revoke-report-share";
import { runReport } from "../services/analytics/run-report";

export const analyticsRoutes = [
  route(analytics.listReports, ({ ctx }) => listReports(ctx)),
  route(analytics.runReport, ({ ctx, params, query }) => runReport(ctx, params.reportId, query)),
  route(analytics.drillDownReport, ({ ctx, params, query }) => drillDownReport(ctx, params.reportId, query)),
  route(analytics.exportReportCsv, ({ ctx, params, query }) => exportReportCsv(ctx, params.reportId, query)),
  route(analytics.createReportShare, ({ ctx, body }) => createReportShare(ctx, body)),
  route(analytics.listReportShares, ({ ctx, query }) => listReportShares(ctx, query)),
  route(analytics.revokeReportShare, ({ ctx, params }) => revokeReportShare(ctx, params.shareId)),
  route(analytics.openSharedReport, ({ ctx, params, body }) => openSharedReport(ctx, params.token, body)),
  route(analytics.saveCustomerList, ({ ctx, body }) => saveCustomerList(ctx, body)),
  route(analytics.listCustomerLists, ({ ctx, query }) => listCustomerLists(ctx, query)),
  route(analytics.getCustomerList, ({ ctx, params, query }) => getCustomerList(ctx, params.listId, query)),
  route(analytics.draftReturnQuestion, ({ ctx, query }) => draftReturnQuestion(ctx, query)),
  route(analytics.askAboutReturns, ({ ctx, body }) => askAboutReturns(ctx, body)),
];
