import { analytics } from "@atelier/contracts";
import { defineTool } from "../tool-spec";
import { returnQuestionTools } from "./return-question-tools";

// The analyst's tools: the report registry, running a report (with a comparison period), and the
// orders or customers behind a figure, so every number the assistant quotes can be checked.

const reportId = `The report id, one of: ${analytics.REPORT_IDS.join(", ")}. 'This report' is the one on the user's screen (its route without the slash).`;
const range = {
  from: "First day, YYYY-MM-DD, in the store's time zone (October 2025 is from 2025-10-01)",
  to: "The day after the last day, YYYY-MM-DD (October 2025 is to 2025-11-01)",
  asOf: "Optional: read the data as it was at this moment (ISO date-time); the answer says which moment was used",
  compare: "NONE (default), PREVIOUS_PERIOD or PREVIOUS_YEAR ('and last year?' is PREVIOUS_YEAR)",
  granularity: "day, week or month (default) for period rows",
  origin: "Only one channel: SHOPIFY_PLATFORM, SHOPIFY_CREATOR, IMPORT, CART_ROVER, MANUAL_RETAIL or MANUAL_WHOLESALE",
  country: "Only one country, two letters like US",
  sku: "Only orders containing this SKU",
  segment: "NEW (first orders of new customers) or RETURNING",
};

export const analyticsTools = [
  defineTool({
    contract: analytics.listReports,
    name: "list_reports",
    description: "List the store's analytics reports (customers, orders, products, marketing, fulfilment) with what each measures. Use it to pick the report for a question, or when the user asks which reports exist. Empty when analytics is off for the store.",
  }),
  defineTool({
    contract: analytics.runReport,
    name: "run_report",
    description:
      "Run one analytics report for a date range and get its rows, totals, measure definitions and notes; with compare it also returns the comparison period's figures. Use it for any question about the store's numbers: revenue, AOV, cohorts, churn risk, RFM, repeat rate, best sellers, returns, channels, free-shipping threshold… Quote only figures from the answer, with the period they cover.",
    argDescriptions: { reportId, ...range },
  }),
  defineTool({
    contract: analytics.drillDownReport,
    name: "drill_down_report",
    description:
      "List the orders or customers behind one row of a report (the row's key from run_report, like 2025-10-01 or a segment's key), optionally narrowed by a measure (a cohort month such as m3). Use it to explain a figure ('which orders made October's AOV drop?', 'who is at risk of churning?').",
    argDescriptions: { reportId, ...range, key: "The row's key exactly as run_report returned it", measure: "Optional measure key of the row (m1, m3… for cohort cells)", page: "Page, from 0", size: "Rows per page, 1-100" },
  }),
  defineTool({
    contract: analytics.createReportShare,
    name: "share_report",
    description: "Create a public link to one report with its parameters: SNAPSHOT (figures frozen now, the default) or LIVE, optionally with a password and an expiry. Only when the user asks to share a report; say who can open it.",
    argDescriptions: { reportId, params: "The report's parameters: { from, to, compare?, granularity?, origin?, country?, sku?, segment? }", mode: "SNAPSHOT or LIVE", password: "Optional password, 8 characters or more", expiresAt: "Optional ISO date-time after which the link stops working" },
  }),
  defineTool({
    contract: analytics.listReportShares,
    name: "list_report_shares",
    description: "List the store's public report links, newest first, with whether each is revoked, expiring or password-protected.",
    argDescriptions: { page: "Page, from 0", size: "Links per page, 1-100" },
  }),
  defineTool({
    contract: analytics.saveCustomerList,
    name: "save_customer_list",
    description:
      "Save the customers behind one row of a customer report as a named customer list (for marketing to reach later): 'save the churn-risk customers as a list' is reportId analytics-churn-risk with the row's key (03 At risk, 04 Likely churned; run_report first when unsure). Sends nothing to anyone. Say how many customers the list holds and from which row.",
    argDescriptions: { reportId: "A report whose rows are customers; analytics-churn-risk for churn risk", params: "The report's parameters: { from, to, asOf? }", key: "The row's key exactly as run_report returned it", name: "Optional name for the list" },
  }),
  defineTool({
    contract: analytics.listCustomerLists,
    name: "list_customer_lists",
    description: "List the store's saved customer lists, newest first, with the report and row each came from and how many customers it holds.",
    argDescriptions: { page: "Page, from 0", size: "Lists per page, 1-100" },
  }),
  defineTool({
    contract: analytics.getCustomerList,
    name: "get_customer_list",
    description: "Show one saved customer list and its customers (most valuable first), by the list's id from list_customer_lists or save_customer_list.",
    argDescriptions: { listId: "The list's id", page: "Page, from 0", size: "Customers per page, 1-100" },
  }),
  ...returnQuestionTools,
];
