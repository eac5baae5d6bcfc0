import type { LabelAddressInput } from "@atelier/contracts/shipping";

export type AddressForm = Required<Pick<LabelAddressInput, "name" | "email" | "addressLine1" | "addressLine2" | "city" | "state" | "stateCode" | "zipCode" | "phone" | "country" | "countryCode">>;

const FIELDS: { key: keyof AddressForm; label: string; wide?: boolean; max: number; autoComplete?: string }[] = [
  { key: "name", label: "Name", max: 100, autoComplete: "name" },
  { key: "email", label: "Email (optional)", max: 200, autoComplete: "email" },
  { key: "addressLine1", label: "Address line 1", wide: true, max: 120, autoComplete: "address-line1" },
  { key: "addressLine2", label: "Address line 2 (optional)", wide: true, max: 120, autoComplete: "address-line2" },
  { key: "city", label: "City", max: 80, autoComplete: "address-level2" },
  { key: "state", label: "State", max: 80 },
  { key: "stateCode", label: "State code", max: 10 },
  { key: "zipCode", label: "ZIP code", max: 16, autoComplete: "postal-code" },
  { key: "phone", label: "Phone (optional)", max: 32, autoComplete: "tel" },
  { key: "country", label: "Country", max: 80 },
  { key: "countryCode", label: "Country code", max: 2 },
];

/** One address of a label (001 §3): every field of the spec, country United States of America / US by default. */
export function AddressFields({ legend, prefix, value, errors, onChange }: { legend: string; prefix: string; value: AddressForm; errors: Record<string, string>; onChange: (next: AddressForm) => void }) {
  return (
    <fieldset className="ship-address">
      <legend>{legend}</legend>
      {FIELDS.map((f) => {
        const error = errors[`${prefix}.${f.key}`];
        return (
          <label key={f.key} className={f.wide ? "ship-wide" : undefined}>
            {f.label}
            <input aria-label={`${legend}: ${f.label}`} value={value[f.key]} maxLength={f.max} autoComplete={f.autoComplete} aria-invalid={Boolean(error)} onChange={(e) => onChange({ ...value, [f.key]: e.target.value })} />
            {error && <span className="field-error">{error}</span>}
          </label>
        );
      })}
    </fieldset>
  );
}
