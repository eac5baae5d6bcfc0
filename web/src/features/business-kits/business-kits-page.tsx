import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { reportCreationUsage } from "../../ui/creation-usage";
import { createBrandKit, listBrandKitExamples, listBrandKits, FALLBACK_TAG_COLORS } from "@atelier/contracts/brand-kits";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import "./business-kits.css";

const PAGE_SIZE = 24;

/** /business-kits: the kit flow's first step (SELECT_CATEGORY: an example or your own category), and the store's kits. */
export function BusinessKitsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const page = Math.max(0, Number.parseInt(params.get("page") ?? "0", 10) || 0);
  const kits = useApi(listBrandKits, { query: { size: PAGE_SIZE, page, ...(search ? { search } : {}) } });
  const examples = useApi(listBrandKitExamples, {});
  const [category, setCategory] = useState("");
  const [description, setDescription] = useState("");
  const [busy, setBusy] = useState(false);
  const [searchText, setSearchText] = useState(search);

  const create = async (body: Parameters<typeof request<typeof createBrandKit>>[1]["body"]) => {
    setBusy(true);
    try {
      const { id } = await request(createBrandKit, { body }, { idempotencyKey: crypto.randomUUID() });
      reportCreationUsage("business_kit_create", "example" in body ? body.example : `${body.category}: ${body.productDescription}`);
      void navigate(`/business-kits/${id}`);
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void create({ category: category.trim(), productDescription: description.trim() });
  };
  const total = kits.data?.total ?? 0;
  return (
    <PageFrame title="Business kits" chatPrompt="Make me a business kit for a small-batch hot sauce brand">
      <section className="bk-start" aria-labelledby="bk-start-title">
        <h2 id="bk-start-title">Start a new kit</h2>
        <p className="muted">Pick an example or describe your product: we write brand ideas, a mood board, market research from the marketplace and product ideas.</p>
        <div className="bk-examples">
          {(examples.data?.list ?? []).map((ex, i) => (
            <button key={ex.key} type="button" className="bk-example" style={{ background: FALLBACK_TAG_COLORS[i % FALLBACK_TAG_COLORS.length] }} disabled={busy} onClick={() => void create({ example: ex.key as "activewear" })}>
              <strong>{ex.category}</strong>
              <span>{ex.productDescription}</span>
            </button>
          ))}
        </div>
        <form className="bk-form" onSubmit={onSubmit}>
          <label>Category<input value={category} onChange={(e) => setCategory(e.target.value)} placeholder="e.g. Coffee & tea" maxLength={120} required /></label>
          <label>What will you sell?<textarea value={description} onChange={(e) => setDescription(e.target.value)} placeholder="e.g. Small-batch hot sauces with bold regional flavours" maxLength={2000} rows={2} required /></label>
          <button type="submit" className="primary" disabled={busy || !category.trim() || !description.trim()}>{busy ? "Creating…" : "Create my kit"}</button>
        </form>
      </section>
      <section aria-labelledby="bk-list-title">
        <div className="bk-list-head">
          <h2 id="bk-list-title">Your kits{kits.data ? ` (${total})` : ""}</h2>
          <form className="bk-search" onSubmit={(e) => { e.preventDefault(); setParams(searchText.trim() ? { q: searchText.trim() } : {}); }}>
            <input type="search" aria-label="Search kits" placeholder="Search kits" value={searchText} onChange={(e) => setSearchText(e.target.value)} maxLength={100} />
            <button type="submit">Search</button>
          </form>
        </div>
        {kits.data && kits.data.list.length === 0 && <p className="muted">{search ? "No kit matches that search." : "No kits yet: start one above."}</p>}
        <ul className="bk-cards">
          {(kits.data?.list ?? []).map((k) => (
            <li key={k.id}>
              <Link to={`/business-kits/${k.id}`} className="bk-card">
                {k.thumbnail ? <img src={k.thumbnail} alt="" /> : <div className="bk-card-blank" />}
                <strong>{k.brandName ?? k.category}</strong>
                <span className="muted">{k.category}</span>
                <span className="bk-swatches">{k.palette.map((c) => <i key={c} style={{ background: c }} />)}</span>
              </Link>
            </li>
          ))}
        </ul>
        {total > PAGE_SIZE && (
          <div className="bk-pager">
            <button type="button" disabled={page === 0} onClick={() => setParams({ ...(search ? { q: search } : {}), page: String(page - 1) })}>Previous</button>
            <span>Page {page + 1} of {Math.ceil(total / PAGE_SIZE)}</span>
            <button type="button" disabled={(page + 1) * PAGE_SIZE >= total} onClick={() => setParams({ ...(search ? { q: search } : {}), page: String(page + 1) })}>Next</button>
          </div>
        )}
      </section>
    </PageFrame>
  );
}
