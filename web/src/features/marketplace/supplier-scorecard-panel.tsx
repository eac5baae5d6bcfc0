import { Link } from "react-router";
import { getSupplierScorecard } from "@atelier/contracts/supplier-scorecards";
import { useApi } from "../../api/use-api";
import { roleCan } from "../../session/roles";
import { useSession } from "../../session/session-store";
import { SupplierScorecardCard } from "../../ui/supplier-scorecard";

/**
 * The store's own record with this supplier, on its profile: shown only to members who source
 * (the API refuses the others) and only when the store bought from or received from it.
 */
export function SupplierScorecardPanel({ supplierId }: { supplierId: string }) {
  const session = useSession();
  const role = session.storeRecord?.role ?? session.role ?? "CX";
  if (!roleCan(role, "sourcing.use")) return null;
  return <ScorecardLoader supplierId={supplierId} />;
}

function ScorecardLoader({ supplierId }: { supplierId: string }) {
  const card = useApi(getSupplierScorecard, { params: { supplierId } });
  if (!card.data?.hasDealings) return null;
  return (
    <div className="card supplier-scorecard-panel">
      <SupplierScorecardCard scorecard={card.data} />
      <Link to="/inbox/supplier-scorecards">Compare all your suppliers</Link>
    </div>
  );
}
