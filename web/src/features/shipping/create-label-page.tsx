import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import {
  DEFAULT_COUNTRY,
  DEFAULT_COUNTRY_CODE,
  DISTANCE_UNITS,
  FULFILMENT_CENTER_ADDRESS,
  MASS_UNITS,
  createShippingLabel,
  quoteShippingLabel,
  type DistanceUnit,
  type MassUnit,
  type Rate,
  type ShippingLabelDetail,
} from "@atelier/contracts/shipping";
import type { ResponseOf } from "@atelier/contracts";
import { ApiError } from "@atelier/contracts";
import { request } from "../../api/client";
import { PageFrame } from "../../shell/page-frame";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { showToast } from "../../ui/toast-store";
import { AddressFields, type AddressForm } from "./address-fields";
import { dateText, placeOf, usd, weightText } from "./format";
import { downloadLabel } from "./label-download";
import "./shipping.css";

const blank: AddressForm = { name: "", email: "", addressLine1: "", addressLine2: "", city: "", state: "", stateCode: "", zipCode: "", phone: "", country: DEFAULT_COUNTRY, countryCode: DEFAULT_COUNTRY_CODE };
const center: AddressForm = { ...blank, ...FULFILMENT_CENTER_ADDRESS };

type ParcelForm = { weight: string; mass_unit: MassUnit; length: string; width: string; height: string; distance_unit: DistanceUnit };
type Quote = ResponseOf<typeof quoteShippingLabel>;

/** Field errors of a 400, keyed by the form's own paths (body.toAddress.zipCode → toAddress.zipCode). */
function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !err.details) return {};
  return Object.fromEntries(err.details.map((d) => [String(d.field ?? "").replace(/^body\./, ""), String(d.reason ?? "")]));
}

