import { centsToUsd } from "../../ui/money";

type Line = { title: string; kind: "SAMPLE" | "PRODUCTION"; supplierName: string | null; quantity: number; unitPriceCents: number; totalCents: number };

/** An invoice's lines and totals. */
export function InvoiceLines({ lines, subtotalCents, discountCents, totalCents, onRemove }: { lines: (Line & { id?: string })[]; subtotalCents: number; discountCents: number; totalCents: number; onRemove?: (id: string) => void }) {
  return (
    <table className="invoice-lines">
      <thead>
        <tr><th>Item</th><th>Type</th><th>Qty</th><th>Unit</th><th>Total</th>{onRemove && <th><span className="sr-only">Remove</span></th>}</tr>
      </thead>
      <tbody>
        {lines.map((l, i) => (
          <tr key={l.id ?? i}>
            <td>{l.title}{l.supplierName && <div className="muted">{l.supplierName}</div>}</td>
            <td>{l.kind === "SAMPLE" ? "Sample" : "Production"}</td>
            <td>{l.quantity}</td>
            <td>{centsToUsd(l.unitPriceCents)}</td>
            <td>{centsToUsd(l.totalCents)}</td>
            {onRemove && l.id && <td><button type="button" className="link-button" onClick={() => onRemove(l.id!)} aria-label={`Remove ${l.title}`}>Remove</button></td>}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr><td colSpan={4}>Subtotal</td><td>{centsToUsd(subtotalCents)}</td></tr>
        {discountCents > 0 && <tr><td colSpan={4}>Discount</td><td>−{centsToUsd(discountCents)}</td></tr>}
        <tr><th colSpan={4}>Total</th><th data-testid="invoice-total">{centsToUsd(totalCents)}</th></tr>
      </tfoot>
    </table>
  );
}
