import { useState } from "react";
import { Link } from "react-router";
import { askAboutReturns, draftReturnQuestion, formatMeasure, type ReportParamsInput } from "@atelier/contracts/analytics/index";
import type { ResponseOf } from "@atelier/contracts/contract";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";

type Sent = ResponseOf<typeof askAboutReturns>;

/**
 * From a product's row of the return-rate report: ask its supplier (or, with none on record, the
 * fulfilment center) about the returns. The draft shows the recipient, the figures and a message the
 * user can edit; nothing is sent until the button naming the recipient is pressed.
 */
export function ReturnQuestion({ product, query, asOf }: { product: string; query: ReportParamsInput; asOf?: string }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return <div className="save-list"><button type="button" onClick={() => setOpen(true)}>Ask the supplier about returns</button></div>;
  }
  return <ReturnQuestionDraft product={product} query={query} asOf={asOf} onCancel={() => setOpen(false)} />;
}

function ReturnQuestionDraft({ product, query, asOf, onCancel }: { product: string; query: ReportParamsInput; asOf?: string; onCancel: () => void }) {
  const range = { from: query.from, to: query.to, ...(asOf && { asOf }) };
  const draft = useApi(draftReturnQuestion, { query: { product, ...range } });
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const d = draft.data;
  if (!d) return draft.loading ? <p role="status">Preparing the question…</p> : null;
  const text = message ?? d.message;
  const toSupplier = d.recipient.kind === "SUPPLIER";
  if (sent) {
    return (
      <p role="status" className="return-question">
        Sent to {toSupplier ? sent.recipient.name : `the fulfilment center as ticket ${sent.reference}`}. <Link to={sent.link}>{toSupplier ? "Open the conversation" : "Open the ticket"}</Link>
      </p>
    );
  }
  const send = async () => {
    setBusy(true);
    try {
      setSent(await request(askAboutReturns, { body: { product, ...range, recipient: d.recipient.kind, message: text } }, { idempotencyKey: crypto.randomUUID() }));
    } catch {
      // The request client showed the reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="return-question" aria-labelledby="return-question-title">
      <h3 id="return-question-title">Ask about the returns of {d.product}</h3>
      <p>
        {formatMeasure(d.figures.returnedUnits, "count")} of {formatMeasure(d.figures.units, "count")} units came back ({formatMeasure(d.figures.returnRate, "percent")}, {formatMeasure(d.figures.returnedValueCents, "money")}).
      </p>
      <p>
        To: <strong>{d.recipient.name}</strong>
        {toSupplier ? ", in your inbox conversation with them." : `, as a warehouse ticket${d.orderNumber !== null ? ` about order #${d.orderNumber}` : ""}: no supplier is on record for this product's stock.`}
      </p>
      <label>
        Message
        <textarea rows={5} value={text} maxLength={4000} onChange={(e) => setMessage(e.target.value)} />
      </label>
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>Cancel</button>
        <button type="button" className="primary" disabled={busy || text.trim().length < 3} onClick={() => void send()}>Send to {d.recipient.name}</button>
      </div>
    </section>
  );
}
