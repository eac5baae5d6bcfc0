import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { z } from "zod";
import { searchByImage, type catalogItemSchema } from "@atelier/contracts/marketplace";
import { ApiError } from "../../api/contracts";
import { request } from "../../api/client";
import { JobProgress, pollingJobSource } from "../../ui/job-progress";
import { PageFrame } from "../../shell/page-frame";
import { ItemCard } from "../../ui/cards";
import "../../ui/kit.css";
import { errorSentence } from "../../api/error-catalogue";
import { inWords } from "@atelier/contracts/error-sentences";

type Match = z.infer<typeof catalogItemSchema> & { similarity: number };
const MAX_BYTES = 5 * 1024 * 1024;

/** Reads a picked file as a data URL (what the image search takes). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });
}

/** What a failed search says: the API's reason about the picture or the link, not about a request field. */
export function imageSearchError(err: unknown): string {
  if (!(err instanceof ApiError)) return "The image could not be searched.";
  const detail = err.details?.find((d) => d.field === "body.image" || d.field === "body.imageUrl");
  if (detail?.reason) return `${detail.field === "body.image" ? "The picture" : "The link"} ${inWords(String(detail.reason))}`;
  return errorSentence(err, "The image could not be searched.");
}

// The closest matches come first; more on request, so 120 results are not one page 15,000 px long.
const IMAGE_PAGE = 24;
const INDEX_POLL_MS = 1500;
// The picture index is a platform job: no store room hears its realtime events, so its bar reads the job.
const indexPolling = pollingJobSource(INDEX_POLL_MS);

/** Search by image (/browse-suppliers-with-uploaded-image): an upload or a link → visually similar items. */
export function ImageSearchPage() {
  const [params, setParams] = useSearchParams();
  const linked = params.get("imageUrl") ?? "";
  const [url, setUrl] = useState(linked);
  const [preview, setPreview] = useState<string | null>(null);
  const [results, setResults] = useState<{ list: Match[]; colors: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(IMAGE_PAGE);
  // Right after a start the picture index may still be building: the share done, while we wait.
  const [indexing, setIndexing] = useState<{ share: number; jobId: string | null } | null>(null);

  const run = async (body: { imageUrl: string } | { image: string }, shown: string) => {
    setBusy(true);
    setError(null);
    setPreview(shown);
    try {
      let answer = await request(searchByImage, { body: { ...body, quantity: 120 } }, { quiet: true });
      while (answer.indexing) {
        setIndexing({ share: answer.indexing.share, jobId: answer.indexing.jobId ?? null });
        await new Promise((done) => setTimeout(done, INDEX_POLL_MS));
        answer = await request(searchByImage, { body: { ...body, quantity: 120 } }, { quiet: true });
      }
      setIndexing(null);
      setResults({ list: answer.list, colors: answer.descriptor.dominantColors });
      setShown(IMAGE_PAGE);
    } catch (err) {
      setIndexing(null);
      setResults(null);
      setError(imageSearchError(err));
    } finally {
      setBusy(false);
    }
  };
  // A link in the address (?imageUrl=) searches on arrival, so results can be shared.
  useEffect(() => {
    if (linked) void run({ imageUrl: linked }, linked);
  }, [linked]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_BYTES) return setError("The image must be at most 5 MB.");
    const dataUrl = await readAsDataUrl(file);
    await run({ image: dataUrl }, dataUrl);
  };
  return (
    <PageFrame title="Search by image" chatPrompt="">
      <div className="card grid two">
        <label>
          Upload a picture (PNG, JPEG, GIF or SVG)
          <input type="file" accept="image/png,image/jpeg,image/gif,image/svg+xml" onChange={(e) => void onFile(e.target.files?.[0])} disabled={busy} />
        </label>
        <form className="search-box" onSubmit={(e) => { e.preventDefault(); if (url.trim()) setParams({ imageUrl: url.trim() }); }}>
          <input type="url" aria-label="Image link" placeholder="https://… link to a picture" value={url} onChange={(e) => setUrl(e.target.value)} />
          <button type="submit" className="primary" disabled={busy}>Search</button>
        </form>
      </div>
      <p className="muted">
        Matching compares colours and composition of the pictures; it finds products that look alike, not products that are the same kind of object.
      </p>
      {error && <p className="form-error" role="alert">{error}</p>}
      {busy && (
        <p role="status" data-testid="image-search-status">
          {indexing === null ? "Searching…" : `Preparing image search: the product pictures are being indexed (${Math.floor(indexing.share * 100)}% done). Results follow as soon as it finishes.`}
        </p>
      )}
      {/* The build is a background job: its bar follows the job; without one, the share the search answered. */}
      {busy && indexing?.jobId && <JobProgress jobId={indexing.jobId} label="Indexing product pictures" live={indexPolling} doneText="Pictures indexed: searching…" />}
      {busy && indexing && !indexing.jobId && <progress max={1} value={indexing.share} aria-label="Picture index progress" />}
      {results && (
        <section aria-label="Similar products">
          <div className="section-head">
            {preview && <img src={preview} alt="Your picture" width={160} height={160} className="card-image image-query" />}
            <span className="chips">
              {results.colors.map((c) => <span key={c} className="chip"><span className="swatch" style={{ background: c }} aria-hidden /> {c}</span>)}
            </span>
            <span data-testid="result-count">{results.list.length} similar products</span>
          </div>
          <div className="result-grid">{results.list.slice(0, shown).map((item) => <ItemCard key={item.id} item={item} />)}</div>
          <div className="load-more">
            <span className="muted">Showing {Math.min(shown, results.list.length)} of {results.list.length}</span>
            {shown < results.list.length && <button type="button" onClick={() => setShown((n) => n + IMAGE_PAGE)}>Show more</button>}
          </div>
        </section>
      )}
    </PageFrame>
  );
}
