import { Suspense, lazy, useEffect, useMemo, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { PREVIEW_MODE_MESSAGE } from "../api/contracts";
import { buildSideNav, navForRole } from "../nav/side-nav";
import { useStoreFlags } from "../session/store-flags";
import { roleCan } from "../session/roles";
import { dialogFor, navKeysFor, setNavState, useNavState, withoutDialog } from "../nav/nav-state";
import { clearSession, isPreviewAccount, useSession } from "../session/session-store";
import { getRuntime } from "../app/runtime";
import { SideNav } from "./side-nav";
import { UpgradePrompt } from "./upgrade-prompt";
import { useChatIntent, openChat } from "../chat/chat-intents";
import { pushDataLayer } from "../ui/data-layer";

const QueryDialog = lazy(() => import("./query-dialog").then((m) => ({ default: m.QueryDialog })));
const ChatDock = lazy(() => import("../chat/chat-dock").then((m) => ({ default: m.ChatDock })));

const FULL_PAGE_CHAT = /^\/(sourcing-agent|tariff-rate-agent|packaging-agent)(-review)?\/?$/;

/** Paths whose layout has a fixed width between 980 and 1280 (000 §2.7). */
function fixedWidth(pathname: string): boolean {
  return /^\/(homebase|inbox|email-fans|text-fans|sms-marketing|email-capture|v2\/affiliate-marketing)(\/|$)/.test(pathname);
}

/** The logged-in frame: top bar, side navigation, the page, query dialogs and the assistant dock. */
export function AppShell({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const nav = useNavState();
  const chat = useChatIntent();
  const preview = isPreviewAccount(session);
  const role = session.storeRecord?.role ?? session.role ?? "CX";
  const storeFlags = useStoreFlags(true);
  const entries = useMemo(() => navForRole(buildSideNav(storeFlags ?? getRuntime().flags), (p) => roleCan(role, p)), [role, storeFlags]);
  const dialog = dialogFor(location.search);

  // Navigating closes the phone menu; full-page chats hide it altogether.
  useEffect(
    () => setNavState({ ...navKeysFor(location.pathname, location.search), mobileMenu: FULL_PAGE_CHAT.test(location.pathname) ? "hidden" : "closed" }),
    [location.pathname, location.search],
  );

  // Each screen a member opens is a commonView in the tag-manager data layer (001 §7).
  const userId = session.user?.id ?? null;
  useEffect(() => pushDataLayer({ event: "commonView", pagePath: location.pathname, userId }), [location.pathname, userId]);

  const closeMenu = () => setNavState({ mobileMenu: "closed" });
  return (
    <div className={`app-shell menu-${nav.mobileMenu}${chat ? " chat-open" : ""}`} data-top-level={nav.topLevel} data-second-level={nav.secondLevel ?? ""}>
      <header className="top-bar">
        <button
          type="button"
          className="menu-toggle"
          aria-label="Menu"
          aria-controls="side-menu"
          aria-expanded={nav.mobileMenu === "open"}
          onClick={() => setNavState({ mobileMenu: nav.mobileMenu === "open" ? "closed" : "open" })}
        >
          ☰
        </button>
        <Link to="/homebase" className="brand">Atelier</Link>
        <span className="store-title" data-testid="store-title">{session.storeRecord?.title ?? session.store?.title ?? ""}</span>
        <div className="top-actions">
          <button type="button" className="chat-entry" onClick={() => openChat({ text: "", newThread: false, source: "screen", assistant: "copilot" })}>
            Ask AI
          </button>
          <Link to="/account-info">Account</Link>
          <button
            type="button"
            onClick={() => {
              clearSession();
              // A full load: nothing of this session (chat, caches) survives in memory.
              window.location.assign("/login");
            }}
          >
            Log out
          </button>
        </div>
      </header>
      {preview && (
        <div className="preview-banner" role="status" data-testid="preview-banner">
          Preview account: you can look around, but changes are switched off. {PREVIEW_MODE_MESSAGE}
        </div>
      )}
      <div className="shell-body">
        <aside className="side" id="side-menu">
          <SideNav entries={entries} isPreview={preview} onNavigate={closeMenu} />
        </aside>
        {nav.mobileMenu === "open" && <button type="button" className="menu-backdrop" aria-label="Close menu" onClick={closeMenu} />}
        <main className={`content${fixedWidth(location.pathname) ? " fixed-width" : ""}`}>{children}</main>
        {chat && (
          <Suspense fallback={<aside className="chat-dock">Loading the assistant…</aside>}>
            <ChatDock intent={chat} />
          </Suspense>
        )}
      </div>
      {dialog && (
        <Suspense fallback={null}>
          <QueryDialog kind={dialog} onClose={() => void navigate({ pathname: location.pathname, search: withoutDialog(location.search) }, { replace: true })} />
        </Suspense>
      )}
      <UpgradePrompt />
    </div>
  );
}
