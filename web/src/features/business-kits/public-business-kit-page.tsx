import { useState, type FormEvent } from "react";
import { useParams } from "react-router";
import { IMAGE_LOADING, SLIDE_TABS, getPublicBrandKit, joinBrandKitWaitlist } from "@atelier/contracts/brand-kits";
import { selectedBrandIdea, slideColor } from "@atelier/contracts/brand-kit-rules";
import { request } from "../../api/client";
import { useApi } from "../../api/use-api";
import "./business-kits.css";

const ready = (u: string | undefined): u is string => !!u && u !== IMAGE_LOADING;
const textOn = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255 > 0.6 ? "#111111" : "#FFFFFF";
};

/** /bk/:id: a shared kit for anyone with the link (logged out too), with the waitlist sign-up when published. */
export function PublicBusinessKitPage() {
  const { id = "" } = useParams();
  const kit = useApi(getPublicBrandKit, { params: { id } });
  const [email, setEmail] = useState("");
  const [joined, setJoined] = useState(false);
  if (kit.error) return <section className="page"><h1>This kit isn't available</h1><p>The link may be mistyped, or its owner archived it.</p></section>;
  if (!kit.data) return <div className="loading" role="status">Loading…</div>;
  const k = kit.data;
  const parts = { ...k, targetAudiences: { selectedUuid: null, generations: [] } };
  const idea = selectedBrandIdea(parts);
  const bg = slideColor(parts, "IDEA");
  const skus = k.productSkus.generations.filter((s) => k.productSkus.selectedUuids.includes(s.uuid));
  const join = async (e: FormEvent) => {
    e.preventDefault();
    await request(joinBrandKitWaitlist, { params: { id }, body: { email: email.trim() } });
    setJoined(true);
  };
  return (
    <section className="page bk-editor" aria-labelledby="bk-public-title">
      <div className="bk-slide" style={{ background: bg, color: textOn(bg) }}>
        <h1 id="bk-public-title">{idea?.brandName ?? k.category}</h1>
        <p>{idea?.slogan ?? k.productDescription}</p>
        {idea && <p>{idea.mission}</p>}
        {idea && <span className="bk-swatches">{idea.colorPalette.map((c) => <i key={c.hexCode} style={{ background: c.hexCode }} title={c.name} />)}</span>}
        {k.isWaitlistSitePublished && (
          joined ? <p role="status">You're on the list. We'll e-mail you at launch.</p> : (
            <form className="bk-search" onSubmit={(e) => void join(e)}>
              <input type="email" required aria-label="Your e-mail" placeholder="you@example.com" value={email} onChange={(e) => setEmail(e.target.value)} maxLength={254} />
              <button type="submit" className="primary">Join the waitlist</button>
            </form>
          )
        )}
      </div>
      {idea && <div className="bk-images">{idea.images.filter(ready).map((src) => <img key={src} src={src} alt="" />)}</div>}
      <h2>{SLIDE_TABS.MOODBOARD}</h2>
      <div className="bk-images">{k.moodboardImages.filter(ready).map((src, i) => <img key={i} src={src} alt="" />)}</div>
      <h2>{SLIDE_TABS.MARKET_RESEARCH}</h2>
      <p className="bk-research">{k.marketResearch}</p>
      <h2>{SLIDE_TABS.PRODUCT_SKUS}</h2>
      <div className="bk-skus">{skus.map((s) => <div key={s.uuid} className="bk-sku">{ready(s.image) && <img src={s.image} alt={s.title} />}<strong>{s.title}</strong><span>${s.suggestedRetailPrice.toFixed(2)}</span></div>)}</div>
      <p className="muted">Made with Atelier by {k.storeName}.</p>
    </section>
  );
}
