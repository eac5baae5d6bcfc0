import { Link } from "react-router";
import { SCORECARD_SORTS, getSupplierScorecard, listSupplierScorecards, type ScorecardSort, type SupplierScorecard } from "@atelier/contracts/supplier-scorecards";
import { useApi } from "../../api/use-api";
import { roleCan } from "../../session/roles";
import { useSession } from "../../session/session-store";
import { PageFrame } from "../../shell/page-frame";
import { InboxTabs } from "../../ui/inbox-tabs";
import { FilterTabs, ListToolbar, Pager, SortSelect, listQueryOf, useAddressPatch } from "../../ui/list-controls";
import { SupplierScorecardCard, ratePercent, reliabilityWords } from "../../ui/supplier-scorecard";
import "../../ui/kit.css";

const PAGE_SIZE = 20;
const FILTERS = ["ALL", "LATE"] as const;
type Filter = (typeof FILTERS)[number];
const FILTER_LABELS: Record<Filter, string> = { ALL: "All suppliers", LATE: "Delivered late" };
const SORT_LABELS: Record<ScorecardSort, string> = { MOST_RELIABLE: "Most reliable first", LEAST_RELIABLE: "Least reliable first", MOST_LATE: "Most often late first", NAME: "Name" };

/** Reads the list's state from the address (tab, search, sort, page). */
export const scorecardsQueryOf = (params: URLSearchParams) => listQueryOf(params, FILTERS, SCORECARD_SORTS, { filter: "ALL", sort: "MOST_RELIABLE" });

function Figure({ figure }: { figure: SupplierScorecard["onTime"] }) {
  return <><strong>{ratePercent(figure)}</strong><span className="muted scorecard-words">{figure.words}</span></>;
}

/**
 * Supplier scorecards (/inbox/supplier-scorecards): the store's suppliers ranked by how they
 * delivered on its own records, beside "My suppliers" in the sourcing inbox; ranked, searched and
 * paged on the server. `?supplier=<name>` opens one supplier's full card below the list.
 */
export function SupplierScorecardsPage() {
  const session = useSession();
  // The API refuses CX (sourcing.use), and a refused call would end the session: say so instead.
  if (!roleCan(session.storeRecord?.role ?? session.role ?? "CX", "sourcing.use")) {
    return <PageFrame title="Supplier scorecards"><p className="card">Supplier scorecards are for the owners and admins who source; ask one of them for a supplier's record.</p></PageFrame>;
  }
  return <ScorecardList />;
}

function ScorecardList() {
  const { params, update } = useAddressPatch({ keepPageFor: ["supplier", "name"] });
  const q = scorecardsQueryOf(params);
  const list = useApi(listSupplierScorecards, { query: { sort: q.sort, page: q.page, size: PAGE_SIZE, lateOnly: q.filter === "LATE" ? "true" : "false", ...(q.search ? { search: q.search } : {}) } });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  // A listed supplier opens by id (the assistant's "this supplier"); one known only by name, by its name.
  const openedId = params.get("supplier");
  const openedByName = rows.find((r) => !r.supplierId && r.name === params.get("name"));
  return (
    <PageFrame title="Supplier scorecards" chatPrompt="Which of my suppliers ships late?">
      <InboxTabs />
      <p className="muted">How each supplier has delivered for you, from your own purchases, receivings and quality checks. A figure needs at least 3 deliveries, shipments or inspections before it shows a rate.</p>
      <FilterTabs filters={FILTERS} labels={FILTER_LABELS} current={q.filter} label="Supplier filters" onPick={(f) => update({ filter: f })} />
      <ListToolbar search={q.search} label="Search suppliers" placeholder="Supplier name" onSearch={(text) => update({ q: text })}>
        <SortSelect sorts={SCORECARD_SORTS} labels={SORT_LABELS} current={q.sort} fallback="MOST_RELIABLE" label="Sort suppliers" onSort={(sort) => update({ sort })} />
      </ListToolbar>
      {list.data && total === 0 ? (
        <p className="card" data-testid="scorecards-empty">
          {q.search ? `No supplier matches "${q.search}".` : q.filter === "LATE" ? "None of your suppliers has delivered late." : "No suppliers on record yet. Scorecards come from your purchases from suppliers and the receivings you announce with a supplier's name."}
        </p>
      ) : (
        <table className="list-table scorecards-table" aria-label="Supplier scorecards" aria-busy={list.loading}>
          <thead>
            <tr>
              <th>Supplier</th>
              <th>Score</th>
              <th>On time</th>
              <th>Units arrived sound</th>
              <th>Quality checks passed</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.supplierId ?? s.name} data-testid="scorecard-row" data-name={s.name}>
                <td>
                  {s.supplierId ? <Link to={`/supplier-profile/${s.supplierId}`}>{s.name}</Link> : <span>{s.name}</span>}
                  <div><button type="button" className="link-button" onClick={() => update(s.supplierId ? { supplier: s.supplierId, name: null } : { name: s.name, supplier: null })}>Full scorecard</button></div>
                </td>
                <td><span className="narrow-label">Score </span>{reliabilityWords(s)}</td>
                <td><span className="narrow-label">On time </span><Figure figure={s.onTime} /></td>
                <td className="cell-hide-narrow"><Figure figure={s.accuracy} /></td>
                <td className="cell-hide-narrow"><Figure figure={s.qcPass} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={q.page} size={PAGE_SIZE} total={total} onPage={(page) => update({ page })} />
      {openedId ? <OpenedById supplierId={openedId} onClose={() => update({ supplier: null })} /> : openedByName && <Opened scorecard={openedByName} onClose={() => update({ name: null })} />}
    </PageFrame>
  );
}

function Opened({ scorecard, onClose }: { scorecard: SupplierScorecard; onClose: () => void }) {
  return (
    <div className="card" id="opened-scorecard">
      <SupplierScorecardCard scorecard={scorecard} title={`Your record with ${scorecard.name}`} />
      <button type="button" onClick={onClose}>Close</button>
    </div>
  );
}

function OpenedById({ supplierId, onClose }: { supplierId: string; onClose: () => void }) {
  const card = useApi(getSupplierScorecard, { params: { supplierId } });
  return card.data ? <Opened scorecard={card.data} onClose={onClose} /> : null;
}
