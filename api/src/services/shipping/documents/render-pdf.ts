import { labelLayout, spaced, type LabelLayout } from "./label-layout";

// PDF labels with pdfkit; the tracking barcode is a real Code 128 drawn by bwip-js (PNG at 3 px
// per module, which thermal and laser printers both scan). 4×6 is 288×432 pt; letter puts the
// same 4×6 label in the top-left quarter of the page, the way people print on plain paper.

export type PdfSize = "4x6" | "letter";
const SIZES: Record<PdfSize, [number, number]> = { "4x6": [288, 432], letter: [612, 792] };

export async function code128Png(text: string): Promise<Buffer> {
  // Loaded on first use, as is pdfkit below: most processes never draw a label, and both take a
  // noticeable part of a second to load (every API start, every test file).
  const { default: bwipjs } = await import("bwip-js/node");
  return bwipjs.toBuffer({ bcid: "code128", text, scale: 3, height: 18, includetext: false });
}

function drawLabel(doc: PDFKit.PDFDocument, layout: LabelLayout, barcode: Buffer, x: number, y: number): void {
  const w = 288;
  doc.lineWidth(1.5).rect(x + 6, y + 6, w - 12, 420).stroke();
  doc.font("Helvetica-Bold").fontSize(18).text(layout.carrier, x + 14, y + 14, { width: w - 28 });
  doc.fontSize(12).text(layout.service, x + 14, y + 36, { width: w - 28 });
  doc.moveTo(x + 6, y + 54).lineTo(x + w - 6, y + 54).stroke();
  doc.font("Helvetica").fontSize(7).text("FROM", x + 14, y + 60);
  doc.fontSize(8).text(layout.from.join("\n"), x + 14, y + 69, { width: w - 28, height: 50, ellipsis: true });
  doc.moveTo(x + 6, y + 124).lineTo(x + w - 6, y + 124).stroke();
  doc.font("Helvetica").fontSize(7).text("SHIP TO", x + 14, y + 130);
  doc.font("Helvetica-Bold").fontSize(12).text(layout.to.join("\n"), x + 14, y + 141, { width: w - 28, height: 80, ellipsis: true });
  doc.moveTo(x + 6, y + 228).lineTo(x + w - 6, y + 228).stroke();
  doc.font("Helvetica").fontSize(8).text(layout.facts.join("   "), x + 14, y + 234, { width: w - 28 });
  doc.image(barcode, x + 24, y + 256, { width: w - 48, height: 90 });
  doc.font("Helvetica-Bold").fontSize(11).text(`TRACKING # ${spaced(layout.trackingNumber)}`, x + 14, y + 352, { width: w - 28, align: "center" });
  if (layout.notes) doc.font("Helvetica").fontSize(7).text(layout.notes, x + 14, y + 372, { width: w - 28, height: 44, ellipsis: true });
}

/** Pages of labels in one PDF (one label per page). */
export async function renderLabelsPdf(labels: Parameters<typeof labelLayout>[0][], size: PdfSize, onPage?: (done: number) => Promise<void>): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: SIZES[size], margin: 0, autoFirstPage: false, info: { Title: labels.length === 1 ? `Label ${labels[0]!.trackingNumber}` : `${labels.length} labels`, Producer: "Atelier" } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  for (const label of labels) {
    const layout = labelLayout(label);
    doc.addPage({ size: SIZES[size], margin: 0 });
    drawLabel(doc, layout, await code128Png(layout.trackingNumber), size === "letter" ? 36 : 0, size === "letter" ? 36 : 0);
    if (onPage) await onPage(doc.bufferedPageRange().count);
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
