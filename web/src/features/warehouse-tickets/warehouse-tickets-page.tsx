import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import {
  TICKET_FILTERS, TICKET_STATUS_LABELS, TICKET_TYPES, TICKET_TYPE_LABELS, closeWarehouseTicket, createWarehouseTicket, getWarehouseTicket, listWarehouseTickets, replyWarehouseTicket,
  type TicketFilter, type TicketType, type WarehouseTicketDetail,
} from "@atelier/contracts/warehouse-tickets";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { FilterTabs, ListToolbar, Pager, listQueryOf, useAddressPatch } from "../../ui/list-controls";
import { formatRelativeTime } from "../../format/format";
import { uploadAttachment } from "../../ui/upload";
import { useLiveWarehouseTickets } from "../../realtime/use-live-warehouse-tickets";
import "./warehouse-tickets.css";

const PAGE_SIZE = 20;
const FILTER_LABELS: Record<TicketFilter, string> = { ALL: "All", OPEN: "Waiting for the warehouse", ANSWERED: "Answered", CLOSED: "Closed" };

/**
 * Warehouse tickets (/fulfillment-services/warehouse-tickets): the store's questions to its
 * fulfilment center by tab, searched and paged on the server; `?ticket=WT-1001` opens one's
 * conversation in place, `?new=1&order=1043` the form to open one about an order.
 */
export function WarehouseTicketsPage() {
  useLiveWarehouseTickets();
  const { params, update } = useAddressPatch({ keepPageFor: ["ticket", "new"] });
  const { filter, search, page } = listQueryOf(params, TICKET_FILTERS, ["-updatedAt"] as const, { filter: "ALL", sort: "-updatedAt" });
  const open = params.get("ticket");
  const list = useApi(listWarehouseTickets, { query: { filter, page, size: PAGE_SIZE, ...(search ? { search } : {}) } });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  return (
    <PageFrame title="Warehouse tickets" chatPrompt="What's the status of my tickets with the warehouse?" actions={<button type="button" className="primary" onClick={() => update({ new: "1", ticket: null })}>Open a ticket</button>}>
      <p className="muted wt-lead">Questions to the fulfilment center about your orders: returns, missing or broken items, lost parcels, holds and wholesale requirements. The warehouse answers here.</p>
      {params.get("new") && <NewTicketForm orderRef={params.get("order") ?? ""} typeRef={params.get("new") ?? ""} onDone={(sn) => update({ new: null, order: null, ticket: sn })} onCancel={() => update({ new: null, order: null })} />}
      {open && <TicketConversation sn={open} onClose={() => update({ ticket: null })} />}
      <FilterTabs filters={TICKET_FILTERS} labels={FILTER_LABELS} current={filter} counts={list.data?.counts} label="Ticket filters" onPick={(f) => update({ filter: f })} />
      <ListToolbar search={search} label="Search tickets" placeholder="Ticket number, subject or order number" onSearch={(q) => update({ q })} />
      {list.data && rows.length === 0 && <p className="card" data-testid="tickets-empty">{search ? `No tickets match "${search}".` : filter === "ALL" ? "No tickets yet. Open one when the warehouse should look at an order." : `No tickets are ${FILTER_LABELS[filter].toLowerCase()}.`}</p>}
      <ul className="wt-list" aria-busy={list.loading}>
        {rows.map((t) => (
          <li key={t.id} className={`card wt-row${t.sn === open ? " wt-row-open" : ""}`} data-testid="ticket-row" data-sn={t.sn}>
            <div className="wt-row-head">
              <button type="button" className="link-button" onClick={() => update({ ticket: t.sn, new: null })}><strong>{t.sn}</strong> {t.subject}</button>
              <span className={`badge wt-status-${t.status.toLowerCase()}`}>{TICKET_STATUS_LABELS[t.status]}</span>
            </div>
            <span className="muted">
              {TICKET_TYPE_LABELS[t.type]}{t.orderNumber !== null ? <> · <Link to={`/order-details/${t.orderId}`}>order #{t.orderNumber}</Link></> : ""} · {t.messageCount} message{t.messageCount === 1 ? "" : "s"} · {formatRelativeTime(t.updatedAt)}
            </span>
            {t.lastMessage && <span className="wt-excerpt">{t.lastMessage.author === "WAREHOUSE" ? "Warehouse" : "You"}: {t.lastMessage.excerpt}</span>}
          </li>
        ))}
      </ul>
      {total > PAGE_SIZE && <Pager page={page} size={PAGE_SIZE} total={total} onPage={(p) => update({ page: p })} />}
    </PageFrame>
  );
}

/** Files chosen with a form, uploaded one by one; their ids go with the message. */
async function uploadAll(files: FileList | null): Promise<string[]> {
  const ids: string[] = [];
  for (const f of Array.from(files ?? [])) ids.push((await uploadAttachment(f)).id);
  return ids;
}

/** `typeRef` is the `new` parameter: a ticket type there (?new=WHOLESALE_ORDER_REQUIREMENTS from the wholesale page) is chosen already. */
function NewTicketForm({ orderRef, typeRef, onDone, onCancel }: { orderRef: string; typeRef: string; onDone: (sn: string) => void; onCancel: () => void }) {
  const [type, setType] = useState<TicketType | "">((TICKET_TYPES as readonly string[]).includes(typeRef) ? (typeRef as TicketType) : "");
  const [order, setOrder] = useState(orderRef);
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [files, setFiles] = useState<FileList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!type) return setError("Choose what the ticket is about.");
    if (!order.trim() && type !== "WHOLESALE_ORDER_REQUIREMENTS") return setError("Enter the order number the ticket is about.");
    if (subject.trim().length < 3) return setError("Give the ticket a subject of at least 3 characters.");
    if (!message.trim()) return setError("Write what the warehouse should know or do.");
    setBusy(true);
    setError(null);
    try {
      const uploadIds = await uploadAll(files);
      const t = await request(createWarehouseTicket, { body: { type, subject: subject.trim(), message: message.trim(), uploadIds, ...(order.trim() ? { orderId: order.trim() } : {}) } }, { idempotencyKey: crypto.randomUUID() });
      onDone(t.sn);
    } catch {
      // The request client (or the upload) has shown why.
      setBusy(false);
    }
  };
  return (
    <form className="card wt-form" aria-label="New ticket" onSubmit={(e) => void submit(e)}>
      <h2>Open a ticket</h2>
      <label>About
        <select aria-label="Ticket type" value={type} onChange={(e) => setType(e.target.value as TicketType | "")}>
          <option value="">Choose…</option>
          {TICKET_TYPES.map((t) => <option key={t} value={t}>{TICKET_TYPE_LABELS[t]}</option>)}
        </select>
      </label>
      <label>Order number <input aria-label="Order number" value={order} maxLength={40} inputMode="numeric" placeholder="e.g. 1043" onChange={(e) => setOrder(e.target.value)} /></label>
      <label className="wt-wide">Subject <input aria-label="Subject" value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value)} /></label>
      <label className="wt-wide">Message <textarea aria-label="Message" value={message} maxLength={4000} rows={4} onChange={(e) => setMessage(e.target.value)} /></label>
      <label className="wt-wide">Photos or documents <input aria-label="Attach files" type="file" multiple onChange={(e) => setFiles(e.target.files)} /></label>
      {error && <p className="field-error wt-wide" role="alert">{error}</p>}
      <div className="dialog-actions wt-wide">
        <button type="button" onClick={onCancel}>Cancel</button>
        <button type="submit" className="primary" disabled={busy}>{busy ? "Sending…" : "Send to the warehouse"}</button>
      </div>
    </form>
  );
}

