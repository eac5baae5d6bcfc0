import PDFDocument from "pdfkit";
import type { PickListLine } from "@atelier/contracts/shipping";
import type { OrderToShip } from "../../../queries/orders/orders-to-ship";
import { code128Png } from "./render-pdf";

// Packing slips (one letter page per order: ship-to, the lines still to ship, a Code 128 of the
// order number for the packing station's scanner) and the pick list (one table in bin order with
// a box to tick per line), drawn with pdfkit like the labels.

const LETTER: [number, number] = [612, 792];
const M = 48;

function pdfBuffer(title: string, draw: (doc: PDFKit.PDFDocument) => Promise<void>): Promise<Buffer> {
  const doc = new PDFDocument({ size: LETTER, margin: M, autoFirstPage: false, info: { Title: title, Producer: "Atelier" } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  return draw(doc).then(async () => {
    doc.end();
    await done;
    return Buffer.concat(chunks);
  });
}

const dateText = (d: Date) => d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export function renderPackingSlips(orders: OrderToShip[], from: string[]): Promise<Buffer> {
  return pdfBuffer(orders.length === 1 ? `Packing slip ${orders[0]!.orderNumber}` : `${orders.length} packing slips`, async (doc) => {
    for (const o of orders) {
      doc.addPage({ size: LETTER, margin: M });
      doc.font("Helvetica-Bold").fontSize(20).text("Packing slip", M, M);
      doc.font("Helvetica").fontSize(10).text(`Order #${o.orderNumber} · placed ${dateText(o.placedAt)}`, M, M + 26);
      doc.image(await code128Png(String(o.orderNumber)), 612 - M - 160, M, { width: 160, height: 40 });
      doc.font("Helvetica").fontSize(8).text("FROM", M, M + 64);
      doc.fontSize(10).text(from.join("\n"), M, M + 75, { width: 240 });
      doc.font("Helvetica").fontSize(8).text("SHIP TO", 320, M + 64);
      const to = [o.name, o.address1, [o.city, o.region, o.postalCode].filter(Boolean).join(" "), o.countryCode && o.countryCode !== "US" ? o.countryCode : ""].filter((x): x is string => Boolean(x));
      doc.font("Helvetica-Bold").fontSize(11).text(to.join("\n"), 320, M + 75, { width: 240 });
      let y = M + 150;
      doc.font("Helvetica-Bold").fontSize(9);
      doc.text("SKU", M, y).text("Item", M + 110, y).text("Ordered", 420, y, { width: 60, align: "right" }).text("In this box", 490, y, { width: 74, align: "right" });
      y += 14;
      doc.moveTo(M, y).lineTo(612 - M, y).stroke();
      y += 6;
      doc.font("Helvetica").fontSize(10);
      for (const l of o.lines) {
        if (y > 720) {
          doc.addPage({ size: LETTER, margin: M });
          y = M;
        }
        const title = l.variantTitle ? `${l.title} · ${l.variantTitle}` : l.title;
        doc.text(l.sku, M, y, { width: 104, lineBreak: false, ellipsis: true }).text(title, M + 110, y, { width: 300, lineBreak: false, ellipsis: true });
        doc.text(String(l.quantity), 420, y, { width: 60, align: "right" }).text(String(l.toShip), 490, y, { width: 74, align: "right" });
        y += 18;
      }
      const units = o.lines.reduce((s, l) => s + l.toShip, 0);
      doc.moveTo(M, y).lineTo(612 - M, y).stroke();
      doc.font("Helvetica-Bold").text(`${units} unit${units === 1 ? "" : "s"} in this box`, 320, y + 6, { width: 244, align: "right" });
      if (o.note) doc.font("Helvetica").fontSize(9).text(`Note: ${o.note}`, M, y + 30, { width: 612 - 2 * M, height: 60, ellipsis: true });
      doc.font("Helvetica").fontSize(9).text("Thank you for your order.", M, 792 - M - 12, { width: 612 - 2 * M, align: "center" });
    }
  });
}

export function renderPickList(lines: PickListLine[], orderCount: number, printedAt: Date): Promise<Buffer> {
  return pdfBuffer("Pick list", async (doc) => {
    doc.addPage({ size: LETTER, margin: M });
    const units = lines.reduce((s, l) => s + l.quantity, 0);
    doc.font("Helvetica-Bold").fontSize(20).text("Pick list", M, M);
    doc.font("Helvetica").fontSize(10).text(`${orderCount} order${orderCount === 1 ? "" : "s"} · ${units} unit${units === 1 ? "" : "s"} · printed ${dateText(printedAt)} · in bin order`, M, M + 26);
    let y = M + 56;
    const header = () => {
      doc.font("Helvetica-Bold").fontSize(9);
      doc.text("", M, y).text("Bin", M + 18, y).text("SKU", M + 88, y).text("Item", M + 196, y).text("Qty", 400, y, { width: 36, align: "right" }).text("Orders", 448, y);
      y += 14;
      doc.moveTo(M, y).lineTo(612 - M, y).stroke();
      y += 6;
      doc.font("Helvetica").fontSize(10);
    };
    header();
    for (const l of lines) {
      if (y > 740) {
        doc.addPage({ size: LETTER, margin: M });
        y = M;
        header();
      }
      doc.rect(M, y, 10, 10).stroke();
      doc.text(l.bin || "No bin", M + 18, y, { width: 66, lineBreak: false, ellipsis: true }).text(l.sku, M + 88, y, { width: 104, lineBreak: false, ellipsis: true });
      doc.text(l.title, M + 196, y, { width: 196, lineBreak: false, ellipsis: true }).text(String(l.quantity), 400, y, { width: 36, align: "right" });
      doc.text(l.orderNumbers.map((n) => `#${n}`).join(" "), 448, y, { width: 612 - M - 448, lineBreak: false, ellipsis: true });
      y += 18;
    }
    if (!lines.length) doc.text("Nothing left to pick: these orders have shipped or are canceled.", M, y);
  });
}
