import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import {
  IMAGE_LOADING,
  SLIDE_KEYS,
  SLIDE_TABS,
  brandKitPdfFileName,
  getBrandKit,
  listBrandKitSkuMatches,
  regenerateBrandIdeaPart,
  selectBrandIdea,
  startBrandKitGeneration,
  updateBrandKit,
  type BrandKit,
  type BrandKitParts,
  type GenerationType,
  type ProductSku,
  type SkuMatch,
  type SlideKey,
} from "@atelier/contracts/brand-kits";
import { completeness, editPaletteHex, selectIdea, selectedBrandIdea, slideColor } from "@atelier/contracts/brand-kit-rules";
import type { Job } from "@atelier/contracts";
import { request } from "../../api/client";
import { PageFrame } from "../../shell/page-frame";
import { openChat } from "../../chat/chat-intents";
import { reportCreationUsage } from "../../ui/creation-usage";
import { onRealtimeEvent } from "../../realtime/realtime-client";
import { showToast } from "../../ui/toast-store";
import "./business-kits.css";
import { downloadWithToken } from "../../ui/save-blob";

const TASK_WORDS: Record<GenerationType, string> = { TARGET_AUDIENCE: "Audiences", BRAND_IDEA: "Brand ideas", PRODUCT_SKU: "Product ideas", MARKET_RESEARCH: "Market research" };
const JOB_EVENTS = ["job.progressed", "job.completed", "job.failed", "job.cancelled"] as const;
type Tab = SlideKey | "SUMMARY";
type Editable = Omit<BrandKit, "id" | "isArchived" | "createdAt" | "updatedAt" | "tasks">;

const textOn = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  const lum = (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
  return lum > 0.6 ? "#111111" : "#FFFFFF";
};

function Picture({ src, alt }: { src: string; alt: string }) {
  if (src === IMAGE_LOADING) return <div className="bk-image-loading" role="status">Drawing…</div>;
  if (!src) return <div className="bk-image-loading">No picture</div>;
  return <img src={src} alt={alt} loading="lazy" />;
}

/** The kit's live state: applied locally at once, saved to the server after a short pause (001 §4). */
function useKit(id: string) {
  const [kit, setKit] = useState<BrandKit | null>(null);
  const [error, setError] = useState<string | null>(null);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef<BrandKit | null>(null);
  latest.current = kit;
  const reload = useCallback(() => {
    if (dirty.current) return;
    request(getBrandKit, { params: { id } }, { quiet: true }).then((k) => !dirty.current && setKit(k), (e: unknown) => setError(e instanceof Error ? e.message : "The kit could not be loaded."));
  }, [id]);
  useEffect(reload, [reload]);
  const save = useCallback(() => {
    const k = latest.current;
    if (!k) return;
    const { id: _i, isArchived: _a, createdAt: _c, updatedAt: _u, tasks: _t, ...body } = k;
    request(updateBrandKit, { params: { id }, body: body as Editable }).then(
      (saved) => {
        dirty.current = false;
        setKit((cur) => (cur && cur.updatedAt > saved.updatedAt ? cur : { ...saved, ...(latest.current && latest.current !== k ? stripMeta(latest.current) : {}) }));
      },
      () => {
        dirty.current = false;
      },
    );
  }, [id]);
  const apply = useCallback(
    (change: (k: BrandKit) => BrandKit) => {
      setKit((cur) => (cur ? change(cur) : cur));
      dirty.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(save, 500);
    },
    [save],
  );
  return { kit, setKit, error, reload, apply };
}

function stripMeta(k: BrandKit): Editable {
  const { id: _i, isArchived: _a, createdAt: _c, updatedAt: _u, tasks: _t, ...rest } = k;
  return rest;
}

