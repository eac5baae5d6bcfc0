import { useAui } from "@assistant-ui/react";
import type { QuoteComparisonRow, QuoteStatus } from "@atelier/contracts/inbox/contracts";
import { formatUsd } from "../../format/format";
import "./quote-tool-cards.css";

// The chat's cards for the quote tools (issue 18): each quote with its state, and for the store's
// open ones Accept and Counter buttons that ask the assistant in words, so the accept or counter
// goes through the copilot's own approval (which names the supplier and the amount) like a typed request.

/** A quote as its card shows it. */
export type QuoteCardRow = {
  id: string;
  supplierName: string;
  title: string;
  status: QuoteStatus;
  unitPriceCents: number;
  quantity: number;
  moq: number;
  leadTimeDays: number;
  totalCents: number;
  /** The store may answer it now. */
  storeToAnswer: boolean;
  landedCostCents: number | null;
};

const STATUS_WORDS: Record<QuoteStatus, string> = { PROPOSED: "Proposed", COUNTERED: "Countered", ACCEPTED: "Accepted", DECLINED: "Declined", EXPIRED: "Expired" };
const usd = (cents: number) => formatUsd(cents / 100);

/** Buttons that put the request in the assistant's composer: Accept sends it, Counter waits for the price. */
function QuoteActions({ supplierName, title }: { supplierName: string; title: string }) {
  // The thread's composer: inside a message, `aui.composer` is that message's edit composer.
  const composer = useAui().thread().composer();
  return (
    <span className="tool-quote-actions">
      <button
        type="button"
        onClick={() => {
          composer.setText(`Accept the quote from ${supplierName} for ${title}`);
          composer.send();
        }}
      >
        Accept…
      </button>
      <button type="button" onClick={() => composer.setText(`Counter ${supplierName} at $`)}>
        Counter…
      </button>
    </span>
  );
}

export function QuotesCard({ quotes }: { quotes: QuoteCardRow[] }) {
  if (!quotes.length) return <span className="muted">No quotes yet.</span>;
  return (
    <>
      {quotes.slice(0, 5).map((q) => (
        <div key={q.id} className="tool-row tool-quote" data-testid="card-quote">
          <div>
            <strong>{q.supplierName}</strong> <span className="muted">· {q.title} · {STATUS_WORDS[q.status]}</span>
          </div>
          <div>
            {usd(q.unitPriceCents)} a unit × {q.quantity.toLocaleString("en-US")} = {usd(q.totalCents)} · MOQ {q.moq.toLocaleString("en-US")} · {q.leadTimeDays} days
            {q.landedCostCents !== null && <span className="muted"> · landed {usd(q.landedCostCents)} a unit</span>}
          </div>
          {q.storeToAnswer && <QuoteActions supplierName={q.supplierName} title={q.title} />}
        </div>
      ))}
    </>
  );
}

/** compare_quotes: one row per supplier, cheapest landed first, as the tool answers. */
export function QuoteComparisonCard({ title, rows, cheapestQuoteId }: { title: string; rows: QuoteComparisonRow[]; cheapestQuoteId: string | null }) {
  if (!rows.length) return <span className="muted">No quotes for {title} yet.</span>;
  const cell = (cents: number | null) => (cents === null ? "unknown" : usd(cents));
  return (
    <div className="tool-table-scroll">
      <table className="tool-table" aria-label={`Quotes for ${title}`}>
        <thead>
          <tr><th>Supplier</th><th className="num">Unit</th><th className="num">Duty</th><th className="num">Freight</th><th className="num">Landed</th><th className="num">MOQ</th><th className="num">Days</th></tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.quoteId} data-testid="card-comparison-row" className={r.quoteId === cheapestQuoteId ? "is-best" : undefined}>
              <td>{r.supplierName}{r.quoteId === cheapestQuoteId ? " (cheapest)" : ""}</td>
              <td className="num">{usd(r.unitPriceCents)}</td>
              <td className="num">{cell(r.dutyPerUnitCents)}</td>
              <td className="num">{cell(r.freightPerUnitCents)}</td>
              <td className="num"><strong>{cell(r.landedCostCents)}</strong></td>
              <td className="num">{r.moq.toLocaleString("en-US")}</td>
              <td className="num">{r.leadTimeDays}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
