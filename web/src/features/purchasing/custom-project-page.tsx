import { useEffect, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import type { z } from "zod";
import { CUSTOM_PROJECT_HINTS, RFP_TYPES, getCreatorProject, saveCustomProject, type creatorProjectSchema } from "@atelier/contracts/projects";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { EMPTY_ROW, rowsFromText, textFromRows, type ColorRow } from "./color-entries";
import { extensionOf, uploadAttachment } from "../../ui/upload";
import { NotFound } from "../../ui/not-found";
import { fieldErrors } from "../../ui/field-errors";
import "../../ui/kit.css";
import { errorSentence } from "../../api/error-catalogue";
import { centsToUsd } from "../../ui/money";

type Project = z.infer<typeof creatorProjectSchema>;
const TYPE_LABELS: Record<(typeof RFP_TYPES)[number], string> = { RFP_PRODUCT: "A product", RFP_PACKAGING: "Packaging", RFP_SERVICES: "A service" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The custom request form (/create-custom-project/:rfpId?) through its stages PREVIEW → FORM → COMPLETE. */
export function CustomProjectPage() {
  const { rfpId } = useParams();
  if (!rfpId) return <PreviewStage />;
  return <ProjectLoader id={rfpId} />;
}

/** PREVIEW: what a custom project is and what happens next; starting it saves a draft. */
function PreviewStage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const supplierId = params.get("supplierId");
  const catalogItemId = params.get("catalogItemId");
  const start = async () => {
    setBusy(true);
    try {
      const project = await request(
        saveCustomProject,
        { body: { formStage: "FORM", supplierId: supplierId && UUID.test(supplierId) ? supplierId : undefined, catalogItemId: catalogItemId && UUID.test(catalogItemId) ? catalogItemId : undefined } },
        { idempotencyKey: crypto.randomUUID() },
      );
      navigate(`/create-custom-project/${project.id}`, { replace: true });
    } catch {
      setBusy(false);
    }
  };
  return (
    <PageFrame title="Custom project" chatPrompt="Help me write a custom project request">
      <div className="card stage" data-stage="PREVIEW">
        <h2>Get something made to your specs</h2>
        <ol className="steps">
          <li>Describe the product, packaging or service, with quantities, colours and a target date.</li>
          <li>Attach sketches, photos or tech packs.</li>
          <li>{supplierId ? "The supplier you picked" : "Our sourcing team finds suppliers who"} will quote your project; you compare and order samples.</li>
        </ol>
        <div className="dialog-actions">
          <Link to="/inbox/custom-project-requests">Your requests</Link>
          <button type="button" className="primary" disabled={busy} onClick={() => void start()}>Start your request</button>
        </div>
      </div>
    </PageFrame>
  );
}

function ProjectLoader({ id }: { id: string }) {
  const project = useApi(getCreatorProject, { params: { id } });
  if (!project.data) return <PageFrame title="Custom project">{project.loading ? <p role="status">Loading…</p> : <NotFound error={project.error} />}</PageFrame>;
  if (project.data.formStage === "COMPLETE") return <CompleteStage project={project.data} />;
  return <FormStage project={project.data} onSaved={project.setData} />;
}

function CompleteStage({ project }: { project: Project }) {
  return (
    <PageFrame title="Custom project sent" chatPrompt={`What happens next with my custom project "${project.title}"?`}>
      <div className="card stage" data-stage="COMPLETE" role="status">
        <h2>{project.title}</h2>
        <p>
          Your request was sent{project.supplierName ? ` to ${project.supplierName}` : " to our sourcing team"}. You will hear back in your inbox with quotes,
          usually within a few working days.
        </p>
        <Link to="/inbox/custom-project-requests">See your requests</Link>
      </div>
      {project.quotedTerms && <QuotedTerms terms={project.quotedTerms} />}
    </PageFrame>
  );
}

/** The accepted quote's terms (issue 18), written into the project when a quote is accepted in the inbox. */
function QuotedTerms({ terms: t }: { terms: NonNullable<Project["quotedTerms"]> }) {
  return (
    <section className="card stage" aria-label="Quoted terms">
      <h2>Quoted terms from {t.supplierName}</h2>
      <dl className="quoted-terms" style={{ display: "grid", gridTemplateColumns: "max-content minmax(0, 1fr)", gap: ".35rem 1.2rem", margin: "0 0 .6rem" }}>
        <dt className="muted">Unit price</dt><dd style={{ margin: 0 }}>{centsToUsd(t.unitPriceCents)}</dd>
        <dt className="muted">Quantity</dt><dd style={{ margin: 0 }}>{t.quantity.toLocaleString()} (minimum order {t.moq.toLocaleString()})</dd>
        <dt className="muted">Total</dt><dd style={{ margin: 0 }}>{centsToUsd(t.totalCents)}</dd>
        <dt className="muted">Lead time</dt><dd style={{ margin: 0 }}>{t.leadTimeDays} days</dd>
        <dt className="muted">Sample</dt><dd style={{ margin: 0 }}>{t.samplePriceCents === null ? "None offered" : centsToUsd(t.samplePriceCents)}</dd>
        <dt className="muted">Landed cost</dt><dd style={{ margin: 0 }}>{t.landedCostCents === null ? "Not known for this product" : `${centsToUsd(t.landedCostCents)} a unit with duty and freight`}</dd>
      </dl>
      <p className="muted">{t.landedCostBasis} Accepted {new Date(t.acceptedAt).toLocaleDateString()}.</p>
    </section>
  );
}

type Fields = { title: string; catalogItemType: Project["catalogItemType"]; description: string; packagingMaterial: string; printDetail: string; quantity: string; targetCompletionDate: string };

function FormStage({ project, onSaved }: { project: Project; onSaved: (p: Project) => void }) {
  const [fields, setFields] = useState<Fields>({
    title: project.title, catalogItemType: project.catalogItemType, description: project.description, packagingMaterial: project.packagingMaterial,
    printDetail: project.printDetail, quantity: project.quantity === null ? "" : String(project.quantity), targetCompletionDate: project.targetCompletionDate ?? "",
  });
  const [rows, setRows] = useState<ColorRow[]>(() => rowsFromText(project.colors).rows);
  const [attachments, setAttachments] = useState<string[]>(project.attachments);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSaved(null), [fields, rows, attachments]);
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setFields((f) => ({ ...f, [key]: value }));

  const save = async (formStage: "FORM" | "COMPLETE") => {
    const colors = textFromRows(rows);
    if (!colors.ok) return setErrors({ colors: colors.reason });
    const quantity = fields.quantity.trim() === "" ? null : Number(fields.quantity);
    setBusy(true);
    setErrors({});
    try {
      const next = await request(
        saveCustomProject,
        {
          body: {
            id: project.id, formStage, title: fields.title, catalogItemType: fields.catalogItemType, description: fields.description,
            packagingMaterial: fields.packagingMaterial, printDetail: fields.printDetail, quantity, targetCompletionDate: fields.targetCompletionDate || null,
            colors: colors.text, attachments,
          },
        },
        { quiet: true, idempotencyKey: crypto.randomUUID() },
      );
      onSaved(next);
      setSaved(formStage === "FORM" ? "Draft saved." : null);
    } catch (err) {
      setErrors(fieldErrors(err, "The project could not be saved."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <PageFrame title={project.title || "New custom project"} chatPrompt={`Help me complete my custom project request "${project.title}"`}>
      <form className="form wide stage" data-stage="FORM" onSubmit={(e) => { e.preventDefault(); void save("COMPLETE"); }} noValidate>
        {project.supplierName && <p className="muted">For {project.supplierName}</p>}
        <Field label="Title" hint={CUSTOM_PROJECT_HINTS.title} error={errors.title}>
          <input value={fields.title} maxLength={120} onChange={(e) => set("title", e.target.value)} />
        </Field>
        <Field label="What do you need?" error={errors.catalogItemType}>
          <select value={fields.catalogItemType} onChange={(e) => set("catalogItemType", e.target.value as Fields["catalogItemType"])}>
            {RFP_TYPES.map((t) => <option key={t} value={t}>{TYPE_LABELS[t]}</option>)}
          </select>
        </Field>
        <Field label="Description" hint="What you want made, in your own words: size, materials, finish, how it is used." error={errors.description}>
          <textarea rows={5} value={fields.description} maxLength={5000} onChange={(e) => set("description", e.target.value)} />
        </Field>
        {fields.catalogItemType === "RFP_PACKAGING" && (
          <Field label="Packaging material" hint={CUSTOM_PROJECT_HINTS.packagingMaterial} error={errors.packagingMaterial}>
            <input value={fields.packagingMaterial} maxLength={300} onChange={(e) => set("packagingMaterial", e.target.value)} />
          </Field>
        )}
        <Field label="Print detail" hint={CUSTOM_PROJECT_HINTS.printDetail} error={errors.printDetail}>
          <textarea rows={2} value={fields.printDetail} maxLength={1000} onChange={(e) => set("printDetail", e.target.value)} />
        </Field>
        <div className="grid two">
          <Field label="Quantity" hint={CUSTOM_PROJECT_HINTS.quantity} error={errors.quantity}>
            <input type="number" min={1} value={fields.quantity} onChange={(e) => set("quantity", e.target.value)} />
          </Field>
          <Field label="Target completion date" hint={CUSTOM_PROJECT_HINTS.targetCompletionDate} error={errors.targetCompletionDate}>
            <input type="date" value={fields.targetCompletionDate} onChange={(e) => set("targetCompletionDate", e.target.value)} />
          </Field>
        </div>
        <ColorEditor rows={rows} onChange={setRows} error={errors.colors} />
        <Attachments urls={attachments} onChange={setAttachments} error={errors.attachments} />
        {errors.form && <p className="form-error" role="alert">{errors.form}</p>}
        {saved && <p role="status">{saved}</p>}
        <div className="dialog-actions">
          <button type="button" disabled={busy} onClick={() => void save("FORM")}>Save draft</button>
          <button type="submit" className="primary" disabled={busy}>Send request</button>
        </div>
      </form>
    </PageFrame>
  );
}

function Field({ label, hint, error, children }: { label: string; hint?: string; error?: string; children: React.ReactNode }) {
  return (
    <label>
      {label}
      {children}
      {hint && <span className="hint muted">{hint}</span>}
      {error && <span className="field-error" role="alert">{error}</span>}
    </label>
  );
}

function ColorEditor({ rows, onChange, error }: { rows: ColorRow[]; onChange: (rows: ColorRow[]) => void; error?: string }) {
  const update = (i: number, patch: Partial<ColorRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset aria-label="Colours">
      <legend>Colours</legend>
      <span className="hint muted">Each colour has a name, a hex value and an optional variant (matte, glossy…).</span>
      {rows.map((r, i) => (
        <div className="color-row" key={i}>
          <input aria-label={`Colour ${i + 1} name`} value={r.name} maxLength={50} onChange={(e) => update(i, { name: e.target.value })} />
          <input aria-label={`Colour ${i + 1} hex`} type="color" value={/^#[0-9a-f]{6}$/i.test(r.hex) ? r.hex : "#000000"} onChange={(e) => update(i, { hex: e.target.value })} />
          <input aria-label={`Colour ${i + 1} variant`} placeholder="variant" value={r.variant} maxLength={50} onChange={(e) => update(i, { variant: e.target.value })} />
          <button type="button" className="link-button" onClick={() => onChange(rows.filter((_, j) => j !== i))}>Remove</button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...rows, { ...EMPTY_ROW }])}>Add colour</button>
      {error && <span className="field-error" role="alert">{error}</span>}
    </fieldset>
  );
}

function Attachments({ urls, onChange, error }: { urls: string[]; onChange: (urls: string[]) => void; error?: string }) {
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setUploading(true);
    setUploadError(null);
    const added: string[] = [];
    for (const file of Array.from(files)) {
      try {
        added.push((await uploadAttachment(file)).url);
      } catch (err) {
        setUploadError(`${file.name}: ${errorSentence(err, "could not be uploaded")}`);
      }
    }
    onChange([...urls, ...added]);
    setUploading(false);
  };
  return (
    <fieldset aria-label="Attachments">
      <legend>Attachments</legend>
      <span className="hint muted">Sketches, photos, tech packs: png, jpg, gif, webp, svg, tiff, psd, pdf, ai and more.</span>
      <ul>
        {urls.map((u) => (
          <li key={u}>
            {decodeURIComponent(u.split("/").pop() ?? u)} <span className="muted">({extensionOf(u) || "link"})</span>{" "}
            <button type="button" className="link-button" onClick={() => onChange(urls.filter((x) => x !== u))}>Remove</button>
          </li>
        ))}
      </ul>
      <input type="file" multiple aria-label="Add attachments" disabled={uploading || urls.length >= 20} onChange={(e) => void add(e.target.files)} />
      {uploading && <span role="status">Uploading…</span>}
      {(uploadError ?? error) && <span className="field-error" role="alert">{uploadError ?? error}</span>}
    </fieldset>
  );
}
