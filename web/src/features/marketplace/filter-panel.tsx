import { useState } from "react";
import { VERTICALS, getSupplierCountryInfo, listCatalogCategories } from "@atelier/contracts/marketplace";
import { REGIONS, SOURCING_COUNTRIES } from "@atelier/contracts/domain";
import { useApi } from "../../api/use-api";
import { HOME_TAB_LABELS } from "./home-tabs";
import {
  FILTER_OPTIONS, ONE_CHOICE_FILTERS, REGION_LABELS, activeFilterCount, clearFilters, type MarketplaceState, type OneChoiceFilter, type Region,
} from "./marketplace-state";

type Props = { state: MarketplaceState; onChange: (patch: Partial<MarketplaceState>) => void; onReplace: (next: MarketplaceState) => void };

/** Every marketplace filter of 000 §9, bound to the state in the URL. */
export function FilterPanel({ state, onChange, onReplace }: Props) {
  const tree = useApi(listCatalogCategories, { query: {} });
  const countries = useApi(getSupplierCountryInfo, {});
  const vertical = tree.data?.list.find((v) => v.vertical === state.vertical);
  const group = vertical?.children.find((g) => g.key === state.group || String(g.id) === state.group);
  const countryOptions = countries.data?.list.map((c) => ({ code: c.countryCode, name: `${c.countryName} (${c.supplierCount})` })) ?? SOURCING_COUNTRIES.map((c) => ({ code: c, name: c }));
  const toggle = <T extends string>(list: T[], value: T): T[] => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  const count = activeFilterCount(state);
  const [open, setOpen] = useState(false);

  return (
    <aside className={`filter-panel card${open ? " filters-open" : ""}`} id="marketplace-filters" aria-label="Filters">
      <div className="section-head">
        <strong>Filters</strong>
        {count > 0 && <button type="button" className="link-button" onClick={() => onReplace(clearFilters(state))}>Clear filters ({count})</button>}
        {/* On a phone the filters fold away so the results come first; this button is shown there only. */}
        <button type="button" className="filters-toggle" aria-expanded={open} aria-controls="marketplace-filters" onClick={() => setOpen(!open)}>{open ? "Hide filters" : "Show filters"}</button>
      </div>
      <label>
        Category
        <select aria-label="Vertical" value={state.vertical ?? ""} onChange={(e) => onChange({ vertical: (e.target.value || undefined) as MarketplaceState["vertical"] })}>
          <option value="">All areas</option>
          {VERTICALS.map((v) => <option key={v} value={v}>{HOME_TAB_LABELS[v]}</option>)}
        </select>
      </label>
      {vertical && vertical.children.length > 0 && (
        <label>
          Group
          <select aria-label="Group" value={group?.key ?? ""} onChange={(e) => onChange({ group: e.target.value || undefined })}>
            <option value="">All of {vertical.title}</option>
            {vertical.children.map((g) => <option key={g.id} value={g.key}>{g.title}</option>)}
          </select>
        </label>
      )}
      {group && group.children.length > 0 && (
        <label>
          Subgroup
          <select aria-label="Subgroup" value={group.children.find((s) => s.key === state.subgroup || String(s.id) === state.subgroup)?.key ?? ""} onChange={(e) => onChange({ subgroup: e.target.value || undefined })}>
            <option value="">All of {group.title}</option>
            {group.children.map((s) => <option key={s.id} value={s.key}>{s.title}</option>)}
          </select>
        </label>
      )}
      {ONE_CHOICE_FILTERS.map((key) => <OneChoice key={key} filter={key} value={state[key]} onChange={(v) => onChange({ [key]: v } as Partial<MarketplaceState>)} />)}
      <fieldset>
        <legend>Region</legend>
        {REGIONS.map((r: Region) => (
          <label key={r} className="choice"><input type="checkbox" checked={state.regions.includes(r)} onChange={() => onChange({ regions: toggle(state.regions, r) })} /> {REGION_LABELS[r]}</label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Country</legend>
        {countryOptions.map((c) => (
          <label key={c.code} className="choice"><input type="checkbox" checked={state.countryCodes.includes(c.code)} onChange={() => onChange({ countryCodes: toggle(state.countryCodes, c.code) })} /> {c.name}</label>
        ))}
      </fieldset>
      <label className="choice"><input type="checkbox" checked={state.onlineOnly} onChange={(e) => onChange({ onlineOnly: e.target.checked })} /> Online now only</label>
    </aside>
  );
}

function OneChoice({ filter, value, onChange }: { filter: OneChoiceFilter; value: string | undefined; onChange: (v: string | undefined) => void }) {
  const spec = FILTER_OPTIONS[filter];
  return (
    <fieldset>
      <legend>{spec.label}</legend>
      {filter !== "samplePrice" && <label className="choice"><input type="radio" name={filter} checked={!value} onChange={() => onChange(undefined)} /> Any</label>}
      {Object.entries(spec.options).map(([key, label]) => (
        <label key={key} className="choice">
          <input type="radio" name={filter} checked={key === "ALL" ? !value : value === key} onChange={() => onChange(key === "ALL" ? undefined : key)} /> {label}
        </label>
      ))}
    </fieldset>
  );
}
