import { z } from "zod";
import { defineContract } from "../contract";
import { pageOf, pageQuery } from "../domain";
import { drillCustomerSchema, reportParamsSchema } from "./contracts";
import { REPORTS } from "./reports";

// From a report, one action (issue 20, agents): the customers behind one of its rows, the churn-risk
// segment first, saved as a customer list the marketing issue can send to. The members are frozen
// when the list is saved, with the report, row and parameters they came from.

/** The reports whose rows are groups of customers: their rows can be saved as lists. */
export const CUSTOMER_REPORT_IDS = REPORTS.filter((r) => r.drill === "customers").map((r) => r.id) as [string, ...string[]];

export const customerListSchema = z.object({
  id: z.string(),
  name: z.string(),
  reportId: z.string(),
  reportTitle: z.string(),
  /** The row the members came from, in words ("At risk"). */
  segmentLabel: z.string(),
  /** The report's parameters as run (as-of moment filled), so the list can be explained. */
  from: z.string(),
  to: z.string(),
  asOf: z.string(),
  customerCount: z.number().int(),
  createdAt: z.string(),
});
export type CustomerList = z.infer<typeof customerListSchema>;

export const saveCustomerList = defineContract({
  id: "saveCustomerList",
  method: "POST",
  path: "/web/analytics/customer-lists",
  summary: "Saves the customers behind one row of a customer report (a churn-risk band, an RFM segment, a persona…) as a named customer list, with the report's parameters; the members are the report's as of its as-of moment.",
  tags: ["analytics"],
  access: "user",
  status: 201,
  idempotent: true,
  body: z.strictObject({
    reportId: z.enum(CUSTOMER_REPORT_IDS, { message: "must be a report whose rows are customers, like analytics-churn-risk" }).describe("The report, analytics-churn-risk for the churn-risk segment"),
    params: reportParamsSchema.describe("The report's parameters: { from, to, asOf?, … }"),
    key: z.string().min(1, "must not be empty").max(200, "must be at most 200 characters").describe("The row's key as the report returned it (for churn risk: 03 is At risk, 04 Likely churned)"),
    name: z.string().trim().min(1, "must not be empty").max(120, "must be at most 120 characters").optional().describe("The list's name; by default the report and row ('Churn risk: At risk, Nov 2026')"),
  }),
  response: customerListSchema,
});

export const listCustomerLists = defineContract({
  id: "listCustomerLists",
  method: "GET",
  path: "/web/analytics/customer-lists",
  summary: "The store's saved customer lists, newest first, with where each came from and how many customers it holds.",
  tags: ["analytics"],
  access: "user",
  query: z.strictObject({ ...pageQuery }),
  response: pageOf(customerListSchema),
});

export const getCustomerList = defineContract({
  id: "getCustomerList",
  method: "GET",
  path: "/web/analytics/customer-lists/:listId",
  summary: "One saved customer list and its customers (most valuable first, paged), with their orders and revenue today.",
  tags: ["analytics"],
  access: "user",
  params: z.strictObject({ listId: z.uuid({ message: "must be a customer list id" }) }),
  query: z.strictObject({ ...pageQuery }),
  response: z.object({ list: customerListSchema, customers: pageOf(drillCustomerSchema) }),
});
