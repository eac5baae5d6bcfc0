import { useEffect, useState, type FormEvent } from "react";
import { deleteGalleryImage, listGalleryImages, type GeneratedImageDto } from "@atelier/contracts/creation";
import { request } from "../../api/client";
import { errorSentence } from "../../api/error-catalogue";
import { useApi } from "../../api/use-api";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { AuthedImage } from "../../ui/authed-image";
import { reportCreationUsage } from "../../ui/creation-usage";

const PAGE_SIZE = 8;

/** The store's image gallery (/web/images): saved designs, searched and paged on the server; remove one, or start a project from it. */
export function ImageGallery({ version, onStartProject, busy }: { version: number; onStartProject: (imageId: string) => void; busy: boolean }) {
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState("");
  const [searchText, setSearchText] = useState("");
  const [removing, setRemoving] = useState<GeneratedImageDto | null>(null);
  const [working, setWorking] = useState(false);
  const list = useApi(listGalleryImages, { query: { page, size: PAGE_SIZE, ...(search ? { search } : {}) } });
  const { reload } = list;
  useEffect(() => {
    if (version > 0) reload();
  }, [version, reload]);
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setPage(0);
    setSearch(searchText.trim());
  };
  const remove = async (image: GeneratedImageDto) => {
    setWorking(true);
    try {
      await request(deleteGalleryImage, { params: { id: image.id } });
      reportCreationUsage("image_gallery_delete", image.prompt);
      list.reload();
    } catch {
      // The request client said what went wrong.
    } finally {
      setWorking(false);
      setRemoving(null);
    }
  };
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <section className="card" aria-labelledby="gallery-title">
      <div className="section-head">
        <h2 id="gallery-title">Image gallery{list.data ? ` (${total})` : ""}</h2>
        <form className="search-box" role="search" onSubmit={onSearch}>
          <input type="search" aria-label="Search saved designs" placeholder="Search by description" value={searchText} maxLength={100} onChange={(e) => setSearchText(e.target.value)} />
          <button type="submit">Search</button>
        </form>
      </div>
      {list.error ? <p role="alert">{errorSentence(list.error, "Your gallery could not be loaded.")}</p> : null}
      {list.data && list.data.list.length === 0 ? <p className="hint">{search ? `No saved design matches “${search}”.` : "Designs you save appear here."}</p> : null}
      <ul className="gallery-grid" aria-label="Saved designs">
        {(list.data?.list ?? []).map((img) => (
          <li key={img.id} className="gallery-item">
            <AuthedImage src={img.url} alt={img.prompt} className="design-image" />
            <p className="gallery-caption" title={img.prompt}>{img.prompt}</p>
            <div className="gallery-actions">
              <button type="button" disabled={busy} onClick={() => onStartProject(img.id)}>Start project</button>
              <button type="button" className="danger" onClick={() => setRemoving(img)}>Remove</button>
            </div>
          </li>
        ))}
      </ul>
      {total > PAGE_SIZE ? (
        <div className="load-more">
          <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>Previous</button>
          <span>Page {page + 1} of {pages}</span>
          <button type="button" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>Next</button>
        </div>
      ) : null}
      {removing ? (
        <ConfirmDialog title="Remove this design from your gallery?" confirmLabel="Remove" danger busy={working} onConfirm={() => void remove(removing)} onCancel={() => setRemoving(null)}>
          <p>“{removing.prompt}” leaves your gallery. Projects that already attach it keep it.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
