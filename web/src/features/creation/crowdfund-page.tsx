import { useEffect, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { getAiIdea, listAiIdeas, listPublicAiIdeas, sendCrowdfundingEmailToSelf, submitAiIdea } from "@atelier/contracts/ideation";
import { request } from "../../api/client";
import { errorSentence } from "../../api/error-catalogue";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { fieldSentences } from "../../ui/field-errors";
import { showToast } from "../../ui/toast-store";
import { useSession } from "../../session/session-store";
import { reportCreationUsage } from "../../ui/creation-usage";
import { dollars } from "./ideation-format";
import "./ideation.css";

const key = () => ({ idempotencyKey: crypto.randomUUID() });

/** The chosen ideation's crowdfunding form: pitch, goal, public or not; then a copy to one's own inbox. */
function CrowdfundForm({ id }: { id: string }) {
  const state = useApi(getAiIdea, { params: { id } });
  const idea = state.data;
  const email = useSession().user?.email ?? "";
  const [pitch, setPitch] = useState("");
  const [goal, setGoal] = useState("");
  const [isPublic, setIsPublic] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<null | "submit" | "email">(null);
  const [confirmEmail, setConfirmEmail] = useState(false);

  useEffect(() => {
    if (!idea) return;
    setPitch((p) => p || idea.pitch);
    setGoal((g) => g || (idea.fundingGoal === null ? "" : String(idea.fundingGoal)));
    setIsPublic(idea.isPublic);
  }, [idea]);

  if (state.error && !idea) return <p role="alert">{errorSentence(state.error, "This ideation could not be loaded.")}</p>;
  if (!idea) return <p aria-busy="true">Loading your idea…</p>;
  const picked = idea.ideas.filter((i) => idea.selectedProductIds.includes(i.uuid));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const amount = Number(goal.replace(/[$,\s]/g, ""));
    if (!(amount > 0)) return setErrors({ fundingGoal: "Enter how much you want to raise, in dollars." });
    setBusy("submit");
    try {
      state.setData(await request(submitAiIdea, { params: { id }, body: { pitch, fundingGoal: amount, isPublic } }, { ...key(), quiet: true }));
      reportCreationUsage("ideation_submit", idea.title);
      showToast("Your idea is submitted for crowdfunding.", "success");
    } catch (err) {
      setErrors(fieldSentences(err, "Your idea could not be submitted."));
    } finally {
      setBusy(null);
    }
  };

  const sendEmail = async () => {
    setBusy("email");
    try {
      const sent = await request(sendCrowdfundingEmailToSelf, { body: { ideaId: id, confirmRecipient: email } }, key());
      showToast(`Sent to ${sent.sentTo}.`, "success");
    } catch {
      // The request client said what went wrong.
    } finally {
      setBusy(null);
      setConfirmEmail(false);
    }
  };

  return (
    <section className="card" aria-labelledby="crowdfund-form-title">
      <h2 id="crowdfund-form-title">{idea.title || "Untitled ideation"}</h2>
      {picked.length === 0 ? (
        <p className="hint">
          Pick at least one product idea first. <Link to={`/product-ideation/${id}`}>Open the ideation</Link>
        </p>
      ) : (
        <>
          <ul className="ideation-picked" aria-label="Products in this idea">
            {picked.map((p) => (
              <li key={p.uuid}>{p.title} — sells at {dollars(p.suggestedRetailPrice)}{p.estimatedUnitCost === null ? "" : `, costs about ${dollars(p.estimatedUnitCost)} a unit`}</li>
            ))}
          </ul>
          <form className="ideation-form" onSubmit={(e) => void submit(e)} noValidate>
            <label>
              Your pitch: who it is for and why it matters
              <textarea name="pitch" rows={4} maxLength={2000} value={pitch} aria-invalid={errors.pitch ? true : undefined} onChange={(e) => setPitch(e.target.value)} />
            </label>
            {errors.pitch ? <p className="field-error" role="alert">{errors.pitch}</p> : null}
            <label className="ideation-limit">
              Funding goal, in dollars
              <input name="fundingGoal" inputMode="decimal" value={goal} placeholder="5000" aria-invalid={errors.fundingGoal ? true : undefined} onChange={(e) => setGoal(e.target.value)} />
            </label>
            {errors.fundingGoal ? <p className="field-error" role="alert">{errors.fundingGoal}</p> : null}
            <label className="choice">
              <input type="checkbox" checked={isPublic} onChange={(e) => setIsPublic(e.target.checked)} />
              Show it to every creator in the public ideas
            </label>
            {errors.form || errors.id ? <p className="field-error" role="alert">{errors.form ?? errors.id}</p> : null}
            <div className="ideation-actions">
              <button type="submit" className="primary" disabled={busy !== null}>{busy === "submit" ? "Submitting…" : idea.submittedAt ? "Update submission" : "Submit for crowdfunding"}</button>
              {idea.submittedAt && email ? (
                <button type="button" disabled={busy !== null} onClick={() => setConfirmEmail(true)}>E-mail me a copy</button>
              ) : null}
            </div>
            {idea.submittedAt ? <p className="hint" role="status">Submitted {new Date(idea.submittedAt).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" })}{idea.fundingGoal !== null ? ` with a goal of ${dollars(idea.fundingGoal)}` : ""}.</p> : null}
          </form>
        </>
      )}
      {confirmEmail ? (
        <ConfirmDialog title="E-mail yourself the summary?" confirmLabel={`Send to ${email}`} busy={busy === "email"} onConfirm={() => void sendEmail()} onCancel={() => setConfirmEmail(false)}>
          <p>The pitch, the goal and the products with their prices go to {email}, and only to you.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** /crowdfund-your-idea — submit a picked idea for crowdfunding, and see what other creators are raising for. */
export function CrowdfundPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get("idea") ?? "";
  const mine = useApi(listAiIdeas, { query: { size: 50, sort: "-updatedAt" } });
  const [publicPage, setPublicPage] = useState(0);
  const pub = useApi(listPublicAiIdeas, { query: { page: publicPage, size: 6 } });
  const pubTotal = pub.data?.total ?? 0;
  const withPicks = (mine.data?.list ?? []).filter((r) => r.selectedTitles.length > 0);
  return (
    <PageFrame title="Crowdfund your idea" chatPrompt="Submit this idea for crowdfunding with a $5000 goal">
      <div className="ideation-layout">
        <section className="card" aria-labelledby="crowdfund-pick-title">
          <h2 id="crowdfund-pick-title">Which idea?</h2>
          {mine.error ? <p role="alert">{errorSentence(mine.error, "Your ideations could not be loaded.")}</p> : null}
          {mine.data && withPicks.length === 0 ? (
            <p className="hint">None of your ideations has a picked product idea yet. <Link to="/product-ideation">Get product ideas</Link> and pick the ones you like.</p>
          ) : (
            <label className="ideation-limit">
              Ideation
              <select value={id} onChange={(e) => setParams(e.target.value ? { idea: e.target.value } : {})}>
                <option value="">Choose an ideation</option>
                {withPicks.map((r) => <option key={r.id} value={r.id}>{r.title || "Untitled ideation"}</option>)}
              </select>
            </label>
          )}
        </section>
        {id ? <CrowdfundForm key={id} id={id} /> : null}
        <section className="card" aria-labelledby="public-ideas-title">
          <h2 id="public-ideas-title">What other creators are raising for{pub.data ? ` (${pubTotal})` : ""}</h2>
          {pub.error ? <p role="alert">{errorSentence(pub.error, "The public ideas could not be loaded.")}</p> : null}
          {pub.data && pub.data.list.length === 0 ? <p className="hint">No public ideas yet.</p> : null}
          <ul className="public-ideas">
            {(pub.data?.list ?? []).map((p) => (
              <li key={p.id} className="idea-card">
                <div className="idea-head">
                  <h3>{p.title}</h3>
                  {p.fundingGoal !== null ? <span className="idea-price">{dollars(p.fundingGoal)} goal</span> : null}
                </div>
                <p className="hint">by {p.storeName}</p>
                <p>{p.pitch}</p>
                <p className="idea-facts">{p.products.map((x) => `${x.title} (${dollars(x.suggestedRetailPrice)})`).join(" · ")}</p>
              </li>
            ))}
          </ul>
          {pubTotal > 6 ? (
            <div className="load-more">
              <button type="button" disabled={publicPage === 0} onClick={() => setPublicPage(publicPage - 1)}>Previous</button>
              <span>Page {publicPage + 1} of {Math.ceil(pubTotal / 6)}</span>
              <button type="button" disabled={(publicPage + 1) * 6 >= pubTotal} onClick={() => setPublicPage(publicPage + 1)}>Next</button>
            </div>
          ) : null}
        </section>
      </div>
    </PageFrame>
  );
}
