import type { ReactNode } from "react";
import { Link } from "react-router";

/** The frame of pages seen without login: the brand and the page. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="public-frame">
      <header className="public-header">
        <Link to="/login" className="brand">Atelier</Link>
      </header>
      <main className="public-main">{children}</main>
    </div>
  );
}
