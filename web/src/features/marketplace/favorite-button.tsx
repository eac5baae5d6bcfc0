import { useState } from "react";
import { addFavorite, removeFavorite } from "@atelier/contracts/marketplace";
import { request } from "../../api/client";

/** Saves a supplier or item to the store's favourites, or removes it. */
export function FavoriteButton({ kind, targetId, favoriteId }: { kind: "SUPPLIER" | "CATALOG_ITEM"; targetId: string; favoriteId: string | null }) {
  const [id, setId] = useState(favoriteId);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      if (id) {
        await request(removeFavorite, { params: { id } });
        setId(null);
      } else {
        const fav = await request(addFavorite, { body: { kind, targetId } }, { idempotencyKey: crypto.randomUUID() });
        setId(fav.id);
      }
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" onClick={() => void toggle()} disabled={busy} aria-pressed={id !== null} data-testid="favorite-button">
      {id ? "★ Saved to favorites" : "☆ Save to favorites"}
    </button>
  );
}
