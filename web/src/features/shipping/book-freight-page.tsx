import { useState, type FormEvent } from "react";
import { ApiError, type ResponseOf } from "@atelier/contracts";
import { FREIGHT_ORIGINS, createFreightBooking, quoteFreight, type FreightOption, type FreightOriginCode } from "@atelier/contracts/shipping";
import { request } from "../../api/client";
import { invalidate } from "../../api/query-cache";
import { PageFrame } from "../../shell/page-frame";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { showToast } from "../../ui/toast-store";
import { useAddressPatch } from "../../ui/list-controls";
import { dateText } from "./format";
import { FreightBookings, modeInSentence, money } from "./freight-bookings";
import "./shipping.css";

type Quote = ResponseOf<typeof quoteFreight>;
type GoodsForm = { sku: string; description: string; hsCode: string; units: string; value: string };
type CargoForm = { origin: FreightOriginCode; cartons: string; weightKg: string; volumeCbm: string; goods: GoodsForm[] };

const blankGoods: GoodsForm = { sku: "", description: "", hsCode: "", units: "", value: "" };
const blank: CargoForm = { origin: "CNSZX", cartons: "", weightKg: "", volumeCbm: "", goods: [blankGoods] };
const GOODS_FIELDS = [["sku", "SKU", "MUG-BLUE"], ["description", "Goods", "Ceramic mugs"], ["hsCode", "HS code", "6912.00.44"], ["units", "Units", "600"], ["value", "Value (US$)", "1500"]] as const;

/** Field errors of a 400 keyed by the form's paths (body.goods.0.hsCode → goods.0.hsCode; valueCents is typed in dollars). */
function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !err.details) return {};
  return Object.fromEntries(err.details.map((d) => [String(d.field ?? "").replace(/^body\./, "").replace(/valueCents$/, "value"), String(d.reason ?? "")]));
}

/**
 * Book a freight shipment (000 §2.2, from the fulfilment home): cargo from an origin port to the
 * fulfilment center, a quote by air, LCL and FCL with the duty of the goods, a booking confirmed
 * with its price and route before the card is charged, and the bookings with their timelines.
 */