/** Create shipping label (fulfilment home): the spec's fields with lb and in by default, every carrier's rates, and a purchase confirmed with its amount. */
export function CreateLabelPage() {
  const [from, setFrom] = useState<AddressForm>(center);
  const [to, setTo] = useState<AddressForm>(blank);
  const [parcel, setParcel] = useState<ParcelForm>({ weight: "", mass_unit: "lb", length: "", width: "", height: "", distance_unit: "in" });
  const [notes, setNotes] = useState("");
  const [orderNumber, setOrderNumber] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [quote, setQuote] = useState<Quote | null>(null);
  const [chosen, setChosen] = useState<Rate | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [bought, setBought] = useState<ShippingLabelDetail | null>(null);
  const [buyKey, setBuyKey] = useState(() => crypto.randomUUID());

  const body = () => ({
    fromAddress: from,
    toAddress: to,
    parcel: { weight: Number(parcel.weight), mass_unit: parcel.mass_unit, length: Number(parcel.length), width: Number(parcel.width), height: Number(parcel.height), distance_unit: parcel.distance_unit },
    notes,
    ...(orderNumber.trim() ? { orderNumber: Number(orderNumber) } : {}),
  });

  const onQuote = async (e: FormEvent) => {
    e.preventDefault();
    const missing: Record<string, string> = {};
    for (const k of ["weight", "length", "width", "height"] as const) if (!(Number(parcel[k]) > 0)) missing[`parcel.${k}`] = "Enter a number above 0.";
    if (orderNumber.trim() && !/^\d+$/.test(orderNumber.trim())) missing.orderNumber = "An order number is digits only.";
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const q = await request(quoteShippingLabel, { body: body() }, { quiet: true });
      setQuote(q);
      setChosen(q.rates[0] ?? null);
      setBuyKey(crypto.randomUUID());
    } catch (err) {
      setErrors(fieldErrors(err));
      if (!Object.keys(fieldErrors(err)).length) showToast(err instanceof ApiError ? err.message : "The quote failed. Try again in a moment.");
    } finally {
      setBusy(false);
    }
  };

  const onBuy = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      const label = await request(createShippingLabel, { body: { ...body(), serviceCode: chosen.serviceCode, carrier: chosen.carrier, expectedPriceCents: chosen.priceCents } }, { idempotencyKey: buyKey });
      setBought(label);
      setConfirming(false);
      showToast(`Label bought: ${label.trackingNumber}.`, "success");
    } catch (err) {
      setErrors(fieldErrors(err));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  const blockers = quote?.checks.filter((c) => c.level === "ERROR") ?? [];
  const setP = (k: keyof ParcelForm) => (e: { target: { value: string } }) => setParcel((p) => ({ ...p, [k]: e.target.value }));
  const gramsNote = parcel.mass_unit === "g" || parcel.mass_unit === "kg" ? Number(parcel.weight) > 0 ? weightText({ weight: Number(parcel.weight), mass_unit: parcel.mass_unit }) : "" : "";

  if (bought) {
    return (
      <PageFrame title="Create shipping label" chatPrompt={`Where is the parcel with tracking ${bought.trackingNumber}?`}>
        <section className="card ship-done" data-testid="label-bought">
          <h2>Label bought</h2>
          <p><strong>{bought.carrier} {bought.serviceName}</strong> to {bought.toAddress.name}, {placeOf(bought.toAddress)} for <strong>{usd(bought.priceCents)}</strong>.</p>
          <p>Tracking number <strong data-testid="tracking-number">{bought.trackingNumber}</strong>; expected by {dateText(bought.deliveryDate)}.</p>
          <div className="ship-actions">
            <button type="button" className="primary" onClick={() => void downloadLabel(bought.id, bought.trackingNumber, "pdf-4x6")}>Download PDF (4×6)</button>
            <button type="button" onClick={() => void downloadLabel(bought.id, bought.trackingNumber, "pdf-letter")}>Download PDF (letter)</button>
            <button type="button" onClick={() => void downloadLabel(bought.id, bought.trackingNumber, "zpl")}>Download ZPL</button>
            <Link to="/fulfillment-services/label-history">Label history</Link>
            <button type="button" onClick={() => { setBought(null); setQuote(null); setTo(blank); }}>Create another label</button>
          </div>
        </section>
      </PageFrame>
    );
  }

  return (
    <PageFrame title="Create shipping label" chatPrompt="How much to ship a 2 lb box to 94107?" actions={<Link to="/fulfillment-services/label-history">Label history</Link>}>
      <form className="ship-form" onSubmit={(e) => void onQuote(e)} noValidate>
        <div className="ship-addresses">
          <AddressFields legend="Ship from" prefix="fromAddress" value={from} errors={errors} onChange={setFrom} />
          <AddressFields legend="Ship to" prefix="toAddress" value={to} errors={errors} onChange={setTo} />
        </div>
        <fieldset className="ship-parcel">
          <legend>Parcel</legend>
          <label>Weight<input aria-label="Weight" inputMode="decimal" value={parcel.weight} onChange={setP("weight")} aria-invalid={Boolean(errors["parcel.weight"])} />{errors["parcel.weight"] && <span className="field-error">{errors["parcel.weight"]}</span>}</label>
          <label>Mass unit<select aria-label="Mass unit" value={parcel.mass_unit} onChange={setP("mass_unit")}>{MASS_UNITS.map((u) => <option key={u} value={u}>{u}</option>)}</select></label>
          <label>Length<input aria-label="Length" inputMode="decimal" value={parcel.length} onChange={setP("length")} aria-invalid={Boolean(errors["parcel.length"])} />{errors["parcel.length"] && <span className="field-error">{errors["parcel.length"]}</span>}</label>
          <label>Width<input aria-label="Width" inputMode="decimal" value={parcel.width} onChange={setP("width")} aria-invalid={Boolean(errors["parcel.width"])} />{errors["parcel.width"] && <span className="field-error">{errors["parcel.width"]}</span>}</label>
          <label>Height<input aria-label="Height" inputMode="decimal" value={parcel.height} onChange={setP("height")} aria-invalid={Boolean(errors["parcel.height"])} />{errors["parcel.height"] && <span className="field-error">{errors["parcel.height"]}</span>}</label>
          <label>Distance unit<select aria-label="Distance unit" value={parcel.distance_unit} onChange={setP("distance_unit")}>{DISTANCE_UNITS.map((u) => <option key={u} value={u}>{u}</option>)}</select></label>
          {gramsNote && <p className="muted ship-wide" data-testid="weight-in-pounds">{gramsNote}</p>}
          <label className="ship-wide">Notes (printed on the label)<textarea aria-label="Notes" value={notes} maxLength={500} onChange={(e) => setNotes(e.target.value)} /></label>
          <label>Order number (optional)<input aria-label="Order number" inputMode="numeric" value={orderNumber} onChange={(e) => setOrderNumber(e.target.value)} aria-invalid={Boolean(errors.orderNumber)} />{errors.orderNumber && <span className="field-error">{errors.orderNumber}</span>}</label>
        </fieldset>
        <button type="submit" className="primary" disabled={busy}>{busy && !confirming ? "Getting rates…" : "Get rates"}</button>
      </form>

      {quote && (
        <section className="card ship-quote" aria-label="Rates">
          <h2>Rates</h2>
          {quote.checks.map((c) => <p key={c.field + c.message} className={c.level === "ERROR" ? "field-error" : "ship-warning"} role={c.level === "ERROR" ? "alert" : undefined}>{c.message}</p>)}
          {quote.messages.map((m) => <p key={m.carrier} className="ship-warning">{m.message}</p>)}
          {quote.rates.length === 0 ? <p>No carrier can take this parcel.</p> : (
            <table className="ship-table" aria-label="Rate table">
              <thead><tr><th /><th>Service</th><th className="num">Price</th><th>Delivery</th><th className="cell-hide-narrow">Billed weight</th></tr></thead>
              <tbody>
                {quote.rates.map((r) => {
                  const id = `${r.carrier}-${r.serviceCode}`;
                  const selected = chosen?.carrier === r.carrier && chosen.serviceCode === r.serviceCode;
                  return (
                    <tr key={id} data-testid="rate-row" className={selected ? "ship-selected" : undefined} onClick={() => setChosen(r)}>
                      <td><input type="radio" name="rate" aria-label={`${r.carrier} ${r.serviceName}`} checked={selected} onChange={() => setChosen(r)} /></td>
                      <td>{r.carrier} {r.serviceName}{r.surcharges.length ? <div className="muted">{r.surcharges.map((s) => `${s.name} ${usd(s.amountCents)}`).join(", ")}</div> : null}</td>
                      <td className="num">{usd(r.priceCents)}</td>
                      <td>{r.estimatedDays} business day{r.estimatedDays === 1 ? "" : "s"} · by {dateText(r.deliveryDate)}</td>
                      <td className="cell-hide-narrow">{r.billedWeightLb} lb · {r.zone}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          <button type="button" className="primary" disabled={!chosen || blockers.length > 0 || busy} onClick={() => setConfirming(true)}>
            {chosen ? `Buy ${chosen.serviceName.toLowerCase()} label for ${usd(chosen.priceCents)}` : "Choose a rate"}
          </button>
        </section>
      )}

      {confirming && chosen && (
        <ConfirmDialog title="Buy this label?" confirmLabel={busy ? "Buying…" : `Pay ${usd(chosen.priceCents)}`} busy={busy} onConfirm={() => void onBuy()} onCancel={() => setConfirming(false)}>
          <p data-testid="buy-summary">
            Your card will be charged <strong>{usd(chosen.priceCents)}</strong> for the {chosen.carrier} {chosen.serviceName.toLowerCase()} label to <strong>{to.name}</strong>, {to.addressLine1}, {placeOf({ ...to, countryCode: to.countryCode.toUpperCase() })}, arriving by {dateText(chosen.deliveryDate)}.
          </p>
        </ConfirmDialog>
      )}
    </PageFrame>
  );
}
