import { useState } from "react";
import type { z } from "zod";
import { setInvoiceShippingAddress, type creatorInvoiceSchema, type shippingAddressSchema } from "@atelier/contracts/purchasing";
import { request } from "../../api/client";
import { fieldErrors } from "../../ui/field-errors";

type Address = z.infer<typeof shippingAddressSchema>;
type Invoice = z.infer<typeof creatorInvoiceSchema>;
const FIELDS: { key: keyof Address; label: string; required: boolean; autoComplete: string }[] = [
  { key: "name", label: "Full name", required: true, autoComplete: "name" },
  { key: "line1", label: "Address line 1", required: true, autoComplete: "address-line1" },
  { key: "line2", label: "Address line 2", required: false, autoComplete: "address-line2" },
  { key: "city", label: "City", required: true, autoComplete: "address-level2" },
  { key: "state", label: "State / region", required: false, autoComplete: "address-level1" },
  { key: "postalCode", label: "Postal code", required: true, autoComplete: "postal-code" },
  { key: "countryCode", label: "Country code", required: true, autoComplete: "country" },
  { key: "phone", label: "Phone", required: false, autoComplete: "tel" },
];

/** Where the supplier ships an invoice's items; saved on the invoice. */
export function ShippingForm({ invoiceId, initial, onSaved, submitLabel = "Continue to payment" }: { invoiceId: string; initial: Address | null; onSaved: (invoice: Invoice) => void; submitLabel?: string }) {
  const [values, setValues] = useState<Record<keyof Address, string>>(() => {
    const a = initial;
    return { name: a?.name ?? "", line1: a?.line1 ?? "", line2: a?.line2 ?? "", city: a?.city ?? "", state: a?.state ?? "", postalCode: a?.postalCode ?? "", countryCode: a?.countryCode ?? "US", phone: a?.phone ?? "" };
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const opt = (v: string) => (v.trim() ? v.trim() : null);
      const invoice = await request(
        setInvoiceShippingAddress,
        { params: { id: invoiceId }, body: { name: values.name, line1: values.line1, line2: opt(values.line2), city: values.city, state: opt(values.state), postalCode: values.postalCode, countryCode: values.countryCode, phone: opt(values.phone) } },
        { quiet: true, idempotencyKey: crypto.randomUUID() },
      );
      onSaved(invoice);
    } catch (err) {
      setErrors(fieldErrors(err, "The address could not be saved."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-label="Shipping address">
      {FIELDS.map((f) => {
        // US addresses need a state for the carrier; elsewhere it is optional.
        const required = f.required || (f.key === "state" && values.countryCode.trim().toUpperCase() === "US");
        return (
        <label key={f.key}>
          {f.label}{required ? "" : " (optional)"}
          <input value={values[f.key]} autoComplete={f.autoComplete} required={required} onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))} aria-invalid={Boolean(errors[f.key])} />
          {errors[f.key] && <span className="field-error">{errors[f.key]}</span>}
        </label>
        );
      })}
      {errors.form && <p className="form-error" role="alert">{errors.form}</p>}
      <button type="submit" className="primary" disabled={busy}>{submitLabel}</button>
    </form>
  );
}
