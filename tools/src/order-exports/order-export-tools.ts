import { orderExports } from "@atelier/contracts";
import { defineTool } from "../tool-spec";

// The two export files: the payments report of a period and the returns of a period, each written
// by a background job into a CSV the user downloads from the card. Nothing is charged or sent.

const period = {
  from: "First day of the period, YYYY-MM-DD, in the store's time zone ('October' is 2026-10-01, 'last month' the first of last month, 'this month' the first of this month)",
  to: "The day AFTER the last day, YYYY-MM-DD (half-open: all of October is to 2026-11-01; 'this month' ends on the first of next month); at most a year after from",
};
const id = { id: "The export's id, as export_financial_report or export_returns answered" };

export const orderExportTools = [
  defineTool({
    contract: orderExports.startFinancialExport,
    name: "export_financial_report",
    description: "Write the payments report of a period into a CSV file to download (fulfilment and storage fees, card payments, payouts: date, order, type of charge, amount, balance). Use it for 'export my financial report for October', 'download the payments of last month', 'csv of my fees'. It answers at once with the export's progress; the card shows a Download CSV button when the file is ready (get_financial_export says how it stands). Nothing is charged or sent.",
    argDescriptions: period,
  }),
  defineTool({
    contract: orderExports.getFinancialExport,
    name: "get_financial_export",
    description: "How a financial export stands: its progress, and once done the number of rows and the file to download. Use it when the user asks whether the export is ready.",
    argDescriptions: id,
  }),
  defineTool({
    contract: orderExports.startReturnExport,
    name: "export_returns",
    description: "Write the return orders created in a period into a CSV file to download, one row per returned line: return and order number, customer, status, reason, SKU, quantity, refund method, refund amount. Use it for 'export my returns for October', 'csv of refunds this month', 'download last month's returns'. It answers at once with the export's progress; the card shows a Download CSV button when the file is ready (get_returns_export says how it stands). Nothing is charged or sent.",
    argDescriptions: period,
  }),
  defineTool({
    contract: orderExports.getReturnExport,
    name: "get_returns_export",
    description: "How a returns export stands: its progress, and once done the number of rows and the file to download. Use it when the user asks whether the export is ready.",
    argDescriptions: id,
  }),
];
