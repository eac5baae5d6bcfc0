import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { createAiIdea, generateAiIdeas, getAiIdea, selectAiIdeaProducts, updateAiIdea, MAX_SELECTED_IDEAS, type Ideation } from "@atelier/contracts/ideation";
import { request } from "../../api/client";
import { errorSentence } from "../../api/error-catalogue";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { fieldSentences } from "../../ui/field-errors";
import { showToast } from "../../ui/toast-store";
import { reportCreationUsage } from "../../ui/creation-usage";
import { dollars, ideaFacts, ideaRoundSentence } from "./ideation-format";
import "./ideation.css";

const key = () => ({ idempotencyKey: crypto.randomUUID() });

/** /product-ideation/:id — a brief, rounds of product ideas costed from the marketplace, and the picked ones. */
export function ProductIdeationPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const state = useApi(getAiIdea, { params: { id } });
  const idea = state.data;
  const [prompt, setPrompt] = useState("");
  const [maxUnitCost, setMaxUnitCost] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<null | "generate" | "pick" | "new" | "archive">(null);
  const [confirming, setConfirming] = useState(false);
  // Said once after a round the configured model could not write (the offline writer wrote it).
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!idea) return;
    setPrompt((p) => p || idea.prompt);
    setMaxUnitCost((m) => m || (idea.maxUnitCost === null ? "" : String(idea.maxUnitCost)));
  }, [idea]);

  const apply = (next: Ideation) => state.setData(next);

  const generate = async (confirmCredits?: number) => {
    if (!idea) return;
    setBusy("generate");
    setErrors({});
    try {
      const limit = maxUnitCost.trim() === "" ? null : Number(maxUnitCost);
      if (limit !== idea.maxUnitCost) await request(updateAiIdea, { params: { id }, body: { maxUnitCost: limit } }, { ...key(), quiet: true });
      const next = await request(generateAiIdeas, { params: { id }, body: { prompt, ...(confirmCredits ? { confirmCredits } : {}) } }, { ...key(), quiet: true });
      setNotice(next.notice);
      apply(next);
      reportCreationUsage("ideation_generate", prompt);
    } catch (err) {
      const fields = fieldSentences(err, "The ideas could not be written.");
      setErrors(Object.keys(fields).length ? fields : { form: errorSentence(err, "The ideas could not be written.") });
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!idea) return;
    if (prompt.trim().length < 3) return setErrors({ prompt: "Say what you want to make, in a few words." });
    if (maxUnitCost.trim() !== "" && !(Number(maxUnitCost) > 0)) return setErrors({ maxUnitCost: "Enter the most you want to pay a unit, in dollars, or leave it empty." });
    if (idea.cost.nextRoundCredits > 0) setConfirming(true);
    else void generate();
  };

  const toggle = async (uuid: string) => {
    if (!idea) return;
    const picked = idea.selectedProductIds.includes(uuid) ? idea.selectedProductIds.filter((x) => x !== uuid) : [...idea.selectedProductIds, uuid];
    if (picked.length > MAX_SELECTED_IDEAS) return showToast(`You can pick up to ${MAX_SELECTED_IDEAS} ideas.`, "error");
    setBusy("pick");
    try {
      apply(await request(selectAiIdeaProducts, { params: { id }, body: { selectedProductIds: picked } }, key()));
      reportCreationUsage("ideation_pick", idea.ideas.find((i) => i.uuid === uuid)?.title ?? "");
    } catch {
      // The request client said what went wrong.
    } finally {
      setBusy(null);
    }
  };

  const startNew = async () => {
    setBusy("new");
    try {
      const made = await request(createAiIdea, { body: {} }, key());
      navigate(`/product-ideation/${made.id}`);
    } catch {
      // Shown by the request client.
    } finally {
      setBusy(null);
    }
  };

  const archive = async () => {
    setBusy("archive");
    try {
      await request(updateAiIdea, { params: { id }, body: { isArchived: !idea?.isArchived } }, key());
      showToast(idea?.isArchived ? "Ideation restored." : "Ideation archived.", "success");
      if (idea?.isArchived) state.reload();
      else navigate("/your-ideations");
    } catch {
      // Shown by the request client.
    } finally {
      setBusy(null);
    }
  };

  const picked = idea ? idea.ideas.filter((i) => idea.selectedProductIds.includes(i.uuid)) : [];

  return (
    <PageFrame
      title={idea?.title || "Product ideation"}
      chatPrompt="Give me more product ideas"
      actions={
        <>
          <Link className="button" to="/your-ideations">Your ideations</Link>
          <button type="button" onClick={() => void startNew()} disabled={busy !== null}>New ideation</button>
        </>
      }
    >
      {state.error && !idea ? <p role="alert">{errorSentence(state.error, "This ideation could not be loaded.")}</p> : null}
      {!idea ? (
        state.error ? null : <p aria-busy="true">Loading your ideation…</p>
      ) : (
        <div className="ideation-layout">
          {idea.isArchived ? <p className="hint" role="status">This ideation is archived. Restore it to write more ideas.</p> : null}
          <section className="card" aria-labelledby="ideation-brief-title">
            <h2 id="ideation-brief-title">What do you want to make?</h2>
            <form className="ideation-form" onSubmit={onSubmit} noValidate>
              <label>
                Your idea, in your words
                <textarea name="prompt" rows={2} maxLength={1000} value={prompt} placeholder="Eco-friendly dog toys for city apartments" aria-invalid={errors.prompt ? true : undefined} onChange={(e) => setPrompt(e.target.value)} />
              </label>
              {errors.prompt ? <p className="field-error" role="alert">{errors.prompt}</p> : null}
              <label className="ideation-limit">
                Most you want to pay a unit, in dollars (optional)
                <input name="maxUnitCost" inputMode="decimal" value={maxUnitCost} placeholder="No limit" aria-invalid={errors.maxUnitCost ? true : undefined} onChange={(e) => setMaxUnitCost(e.target.value)} />
              </label>
              {errors.maxUnitCost ? <p className="field-error" role="alert">{errors.maxUnitCost}</p> : null}
              <p className="hint" data-testid="ideation-cost">{ideaRoundSentence(idea.cost)}</p>
              {errors.form ? <p className="field-error" role="alert">{errors.form}</p> : null}
              <div className="ideation-actions">
                <button type="submit" className="primary" disabled={busy !== null || idea.isArchived}>
                  {busy === "generate" ? "Writing 6 ideas…" : idea.generationCount > 0 ? "Get more ideas" : "Get product ideas"}
                </button>
                <button type="button" onClick={() => void archive()} disabled={busy !== null}>{idea.isArchived ? "Restore" : "Archive"}</button>
              </div>
            </form>
          </section>

          {picked.length > 0 ? (
            <section className="card" aria-labelledby="ideation-picked-title">
              <div className="section-head">
                <h2 id="ideation-picked-title">Your picks ({picked.length})</h2>
                <Link className="button primary" to={`/crowdfund-your-idea?idea=${idea.id}`}>{idea.submittedAt ? "Update crowdfunding" : "Crowdfund this idea"}</Link>
              </div>
              <ul className="ideation-picked">
                {picked.map((p) => (
                  <li key={p.uuid}>{p.title} — {dollars(p.suggestedRetailPrice)}</li>
                ))}
              </ul>
            </section>
          ) : null}

          {idea.ideas.length > 0 ? (
            <section className="card" aria-labelledby="ideation-ideas-title">
              <h2 id="ideation-ideas-title">Product ideas ({idea.ideas.length})</h2>
              <p className="hint">Costs come from similar listings on the marketplace, with US import duty. Pick the ones you want to pursue.</p>
              {notice ? <p className="ideation-notice" role="status">{notice}</p> : null}
              <ol className="idea-grid" aria-label="Product ideas">
                {idea.ideas.map((i, n) => {
                  const on = idea.selectedProductIds.includes(i.uuid);
                  return (
                    <li key={i.uuid} className={`idea-card${on ? " is-picked" : ""}`}>
                      <div className="idea-head">
                        <h3>{n + 1}. {i.title}</h3>
                        <span className="idea-price">{dollars(i.suggestedRetailPrice)}</span>
                      </div>
                      <p>{i.description}</p>
                      <p className="idea-facts">{ideaFacts(i)}</p>
                      <p className="hint">{i.whyItSells}</p>
                      {i.writtenBy ? <p className="idea-source">Written by the AI model {i.writtenBy}; the figures are the marketplace&apos;s.</p> : null}
                      {i.matchingItems.length ? (
                        <p className="idea-links">
                          Similar listings:{" "}
                          {i.matchingItems.map((m, k) => (
                            <span key={m.itemId}>
                              {k > 0 ? ", " : ""}
                              <Link to={`/browse-suppliers/catalog-item/${m.itemId}`}>{m.title}</Link>
                            </span>
                          ))}
                        </p>
                      ) : null}
                      <button type="button" className={on ? "" : "primary"} aria-pressed={on} disabled={busy !== null} onClick={() => void toggle(i.uuid)}>
                        {on ? `Picked: idea ${n + 1}` : `Pick idea ${n + 1}`}
                      </button>
                    </li>
                  );
                })}
              </ol>
            </section>
          ) : null}
        </div>
      )}
      {confirming && idea ? (
        <ConfirmDialog
          title="Spend AI credits?"
          confirmLabel={`Spend ${idea.cost.nextRoundCredits} credits`}
          busy={busy === "generate"}
          onConfirm={() => void generate(idea.cost.nextRoundCredits)}
          onCancel={() => setConfirming(false)}
        >
          <p>Writing 6 more ideas costs {idea.cost.nextRoundCredits} AI credits. You have {idea.cost.creditBalance}; if writing fails, the credits come back.</p>
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}