function TicketConversation({ sn, onClose }: { sn: string; onClose: () => void }) {
  const ticket = useApi(getWarehouseTicket, { params: { sn } });
  const t = ticket.data;
  if (!t) return <section className="card wt-detail" aria-busy={ticket.loading}>{ticket.loading ? "Loading the ticket…" : "This ticket could not be loaded."}</section>;
  return (
    <section className="card wt-detail" aria-label={`Ticket ${t.sn}`} data-testid="ticket-detail" data-status={t.status}>
      <div className="wt-row-head">
        <h2>{t.sn}: {t.subject}</h2>
        <button type="button" className="link-button" onClick={onClose}>Close panel</button>
      </div>
      <p className="muted">{TICKET_TYPE_LABELS[t.type]}{t.orderNumber !== null ? <> · <Link to={`/order-details/${t.orderId}`}>order #{t.orderNumber}</Link></> : ""} · <span data-testid="ticket-status">{TICKET_STATUS_LABELS[t.status]}</span></p>
      <ol className="wt-messages">
        {t.messages.map((m) => (
          <li key={m.id} className={`wt-message wt-from-${m.author.toLowerCase()}`} data-testid="ticket-message" data-author={m.author}>
            <span className="muted">{m.author === "WAREHOUSE" ? "Fulfilment center" : (m.authorName ?? "Your team")} · {formatRelativeTime(m.createdAt)}</span>
            <p>{m.body}</p>
            {m.attachments.map((a) => <a key={a.uploadId} href={a.url} target="_blank" rel="noreferrer">{a.fileName}</a>)}
          </li>
        ))}
      </ol>
      {t.status !== "CLOSED" && <ReplyForm ticket={t} onChanged={ticket.setData} />}
    </section>
  );
}

function ReplyForm({ ticket, onChanged }: { ticket: WarehouseTicketDetail; onChanged: (t: WarehouseTicketDetail) => void }) {
  const [message, setMessage] = useState("");
  const [files, setFiles] = useState<FileList | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async (fn: () => Promise<WarehouseTicketDetail>) => {
    setBusy(true);
    try {
      onChanged(await fn());
      setMessage("");
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  const reply = (e: FormEvent) => {
    e.preventDefault();
    if (!message.trim()) return;
    void act(async () => request(replyWarehouseTicket, { params: { sn: ticket.sn }, body: { message: message.trim(), uploadIds: await uploadAll(files) } }, { idempotencyKey: crypto.randomUUID() }));
  };
  return (
    <form className="wt-reply" aria-label="Reply" onSubmit={reply}>
      <textarea aria-label="Your reply" value={message} maxLength={4000} rows={3} onChange={(e) => setMessage(e.target.value)} />
      <input aria-label="Attach files to the reply" type="file" multiple onChange={(e) => setFiles(e.target.files)} />
      <div className="dialog-actions">
        <button type="button" disabled={busy} onClick={() => void act(() => request(closeWarehouseTicket, { params: { sn: ticket.sn }, body: {} }, { idempotencyKey: crypto.randomUUID() }))}>Close the ticket</button>
        <button type="submit" className="primary" disabled={busy || !message.trim()}>Send reply</button>
      </div>
    </form>
  );
}
