import { NavLink } from "react-router";
import type { Permission } from "@atelier/contracts/permissions";
import { roleCan } from "../session/roles";
import { useSession } from "../session/session-store";
import { UnreadMessagesBadge } from "./unread-badge";

const TABS: { to: string; label: string; permission: Permission }[] = [
  { to: "/inbox/messages", label: "Messages", permission: "inbox.use" },
  { to: "/inbox/my-suppliers", label: "My suppliers", permission: "sourcing.use" },
  { to: "/inbox/supplier-scorecards", label: "Scorecards", permission: "sourcing.use" },
  { to: "/inbox/orders", label: "Orders & shipments", permission: "sourcing.use" },
  { to: "/inbox/needs-payment", label: "Invoices", permission: "sourcing.use" },
  { to: "/inbox/custom-project-requests", label: "Custom project requests", permission: "sourcing.use" },
];

/** The inbox tabs (000 §2.7, route value per tab); a role sees only the tabs the API lets it open. */
export function InboxTabs() {
  const session = useSession();
  const role = session.storeRecord?.role ?? session.role ?? "CX";
  return (
    <nav className="tabs" aria-label="Inbox">
      {TABS.filter((t) => roleCan(role, t.permission)).map((t) => (
        <NavLink key={t.to} to={t.to} className={({ isActive }) => `tab${isActive ? " tab-current" : ""}`}>{t.label}{t.to === "/inbox/messages" && <UnreadMessagesBadge />}</NavLink>
      ))}
    </nav>
  );
}
