import { useCallback, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { createSupplierInvite, listMySuppliers } from "@atelier/contracts/sourcing-agent";
import { request } from "../../api/client";
import { PageFrame } from "../../shell/page-frame";
import { formatRelativeTime } from "../../format/format";
import { usePaged } from "../../ui/use-paged";
import { LoadMore } from "../../ui/load-more";
import { fieldErrors } from "../../ui/field-errors";
import { InboxTabs } from "../../ui/inbox-tabs";
import "../../ui/kit.css";

const RELATION_LABELS = { INVITED: "Invited", CONTACTED: "Contacted", PURCHASED: "Bought from" } as const;

/** My suppliers (/inbox/my-suppliers): those the store invited, contacted or bought from; invite another. */
export function MySuppliersPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get("searchTerm") ?? "";
  const [text, setText] = useState(search);
  const load = useCallback((page: number) => request(listMySuppliers, { query: { page, size: 20, search: search || undefined } }), [search]);
  const suppliers = usePaged(load, search);
  return (
    <PageFrame title="My suppliers" chatPrompt="Which suppliers have I worked with?">
      <InboxTabs />
      <div className="grid two">
        <div>
          <form className="search-box" role="search" onSubmit={(e) => { e.preventDefault(); setParams(text.trim() ? { searchTerm: text.trim() } : {}); }}>
            <input type="search" aria-label="Search my suppliers" placeholder="Name or email" value={text} maxLength={200} onChange={(e) => setText(e.target.value)} />
            <button type="submit">Search</button>
          </form>
          {suppliers.total === 0 && <p className="card">No suppliers yet. Order a sample from the marketplace, or invite a supplier you already work with.</p>}
          <ul className="order-list">
            {suppliers.items.map((s) => (
              <li key={s.id} className="card order-row" data-testid="my-supplier">
                <div className="section-head">
                  {s.supplierId ? <Link to={`/supplier-profile/${s.supplierId}`} className="card-title">{s.name}</Link> : <strong>{s.name}</strong>}
                  <span className="chips">{s.relations.map((r) => <span key={r} className="chip">{RELATION_LABELS[r]}</span>)}</span>
                </div>
                <span className="muted">
                  {[s.countryCode, s.email, s.phoneNumber, s.website].filter(Boolean).join(" · ")} · last {formatRelativeTime(s.lastInteractionAt)}
                </span>
              </li>
            ))}
          </ul>
          <LoadMore hasMore={suppliers.hasMore} loading={suppliers.loading} onMore={suppliers.loadMore} shown={suppliers.items.length} total={suppliers.total} />
        </div>
        <InviteForm onInvited={suppliers.reload} />
      </div>
    </PageFrame>
  );
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const [values, setValues] = useState({ name: "", website: "", email: "", phoneNumber: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setDone(null);
    try {
      const invite = await request(createSupplierInvite, { body: values }, { quiet: true, idempotencyKey: crypto.randomUUID() });
      setDone(`${invite.name} is invited; our team will reach out to them.`);
      setValues({ name: "", website: "", email: "", phoneNumber: "" });
      onInvited();
    } catch (err) {
      setErrors(fieldErrors(err, "The invite could not be sent."));
    } finally {
      setBusy(false);
    }
  };
  const field = (key: keyof typeof values, label: string, type = "text") => (
    <label>
      {label}
      <input type={type} value={values[key]} required onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))} aria-invalid={Boolean(errors[key])} />
      {errors[key] && <span className="field-error">{errors[key]}</span>}
    </label>
  );
  return (
    <form className="form card" onSubmit={(e) => void submit(e)} noValidate aria-label="Invite a supplier">
      <strong>Invite a supplier you work with</strong>
      {field("name", "Company name")}
      {field("website", "Website", "url")}
      {field("email", "Email", "email")}
      {field("phoneNumber", "Phone", "tel")}
      {errors.form && <p className="form-error" role="alert">{errors.form}</p>}
      {done && <p role="status">{done}</p>}
      <button type="submit" className="primary" disabled={busy}>Send invite</button>
    </form>
  );
}
