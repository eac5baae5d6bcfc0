import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { bulkUpdateAiIdeas, listAiIdeas, IDEATION_SORTS, IDEATION_SORT_LABELS, type IdeationSummary } from "@atelier/contracts/ideation";
import { request } from "../../api/client";
import { errorSentence } from "../../api/error-catalogue";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { showToast } from "../../ui/toast-store";
import "./ideation.css";

const PAGE_SIZE = 10;
const when = (iso: string) => new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

/** /your-ideations — saved ideations, searched, sorted and paged on the server; archive or restore several at once. */
export function YourIdeationsPage() {
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<(typeof IDEATION_SORTS)[number]>("-updatedAt");
  const [search, setSearch] = useState("");
  const [searchText, setSearchText] = useState("");
  const [archived, setArchived] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const list = useApi(listAiIdeas, { query: { page, size: PAGE_SIZE, sort, includeArchived: archived ? "true" : "false", ...(search ? { search } : {}) } });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const rows = list.data?.list ?? [];

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setPage(0);
    setChosen([]);
    setSearch(searchText.trim());
  };
  const chosenRows = rows.filter((r) => chosen.includes(r.id));
  const archiving = !chosenRows.every((r) => r.isArchived);
  const apply = async () => {
    setBusy(true);
    try {
      const r = await request(bulkUpdateAiIdeas, { body: { ids: chosen, isArchived: archiving } }, { idempotencyKey: crypto.randomUUID() });
      showToast(`${r.updated} ideation${r.updated === 1 ? "" : "s"} ${archiving ? "archived" : "restored"}.`, "success");
      setChosen([]);
      list.reload();
    } catch {
      // The request client said what went wrong.
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const toggle = (r: IdeationSummary) => setChosen((c) => (c.includes(r.id) ? c.filter((x) => x !== r.id) : [...c, r.id]));

  return (
    <PageFrame title="Your ideations" chatPrompt="Show my ideations" actions={<Link className="button primary" to="/product-ideation">Open ideation</Link>}>
      <section className="card" aria-labelledby="ideations-title">
        <h2 id="ideations-title">Saved ideations{list.data ? ` (${total})` : ""}</h2>
        <div className="ideations-tools">
          <form className="search-box" role="search" onSubmit={onSearch}>
            <input type="search" aria-label="Search ideations" placeholder="Search by name or idea" value={searchText} maxLength={100} onChange={(e) => setSearchText(e.target.value)} />
            <button type="submit">Search</button>
          </form>
          <label className="ideations-sort">
            Sort
            <select value={sort} onChange={(e) => { setSort(e.target.value as typeof sort); setPage(0); }}>
              {IDEATION_SORTS.map((s) => <option key={s} value={s}>{IDEATION_SORT_LABELS[s]}</option>)}
            </select>
          </label>
          <label className="choice">
            <input type="checkbox" checked={archived} onChange={(e) => { setArchived(e.target.checked); setPage(0); setChosen([]); }} />
            Show archived
          </label>
        </div>
        {list.error ? <p role="alert">{errorSentence(list.error, "Your ideations could not be loaded.")}</p> : null}
        {list.data && rows.length === 0 ? <p className="hint">{search ? `No ideation matches “${search}”.` : "Ideations you start on the Product ideation screen appear here."}</p> : null}
        {chosen.length > 0 ? (
          <div className="ideations-bulk" role="region" aria-label="Chosen ideations">
            <span>{chosen.length} chosen</span>
            <button type="button" onClick={() => setConfirming(true)} disabled={busy}>{archiving ? "Archive" : "Restore"} {chosen.length}</button>
          </div>
        ) : null}
        <ul className="ideations-list" aria-label="Saved ideations">
          {rows.map((r) => (
            <li key={r.id} className="ideation-row">
              <input type="checkbox" aria-label={`Choose ${r.title || "Untitled ideation"}`} checked={chosen.includes(r.id)} onChange={() => toggle(r)} />
              <div className="ideation-row-body">
                <Link to={`/product-ideation/${r.id}`} className="ideation-row-title">{r.title || "Untitled ideation"}</Link>
                <p className="hint">
                  {r.ideaCount} idea{r.ideaCount === 1 ? "" : "s"}
                  {r.selectedTitles.length ? ` · picked: ${r.selectedTitles.join(", ")}` : ""}
                  {r.submittedAt ? " · submitted for crowdfunding" : ""}
                  {r.isArchived ? " · archived" : ""} · changed {when(r.updatedAt)}
                </p>
              </div>
            </li>
          ))}
        </ul>
        {total > PAGE_SIZE ? (
          <div className="load-more">
            <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>Previous</button>
            <span>Page {page + 1} of {pages}</span>
            <button type="button" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>Next</button>
          </div>
        ) : null}
      </section>
      {confirming ? (
        <ConfirmDialog title={`${archiving ? "Archive" : "Restore"} ${chosen.length} ideation${chosen.length === 1 ? "" : "s"}?`} confirmLabel={archiving ? "Archive" : "Restore"} busy={busy} onConfirm={() => void apply()} onCancel={() => setConfirming(false)}>
          <p>{chosenRows.map((r) => r.title || "Untitled ideation").join(", ")} {archiving ? "leave your list; you can restore them from Show archived." : "come back to your list."}</p>
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}
