import { Link } from "react-router";
import { IMPORT_CHANNEL_NAMES, ORDER_IMPORT_STATUS_LABELS, listOrderImports, listSalesChannels } from "@atelier/contracts/sales-channels";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { Pager, useAddressPatch } from "../../ui/list-controls";
import "./sales-channels.css";

const PAGE_SIZE = 10;

/** /ecommerce-services: where the store sells, how each channel stands, and every import of orders from other platforms. */
export function SalesChannelsPage() {
  const { params, update } = useAddressPatch();
  const page = Math.max(0, Number.parseInt(params.get("page") ?? "0", 10) || 0);
  const channels = useApi(listSalesChannels, {});
  const imports = useApi(listOrderImports, { query: { page, size: PAGE_SIZE } });
  return (
    <PageFrame title="Sales channels" chatPrompt="Which of my sales channels " actions={<Link className="button" to="/fulfillment-services/connect-shopify">Import orders</Link>}>
      <p className="muted">Every channel's orders reach the fulfilment center the same way: their stock is reserved and your fulfilment rules run.</p>
      <div className="channel-grid">
        {(channels.data?.channels ?? []).map((c) => (
          <article key={c.key} className="card channel-card" data-testid="sales-channel">
            <h2>{c.name}</h2>
            <p>{c.description}</p>
            <p className="channel-status">{c.status}</p>
            <Link className="button channel-open" to={c.path}>Open {c.name}</Link>
          </article>
        ))}
      </div>
      <section aria-label="Order imports">
        <h2>Order imports</h2>
        {imports.data && imports.data.total === 0 ? (
          <p className="card" data-testid="imports-empty">No orders imported yet. Export them from Shopify, WooCommerce or Amazon and upload the file on that platform's page.</p>
        ) : (
          <table className="list-table" aria-label="Order imports" aria-busy={imports.loading}>
            <thead><tr><th>File</th><th>From</th><th>Status</th><th>Outcome</th></tr></thead>
            <tbody>
              {(imports.data?.list ?? []).map((i) => (
                <tr key={i.id}>
                  <td><Link to={`/fulfillment-services/connect-${i.channel.toLowerCase()}?import=${i.id}`}>{i.fileName}</Link></td>
                  <td>{IMPORT_CHANNEL_NAMES[i.channel]}</td>
                  <td>{ORDER_IMPORT_STATUS_LABELS[i.status]}</td>
                  <td>{i.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {(imports.data?.total ?? 0) > PAGE_SIZE && <Pager page={page} size={PAGE_SIZE} total={imports.data!.total} onPage={(p) => update({ page: p })} />}
      </section>
    </PageFrame>
  );
}
