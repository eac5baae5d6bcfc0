import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import {
  DESIGN_MODELS,
  DESIGN_MODEL_LABELS,
  generateProductDesigns,
  getProductDesign,
  saveProductDesign,
  startProjectFromDesign,
  updateProductDesign,
  type ProductDesign,
} from "@atelier/contracts/creation";
import { request } from "../../api/client";
import { errorSentence } from "../../api/error-catalogue";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { fieldSentences } from "../../ui/field-errors";
import { showToast } from "../../ui/toast-store";
import { AuthedImage } from "../../ui/authed-image";
import { ImageGallery } from "./image-gallery";
import { reportCreationUsage } from "../../ui/creation-usage";
import { sourceDesign } from "./source-design";
import "./creation.css";

const key = () => ({ idempotencyKey: crypto.randomUUID() });
const plural = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

/** What the next round costs, in a sentence. */
export function roundCostSentence(d: Pick<ProductDesign, "nextRoundCredits" | "trialRemainingQuantity" | "totalCredits">): string {
  if (d.nextRoundCredits === 0) return `Free: ${plural(d.trialRemainingQuantity, "free round")} left. Each round draws 4 designs.`;
  return `Each round draws 4 designs for ${plural(d.nextRoundCredits, "AI credit")}. You have ${plural(d.totalCredits, "credit")}.`;
}

