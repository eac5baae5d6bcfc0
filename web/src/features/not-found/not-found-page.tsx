import { Link } from "react-router";

/** Unknown paths land here. */
export function NotFoundPage() {
  return (
    <section className="page narrow" aria-labelledby="nf-title">
      <h1 id="nf-title">Page not found</h1>
      <p>The page you were looking for does not exist or has moved.</p>
      <Link className="button primary" to="/homebase">Go to your home base</Link>
    </section>
  );
}
