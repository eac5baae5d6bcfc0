import { ApiError } from "../api/contracts";

/** What a page shows when its record could not be loaded: gone (404, or an id that is not one) or failed. */
export function NotFound({ error }: { error: unknown }) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return <p className="card" role="alert">{missing ? "This page does not exist or is no longer listed." : "It could not be loaded. Please try again."}</p>;
}
