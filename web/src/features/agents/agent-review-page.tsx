import { useCallback, useEffect, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { getSuppliersByIds } from "@atelier/contracts/marketplace";
import { agentClient, agentErrorStatus } from "../../chat/agent-client";
import { request } from "../../api/client";
import { formatUsd } from "../../format/format";
import { SupplierCard, type Supplier } from "../../ui/cards";
import { AgentPageFrame } from "./agent-page-frame";
import { agentPageOf, threadStorageKey, type AgentPage } from "./agent-pages";
import { listAgentThreads, type AgentThread } from "./agent-threads";
import { AttachmentChips } from "./attachment-chips";
import { GoalCard } from "./goal-card";
import { chatAttachmentType } from "./attachment-types";
import { applyReviewEdits, parseFacts, reviewFields, type ReviewField } from "./review-form";
import "../../ui/kit.css";

/** The review pages' part of the sourcing agent state (001 §3). */
export type ReviewValues = {
  eventItemType?: string;
  attachments?: { url: string; name?: string; contentType?: string }[];
  matchedFactories?: { inNetworkIds: string[]; expandedIds: string[] };
  reviewForm?: Record<string, unknown>;
  tariffCountry?: { name: string; code: string } | null;
  perUnitPrice?: number | null;
  productMoq?: number | null;
  techPackId?: string | null;
};

/** /sourcing-agent-review, /tariff-rate-agent-review, /packaging-agent-review: what the agent has gathered in a thread. */
export function AgentReviewPage() {
  const page = agentPageOf(useLocation().pathname);
  return (
    <AgentPageFrame page={page} title={`${page.title}: review`} action={<Link className="button" to={page.chatPath}>Back to the chat</Link>}>
      <AgentReview key={page.assistant} page={page} />
    </AgentPageFrame>
  );
}

function AgentReview({ page }: { page: AgentPage }) {
  const [search, setSearch] = useSearchParams();
  const threadId = search.get("id") ?? window.localStorage.getItem(threadStorageKey(page.assistant)) ?? "";
  const [threads, setThreads] = useState<AgentThread[]>([]);
  const [values, setValues] = useState<ReviewValues | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    listAgentThreads(page.assistant).then(setThreads, () => setThreads([]));
  }, [page.assistant]);
  useEffect(() => {
    if (!threadId) return;
    let live = true;
    setError(null);
    agentClient()
      .threads.getState<ReviewValues>(threadId)
      .then(
        (s) => live && setValues(s.values ?? {}),
        // The agent server answers 404 for an unknown thread and for another user's alike.
        (e: unknown) => live && setError(agentErrorStatus(e) === 404 ? "This conversation does not exist or is not yours." : "The conversation could not be loaded."),
      );
    return () => {
      live = false;
    };
  }, [threadId, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);

  if (!threadId) {
    return <p className="card">No conversation yet. <Link to={page.chatPath}>Start one with the {page.title.toLowerCase()}</Link>; what it gathers shows up here.</p>;
  }
  return (
    <div className="grid" data-testid="agent-review">
      {threads.length > 1 && (
        <label className="agent-thread-pick">
          Conversation
          <select value={threadId} onChange={(e) => setSearch({ id: e.target.value })}>
            {!threads.some((t) => t.threadId === threadId) && <option value={threadId}>This conversation</option>}
            {threads.map((t) => <option key={t.threadId} value={t.threadId}>{t.title}</option>)}
          </select>
        </label>
      )}
      {error && <p className="form-error" role="alert">{error}</p>}
      {!values && !error && <p role="status">Loading…</p>}
      {values && (
        <>
          {page.assistant !== "tariff-rate-agent" && <GoalCard threadId={threadId} refresh={tick} />}
          <Facts values={values} />
          <MatchedFactories ids={values.matchedFactories ?? { inNetworkIds: [], expandedIds: [] }} />
          {!!values.attachments?.length && (
            <section className="card" aria-label="Attachments">
              <strong>Attachments</strong>
              <AttachmentChips list={values.attachments.map((a) => ({ url: a.url, name: a.name ?? a.url.split("/").pop() ?? a.url, type: a.contentType ?? chatAttachmentType(a.name ?? a.url) }))} />
            </section>
          )}
          <ReviewForm key={threadId} threadId={threadId} values={values} onSaved={reload} />
        </>
      )}
    </div>
  );
}

function Facts({ values }: { values: ReviewValues }) {
  return (
    <dl className="card agent-facts" data-testid="agent-facts">
      <div><dt>Tariff country</dt><dd data-testid="tariff-country">{values.tariffCountry ? `${values.tariffCountry.name} (${values.tariffCountry.code})` : "Not set yet"}</dd></div>
      <div><dt>Per-unit price</dt><dd data-testid="per-unit-price">{typeof values.perUnitPrice === "number" ? formatUsd(values.perUnitPrice) : "Not set yet"}</dd></div>
      <div><dt>MOQ</dt><dd data-testid="product-moq">{typeof values.productMoq === "number" ? values.productMoq.toLocaleString("en-US") : "Not set yet"}</dd></div>
    </dl>
  );
}

