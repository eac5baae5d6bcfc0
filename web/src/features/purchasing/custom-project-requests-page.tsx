import { useCallback } from "react";
import { Link, useSearchParams } from "react-router";
import { listCreatorProjects, updateCreatorProject } from "@atelier/contracts/projects";
import { request } from "../../api/client";
import { PageFrame } from "../../shell/page-frame";
import { formatRelativeTime } from "../../format/format";
import { usePaged } from "../../ui/use-paged";
import { LoadMore } from "../../ui/load-more";
import { InboxTabs } from "../../ui/inbox-tabs";
import "../../ui/kit.css";

const STAGE_LABELS = { PREVIEW: "Draft", FORM: "Draft", COMPLETE: "Sent" } as const;

/** Custom project requests (/inbox/custom-project-requests): drafts and sent requests, archive and restore. */
export function CustomProjectRequestsPage() {
  const [params, setParams] = useSearchParams();
  const includeArchived = params.get("showArchived") === "true";
  const load = useCallback((page: number) => request(listCreatorProjects, { query: { includeArchived: includeArchived ? "true" : "false", page, size: 20 } }), [includeArchived]);
  const projects = usePaged(load, String(includeArchived));
  const archive = async (id: string, isArchived: boolean) => {
    try {
      await request(updateCreatorProject, { params: { id }, body: { isArchived } });
      projects.reload();
    } catch {
      // The request client has shown why.
    }
  };
  return (
    <PageFrame title="Custom project requests" chatPrompt="Help me with my custom project requests" actions={<Link className="button primary" to="/create-custom-project">New custom project</Link>}>
      <InboxTabs />
      <label className="choice">
        <input type="checkbox" checked={includeArchived} onChange={(e) => setParams(e.target.checked ? { showArchived: "true" } : {})} /> Show archived
      </label>
      {projects.total === 0 && <p className="card">No custom projects yet. <Link to="/create-custom-project">Describe what you want made</Link>.</p>}
      <ul className="order-list">
        {projects.items.map((p) => (
          <li key={p.id} className="card order-row" data-testid="project-row">
            <div className="section-head">
              <Link to={`/create-custom-project/${p.id}`} className="card-title">{p.title || "Untitled project"}</Link>
              <span className="badge">{p.isArchived ? "Archived" : STAGE_LABELS[p.formStage]}</span>
            </div>
            <span className="muted">
              {p.supplierName ? `For ${p.supplierName}` : "For the sourcing team"} · {p.quantity ? `${p.quantity} units · ` : ""}
              {p.submittedAt ? `sent ${formatRelativeTime(p.submittedAt)}` : `edited ${formatRelativeTime(p.updatedAt)}`}
            </span>
            <div className="dialog-actions">
              <button type="button" className="link-button" onClick={() => void archive(p.id, !p.isArchived)}>{p.isArchived ? "Restore" : "Archive"}</button>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore hasMore={projects.hasMore} loading={projects.loading} onMore={projects.loadMore} shown={projects.items.length} total={projects.total} />
    </PageFrame>
  );
}
