import { useState } from "react";
import { Link, useParams } from "react-router";
import { getCreatorInvoice, getPublicInvoice, payCreatorInvoice, payPublicInvoice } from "@atelier/contracts/purchasing";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { CardForm, type CardInput } from "./card-form";
import { InvoiceLines } from "./invoice-lines";
import { paymentMessage } from "./checkout-steps";
import { NotFound } from "../../ui/not-found";
import "../../ui/kit.css";

type Result = "COMPLETED" | "INSTRUMENT_DECLINED";

/** Pays one invoice of the store (/pay-invoice/:invoiceId). */
export function PayInvoicePage() {
  const { invoiceId = "" } = useParams();
  const invoice = useApi(getCreatorInvoice, { params: { id: invoiceId } });
  const pay = usePayment(async (card, promotionCode, key) => {
    const answer = await request(payCreatorInvoice, { body: { invoiceId, card, promotionCode } }, { idempotencyKey: key });
    invoice.setData(answer.invoice);
    return answer.result;
  });
  const data = invoice.data;
  if (!data) return <PageFrame title="Pay invoice">{invoice.loading ? <p role="status">Loading…</p> : <NotFound error={invoice.error} />}</PageFrame>;
  return (
    <PageFrame title={`Invoice ${data.sn}`} chatPrompt={`Explain invoice ${data.sn}`}>
      <InvoiceLines lines={data.items} subtotalCents={data.subtotalCents} discountCents={data.discountCents} totalCents={data.totalCents} />
      <InvoiceStatus status={data.status} result={pay.result} />
      {data.status === "OPEN" && <CardForm busy={pay.busy} submitLabel="Pay invoice" refundPolicy={data.refundPolicy} onPay={pay.run} />}
      {data.status === "PAID" && !data.shippingAddress && <Link to={`/add-shipping-address/${data.id}`}>Add the shipping address</Link>}
    </PageFrame>
  );
}

/** Pays an invoice by its public number without logging in (/public-pay-invoice/:sn). */
export function PublicPayInvoicePage() {
  const { sn = "" } = useParams();
  const invoice = useApi(getPublicInvoice, { params: { sn } });
  const pay = usePayment(async (card, promotionCode, key) => {
    const answer = await request(payPublicInvoice, { params: { sn }, body: { card, promotionCode } }, { idempotencyKey: key });
    invoice.setData(answer.invoice);
    return answer.result;
  });
  const data = invoice.data;
  return (
    <section className="page preview-page" aria-labelledby="page-title">
      <div className="page-head"><h1 id="page-title">{data ? `Invoice ${data.sn} from ${data.storeTitle}` : "Pay an invoice"}</h1></div>
      {!data ? (
        invoice.loading ? <p role="status">Loading…</p> : <NotFound error={invoice.error} />
      ) : (
        <>
          <InvoiceLines lines={data.items} subtotalCents={data.subtotalCents} discountCents={data.discountCents} totalCents={data.totalCents} />
          <InvoiceStatus status={data.status} result={pay.result} />
          {data.status === "OPEN" && (
            <>
              <p className="muted">Your card is used for this payment only and is not saved.</p>
              <CardForm busy={pay.busy} submitLabel="Pay invoice" refundPolicy={data.refundPolicy} onPay={pay.run} />
            </>
          )}
        </>
      )}
    </section>
  );
}

function InvoiceStatus({ status, result }: { status: string; result: Result | null }) {
  if (status === "PAID") return <p className="card" role="status" data-testid="invoice-status">This invoice is paid. {result === "COMPLETED" ? paymentMessage("COMPLETED") : ""}</p>;
  if (status === "VOID") return <p className="card" role="status" data-testid="invoice-status">This invoice was voided and cannot be paid.</p>;
  if (status === "CHARGE_PENDING") return <p className="card" role="status" data-testid="invoice-status">A payment for this invoice is being processed.</p>;
  if (result === "INSTRUMENT_DECLINED") return <p className="form-error" role="alert" data-testid="invoice-status">{paymentMessage(result)}</p>;
  return null;
}

/** One payment attempt at a time, each with its own idempotency key (a double submit charges once). */
function usePayment(pay: (card: CardInput, promotionCode: string | undefined, key: string) => Promise<Result>) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const run = (card: CardInput, promotionCode: string | undefined) => {
    setBusy(true);
    pay(card, promotionCode, key).then(
      (r) => {
        setResult(r);
        if (r !== "COMPLETED") setKey(crypto.randomUUID());
        setBusy(false);
      },
      () => {
        setKey(crypto.randomUUID());
        setBusy(false);
      },
    );
  };
  return { busy, result, run };
}
