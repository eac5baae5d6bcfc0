import { Link, useNavigate } from "react-router";
import { SendInventoryForm } from "./send-inventory-form";

/**
 * The SEND_MY_INVENTORY dialog's content (`?open=SEND_MY_INVENTORY`, 000 §2.7): the store's own
 * stock announced as a receiving; once announced, its details page opens (and the dialog closes,
 * as the new location has no `open` value).
 */
export function SendInventoryPanel() {
  const navigate = useNavigate();
  return (
    <div className="send-inventory-panel">
      <p className="muted">Tell the fulfilment center what you are sending: it counts the boxes on arrival and stocks each SKU in its bin. <Link to="/receivings">See your receivings</Link></p>
      <SendInventoryForm onSent={(r) => void navigate(`/receivings/${r.sn}/details`)} />
    </div>
  );
}
