import { Link } from "react-router";
import type { Kit } from "@atelier/contracts/kitting";

// The chat's card for a kit (create_kit, get_kit, update_kit, assemble_kits, list_kits): what
// each kit holds and how many can be sold now, linking to the kit on the kitting screen.

export function KitsCard({ kits, total }: { kits: Kit[]; total: number }) {
  if (!kits.length) return <span className="muted">No kits yet.</span>;
  return (
    <>
      {kits.slice(0, 5).map((k) => (
        <div key={k.sku} className="tool-row" data-testid="card-kit">
          <Link to={`/fulfillment-services/kitting?kit=${encodeURIComponent(k.sku)}`}>{k.title}</Link>{" "}
          <strong>{k.available} can be sold</strong>
          <div className="muted">
            {k.components.map((c) => `${c.quantity} × ${c.title}`).join(" + ")}
            {` · ${k.assembled} assembled, ${k.makeable} more from stock${k.limitedBy ? ` · ${k.limitedBy} runs out first` : ""}`}
          </div>
        </div>
      ))}
      {total > Math.min(kits.length, 5) && <div className="muted">{total - Math.min(kits.length, 5)} more on the kitting screen.</div>}
    </>
  );
}
