import { Link } from "react-router";
import { PLAN_NAMES, payments, plans } from "../../api/contracts";
import { PageFrame } from "../../shell/page-frame";
import { useApi } from "../../api/use-api";
import { useSession } from "../../session/session-store";
import { formatUsd } from "../../format/format";
import { PlanFlow } from "./plan-flow";
import { ProfilePanel } from "./profile-panel";
import { PaymentMethodsPanel } from "./payment-methods-panel";
import { AiCreditsPanel } from "./ai-credits-panel";
import { TeamPanel } from "./team-panel";
import { roleCan } from "../../session/roles";
import { INVOICE_STATUS_WORDS, roleName } from "@atelier/contracts/error-sentences";

/** Profile, plan and billing, payment methods, AI credits and the team. */
export function AccountInfoPage() {
  const session = useSession();
  const role = session.storeRecord?.role ?? session.role ?? "CX";
  const billing = roleCan(role, "billing.read");
  return (
    <PageFrame title="Account" chatPrompt="">
      <div className="grid two">
        <ProfilePanel />
        <div className="card">
          <h2>Login</h2>
          <p>{session.storeRecord?.user.email ?? session.user?.email}</p>
          <p className="muted">Role: {roleName(role)}</p>
        </div>
      </div>
      {billing ? <BillingSection /> : <p className="muted">Billing and the team are managed by the store owner.</p>}
      {roleCan(role, "team.read") && <TeamPanel />}
    </PageFrame>
  );
}

function BillingSection() {
  const overview = useApi(plans.getPlanOverview, {});
  const invoices = useApi(payments.listCardPaymentInvoices, { query: { size: 10 } });
  return (
    <>
      <div className="grid two">
        <div className="card" id="account-plan" data-testid="account-plan">
          <h2>Plan</h2>
          {overview.data ? (
            <PlanFlow overview={overview.data} onChanged={overview.setData} />
          ) : (
            <p className="muted">{overview.loading ? "Loading…" : "The plan could not be loaded."}</p>
          )}
        </div>
        <AiCreditsPanel />
      </div>
      <div className="grid two">
        <PaymentMethodsPanel />
        <div className="card" id="account-invoices">
          <h2>Billing history</h2>
          <p className="muted"><Link to="/account/payments-report">Payments report</Link>: fulfilment and storage fees, every card payment and your payouts.</p>
          {invoices.data?.list.length === 0 && <p className="muted">No invoices yet.</p>}
          {invoices.data && invoices.data.list.length > 0 && (
            <table>
              <thead><tr><th>Date</th><th>What</th><th>Amount</th></tr></thead>
              <tbody>
                {invoices.data.list.map((i) => (
                  <tr key={i.id}>
                    <td>{new Date(i.createdAt).toLocaleDateString("en-US")}</td>
                    <td>{i.description || `${PLAN_NAMES[i.planType]} plan`}</td>
                    {/* The status sits under the amount: four columns overflow a phone. */}
                    <td>{formatUsd(i.amountCents / 100)}<div className="muted">{INVOICE_STATUS_WORDS[i.status]}</div></td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </>
  );
}
