import { useState, type FormEvent, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import "./list-controls.css";

/**
 * The pieces every server-paged list screen shares (orders, inventory, receivings, labels): its
 * state lives in the address, so a tab, search, sort and page can be linked, kept on reload and read
 * by the assistant's screen context. Each screen keeps its own columns and words.
 */

export type ListQuery<F extends string, S extends string> = { filter: F; search: string; sort: S; page: number };

/** Reads a list's tab, search, sort and page from the address; unknown values fall back to the defaults. */
export function listQueryOf<F extends string, S extends string>(
  params: URLSearchParams,
  filters: readonly F[],
  sorts: readonly S[],
  defaults: { filter: F; sort: S },
): ListQuery<F, S> {
  const filter = filters.find((f) => f === params.get("filter")) ?? defaults.filter;
  const sort = sorts.find((s) => s === params.get("sort")) ?? defaults.sort;
  const page = Math.max(0, Math.min(100_000, Number.parseInt(params.get("page") ?? "0", 10) || 0));
  return { filter, search: (params.get("q") ?? "").slice(0, 100), sort, page };
}

/**
 * Changes some of the address's parameters (null or "" removes one). Any change other than the page
 * itself (or one of `keepPageFor`, e.g. the dialog a row opens) goes back to the first page.
 */
export function useAddressPatch(opts: { keepPageFor?: readonly string[]; onChange?: () => void } = {}) {
  const [params, setParams] = useSearchParams();
  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    const keepsPage = "page" in patch || (opts.keepPageFor ?? []).some((k) => k in patch);
    if (!keepsPage) next.delete("page");
    opts.onChange?.();
    setParams(next);
  };
  return { params, setParams, update };
}

/** The list's tabs, each with its count once the list has loaded. The first filter is the default and leaves the address. */
export function FilterTabs<F extends string>(props: {
  filters: readonly F[];
  labels: Record<F, string>;
  current: F;
  counts?: Partial<Record<F, number>>;
  label: string;
  onPick: (filter: F | null) => void;
}) {
  const [first] = props.filters;
  return (
    <div className="list-tabs tabs" role="tablist" aria-label={props.label}>
      {props.filters.map((f) => (
        <button key={f} type="button" role="tab" aria-selected={f === props.current} className={`tab${f === props.current ? " tab-current" : ""}`} onClick={() => props.onPick(f === first ? null : f)}>
          {props.labels[f]}{props.counts ? ` (${(props.counts[f] ?? 0).toLocaleString("en-US")})` : ""}
        </button>
      ))}
    </div>
  );
}

/** A search box (sent on submit) beside whatever else the list is narrowed by (a sort, a status). */
export function ListToolbar(props: { search: string; label: string; placeholder: string; onSearch: (text: string | null) => void; children?: ReactNode }) {
  const [text, setText] = useState(props.search);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSearch(text.trim() || null);
  };
  return (
    <div className="list-toolbar">
      <form role="search" onSubmit={submit} className="list-search">
        <input type="search" aria-label={props.label} placeholder={props.placeholder} value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
        <button type="submit">Search</button>
      </form>
      {props.children}
    </div>
  );
}

/** The sort menu; the default sort leaves the address. */
export function SortSelect<S extends string>(props: { sorts: readonly S[]; labels: Record<S, string>; current: S; fallback: S; label: string; onSort: (sort: S | null) => void }) {
  return (
    <label>
      Sort{" "}
      <select aria-label={props.label} value={props.current} onChange={(e) => props.onSort(e.target.value === props.fallback ? null : (e.target.value as S))}>
        {props.sorts.map((s) => <option key={s} value={s}>{props.labels[s]}</option>)}
      </select>
    </label>
  );
}

/**
 * "26–50 of 73" with Previous and Next; shown only when the list has rows. `more` says the total
 * is a floor (a search counted up to a cap): "1–25 of more than 1,000", and Next stays open.
 */
export function Pager(props: { page: number; size: number; total: number; more?: boolean; onPage: (page: string | null) => void }) {
  const { page, size, total, more = false } = props;
  if (total <= 0) return null;
  const n = (x: number) => x.toLocaleString("en-US");
  const end = more ? (page + 1) * size : Math.min(total, (page + 1) * size);
  return (
    <nav className="list-pager" aria-label="Pages">
      <span className="muted" data-testid="list-range">{n(page * size + 1)}–{n(end)} of {more ? `more than ${n(total)}` : n(total)}</span>
      <button type="button" disabled={page === 0} onClick={() => props.onPage(page > 1 ? String(page - 1) : null)}>Previous</button>
      <button type="button" disabled={!more && (page + 1) * size >= total} onClick={() => props.onPage(String(page + 1))}>Next</button>
    </nav>
  );
}
