import { IMAGE_LOADING, SLIDE_TABS, type PublicBrandKit } from "@atelier/contracts/brand-kits";
import { selectedBrandIdea, slideColor } from "@atelier/contracts/brand-kit-rules";
import { textOn } from "./offline/palette";

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[c]!);
const ready = (u: string | undefined): u is string => !!u && u !== IMAGE_LOADING;

/**
 * The public kit (/bk/:id) rendered on the server for visitors and link previews: Open Graph and
 * Twitter tags with the Idea slide's thumbnail as the social image, then the deck as plain HTML.
 */
export function sharePageHtml(kit: PublicBrandKit, origin: string): string {
  const idea = selectedBrandIdea({ ...kit, targetAudiences: { selectedUuid: null, generations: [] } });
  const parts = { ...kit, targetAudiences: { selectedUuid: null, generations: [] } };
  const title = `${idea?.brandName ?? kit.category}: Business Kit`;
  const description = idea?.slogan ?? kit.productDescription;
  const preview = kit.thumbnailImages.find((t) => t.key === "IDEA")?.value ?? idea?.images[0];
  const abs = (u: string) => (u.startsWith("/") ? `${origin}${u}` : u);
  const bg = slideColor(parts, "IDEA");
  const skus = kit.productSkus.generations.filter((s) => kit.productSkus.selectedUuids.includes(s.uuid));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><meta name="description" content="${esc(description)}">
<meta property="og:type" content="website"><meta property="og:title" content="${esc(title)}"><meta property="og:description" content="${esc(description)}">
${ready(preview) ? `<meta property="og:image" content="${esc(abs(preview))}"><meta name="twitter:image" content="${esc(abs(preview))}">` : ""}<meta name="twitter:card" content="summary_large_image">
<style>body{margin:0;font-family:system-ui,sans-serif;color:#111}section{padding:32px 24px;max-width:960px;margin:0 auto}.hero{background:${bg};color:${textOn(bg)}}img{max-width:100%;border-radius:8px}.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:12px}.sw{display:inline-block;width:64px;height:32px;border-radius:4px;margin-right:8px;border:1px solid #0002}</style></head><body>
<div class="hero"><section><h1>${esc(idea?.brandName ?? kit.category)}</h1><p>${esc(description)}</p><p>${esc(idea?.mission ?? "")}</p><p>${(idea?.colorPalette ?? []).map((c) => `<span class="sw" style="background:${esc(c.hexCode)}" title="${esc(c.name)}"></span>`).join("")}</p></section></div>
<section><h2>${SLIDE_TABS.IDEA}</h2><ul>${(idea?.valueProps ?? []).map((v) => `<li>${esc(v)}</li>`).join("")}</ul><div class="grid">${(idea?.images ?? []).filter(ready).map((u) => `<img src="${esc(u)}" alt="">`).join("")}</div></section>
<section><h2>${SLIDE_TABS.MOODBOARD}</h2><div class="grid">${kit.moodboardImages.filter(ready).map((u) => `<img src="${esc(u)}" alt="">`).join("")}</div></section>
<section><h2>${SLIDE_TABS.MARKET_RESEARCH}</h2>${kit.marketResearch.split(/\n\n+/).map((p) => `<p>${esc(p)}</p>`).join("")}</section>
<section><h2>${SLIDE_TABS.PRODUCT_SKUS}</h2><div class="grid">${skus.map((s) => `<div>${ready(s.image) ? `<img src="${esc(s.image)}" alt="">` : ""}<h3>${esc(s.title)}</h3><p>$${s.suggestedRetailPrice.toFixed(2)}</p></div>`).join("")}</div></section>
<section><p>Made with Atelier by ${esc(kit.storeName)}.</p></section></body></html>`;
}
