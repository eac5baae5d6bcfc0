import { useEffect, useState } from "react";
import { compareQuotesByProject } from "@atelier/contracts/inbox/contracts";
import type { ResponseOf } from "@atelier/contracts/contract";
import type { InboxPort } from "./inbox-port";
import { QuoteComparisonCard } from "./quote-tool-cards";

const PAGE = 5;

/**
 * The store's quotes compared per custom project (tech pack): one landed-cost table per project,
 * the latest quoted first, paged and searched on the server.
 */
export function QuoteComparisons({ port }: { port: InboxPort }) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const [data, setData] = useState<ResponseOf<typeof compareQuotesByProject> | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(() => {
      port.call(compareQuotesByProject, { query: { page, size: PAGE, ...(search.trim() ? { search: search.trim() } : {}) } }).then(
        (r) => {
          if (!live) return;
          setData(r);
          setError(null);
        },
        () => live && setError("The quotes could not be compared. Try again."),
      );
    }, search ? 250 : 0);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [port, search, page]);
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE)) : 1;
  return (
    <section className="quote-comparisons" aria-label="Quotes compared per tech pack">
      <p className="muted">Each custom project's latest quote from every supplier, landed in the United States: unit price plus duty from the tariff data plus a freight estimate, cheapest first.</p>
      <input type="search" aria-label="Search projects" placeholder="Search by project" value={search} onChange={(e) => { setSearch(e.target.value); setPage(0); }} />
      {error && <p role="alert" className="error">{error}</p>}
      {data?.list.map((c) => (
        <article key={c.project.id} className="card quote-comparison" aria-label={`Quotes for ${c.project.title}`}>
          <h3>{c.project.title}{c.project.quantity ? <span className="muted"> · {c.project.quantity.toLocaleString("en-US")} units wanted</span> : null}</h3>
          <QuoteComparisonCard title={c.project.title} rows={c.rows} cheapestQuoteId={c.cheapestQuoteId} />
        </article>
      ))}
      {data && data.list.length === 0 && <p className="muted">{search ? "No project's quotes match." : "No quotes yet. Suppliers answer your custom project requests here in the inbox."}</p>}
      {pages > 1 && (
        <nav className="inbox-file-pages" aria-label="Pages of projects">
          <button type="button" className="button" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>Previous</button>
          <span className="muted">Page {page + 1} of {pages}</span>
          <button type="button" className="button" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>Next</button>
        </nav>
      )}
    </section>
  );
}
