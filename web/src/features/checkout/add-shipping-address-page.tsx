import { useState } from "react";
import { Link, useParams } from "react-router";
import { getCreatorInvoice } from "@atelier/contracts/purchasing";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { ShippingForm } from "./shipping-form";
import { NotFound } from "../../ui/not-found";

/** Sets where a paid invoice's items ship (/add-shipping-address/:invoiceId). */
export function AddShippingAddressPage() {
  const { invoiceId = "" } = useParams();
  const invoice = useApi(getCreatorInvoice, { params: { id: invoiceId } });
  const [saved, setSaved] = useState(false);
  const data = invoice.data;
  if (!data) return <PageFrame title="Shipping address">{invoice.loading ? <p role="status">Loading…</p> : <NotFound error={invoice.error} />}</PageFrame>;
  return (
    <PageFrame title={`Shipping address for invoice ${data.sn}`} chatPrompt={`Where will invoice ${data.sn} ship?`}>
      {saved && <p className="card" role="status">Saved. The supplier ships to this address. <Link to="/inbox/orders">Back to your orders</Link></p>}
      <ShippingForm invoiceId={data.id} initial={data.shippingAddress} submitLabel="Save address" onSaved={(next) => { invoice.setData(next); setSaved(true); }} />
    </PageFrame>
  );
}
