import { formatMeasure } from "@atelier/contracts/analytics/index";

/** A day as the reports write it ("Nov 27, 2026"). */
export const reportDay = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" });

type CustomerRow = { id: string; name: string | null; email: string; ordersCount: number; revenueCents: number; lastOrderAt: string | null };

/** The customers behind a report's number or in a saved list: who, how often and how much they bought, and when last. */
export function CustomerTable({ customers }: { customers: readonly CustomerRow[] }) {
  return (
    <table className="report-table">
      <thead><tr><th scope="col">Customer</th><th scope="col">Email</th><th scope="col" className="num">Orders</th><th scope="col" className="num">Revenue</th><th scope="col">Last order</th></tr></thead>
      <tbody>
        {customers.map((c) => (
          <tr key={c.id}>
            <th scope="row">{c.name || c.email}</th>
            <td className="cell-wrap">{c.email}</td>
            <td className="num">{c.ordersCount}</td>
            <td className="num">{formatMeasure(c.revenueCents, "money")}</td>
            <td>{c.lastOrderAt ? reportDay(c.lastOrderAt) : "–"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