/** /business-kits/:brandKitId: the kit flow's VIEW_KIT step, five tabs and the summary slide. */
export function BusinessKitEditorPage() {
  const { brandKitId = "" } = useParams();
  const { kit, setKit, error, reload, apply } = useKit(brandKitId);
  const [tab, setTab] = useState<Tab>("IDEA");
  const [progress, setProgress] = useState<Record<string, Job>>({});

  const pending = kit?.tasks.filter((t) => t.status === "PENDING") ?? [];
  const drawing = kit ? JSON.stringify(kit).includes(`"${IMAGE_LOADING}"`) : false;
  // Live progress: job events over the socket; a slow re-read catches anything missed meanwhile.
  useEffect(() => {
    const jobIds = new Set(kit?.tasks.map((t) => t.jobId).filter(Boolean));
    const stops = JOB_EVENTS.map((name) =>
      onRealtimeEvent(name, ({ job }: { job: Job }) => {
        if (!jobIds.has(job.id)) return;
        setProgress((p) => ({ ...p, [job.id]: job }));
        if (name !== "job.progressed" || job.progress.percent >= 50) reload();
      }),
    );
    return () => stops.forEach((s) => s());
  }, [kit?.tasks, reload]);
  useEffect(() => {
    if (!pending.length && !drawing) return;
    const t = setInterval(reload, 1500);
    return () => clearInterval(t);
  }, [pending.length, drawing, reload]);

  if (error) return <PageFrame title="Business kit"><p role="alert">{error}</p><Link to="/business-kits">Back to your kits</Link></PageFrame>;
  if (!kit) return <PageFrame title="Business kit"><div className="loading" role="status">Loading…</div></PageFrame>;
  const idea = selectedBrandIdea(kit);
  const done = completeness(kit);
  const parts = kit as BrandKitParts;
  const bg = tab === "SUMMARY" ? "#F4F4F5" : slideColor(parts, tab);

  const regenerate = async (types: GenerationType[], reset = false) => {
    await request(startBrandKitGeneration, { params: { id: kit.id }, body: { types, reset } }, { idempotencyKey: crypto.randomUUID() });
    reportCreationUsage("business_kit_generate", `${kit.category}: ${reset ? "everything" : types.join(", ")}`);
    reload();
  };
  const chooseIdea = (uuid: string) => {
    // 001 §4 applied here at once; the server does the same and starts the regeneration.
    // Not through apply: a full-kit save sent now could land after the regenerated product ideas and wipe them.
    setKit((k) => (k ? { ...k, ...selectIdea(k, uuid).parts } : k));
    void request(selectBrandIdea, { params: { id: kit.id, uuid } }).then(setKit);
    reportCreationUsage("business_kit_select_idea", kit.brandIdeas.generations.find((g) => g.uuid === uuid)?.brandName ?? "");
  };
  const exportPdf = async () => {
    const fileName = brandKitPdfFileName(idea?.brandName);
    if (await downloadWithToken(`/rest/main/web/brand-kits/${kit.id}/export.pdf`, fileName, "The PDF could not be made. Please try again.")) reportCreationUsage("business_kit_export_pdf", fileName);
  };
  const shareUrl = `${window.location.origin}/bk/${kit.id}`;

  return (
    <PageFrame title={idea?.brandName ?? kit.category} chatPrompt={`Regenerate the slogan of ${idea?.brandName ?? "this kit"}`} actions={<Link to="/business-kits" className="button">All kits</Link>}>
      <div className="bk-editor">
        <p className="muted">{kit.category}: {kit.productDescription}</p>
        {(pending.length > 0 || drawing) && (
          <div className="bk-progress" aria-live="polite" data-testid="bk-progress">
            {kit.tasks.map((t) => {
              const job = t.jobId ? progress[t.jobId] : undefined;
              const pct = t.status === "PENDING" ? (job?.progress.percent ?? 0) : 100;
              return (
                <div key={t.id} className="bk-progress-row">
                  <span>{TASK_WORDS[t.type]}</span>
                  <progress max={100} value={pct} aria-label={`${TASK_WORDS[t.type]} progress`} />
                  <span>{t.status === "PENDING" ? (job?.progress.message ?? "Waiting…") : t.status === "SUCCESS" ? "Ready" : (t.error ?? "Failed")}</span>
                </div>
              );
            })}
            {drawing && !pending.length && <span>Drawing pictures…</span>}
          </div>
        )}
        <div className="bk-tabs tabs" role="tablist" aria-label="Kit slides">
          {[...SLIDE_KEYS, "SUMMARY" as const].map((k) => (
            <button key={k} type="button" role="tab" aria-selected={tab === k} className={`tab${tab === k ? " tab-current" : ""}`} onClick={() => setTab(k)}>
              {k === "SUMMARY" ? "Summary" : SLIDE_TABS[k]}
            </button>
          ))}
        </div>
        <div className="bk-slide" style={{ background: bg, color: textOn(bg) }} data-testid="bk-slide">
          {tab === "IDEA" && <IdeaSlide kit={kit} apply={apply} chooseIdea={chooseIdea} onRegenerate={(part) => void request(regenerateBrandIdeaPart, { params: { id: kit.id, uuid: idea!.uuid }, body: { part } }, { idempotencyKey: crypto.randomUUID() }).then(setKit)} prompt={done.sections.IDEA.prompt} />}
          {tab === "MOODBOARD" && (
            <>
              {done.sections.MOODBOARD.prompt && <p className="bk-prompt">{done.sections.MOODBOARD.prompt}</p>}
              <div className="bk-images">{kit.moodboardImages.map((src, i) => <Picture key={i} src={src} alt={`Mood board picture ${i + 1}`} />)}</div>
            </>
          )}
          {tab === "MARKET_RESEARCH" && (
            <>
              {done.sections.MARKET_RESEARCH.prompt && <p className="bk-prompt">{done.sections.MARKET_RESEARCH.prompt}</p>}
              <label className="bk-fields">
                <span>Market research</span>
                <textarea rows={14} value={kit.marketResearch} onChange={(e) => { const marketResearch = e.target.value; apply((k) => ({ ...k, marketResearch })); }} />
              </label>
            </>
          )}
          {tab === "PRODUCT_SKUS" && <SkuFlow kit={kit} apply={apply} prompt={done.sections.PRODUCT_SKUS.prompt} onMore={() => void regenerate(["PRODUCT_SKU"])} />}
          {tab === "GET_STARTED" && (
            <div className="bk-fields">
              <p className="wide">{done.complete ? "Your kit is complete." : "A few parts are missing:"}</p>
              {!done.complete && <ul className="wide">{Object.values(done.sections).filter((s) => s.prompt).map((s) => <li key={s.prompt}>{s.prompt}</li>)}</ul>}
              <div className="bk-actions wide">
                <button type="button" className="primary" onClick={() => void exportPdf()}>Export PDF</button>
                <a className="button" href={shareUrl} target="_blank" rel="noreferrer" data-testid="bk-share-link">Open share link</a>
                <button type="button" onClick={() => void navigator.clipboard?.writeText(shareUrl).then(() => showToast("Share link copied.", "success"))}>Copy share link</button>
                <button type="button" onClick={() => void regenerate(["TARGET_AUDIENCE", "BRAND_IDEA", "PRODUCT_SKU", "MARKET_RESEARCH"], true)}>Start over</button>
              </div>
              <label className="wide"><span><input type="checkbox" checked={kit.isWaitlistSitePublished} onChange={(e) => { const isWaitlistSitePublished = e.target.checked; apply((k) => ({ ...k, isWaitlistSitePublished })); }} /> Publish a waitlist page at the share link, collecting e-mails</span></label>
              {kit.targetAudiences.generations.length > 0 && (
                <div className="wide">
                  <strong>Who it's for</strong>
                  <ul>{kit.targetAudiences.generations.slice(0, 3).map((a) => <li key={a.uuid}>{a.name}: {a.persona.name}, {a.persona.occupation}. {a.description}</li>)}</ul>
                </div>
              )}
            </div>
          )}
          {tab === "SUMMARY" && (
            <div className="bk-summary">
              {SLIDE_KEYS.filter((k) => k !== "GET_STARTED").map((k) => (
                <figure key={k}>
                  <Picture src={kit.thumbnailImages.find((t) => t.key === k)?.value ?? ""} alt={`${SLIDE_TABS[k]} slide`} />
                  <figcaption>{SLIDE_TABS[k]}</figcaption>
                </figure>
              ))}
            </div>
          )}
        </div>
      </div>
    </PageFrame>
  );
}

