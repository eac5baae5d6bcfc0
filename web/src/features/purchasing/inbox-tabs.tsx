import { NavLink } from "react-router";
import { UnreadMessagesBadge } from "../inbox/unread-badge";

const TABS = [
  { to: "/inbox/messages", label: "Messages" },
  { to: "/inbox/my-suppliers", label: "My suppliers" },
  { to: "/inbox/orders", label: "Orders & shipments" },
  { to: "/inbox/needs-payment", label: "Invoices" },
  { to: "/inbox/custom-project-requests", label: "Custom project requests" },
];

/** The inbox tabs (000 §2.7, route value per tab). */
export function InboxTabs() {
  return (
    <nav className="tabs" aria-label="Inbox">
      {TABS.map((t) => (
        <NavLink key={t.to} to={t.to} className={({ isActive }) => `tab${isActive ? " tab-current" : ""}`}>{t.label}{t.to === "/inbox/messages" && <UnreadMessagesBadge />}</NavLink>
      ))}
    </nav>
  );
}
