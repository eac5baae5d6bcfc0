import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { deleteCreatorInvoiceItem, getCreatorInvoice, listShoppingCartOrders, payCreatorInvoice, recordOrderItemPurchaseEvent } from "@atelier/contracts/purchasing";
import { payments } from "../../api/contracts";
import { request, reportQuietly } from "../../api/client";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { CHECKOUT_STEPS, STEP_LABELS, paymentMessage, previousStep, resolveStep, stepFromQuery, type CheckoutStep } from "./checkout-steps";
import { CardForm, type CardInput } from "./card-form";
import { InvoiceLines } from "./invoice-lines";
import { ShippingForm } from "./shipping-form";
import "../../ui/kit.css";
import { pushPurchase } from "../../ui/data-layer";
import { getStoreHasPurchasedSamples } from "@atelier/contracts/store-stats";
import { getSession } from "../../session/session-store";

/** Checkout (/checkout): order overview → shipping details → payment → purchase success; the step is in `?step=`. */
export function CheckoutPage() {
  const [params, setParams] = useSearchParams();
  const paidInvoiceId = params.get("invoiceId");
  const cart = useApi(listShoppingCartOrders, {});
  const requested = stepFromQuery(params.get("step"));
  const go = (step: CheckoutStep, extra: Record<string, string> = {}) => setParams({ step: step.toLowerCase(), ...extra });

  if (requested === "PURCHASE_SUCCESS" && paidInvoiceId) return <PurchaseSuccess invoiceId={paidInvoiceId} />;
  if (!cart.data) return <PageFrame title="Checkout">{cart.loading ? <p role="status">Loading your cart…</p> : <p role="alert">Your cart could not be loaded.</p>}</PageFrame>;
  const invoice = cart.data.invoice;
  const facts = { cartItemCount: invoice?.items.length ?? 0, hasShippingAddress: Boolean(invoice?.shippingAddress), paid: false };
  const step = resolveStep(requested, facts);
  const back = previousStep(step);

  return (
    <PageFrame title="Checkout" chatPrompt="Help me with my sourcing checkout">
      <Steps current={step} />
      {step === "ORDER_OVERVIEW" && (
        <section aria-label={STEP_LABELS.ORDER_OVERVIEW} data-step="ORDER_OVERVIEW">
          {!invoice || invoice.items.length === 0 ? (
            <p className="card">Your cart is empty. <Link to="/browse-suppliers">Find a supplier</Link> and add a sample.</p>
          ) : (
            <>
              <InvoiceLines
                lines={invoice.items}
                subtotalCents={invoice.subtotalCents}
                discountCents={invoice.discountCents}
                totalCents={invoice.totalCents}
                onRemove={async (id) => {
                  try {
                    cart.setData(await request(deleteCreatorInvoiceItem, { params: { id } }));
                  } catch {
                    // The request client has shown why.
                  }
                }}
              />
              <p className="refund-policy" role="note">{cart.data.refundPolicy}</p>
              <div className="dialog-actions"><button type="button" className="primary" onClick={() => go("SHIPPING_DETAILS")}>Continue to shipping</button></div>
            </>
          )}
        </section>
      )}
      {step === "SHIPPING_DETAILS" && invoice && (
        <section aria-label={STEP_LABELS.SHIPPING_DETAILS} data-step="SHIPPING_DETAILS">
          <ShippingForm invoiceId={invoice.id} initial={invoice.shippingAddress} onSaved={() => { cart.reload(); go("PAYMENT"); }} />
        </section>
      )}
      {step === "PAYMENT" && invoice && <PaymentStep invoiceId={invoice.id} refundPolicy={cart.data.refundPolicy} totalCents={invoice.totalCents} onPaid={(id) => go("PURCHASE_SUCCESS", { invoiceId: id })} onDeclined={cart.reload} />}
      {back && <button type="button" className="link-button" onClick={() => go(back)}>Back to {STEP_LABELS[back].toLowerCase()}</button>}
    </PageFrame>
  );
}

function Steps({ current }: { current: CheckoutStep }) {
  return (
    <ol className="checkout-steps" aria-label="Checkout steps">
      {CHECKOUT_STEPS.map((s) => (
        <li key={s} aria-current={s === current ? "step" : undefined} className={s === current ? "tab-current" : ""}>{STEP_LABELS[s]}</li>
      ))}
    </ol>
  );
}