type Apply = (change: (k: BrandKit) => BrandKit) => void;

/** A hex field a person can type letter by letter: the kit changes once the text is a whole colour. */
function HexInput({ label, value, onValid }: { label: string; value: string; onValid: (hex: string) => void }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const valid = /^#[0-9a-fA-F]{6}$/.test(draft);
  return (
    <input
      aria-label={label}
      aria-invalid={!valid}
      title={valid ? undefined : "A colour like #1A2B3C"}
      value={draft}
      maxLength={7}
      onChange={(e) => {
        const next = e.target.value.trim();
        setDraft(next);
        if (/^#[0-9a-fA-F]{6}$/.test(next)) onValid(next);
      }}
    />
  );
}

function IdeaSlide({ kit, apply, chooseIdea, onRegenerate, prompt }: { kit: BrandKit; apply: Apply; chooseIdea: (uuid: string) => void; onRegenerate: (part: "slogan" | "brandName" | "colorPalette" | "images") => void; prompt: string | null }) {
  const idea = selectedBrandIdea(kit);
  if (!kit.brandIdeas.generations.length) return <p>Writing brand ideas…</p>;
  const setIdea = (patch: Partial<NonNullable<typeof idea>>) => apply((k) => ({ ...k, brandIdeas: { ...k.brandIdeas, generations: k.brandIdeas.generations.map((g) => (g.uuid === idea?.uuid ? { ...g, ...patch } : g)) } }));
  return (
    <>
      <div className="bk-ideas" role="group" aria-label="Brand ideas">
        {kit.brandIdeas.generations.map((g) => (
          <button key={g.uuid} type="button" className="bk-idea" aria-pressed={g.uuid === idea?.uuid} onClick={() => chooseIdea(g.uuid)}>
            <strong>{g.brandName}</strong>
            <span>{g.slogan}</span>
            <span className="bk-swatches">{g.colorPalette.map((c, i) => <i key={i} style={{ background: c.hexCode }} />)}</span>
          </button>
        ))}
      </div>
      {prompt && <p className="bk-prompt">{prompt}</p>}
      {idea && (
        <>
          <div className="bk-images">{idea.images.map((src, i) => <Picture key={i} src={src} alt={`${idea.brandName} picture ${i + 1}`} />)}</div>
          <div className="bk-fields">
            <label>Brand name<input value={idea.brandName} maxLength={80} onChange={(e) => setIdea({ brandName: e.target.value })} /></label>
            <label>Slogan<input value={idea.slogan} maxLength={200} onChange={(e) => setIdea({ slogan: e.target.value })} /></label>
            <label className="wide">Mission<textarea rows={3} value={idea.mission} maxLength={1000} onChange={(e) => setIdea({ mission: e.target.value })} /></label>
            {idea.valueProps.map((v, i) => (
              <label key={i} className={i === 2 ? "wide" : ""}>Value prop {i + 1}<input value={v} maxLength={300} onChange={(e) => setIdea({ valueProps: idea.valueProps.map((x, j) => (j === i ? e.target.value : x)) })} /></label>
            ))}
            <div className="bk-palette wide">
              {idea.colorPalette.map((c, i) => (
                <div key={i} className="bk-colour">
                  <input type="color" aria-label={`Colour ${i + 1}`} value={c.hexCode.toLowerCase()} onChange={(e) => { const hex = e.target.value; apply((k) => editPaletteHex(k, idea.uuid, i, hex) as BrandKit); }} />
                  <HexInput label={`Colour ${i + 1} hex`} value={c.hexCode} onValid={(hex) => apply((k) => editPaletteHex(k, idea.uuid, i, hex) as BrandKit)} />
                  <input aria-label={`Colour ${i + 1} name`} value={c.name} maxLength={60} onChange={(e) => setIdea({ colorPalette: idea.colorPalette.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)) })} />
                  <textarea aria-label={`Colour ${i + 1} description`} rows={2} value={c.description} maxLength={300} onChange={(e) => setIdea({ colorPalette: idea.colorPalette.map((x, j) => (j === i ? { ...x, description: e.target.value } : x)) })} />
                </div>
              ))}
            </div>
            <div className="bk-actions wide">
              <button type="button" onClick={() => onRegenerate("brandName")}>New name</button>
              <button type="button" onClick={() => onRegenerate("slogan")}>New slogan</button>
              <button type="button" onClick={() => onRegenerate("colorPalette")}>New palette</button>
              <button type="button" onClick={() => onRegenerate("images")}>New pictures</button>
            </div>
          </div>
        </>
      )}
    </>
  );
}

