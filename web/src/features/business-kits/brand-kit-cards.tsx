import { IMAGE_LOADING, type BrandIdea, type BrandKit, type PaletteColor, type ProductSku } from "@atelier/contracts/brand-kits";
import { formatUsd } from "../../format/format";
import "./brand-kit-cards.css";

// The chat's cards for business-kit tools (issue 19): a brand idea (name, slogan, palette
// swatches), a palette (each colour with its name and use) and the kit's product (SKU) ideas.

export type BrandIdeaView = { brandName: string; slogan: string; colors: PaletteColor[]; selected: boolean };
export type PaletteView = { brandName: string; colors: PaletteColor[] };
export type SkuIdeaView = { uuid: string; title: string; price: number; popularity: number; unitCost: number | null; image: string | null; selected: boolean };
export type BrandKitView = { idea: BrandIdeaView | null; ideas: number; skus: SkuIdeaView[] };

/** The idea a tool acted on (by uuid), else the kit's selected one, else its first. */
export function ideaOf(kit: Pick<BrandKit, "brandIdeas">, uuid?: unknown): BrandIdea | null {
  const all = kit.brandIdeas.generations;
  return all.find((g) => g.uuid === uuid) ?? all.find((g) => g.uuid === kit.brandIdeas.selectedUuid) ?? all[0] ?? null;
}

export function brandIdeaView(kit: Pick<BrandKit, "brandIdeas">, uuid?: unknown): BrandIdeaView | null {
  const idea = ideaOf(kit, uuid);
  return idea ? { brandName: idea.brandName, slogan: idea.slogan, colors: idea.colorPalette, selected: idea.uuid === kit.brandIdeas.selectedUuid } : null;
}

const skuView = (s: ProductSku, selected: readonly string[]): SkuIdeaView => ({
  uuid: s.uuid, title: s.title, price: s.suggestedRetailPrice, popularity: s.popularity, unitCost: s.estimatedUnitCost, image: s.image && s.image !== IMAGE_LOADING ? s.image : null, selected: selected.includes(s.uuid),
});

export function brandKitView(kit: Pick<BrandKit, "brandIdeas" | "productSkus">): BrandKitView {
  return { idea: brandIdeaView(kit), ideas: kit.brandIdeas.generations.length, skus: kit.productSkus.generations.map((s) => skuView(s, kit.productSkus.selectedUuids)) };
}

/** Readable text on a swatch: dark on light colours, white on dark ones. */
const textOn = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  const lum = (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
  return lum > 0.6 ? "#111111" : "#FFFFFF";
};

function Swatches({ colors }: { colors: PaletteColor[] }) {
  return (
    <ul className="bk-card-swatches" aria-label="Palette">
      {colors.map((c) => (
        <li key={`${c.hexCode}-${c.name}`} style={{ background: c.hexCode, color: textOn(c.hexCode) }} title={`${c.name} ${c.hexCode}`}>
          <span className="bk-card-sr">{c.name} </span>{c.hexCode}
        </li>
      ))}
    </ul>
  );
}

export function BrandIdeaCard({ idea }: { idea: BrandIdeaView }) {
  return (
    <div className="bk-card-idea">
      <strong className="bk-card-name">{idea.brandName}</strong>
      {idea.selected ? <span className="muted"> · chosen idea</span> : null}
      <div className="bk-card-slogan">“{idea.slogan}”</div>
      <Swatches colors={idea.colors} />
    </div>
  );
}

export function PaletteCard({ palette }: { palette: PaletteView }) {
  return (
    <>
      <strong>{palette.brandName} palette</strong>
      <ul className="bk-card-palette">
        {palette.colors.map((c) => (
          <li key={`${c.hexCode}-${c.name}`}>
            <span className="bk-card-chip" style={{ background: c.hexCode }} aria-hidden="true" />
            <span><strong>{c.name}</strong> <span className="muted">{c.hexCode}</span><br /><span className="muted">{c.description}</span></span>
          </li>
        ))}
      </ul>
    </>
  );
}

export function SkuIdeasCard({ skus }: { skus: SkuIdeaView[] }) {
  if (!skus.length) return <span className="muted">No product ideas yet.</span>;
  return (
    <ul className="bk-card-skus" aria-label="Product ideas">
      {skus.slice(0, 6).map((s) => (
        <li key={s.uuid}>
          {s.image ? <img src={s.image} alt="" width={40} height={40} /> : <span className="bk-card-chip" aria-hidden="true" />}
          <span>
            <strong>{s.title}</strong>{s.selected ? <span className="muted"> · selected</span> : null}
            <br />
            <span className="muted">{[`${formatUsd(s.price)} retail`, s.unitCost !== null ? `about ${formatUsd(s.unitCost)} a unit to make` : "", `popularity ${s.popularity}/100`].filter(Boolean).join(" · ")}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

export function BrandKitCard({ kit }: { kit: BrandKitView }) {
  return (
    <>
      {kit.idea ? <BrandIdeaCard idea={kit.idea} /> : <span className="muted">No brand ideas yet: they are still being written.</span>}
      {kit.ideas > 1 ? <div className="muted">{kit.ideas} brand ideas in this kit.</div> : null}
      {kit.skus.length ? <SkuIdeasCard skus={kit.skus} /> : null}
    </>
  );
}
