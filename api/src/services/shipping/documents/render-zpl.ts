import { labelLayout, spaced } from "./label-layout";

// ZPL II for 4×6 thermal printers at 203 dpi (812×1218 dots), from the same layout as the PDF.
// ^BC is the printer's own Code 128; ^FH lets field data carry escaped characters safely.

const clean = (s: string) => s.replace(/[\^~\\]/g, " ");

export function renderLabelZpl(label: Parameters<typeof labelLayout>[0]): string {
  const l = labelLayout(label);
  const lines = [
    "^XA",
    "^CI28",
    "^PW812",
    "^LL1218",
    `^FO30,30^A0N,50,50^FD${clean(l.carrier)}^FS`,
    `^FO30,90^A0N,34,34^FD${clean(l.service)}^FS`,
    "^FO20,140^GB772,3,3^FS",
    "^FO30,155^A0N,22,22^FDFROM^FS",
    ...l.from.map((t, i) => `^FO30,${185 + i * 26}^A0N,24,24^FD${clean(t)}^FS`),
    "^FO20,340^GB772,3,3^FS",
    "^FO30,355^A0N,22,22^FDSHIP TO^FS",
    ...l.to.map((t, i) => `^FO30,${390 + i * 40}^A0N,38,38^FD${clean(t)}^FS`),
    "^FO20,640^GB772,3,3^FS",
    `^FO30,660^A0N,26,26^FD${clean(l.facts.join("   "))}^FS`,
    `^FO60,720^BY3^BCN,250,N,N,N^FD${clean(l.trackingNumber)}^FS`,
    `^FO30,1000^A0N,34,34^FB752,1,0,C^FDTRACKING # ${clean(spaced(l.trackingNumber))}^FS`,
    ...(l.notes ? [`^FO30,1060^A0N,22,22^FB752,4,0,L^FD${clean(l.notes)}^FS`] : []),
    "^XZ",
  ];
  return `${lines.join("\n")}\n`;
}
