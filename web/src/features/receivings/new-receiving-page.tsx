import { Link, useNavigate } from "react-router";
import { PageFrame } from "../../shell/page-frame";
import { SendInventoryForm } from "./send-inventory-form";

/** New receiving (/receivings/new): announce a shipment to the fulfilment center, SKU by SKU. */
export function NewReceivingPage() {
  const navigate = useNavigate();
  return (
    <PageFrame title="Send inventory" chatPrompt="Which of my products are low on stock?">
      <p><Link to="/receivings">← Receivings</Link></p>
      <SendInventoryForm onSent={(r) => void navigate(`/receivings/${r.sn}/details`)} />
    </PageFrame>
  );
}
