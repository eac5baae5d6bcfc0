import PDFDocument from "pdfkit";
import { boxBarcodeText, type ReceivingDetail } from "@atelier/contracts/receivings";
import { code128Png } from "../shipping/documents/render-pdf";

// Box labels of an inbound shipment (issue 16): one 4×6 page per box, drawn with pdfkit like the
// shipping labels. Each carries "Box 2 of 5" large enough to read across the dock, a Code 128 of
// the receiving and box number (RCV-1001-B02) for the center's scanner, and what the box holds.

const PAGE: [number, number] = [288, 432];
const M = 14;
const ROWS_PER_LABEL = 11;

/** `center`: the fulfilment center's name and its address, each on its own line. */
export async function renderBoxLabels(r: ReceivingDetail, center: { name: string; address: string }): Promise<Buffer> {
  const doc = new PDFDocument({ size: PAGE, margin: 0, autoFirstPage: false, info: { Title: `Box labels ${r.sn}`, Producer: "Atelier" } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  const w = PAGE[0] - 2 * M;
  for (let n = 1; n <= r.boxCount; n++) {
    doc.addPage({ size: PAGE, margin: 0 });
    doc.lineWidth(1.5).rect(6, 6, PAGE[0] - 12, PAGE[1] - 12).stroke();
    doc.font("Helvetica").fontSize(8).text("INBOUND SHIPMENT TO", M, M + 2, { width: w });
    doc.font("Helvetica-Bold").fontSize(10).text(center.name, M, M + 12, { width: w, height: 12, lineBreak: false, ellipsis: true });
    doc.font("Helvetica").fontSize(8).text(center.address, M, M + 25, { width: w, height: 10, lineBreak: false, ellipsis: true });
    doc.fontSize(9).text(r.supplierName ? `From ${r.supplierName}` : "Sender not named", M, M + 37, { width: w, height: 11, lineBreak: false, ellipsis: true });
    doc.moveTo(6, M + 52).lineTo(PAGE[0] - 6, M + 52).stroke();
    doc.font("Helvetica-Bold").fontSize(22).text(r.sn, M, M + 60, { width: w });
    doc.fontSize(26).text(`Box ${n} of ${r.boxCount}`, M, M + 88, { width: w });
    const code = boxBarcodeText(r.sn, n);
    doc.image(await code128Png(code), M, M + 126, { width: w, height: 56 });
    doc.font("Helvetica").fontSize(10).text(code, M, M + 186, { width: w, align: "center" });
    doc.moveTo(6, M + 204).lineTo(PAGE[0] - 6, M + 204).stroke();
    doc.font("Helvetica-Bold").fontSize(9).text("IN THIS BOX", M, M + 212).text("UNITS", M, M + 212, { width: w, align: "right" });
    const box = r.boxes.find((b) => b.number === n);
    let y = M + 228;
    doc.font("Helvetica").fontSize(9);
    if (!box) doc.text("Contents not listed: count the box against the shipment's lines.", M, y, { width: w });
    for (const [i, l] of (box?.lines ?? []).entries()) {
      if (i === ROWS_PER_LABEL - 1 && box!.lines.length > ROWS_PER_LABEL) {
        doc.text(`and ${box!.lines.length - i} more SKUs on the receiving's packing list`, M, y, { width: w });
        break;
      }
      doc.font("Helvetica-Bold").text(l.sku, M, y, { width: 96, lineBreak: false, ellipsis: true });
      doc.font("Helvetica").text(l.title, M + 100, y, { width: w - 150, lineBreak: false, ellipsis: true });
      doc.text(l.quantity.toLocaleString("en-US"), M, y, { width: w, align: "right" });
      y += 14;
    }
    if (box) {
      const units = box.lines.reduce((s, l) => s + l.quantity, 0);
      doc.font("Helvetica-Bold").text(`${units.toLocaleString("en-US")} ${units === 1 ? "unit" : "units"} in this box`, M, PAGE[1] - M - 18, { width: w, align: "right" });
    }
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
