import { z } from "zod";
import { defineContract } from "../contract";
import { pageOf, pageQuery } from "../domain";
import { compareQuotes } from "./quotes";

// The quotes a store received, compared per tech pack (custom project): one landed-cost table per
// project, the projects with the latest quote first.

export const projectQuoteComparisonSchema = compareQuotes.response;

export const compareQuotesByProject = defineContract({
  id: "compareQuotesByProject",
  method: "GET",
  path: "/web/quotes/-/compare-by-project",
  summary:
    "Compares the quotes the store received grouped by the custom project (tech pack) they answer: per project, the latest quote of each supplier with its landed cost per unit (unit price + duty + freight), cheapest landed first; the projects with the latest quote first, searched by the quote's title.",
  tags: ["inbox"],
  access: "user",
  query: z.strictObject({
    search: z.string().trim().max(100, "must be at most 100 characters").optional().describe("Part of the project's or quote's title, e.g. tote"),
    ...pageQuery,
    size: z.coerce.number().int().min(1, "must be at least 1").max(20, "must be at most 20").default(5).describe("Projects per page, 1-20"),
  }),
  response: pageOf(projectQuoteComparisonSchema),
});
