import { fees } from "@atelier/contracts";
import { route } from "../http/route";
import { getPaymentRecord } from "../services/fees/get-payment-record";
import { getPaymentsReport } from "../services/fees/get-payments-report";
import { getPayoutRecord } from "../services/fees/get-payout-record";
import { payBalanceDue } from "../services/fees/pay-balance-due";

export const feesRoutes = [
  route(fees.getPaymentsReport, ({ ctx, query }) => getPaymentsReport(ctx, query)),
  route(fees.getPayoutRecord, ({ ctx, params }) => getPayoutRecord(ctx, params.id)),
  route(fees.getPaymentRecord, ({ ctx, params }) => getPaymentRecord(ctx, params.id)),
  route(fees.payBalanceDue, ({ ctx, body }) => payBalanceDue(ctx, body)),
];
