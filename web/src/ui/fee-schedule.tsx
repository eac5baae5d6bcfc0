import { Link } from "react-router";
import { FEE_SCHEDULE_LINES } from "@atelier/contracts/fees";
import "./fee-schedule.css";

/**
 * The fulfilment center's fees with their amounts, shown where a store starts using the center
 * (the fulfilment home, the receiving form and the SEND_MY_INVENTORY dialog) before the first
 * announce or order: using the service is agreeing to them (docs/decisions.md, "Fees").
 */
export function FeeSchedule({ compact = false }: { compact?: boolean }) {
  return (
    <section className={`fee-schedule${compact ? " fee-schedule-compact" : " card"}`} aria-label="Fulfilment fees" data-testid="fee-schedule">
      {!compact && <h2>Fulfilment fees</h2>}
      <ul>
        {FEE_SCHEDULE_LINES.map((line) => <li key={line}>{line}</li>)}
      </ul>
      <p className="muted">
        {compact ? "By announcing this shipment you agree to these fees. " : ""}
        Every fee is listed in your <Link to="/account/payments-report">payments report</Link>.
      </p>
    </section>
  );
}
