import { Link, useLocation } from "react-router";
import { PREVIEW_MODE_MESSAGE } from "../api/contracts";
import { activeEntry, type NavEntry } from "../nav/side-nav";
import { openChat } from "../chat/chat-intents";
import { showToast } from "../ui/toast-store";
import { NavIcon } from "./nav-icon";

type Props = { entries: NavEntry[]; isPreview: boolean; onNavigate: () => void };

/** The side navigation rendered from its data. */
export function SideNav({ entries, isPreview, onNavigate }: Props) {
  const location = useLocation();
  const current = activeEntry(entries, location.pathname, location.search);
  return (
    <nav className="side-nav" aria-label="Main">
      <ul>
        {entries.filter((e) => !e.hidden).map((entry) => (
          <NavItem key={entry.id} entry={entry} currentId={current?.id ?? null} isPreview={isPreview} onNavigate={onNavigate} />
        ))}
      </ul>
    </nav>
  );
}

function NavItem({ entry, currentId, isPreview, onNavigate }: { entry: NavEntry; currentId: string | null; isPreview: boolean; onNavigate: () => void }) {
  const children = entry.children?.filter((c) => !c.hidden);
  const isCurrent = entry.id === currentId;
  const blocked = isPreview && entry.blockedForPreview;
  let item;
  if (entry.action === "new-chat") {
    item = (
      <button id={entry.id} type="button" className="nav-link" onClick={() => { openChat({ text: "", newThread: true, source: "nav", assistant: "copilot" }); onNavigate(); }}>
        <NavIcon name={entry.icon} />{entry.label}
      </button>
    );
  } else if (blocked) {
    item = (
      <button id={entry.id} type="button" className="nav-link nav-blocked" title="Not available in preview mode" onClick={() => showToast(PREVIEW_MODE_MESSAGE, "info")}>
        <NavIcon name={entry.icon} />{entry.label}
      </button>
    );
  } else {
    item = (
      <Link id={entry.id} to={entry.link ?? "/homebase"} className={`nav-link${isCurrent ? " nav-current" : ""}`} aria-current={isCurrent ? "page" : undefined} onClick={onNavigate}>
        <NavIcon name={entry.icon} />{entry.label}
      </Link>
    );
  }
  return (
    <li>
      {children?.length ? (
        <details open={children.some((c) => c.id === currentId)}>
          <summary className="nav-group"><NavIcon name={entry.icon} />{entry.label}</summary>
          <ul>
            {children.map((c) => (
              <NavItem key={c.id} entry={c} currentId={currentId} isPreview={isPreview} onNavigate={onNavigate} />
            ))}
          </ul>
        </details>
      ) : (
        item
      )}
    </li>
  );
}
