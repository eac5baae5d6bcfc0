/**
 * What a search answer says about itself (contracts/src/search-notice.ts): shown above its results
 * as the API wrote it, e.g. that it matched by words only while the meaning model was down.
 */
export function SearchNotice({ notice }: { notice?: string | null }) {
  if (!notice) return null;
  return (
    <p className="search-notice" role="status" data-testid="search-notice">
      {notice}
    </p>
  );
}