/** AI product design (/product-design, /sourcing/product-design): prompt → four candidates → save one → a custom project. */
export function ProductDesignPage() {
  const state = useApi(getProductDesign, {});
  const design = state.data;
  const navigate = useNavigate();
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<null | "generate" | "save" | "project" | "reset">(null);
  const [confirming, setConfirming] = useState(false);
  const [galleryVersion, setGalleryVersion] = useState(0);

  useEffect(() => {
    if (design) setDescription((d) => d || design.description);
  }, [design]);

  const apply = (next: ProductDesign) => state.setData(next);

  const generate = async (confirmCredits?: number) => {
    setBusy("generate");
    setErrors({});
    try {
      const next = await request(generateProductDesigns, { body: { description, ...(confirmCredits ? { confirmCredits } : {}) } }, { ...key(), quiet: true });
      apply(next);
      reportCreationUsage("product_design_generate", description);
    } catch (err) {
      const fields = fieldSentences(err, "The designs could not be drawn.");
      setErrors(Object.keys(fields).length ? fields : { form: errorSentence(err, "The designs could not be drawn.") });
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!design) return;
    if (description.trim().length < 3) {
      setErrors({ description: "Say what to design, in a few words." });
      return;
    }
    if (design.nextRoundCredits > 0) setConfirming(true);
    else void generate();
  };

  const save = async (imageId: string) => {
    setBusy("save");
    try {
      apply(await request(saveProductDesign, { body: { imageId } }));
      setGalleryVersion((v) => v + 1);
      reportCreationUsage("product_design_save", description);
      showToast("Design saved to your image gallery.", "success");
    } catch {
      // The request client already said what went wrong.
    } finally {
      setBusy(null);
    }
  };

  const startProject = async (imageId?: string) => {
    setBusy("project");
    try {
      const started = await request(startProjectFromDesign, { body: imageId ? { imageId } : {} }, key());
      reportCreationUsage("product_design_start_project", started.title);
      navigate(`/create-custom-project/${started.projectId}`);
    } catch {
      setBusy(null);
    }
  };

  const setModel = async (model: ProductDesign["model"]) => {
    try {
      apply(await request(updateProductDesign, { body: { model } }));
    } catch {
      // Shown by the request client.
    }
  };

  const startOver = async () => {
    setBusy("reset");
    try {
      apply(await request(updateProductDesign, { body: { step: "PROMPT" } }));
    } catch {
      // Shown by the request client.
    } finally {
      setBusy(null);
    }
  };

  return (
    <PageFrame title="AI product design" chatPrompt="Design a minimalist ceramic mug with a wave pattern">
      {state.error && !design ? <p role="alert">{errorSentence(state.error, "Your design could not be loaded.")}</p> : null}
      {!design ? (
        <p aria-busy="true">Loading your design…</p>
      ) : (
        <div className="design-layout">
          <section className="card design-panel" aria-labelledby="design-prompt-title" data-step={design.step}>
            <h2 id="design-prompt-title">Describe your product</h2>
            <form onSubmit={onSubmit} className="design-form" noValidate>
              <label>
                What should it look like?
                <textarea
                  name="description"
                  rows={3}
                  maxLength={1000}
                  value={description}
                  placeholder="A minimalist ceramic mug with a wave pattern"
                  aria-invalid={errors.description ? true : undefined}
                  onChange={(e) => setDescription(e.target.value)}
                />
              </label>
              {errors.description ? <p className="field-error" role="alert">{errors.description}</p> : null}
              <fieldset className="design-models">
                <legend>Model</legend>
                {DESIGN_MODELS.map((m) => (
                  <label key={m} className="choice">
                    <input type="radio" name="model" value={m} checked={design.model === m} onChange={() => void setModel(m)} />
                    {DESIGN_MODEL_LABELS[m]}
                  </label>
                ))}
              </fieldset>
              <p className="hint" data-testid="design-cost">{roundCostSentence(design)}</p>
              {errors.form ? <p className="field-error" role="alert">{errors.form}</p> : null}
              <div className="design-actions">
                <button type="submit" className="primary" disabled={busy !== null}>
                  {busy === "generate" ? "Drawing 4 designs…" : design.totalCount > 0 ? "Generate new designs" : "Generate designs"}
                </button>
                {design.step !== "PROMPT" ? (
                  <button type="button" onClick={() => void startOver()} disabled={busy !== null}>
                    Start over
                  </button>
                ) : null}
              </div>
            </form>
          </section>

          {design.generatedDesigns.length > 0 ? (
            <section className="card" aria-labelledby="design-results-title">
              <h2 id="design-results-title">Your designs</h2>
              <p className="hint">Pick the one you like and save it; saved designs go to your image gallery.</p>
              <ul className="design-grid" aria-label="Generated designs">
                {design.generatedDesigns.map((img, i) => {
                  const isSaved = design.savedDesign?.id === img.id;
                  return (
                    <li key={img.id} className={`design-candidate${isSaved ? " is-saved" : ""}`}>
                      <AuthedImage src={img.url} alt={`Design ${i + 1}: ${img.prompt}`} className="design-image" />
                      <button type="button" className={isSaved ? "" : "primary"} disabled={busy !== null || isSaved} onClick={() => void save(img.id)}>
                        {isSaved ? "Saved" : `Save design ${i + 1}`}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ) : null}

          {design.savedDesign ? (
            <section className="card design-saved" aria-labelledby="design-saved-title">
              <h2 id="design-saved-title">Saved design</h2>
              <div className="design-saved-body">
                <AuthedImage src={design.savedDesign.url} alt={`Saved design: ${design.savedDesign.prompt}`} className="design-image design-image-saved" />
                <div className="design-saved-text">
                  <p>{design.savedDesign.prompt}</p>
                  <p className="hint">Turn it into a request to suppliers (a custom project starts with this design attached and described), or have the sourcing agent find factories for it.</p>
                  <div className="design-actions">
                    <button type="button" className="primary" disabled={busy !== null} onClick={() => void startProject()}>
                      {busy === "project" ? "Starting your project…" : "Start a custom project"}
                    </button>
                    <button
                      type="button"
                      disabled={busy !== null}
                      onClick={() => {
                        reportCreationUsage("product_design_source", design.savedDesign!.prompt);
                        sourceDesign(design.savedDesign!);
                      }}
                    >
                      Source this design
                    </button>
                  </div>
                </div>
              </div>
            </section>
          ) : null}

          <ImageGallery version={galleryVersion} onStartProject={(id) => void startProject(id)} busy={busy !== null} />
        </div>
      )}
      {confirming && design ? (
        <ConfirmDialog
          title="Spend AI credits?"
          confirmLabel={`Spend ${plural(design.nextRoundCredits, "credit")}`}
          busy={busy === "generate"}
          onConfirm={() => void generate(design.nextRoundCredits)}
          onCancel={() => setConfirming(false)}
        >
          <p>
            Drawing 4 new designs costs {plural(design.nextRoundCredits, "AI credit")}. You have {plural(design.totalCredits, "credit")}; if drawing fails, the credits come back.
          </p>
        </ConfirmDialog>
      ) : null}
    </PageFrame>
  );
}