/** Payment with a saved card or a new one; one idempotency key per attempt, so a double submit charges once. */
function PaymentStep({ invoiceId, refundPolicy, totalCents, onPaid, onDeclined }: { invoiceId: string; refundPolicy: string; totalCents: number; onPaid: (invoiceId: string) => void; onDeclined: () => void }) {
  const methods = useApi(payments.listPaymentMethods, { query: { type: "card", limit: 10 } });
  // Read before paying: whether this payment is the store's first purchase (the data layer's FirstTimePurchases).
  const purchasedBefore = useApi(getStoreHasPurchasedSamples, {});
  const [saved, setSaved] = useState<string>("");
  const [attempt, setAttempt] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (methods.data?.defaultPaymentMethodId) setSaved(methods.data.defaultPaymentMethodId);
  }, [methods.data]);
  const pay = async (body: { card?: CardInput; paymentMethodId?: string; promotionCode?: string; saveCard?: boolean }) => {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await request(payCreatorInvoice, { body: { invoiceId, ...body } }, { idempotencyKey: attempt });
      if (answer.result === "COMPLETED") {
        for (const line of answer.invoice.items) void reportQuietly(recordOrderItemPurchaseEvent, { params: { id: line.orderItemId } });
        pushPurchase({ transactionId: answer.invoice.id, valueUsd: answer.invoice.totalCents / 100, userId: getSession().user?.id ?? null, firstPurchase: purchasedBefore.data?.hasPurchasedSamples === false });
        onPaid(answer.invoice.id);
        return;
      }
      setMessage(paymentMessage(answer.result));
      // A new attempt is a new charge: the declined one must not be replayed.
      setAttempt(crypto.randomUUID());
      onDeclined();
    } catch {
      setAttempt(crypto.randomUUID());
    } finally {
      setBusy(false);
    }
  };
  const cards = methods.data?.list ?? [];
  return (
    <section aria-label={STEP_LABELS.PAYMENT} data-step="PAYMENT" className="grid two">
      <div>
        <p className="big">Total {new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(totalCents / 100)}</p>
        {message && <p className="form-error" role="alert" data-testid="payment-message">{message}</p>}
        {cards.length > 0 && (
          <form className="form card" onSubmit={(e) => { e.preventDefault(); void pay({ paymentMethodId: saved }); }}>
            <p className="refund-policy" role="note">{refundPolicy}</p>
            <fieldset>
              <legend>Saved cards</legend>
              {cards.map((c) => (
                <label key={c.id} className="choice">
                  <input type="radio" name="saved-card" checked={saved === c.id} onChange={() => setSaved(c.id)} /> {c.brand} ending {c.last4} ({String(c.expMonth).padStart(2, "0")}/{c.expYear})
                </label>
              ))}
            </fieldset>
            <button type="submit" className="primary" disabled={busy || !saved}>Pay with saved card</button>
          </form>
        )}
      </div>
      <div>
        <h2>{cards.length ? "Or pay with a new card" : "Pay by card"}</h2>
        <CardForm busy={busy} submitLabel="Pay now" refundPolicy={refundPolicy} offerSave onPay={(card, promotionCode, saveCard) => void pay({ card, promotionCode, saveCard })} />
      </div>
    </section>
  );
}

function PurchaseSuccess({ invoiceId }: { invoiceId: string }) {
  const invoice = useApi(getCreatorInvoice, { params: { id: invoiceId } });
  const data = invoice.data;
  return (
    <PageFrame title="Checkout" chatPrompt="What happens now with my paid order?">
      <Steps current="PURCHASE_SUCCESS" />
      {!data ? (
        <p role="status">{invoice.loading ? "Loading…" : "This purchase could not be found."}</p>
      ) : data.status !== "PAID" ? (
        <p className="card">This invoice is not paid yet. <Link to={`/pay-invoice/${data.id}`}>Pay it</Link></p>
      ) : (
        <section className="card" data-step="PURCHASE_SUCCESS" aria-label={STEP_LABELS.PURCHASE_SUCCESS}>
          <h2>Thank you — your order is placed</h2>
          <p role="status">{paymentMessage("COMPLETED")} Invoice {data.sn}.</p>
          <InvoiceLines lines={data.items} subtotalCents={data.subtotalCents} discountCents={data.discountCents} totalCents={data.totalCents} />
          <div className="dialog-actions">
            <Link to="/inbox/orders">Track your orders</Link>
            <Link className="button primary" to="/browse-suppliers">Keep sourcing</Link>
          </div>
        </section>
      )}
    </PageFrame>
  );
}
