import { fees } from "@atelier/contracts";
import { route } from "../http/route";
import { getPaymentRecord } from "../services/fees/get-payment-record";
import { getPaymentsReport } from "../services/fees/get-payments-report";
import { getPayoutRecord } from "../services/fees/get-payout-record";

export const feesRoutes = [
  route(fees.getPaymentsReport, ({ ctx, query }) => getPaymentsReport(ctx, query)),
  route(fees.getPayoutRecord, ({ ctx, params }) => getPayoutRecord(ctx, params.id)),
  route(fees.getPaymentRecord, ({ ctx, params }) => getPaymentRecord(ctx, params.id)),
];