function MatchedFactories({ ids }: { ids: { inNetworkIds: string[]; expandedIds: string[] } }) {
  const all = [...ids.inNetworkIds, ...ids.expandedIds];
  const key = all.join(",");
  const [suppliers, setSuppliers] = useState<Supplier[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!key) return;
    let live = true;
    // At most 100 ids per call (the contract's limit); the agent matches far fewer.
    request(getSuppliersByIds, { params: { ids: key.split(",").slice(0, 100).join(",") } }, { quiet: true }).then(
      (r) => live && setSuppliers(r.list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [key]);
  if (!all.length) return <section className="card" aria-label="Matched factories"><strong>Matched factories</strong><p className="muted">None yet: ask the agent to match factories.</p></section>;
  const group = (label: string, list: string[]) => {
    const shown = (suppliers ?? []).filter((s) => list.includes(s.id));
    if (!list.length) return null;
    return (
      <div>
        <h3>{label} ({list.length})</h3>
        <div className="result-grid">{shown.map((s) => <SupplierCard key={s.id} supplier={s} />)}</div>
      </div>
    );
  };
  return (
    <section className="card" aria-label="Matched factories" data-testid="matched-factories">
      <strong>Matched factories</strong>
      {failed && <p className="form-error" role="alert">The factories could not be loaded.</p>}
      {!suppliers && !failed && <p role="status">Loading…</p>}
      {group("In network", ids.inNetworkIds)}
      {group("Expanded network", ids.expandedIds)}
    </section>
  );
}

/**
 * Why a save was refused, from typed fields: the answer's status, and for a conflict (409) the
 * thread's own status, which tells "the agent is answering" (busy) from "no agent has answered yet".
 */
async function saveRefusal(threadId: string, err: unknown): Promise<string> {
  if (agentErrorStatus(err) !== 409) return "The review could not be saved.";
  const thread = await agentClient().threads.get(threadId).catch(() => null);
  if (thread?.status === "busy") return "The agent is still answering: save again when it has finished.";
  if (thread) return "Ask the agent something first: the review is saved into its conversation.";
  return "The review could not be saved.";
}

/** The review form, price, MOQ and country: edited here and written back into the thread's state. */
function ReviewForm({ threadId, values, onSaved }: { threadId: string; values: ReviewValues; onSaved: () => void }) {
  const form = values.reviewForm ?? {};
  const [fields, setFields] = useState<ReviewField[]>(() => reviewFields(form));
  const [facts, setFacts] = useState({
    perUnitPrice: values.perUnitPrice?.toString() ?? "",
    productMoq: values.productMoq?.toString() ?? "",
    countryName: values.tariffCountry?.name ?? "",
    countryCode: values.tariffCountry?.code ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<"idle" | "saving" | "saved">("idle");
  const [formError, setFormError] = useState<string | null>(null);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const edited = applyReviewEdits(form, fields);
    const parsed = parseFacts(facts);
    const all = { ...edited.errors, ...parsed.errors };
    setErrors(all);
    if (Object.keys(all).length) return;
    setStatus("saving");
    setFormError(null);
    try {
      await agentClient().threads.updateState(threadId, { values: { reviewForm: edited.form, ...parsed.values } });
      setStatus("saved");
      onSaved();
    } catch (err) {
      setStatus("idle");
      setFormError(await saveRefusal(threadId, err));
    }
  };
  const setField = (key: string, value: string) => setFields((list) => list.map((f) => (f.key === key ? { ...f, value } : f)));
  const factInput = (key: keyof typeof facts, label: string, inputMode?: "decimal" | "numeric") => (
    <label>
      {label}
      <input name={key} value={facts[key]} inputMode={inputMode} onChange={(e) => setFacts((f) => ({ ...f, [key]: e.target.value }))} aria-invalid={Boolean(errors[key])} />
      {errors[key] && <span className="field-error">{errors[key]}</span>}
    </label>
  );
  return (
    <form className="card form agent-review-form" aria-label="Review form" onSubmit={(e) => void save(e)}>
      <strong>Review form</strong>
      {!Object.keys(form).length && <p className="muted">The agent fills this in when it writes the tech pack; you can fill it in or correct it here.</p>}
      {fields.map((f) => (
        <label key={f.key}>
          {f.label}
          {f.kind === "readonly" ? (
            <output className="muted">{f.value || "—"}</output>
          ) : f.key === "description" || f.key === "printDetails" || f.key === "packaging" ? (
            <textarea name={f.key} rows={2} value={f.value} onChange={(e) => setField(f.key, e.target.value)} />
          ) : (
            <input name={f.key} value={f.value} inputMode={f.kind === "number" ? "decimal" : undefined} placeholder={f.kind === "list" ? "comma, separated" : undefined} onChange={(e) => setField(f.key, e.target.value)} aria-invalid={Boolean(errors[f.key])} />
          )}
          {errors[f.key] && <span className="field-error">{errors[f.key]}</span>}
        </label>
      ))}
      <fieldset className="agent-facts-edit">
        <legend>Price, MOQ and origin</legend>
        {factInput("perUnitPrice", "Per-unit price (USD)", "decimal")}
        {factInput("productMoq", "MOQ", "numeric")}
        {factInput("countryName", "Tariff country")}
        {factInput("countryCode", "Country code")}
      </fieldset>
      {formError && <p className="form-error" role="alert">{formError}</p>}
      <div>
        <button type="submit" className="primary" disabled={status === "saving"}>{status === "saving" ? "Saving…" : "Save review"}</button>
        {status === "saved" && <span role="status" className="muted"> Saved to the conversation.</span>}
      </div>
    </form>
  );
}
