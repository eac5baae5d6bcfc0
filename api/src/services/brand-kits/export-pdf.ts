import type * as PdfLib from "pdf-lib";
import type { PDFDocument, PDFFont, PDFImage, PDFPage } from "pdf-lib";
import sharp from "sharp";
import { IMAGE_LOADING, PDF_PAGE_MARGIN, SLIDE_KEYS, SLIDE_TABS, brandKitPdfFileName, type BrandKitParts, type SlideKey } from "@atelier/contracts/brand-kits";
import { selectedBrandIdea, slideColor } from "@atelier/contracts/brand-kit-rules";
import type { Queryable } from "../../db/pool";
import { artKeyOfUrl, artPng, renderArt } from "./art/render-art";
import { textOn } from "./offline/palette";

// pdf-lib is loaded at the first export, not with the API: few processes export a kit, and it
// takes a noticeable part of a second to load (every API start, every test file).
let pdfLib: typeof PdfLib | undefined;
const loadPdfLib = async () => (pdfLib ??= await import("pdf-lib"));

/** The slide size in PDF units (16:9); each page is the slide plus the 40-unit margin around it (001 §9). */
const SLIDE_W = 960;
const SLIDE_H = 540;
const PAGE_W = SLIDE_W + 2 * PDF_PAGE_MARGIN;
const PAGE_H = SLIDE_H + 2 * PDF_PAGE_MARGIN;
const PDF_SLIDES = SLIDE_KEYS.filter((k) => k !== "GET_STARTED");

type Kit = { id: string; category: string; productDescription: string; parts: BrandKitParts };

const hex = (h: string) => pdfLib!.rgb(parseInt(h.slice(1, 3), 16) / 255, parseInt(h.slice(3, 5), 16) / 255, parseInt(h.slice(5, 7), 16) / 255);
// The standard fonts speak WinAnsi only: other characters are replaced rather than failing the export.
const winAnsi = (s: string) => s.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/[–—]/g, "-").replace(/[^\x20-\x7E\xA0-\xFF\n]/g, "?");

function lines(font: PDFFont, text: string, size: number, width: number): string[] {
  const out: string[] = [];
  for (const para of winAnsi(text).split("\n")) {
    let line = "";
    for (const word of para.split(/\s+/)) {
      const tryLine = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(tryLine, size) > width && line) {
        out.push(line);
        line = word;
      } else line = tryLine;
    }
    out.push(line);
  }
  return out;
}

/** Writes wrapped text from the top-left (slide coordinates); answers the y below it. */
function write(page: PDFPage, font: PDFFont, text: string, o: { x: number; y: number; size: number; width: number; color: string; maxLines?: number }): number {
  let y = o.y;
  for (const l of lines(font, text, o.size, o.width).slice(0, o.maxLines ?? 100)) {
    page.drawText(l, { x: PDF_PAGE_MARGIN + o.x, y: PAGE_H - PDF_PAGE_MARGIN - y - o.size, size: o.size, font, color: hex(o.color) });
    y += o.size * 1.35;
  }
  return y;
}

function image(page: PDFPage, img: PDFImage | null, x: number, y: number, w: number, h: number) {
  if (img) page.drawImage(img, { x: PDF_PAGE_MARGIN + x, y: PAGE_H - PDF_PAGE_MARGIN - y - h, width: w, height: h });
}

/**
 * The kit as a PDF (001 §9): the four slides in slide order (Idea, Mood board, Market research,
 * Product ideas) and a summary, each page the slide's size plus the 40-unit margin; a slide
 * without a thumbnail gets a default one drawn for the summary. Drawn with pdf-lib (pure JS).
 */
/**
 * An opaque picture goes in as a JPEG made by sharp: pdf-lib embeds JPEG bytes as they are, while
 * a PNG is decoded and re-compressed in JavaScript (most of the export's time). A picture with
 * transparency stays PNG so what shows through it is kept.
 */
async function embedPicture(pdf: PDFDocument, png: Buffer): Promise<PDFImage> {
  const { isOpaque } = await sharp(png).stats();
  if (!isOpaque) return pdf.embedPng(png);
  return pdf.embedJpg(await sharp(png).flatten({ background: "#ffffff" }).jpeg({ quality: 90, chromaSubsampling: "4:4:4" }).toBuffer());
}