/** The SKU flow: SELECT_SKUS (pick ideas) → REVIEW_SKUS (edit them, see who can make them, source one). */
function SkuFlow({ kit, apply, prompt, onMore }: { kit: BrandKit; apply: Apply; prompt: string | null; onMore: () => void }) {
  const [step, setStep] = useState<"SELECT_SKUS" | "REVIEW_SKUS">("SELECT_SKUS");
  const selected = new Set(kit.productSkus.selectedUuids);
  const toggle = (uuid: string) => apply((k) => ({ ...k, productSkus: { ...k.productSkus, selectedUuids: selected.has(uuid) ? k.productSkus.selectedUuids.filter((u) => u !== uuid) : [...k.productSkus.selectedUuids, uuid] } }));
  const setSku = (uuid: string, patch: Partial<ProductSku>) => apply((k) => ({ ...k, productSkus: { ...k.productSkus, generations: k.productSkus.generations.map((s) => (s.uuid === uuid ? { ...s, ...patch } : s)) } }));
  if (!kit.productSkus.generations.length) return <p>Writing product ideas…</p>;
  return (
    <>
      {prompt && <p className="bk-prompt">{prompt}</p>}
      <div className="bk-actions">
        <button type="button" className={step === "SELECT_SKUS" ? "primary" : ""} onClick={() => setStep("SELECT_SKUS")}>1. Pick product ideas</button>
        <button type="button" className={step === "REVIEW_SKUS" ? "primary" : ""} disabled={!selected.size} onClick={() => setStep("REVIEW_SKUS")}>2. Review {selected.size} selected</button>
        <button type="button" onClick={onMore}>More ideas</button>
      </div>
      <div className="bk-skus">
        {kit.productSkus.generations.filter((s) => step === "SELECT_SKUS" || selected.has(s.uuid)).map((s) => (
          <div key={s.uuid} className={`bk-sku${selected.has(s.uuid) ? " selected" : ""}`}>
            <Picture src={s.image} alt={s.title} />
            {step === "SELECT_SKUS" ? (
              <>
                <label><input type="checkbox" checked={selected.has(s.uuid)} onChange={() => toggle(s.uuid)} /> <strong>{s.title}</strong></label>
                <span>${s.suggestedRetailPrice.toFixed(2)} suggested retail · popularity {s.popularity}/100</span>
                <span className="muted">{s.description}</span>
              </>
            ) : (
              <>
                <label>Product name<input value={s.title} maxLength={120} onChange={(e) => setSku(s.uuid, { title: e.target.value })} /></label>
                <label>Recommended retail price ($)<input type="number" min={0} step="0.01" value={s.suggestedRetailPrice} onChange={(e) => setSku(s.uuid, { suggestedRetailPrice: Math.max(0, Number(e.target.value) || 0) })} /></label>
                <label>Popularity (0–100)<input type="number" min={0} max={100} value={s.popularity} onChange={(e) => setSku(s.uuid, { popularity: Math.min(100, Math.max(0, Math.round(Number(e.target.value) || 0))) })} /></label>
                <label>Description<textarea rows={3} value={s.description} maxLength={1000} onChange={(e) => setSku(s.uuid, { description: e.target.value })} /></label>
                <SkuMatches kitId={kit.id} sku={s} />
              </>
            )}
          </div>
        ))}
      </div>
    </>
  );
}

