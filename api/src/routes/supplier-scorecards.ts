import { listSupplierScorecards as listContract, getSupplierScorecard as getContract } from "@atelier/contracts/supplier-scorecards";
import { route } from "../http/route";
import { listSupplierScorecards } from "../services/supplier-scorecards/list-supplier-scorecards";
import { getSupplierScorecard } from "../services/supplier-scorecards/get-supplier-scorecard";

export const supplierScorecardsRoutes = [
  route(listContract, ({ ctx, query }) => listSupplierScorecards(ctx, query)),
  route(getContract, ({ ctx, params }) => getSupplierScorecard(ctx, params.supplierId)),
];
