import { NAV_ICONS, type NavIconName } from "../nav/nav-icons";

/** A side-navigation entry's icon; decorative, the label says what the entry is. */
export function NavIcon({ name }: { name: NavIconName }) {
  return (
    <svg className="nav-icon" data-icon={name} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={NAV_ICONS[name]} />
    </svg>
  );
}