export async function exportKitPdf(db: Queryable, kit: Kit): Promise<{ fileName: string; bytes: Uint8Array }> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  const idea = selectedBrandIdea(kit.parts);
  const brandName = idea?.brandName ?? null;
  pdf.setTitle(`${brandName ?? kit.category} Business Kit`);
  pdf.setCreator("Atelier");
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const cache = new Map<string, PDFImage | null>();
  const png = async (url: string | undefined): Promise<PDFImage | null> => {
    const key = url && url !== IMAGE_LOADING ? artKeyOfUrl(url) : null;
    if (!key) return null;
    if (!cache.has(key)) {
      const bytes = await artPng(db, key);
      cache.set(key, bytes ? await embedPicture(pdf, bytes) : null);
    }
    return cache.get(key)!;
  };
  const palette = idea?.colorPalette.map((c) => c.hexCode) ?? ["#1F2937", "#F59E0B", "#F9FAFB", "#111827"];

  const slidePage = (key: SlideKey) => {
    const page = pdf.addPage([PAGE_W, PAGE_H]);
    const bg = slideColor(kit.parts, key);
    page.drawRectangle({ x: 0, y: 0, width: PAGE_W, height: PAGE_H, color: rgb(1, 1, 1) });
    page.drawRectangle({ x: PDF_PAGE_MARGIN, y: PDF_PAGE_MARGIN, width: SLIDE_W, height: SLIDE_H, color: hex(bg) });
    write(page, bold, SLIDE_TABS[key], { x: 40, y: 32, size: 14, width: 400, color: textOn(bg) });
    return { page, fg: textOn(bg) };
  };

  // 1. Idea
  {
    const { page, fg } = slidePage("IDEA");
    let y = write(page, bold, brandName ?? kit.category, { x: 40, y: 64, size: 40, width: 480, color: fg });
    y = write(page, regular, idea?.slogan ?? kit.productDescription, { x: 40, y: y + 6, size: 18, width: 480, color: fg });
    y = write(page, regular, idea?.mission ?? "", { x: 40, y: y + 12, size: 11, width: 480, color: fg, maxLines: 6 });
    for (const v of idea?.valueProps ?? []) y = write(page, regular, `- ${v}`, { x: 40, y: y + 4, size: 11, width: 480, color: fg, maxLines: 2 });
    for (const [i, c] of (idea?.colorPalette ?? []).entries()) {
      page.drawRectangle({ x: PDF_PAGE_MARGIN + 40 + i * 118, y: PDF_PAGE_MARGIN + 40, width: 108, height: 40, color: hex(c.hexCode), borderColor: hex(fg), borderWidth: 0.5 });
      write(page, regular, `${c.name} ${c.hexCode}`, { x: 40 + i * 118, y: SLIDE_H - 36, size: 8, width: 108, color: fg, maxLines: 1 });
    }
    for (const [i, url] of (idea?.images ?? []).entries()) image(page, await png(url), 560 + (i % 2) * 180, 64 + Math.floor(i / 2) * 180, 170, 170);
  }
  // 2. Mood board
  {
    const { page } = slidePage("MOODBOARD");
    for (const [i, url] of kit.parts.moodboardImages.entries()) image(page, await png(url), 40 + (i % 4) * 222, 70 + Math.floor(i / 4) * 222, 210, 210);
  }
  // 3. Market research
  {
    const { page, fg } = slidePage("MARKET_RESEARCH");
    write(page, regular, kit.parts.marketResearch || "No market research yet.", { x: 40, y: 70, size: 12, width: SLIDE_W - 80, color: fg, maxLines: 30 });
  }
  // 4. Product ideas (the selected ones)
  {
    const { page, fg } = slidePage("PRODUCT_SKUS");
    const selected = kit.parts.productSkus.generations.filter((s) => kit.parts.productSkus.selectedUuids.includes(s.uuid)).slice(0, 4);
    for (const [i, sku] of selected.entries()) {
      const x = 40 + i * 225;
      image(page, await png(sku.image), x, 70, 200, 200);
      let y = write(page, bold, sku.title, { x, y: 282, size: 13, width: 200, color: fg, maxLines: 2 });
      y = write(page, regular, `$${sku.suggestedRetailPrice.toFixed(2)} suggested retail`, { x, y: y + 2, size: 11, width: 200, color: fg });
      write(page, regular, sku.description, { x, y: y + 4, size: 9, width: 200, color: fg, maxLines: 8 });
    }
  }
  // 5. Summary: every slide's thumbnail (a default one where the kit has none) and the essentials.
  {
    const page = pdf.addPage([PAGE_W, PAGE_H]);
    page.drawRectangle({ x: PDF_PAGE_MARGIN, y: PDF_PAGE_MARGIN, width: SLIDE_W, height: SLIDE_H, color: hex("#FFFFFF"), borderColor: hex("#DDDDDD"), borderWidth: 1 });
    write(page, bold, `${brandName ?? kit.category}: summary`, { x: 40, y: 32, size: 24, width: 880, color: "#111111" });
    for (const [i, key] of PDF_SLIDES.entries()) {
      const own = kit.parts.thumbnailImages.find((t) => t.key === key)?.value;
      const url = own && own !== IMAGE_LOADING ? own : await renderArt(db, { kind: "thumbnail", seed: `${kit.id}:default:${key}`, index: i, colors: palette, title: SLIDE_TABS[key], subtitle: brandName ?? kit.category });
      image(page, await png(url), 40 + i * 222, 90, 210, 118);
      write(page, regular, `${i + 1}. ${SLIDE_TABS[key]}`, { x: 40 + i * 222, y: 214, size: 10, width: 210, color: "#333333" });
    }
    let y = write(page, regular, `${kit.category}: ${kit.productDescription}`, { x: 40, y: 250, size: 12, width: 880, color: "#111111", maxLines: 3 });
    const selected = kit.parts.productSkus.generations.filter((s) => kit.parts.productSkus.selectedUuids.includes(s.uuid));
    if (selected.length) y = write(page, regular, `Product ideas: ${selected.map((s) => `${s.title} ($${s.suggestedRetailPrice.toFixed(2)})`).join("; ")}`, { x: 40, y: y + 8, size: 11, width: 880, color: "#111111", maxLines: 4 });
    if (idea) write(page, regular, `Palette: ${idea.colorPalette.map((c) => `${c.name} ${c.hexCode}`).join(", ")}`, { x: 40, y: y + 8, size: 11, width: 880, color: "#111111" });
  }
  return { fileName: brandKitPdfFileName(brandName), bytes: await pdf.save() };
}
