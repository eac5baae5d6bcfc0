import { supplierScorecards } from "@atelier/contracts";
import { defineTool } from "../tool-spec";

// Supplier scorecards from the store's own records. Read-only: nothing is spent or sent.

export const scorecardTools = [
  defineTool({
    contract: supplierScorecards.getSupplierScorecard,
    name: "get_supplier_scorecard",
    description:
      "How reliable one supplier has been for this store, from its own purchases, receivings and inspections: on-time rate, receiving accuracy, damage rate, QC pass and defect rates, each with the counts behind it ('9 of 10 deliveries on time'), or 'not enough data yet'. Use it for 'how reliable is this supplier?', 'does X ship on time?'; 'this supplier' is the one on the user's screen.",
    argDescriptions: { supplierId: "The supplier's id: the one on the user's screen, or from list_supplier_scorecards" },
  }),
  defineTool({
    contract: supplierScorecards.listSupplierScorecards,
    name: "list_supplier_scorecards",
    description:
      "The store's suppliers ranked by reliability from its own records (on time, accuracy, QC), each with its figures and counts. Use it for 'which of my suppliers ships late?' (sort MOST_LATE, lateOnly true), 'my most reliable supplier', 'rank my suppliers', or to find a supplier's scorecard by name.",
    argDescriptions: { search: "Words of the supplier's name (optional)", sort: "MOST_RELIABLE (default), LEAST_RELIABLE, MOST_LATE or NAME", lateOnly: "'true' for only suppliers with a late delivery", page: "Page number from 0", size: "Suppliers per page, 1-100" },
  }),
];
