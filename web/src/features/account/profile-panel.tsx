import { useState, type FormEvent } from "react";
import { stores } from "../../api/contracts";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { showToast } from "../../ui/toast-store";
import { setStoreRecord, getSession } from "../../session/session-store";
import { fieldSentences } from "../../ui/field-errors";

/** The store's profile: title, description, website, contact email and phone. */
export function ProfilePanel() {
  const profile = useApi(stores.getStoreProfile, {});
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  if (!profile.data) return <div className="card"><h2>Profile</h2><p className="muted">{profile.loading ? "Loading…" : "The profile could not be loaded."}</p></div>;
  const p = profile.data;

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (name: string) => {
      const v = String(form.get(name) ?? "").trim();
      return v === "" ? null : v;
    };
    setBusy(true);
    setFieldErrors({});
    try {
      const saved = await request(stores.updateStoreProfile, {
        body: { title: text("title") ?? p.title, description: text("description"), website: text("website"), contactEmail: text("contactEmail"), phone: text("phone") },
      }, { quiet: true });
      profile.setData(saved);
      const record = getSession().storeRecord;
      if (record) setStoreRecord({ ...record, title: saved.title });
      showToast("Profile saved.", "success");
    } catch (err) {
      const { form, ...byField } = fieldSentences(err, "The profile could not be saved. Please try again.");
      setFieldErrors(byField);
      if (form) showToast(form);
    } finally {
      setBusy(false);
    }
  }
  const err = (n: string) => fieldErrors[n] && <span className="field-error">{fieldErrors[n]}</span>;
  return (
    <div className="card" id="account-profile">
      <h2>Profile</h2>
      <form className="form" onSubmit={(e) => void save(e)}>
        <label>Store name<input name="title" defaultValue={p.title} required maxLength={100} />{err("title")}</label>
        <label>Description<textarea name="description" defaultValue={p.description ?? ""} maxLength={2000} rows={3} />{err("description")}</label>
        <label>Website<input name="website" defaultValue={p.website ?? ""} placeholder="https://" />{err("website")}</label>
        <label>Contact email<input name="contactEmail" type="email" defaultValue={p.contactEmail ?? ""} />{err("contactEmail")}</label>
        <label>Phone<input name="phone" defaultValue={p.phone ?? ""} />{err("phone")}</label>
        <button className="button primary" type="submit" disabled={busy}>Save profile</button>
      </form>
    </div>
  );
}