function SkuMatches({ kitId, sku }: { kitId: string; sku: ProductSku }) {
  const [matches, setMatches] = useState<SkuMatch[] | null>(null);
  useEffect(() => {
    request(listBrandKitSkuMatches, { params: { id: kitId, uuid: sku.uuid } }, { quiet: true }).then((r) => setMatches(r.list), () => setMatches([]));
  }, [kitId, sku.uuid]);
  const source = () => {
    reportCreationUsage("business_kit_source_sku", sku.title);
    openChat({
      text: `Find factories for "${sku.title}"${matches?.[0]?.landedUnitCost ? ` at about $${matches[0].landedUnitCost.toFixed(2)} a unit landed` : ""}, to sell at $${sku.suggestedRetailPrice.toFixed(2)}. ${sku.description}`,
      newThread: true,
      source: "screen",
      assistant: "sourcing-agent",
    });
  };
  return (
    <div>
      <strong>Who can make it</strong>
      {matches === null ? <p className="muted">Looking in the marketplace…</p> : matches.length === 0 ? <p className="muted">No listed supplier makes this yet.</p> : (
        <ul className="bk-matches">
          {matches.slice(0, 3).map((m) => (
            <li key={m.itemId}><Link to={`/browse-suppliers/catalog-item/${m.itemId}`}>{m.supplierName}</Link>: {m.landedUnitCost !== null ? `$${m.landedUnitCost.toFixed(2)} landed` : "price on request"}{m.moq !== null ? `, MOQ ${m.moq}` : ""}{m.samplePrice !== null ? `, sample $${m.samplePrice.toFixed(2)}` : ""}</li>
          ))}
        </ul>
      )}
      <button type="button" onClick={source}>Source this</button>
    </div>
  );
}