export function BookFreightPage() {
  const { update } = useAddressPatch({ keepPageFor: ["booking"] });
  const [form, setForm] = useState<CargoForm>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [quote, setQuote] = useState<Quote | null>(null);
  const [chosen, setChosen] = useState<FreightOption | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // One key per confirmed booking: a retry of the same click books (and charges) once.
  const [bookKey, setBookKey] = useState(() => crypto.randomUUID());

  const body = () => ({
    origin: form.origin, cartons: Number(form.cartons), weightKg: Number(form.weightKg), volumeCbm: Number(form.volumeCbm),
    goods: form.goods.map((g) => ({ sku: g.sku, description: g.description, hsCode: g.hsCode, units: Number(g.units), valueCents: Math.round(Number(g.value) * 100) })),
  });
  const set = (k: "origin" | "cartons" | "weightKg" | "volumeCbm") => (e: { target: { value: string } }) => {
    setForm({ ...form, [k]: e.target.value });
    setQuote(null);
  };
  const setGoods = (i: number, k: keyof GoodsForm, value: string) => {
    setForm({ ...form, goods: form.goods.map((g, j) => (j === i ? { ...g, [k]: value } : g)) });
    setQuote(null);
  };

  const onQuote = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const q = await request(quoteFreight, { body: body() }, { quiet: true });
      setQuote(q);
      setChosen(q.options[0] ?? null);
    } catch (err) {
      setErrors(fieldErrors(err));
      if (!Object.keys(fieldErrors(err)).length) showToast(err instanceof ApiError ? err.message : "The quote could not be made. Try again in a moment.");
    } finally {
      setBusy(false);
    }
  };

  const onBook = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      const b = await request(createFreightBooking, { body: { ...body(), mode: chosen.mode, expectedPriceCents: chosen.priceCents } }, { idempotencyKey: bookKey, quiet: true });
      showToast(`Freight booked: ${modeInSentence(b.modeName)} from ${b.origin.name} for ${money(b.priceCents)}, arriving about ${dateText(b.arrivalDate)}.`, "success");
      setForm(blank);
      setQuote(null);
      setChosen(null);
      setBookKey(crypto.randomUUID());
      invalidate(["shipping"]);
      update({ booking: b.id });
    } catch (err) {
      showToast(err instanceof ApiError ? err.message : "The freight could not be booked. Try again in a moment.");
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const origin = FREIGHT_ORIGINS.find((o) => o.code === form.origin)!;
  const err = (k: string) => errors[k] && <span className="field-error">{errors[k]}</span>;
  return (
    <PageFrame title="Book a freight shipment" chatPrompt="How much to ship 20 cartons from Shenzhen by sea?">
      <form className="ship-parcel freight-form card" onSubmit={(e) => void onQuote(e)} aria-label="Cargo" noValidate>
        <legend className="ship-wide">Cargo to the fulfilment center in San Francisco (port of Oakland)</legend>
        <label className="freight-origin">Origin port or city
          <select aria-label="Origin" value={form.origin} onChange={set("origin")}>
            {FREIGHT_ORIGINS.map((o) => <option key={o.code} value={o.code}>{`${o.name}, ${o.country} (${o.code})`}</option>)}
          </select>
          {err("origin")}
        </label>
        <label>Cartons<input aria-label="Cartons" inputMode="numeric" value={form.cartons} onChange={set("cartons")} aria-invalid={Boolean(errors.cartons)} />{err("cartons")}</label>
        <label>Gross weight (kg)<input aria-label="Gross weight in kg" inputMode="decimal" value={form.weightKg} onChange={set("weightKg")} aria-invalid={Boolean(errors.weightKg)} />{err("weightKg")}</label>
        <label>Volume (m³)<input aria-label="Volume in cubic metres" inputMode="decimal" value={form.volumeCbm} onChange={set("volumeCbm")} aria-invalid={Boolean(errors.volumeCbm)} />{err("volumeCbm")}</label>
        <fieldset className="ship-wide freight-goods">
          <legend>What is in the cartons (one line per SKU; each becomes a line of the receiving)</legend>
          {form.goods.map((g, i) => (
            <div key={i} className="freight-goods-row" data-testid="goods-row">
              {GOODS_FIELDS.map(([k, label, example]) => (
                <label key={k}>{label}
                  <input aria-label={`${label}, line ${i + 1}`} placeholder={example} value={g[k]} inputMode={k === "units" || k === "value" ? "decimal" : undefined} onChange={(e) => setGoods(i, k, e.target.value)} aria-invalid={Boolean(errors[`goods.${i}.${k}`])} />
                  {err(`goods.${i}.${k}`)}
                </label>
              ))}
              {form.goods.length > 1 && <button type="button" className="link-button" onClick={() => setForm({ ...form, goods: form.goods.filter((_, j) => j !== i) })}>Remove</button>}
            </div>
          ))}
          {err("goods")}
          {form.goods.length < 50 && <button type="button" onClick={() => setForm({ ...form, goods: [...form.goods, blankGoods] })}>Add goods</button>}
        </fieldset>
        <div className="ship-wide ship-actions">
          <button type="submit" className="primary" disabled={busy}>{busy && !confirming ? "Getting quotes…" : "Get freight quotes"}</button>
          <span className="muted">Nothing is booked until you confirm the price.</span>
        </div>
      </form>

      {quote && (
        <section className="card ship-quote" aria-label="Freight quotes">
          <h2>{`From ${quote.origin.name}, ${quote.origin.country} to ${quote.destination.name}`}</h2>
          <p className="muted">{`Chargeable weight for air: ${quote.chargeableWeightKg.toLocaleString("en-US")} kg (the larger of the gross weight and the volume ÷ 6,000 cm³ a kg).`}</p>
          <table className="ship-table" aria-label="Freight options">
            <thead><tr><th /><th>Mode</th><th className="num">Price</th><th>Arrives</th><th className="cell-hide-narrow">How it is priced</th></tr></thead>
            <tbody>
              {quote.options.map((o) => (
                <tr key={o.mode} data-testid="freight-option" className={chosen?.mode === o.mode ? "ship-selected" : undefined} onClick={() => setChosen(o)}>
                  <td><input type="radio" name="freight-mode" aria-label={o.modeName} checked={chosen?.mode === o.mode} onChange={() => setChosen(o)} /></td>
                  <td>{o.modeName}</td>
                  <td className="num">{money(o.priceCents)}</td>
                  <td>{`${o.transitDays} days · about ${dateText(o.arrivalDate)}`}</td>
                  <td className="cell-hide-narrow">{o.basis}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>Estimated duty</h3>
          <table className="ship-table" aria-label="Estimated duty">
            <thead><tr><th>SKU</th><th className="cell-hide-narrow">HS code</th><th className="num">Rate</th><th className="num">Duty</th></tr></thead>
            <tbody>
              {quote.duty.lines.map((l) => (
                <tr key={l.sku} data-testid="duty-row">
                  <td>{l.sku}<div className="muted">{l.note}</div></td>
                  <td className="cell-hide-narrow">{l.hsCode}</td>
                  <td className="num">{l.ratePercent === null ? "Unknown" : `${l.ratePercent}%`}</td>
                  <td className="num">{l.dutyCents === null ? "Not estimated" : money(l.dutyCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted" data-testid="duty-basis">{quote.duty.basis}</p>
          <button type="button" className="primary" disabled={!chosen || busy} onClick={() => setConfirming(true)}>
            {chosen ? `Book ${modeInSentence(chosen.modeName)} for ${money(chosen.priceCents)}` : "Choose a mode"}
          </button>
        </section>
      )}

      {confirming && chosen && quote && (
        <ConfirmDialog title="Book this freight?" confirmLabel={busy ? "Booking…" : `Pay ${money(chosen.priceCents)}`} busy={busy} onConfirm={() => void onBook()} onCancel={() => setConfirming(false)}>
          <p data-testid="freight-confirm">
            Your card will be charged <strong>{money(chosen.priceCents)}</strong> for {modeInSentence(chosen.modeName)} of {form.cartons} carton{form.cartons === "1" ? "" : "s"} from <strong>{origin.name}, {origin.country}</strong> to the fulfilment center in San Francisco, arriving about {dateText(chosen.arrivalDate)}.
          </p>
          <p className="muted">{quote.duty.basis}</p>
        </ConfirmDialog>
      )}

      <FreightBookings />
    </PageFrame>
  );
}
