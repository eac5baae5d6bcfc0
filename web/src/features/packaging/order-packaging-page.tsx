import { Link, useParams } from "react-router";
import { listCatalogCategories, searchCatalogItems, type Category, type CategoryNode } from "@atelier/contracts/marketplace";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import { ListToolbar, Pager, useAddressPatch } from "../../ui/list-controls";
import "./order-packaging.css";

const PAGE_SIZE = 20;
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The packaging categories (groups and their subgroups) of the marketplace's ecommerce packaging vertical, in the tree's order. */
function packagingCategories(tree: CategoryNode[]): CategoryNode[] {
  return (tree.find((v) => v.vertical === "ecommerce-packaging")?.children ?? []).flatMap((g) => [g, ...g.children]);
}

function priceText(min: number | null, max: number | null): string {
  if (min === null) return "Price on request";
  return max !== null && max !== min ? `${usd(min)}–${usd(max)} a unit` : `${usd(min)} a unit`;
}

/**
 * /order-packaging/:packagingCategory: the packaging catalog of one category (mailer boxes, poly
 * mailers, tissue paper…), for ordering supplies the fulfilment center packs with. The category is
 * a group or subgroup slug of the ecommerce packaging vertical; the items are the marketplace's,
 * searched and paged on the server, each leading to its catalog item page (samples, cart, quote).
 */
export function OrderPackagingPage() {
  const { packagingCategory = "" } = useParams();
  const tree = useApi(listCatalogCategories, { query: { vertical: "ecommerce-packaging" } });
  const categories = packagingCategories(tree.data?.list ?? []);
  const category = categories.find((c) => c.slug === packagingCategory.toLowerCase());
  const title = category ? `${category.title} for your orders` : "Packaging for your orders";
  return (
    <PageFrame title={title} chatPrompt={category ? `Which ${category.title.toLowerCase()} ` : "Which packaging "} actions={<Link className="button" to="/home?tab=ecommerce-packaging">Sourcing home</Link>}>
      {category ? <PackagingItems category={category} /> : tree.data && (
        <p className="card" data-testid="packaging-unknown">
          {categories.length
            ? `There is no packaging category called “${packagingCategory}”. Pick one of the categories below.`
            : "The marketplace has no packaging categories yet, so there is no packaging to order here. Ask the assistant to find packaging suppliers instead."}
        </p>
      )}
      <nav className="packaging-categories" aria-label="Packaging categories">
        {categories.filter((c) => c.level === "GROUP").map((g) => (
          <div key={g.id} className="packaging-group">
            <Link to={`/order-packaging/${g.slug}`} aria-current={g.id === category?.id ? "page" : undefined}><strong>{g.title}</strong></Link>
            {categories.filter((c) => c.parentId === g.id).map((s) => (
              <Link key={s.id} to={`/order-packaging/${s.slug}`} aria-current={s.id === category?.id ? "page" : undefined}>{s.title}</Link>
            ))}
          </div>
        ))}
      </nav>
    </PageFrame>
  );
}

/** One category's items: supplier, minimum order, unit price and lead time, searched and paged in SQL. */
function PackagingItems({ category }: { category: Category }) {
  const { params, update } = useAddressPatch();
  const search = (params.get("q") ?? "").slice(0, 100);
  const page = Math.max(0, Number.parseInt(params.get("page") ?? "0", 10) || 0);
  const items = useApi(searchCatalogItems, { query: { type: "PACKAGING", categoryIds: [category.id], page, size: PAGE_SIZE, ...(search ? { keyword: search } : {}) } });
  const rows = items.data?.list ?? [];
  const total = items.data?.total ?? 0;
  return (
    <section aria-label={category.title}>
      <p className="muted">Order packaging straight from its maker: open an item to order samples, add it to your cart or ask for a quote, and have it delivered to the fulfilment center.</p>
      <ListToolbar search={search} label={`Search ${category.title.toLowerCase()}`} placeholder="Material, size, finish or supplier" onSearch={(text) => update({ q: text })} />
      {items.data && total === 0 ? (
        <p className="card" data-testid="packaging-empty">{search ? `No ${category.title.toLowerCase()} match "${search}".` : `No supplier lists ${category.title.toLowerCase()} yet.`}</p>
      ) : (
        <table className="list-table packaging-table" aria-label={category.title} aria-busy={items.loading}>
          <thead><tr><th>Item</th><th>Supplier</th><th className="num">Minimum order</th><th>Price</th><th className="cell-hide-narrow">Lead time</th></tr></thead>
          <tbody>
            {rows.map((i) => (
              <tr key={i.id} data-testid="packaging-row">
                <td className="packaging-item"><Link to={`/browse-suppliers/catalog-item/${i.id}`}>{i.title}</Link></td>
                <td><Link to={`/browse-suppliers/supplier-profile/${i.supplierId}`}>{i.supplierName}</Link> <span className="muted">({i.supplierCountryCode})</span></td>
                <td className="num"><span className="narrow-label">Minimum </span>{i.moq === null ? "Any" : `${i.moq.toLocaleString("en-US")} units`}</td>
                <td>{priceText(i.priceMinCents, i.priceMaxCents)}</td>
                <td className="cell-hide-narrow">{i.productionDaysMin}–{i.productionDaysMax} days</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} size={PAGE_SIZE} total={total} onPage={(p) => update({ page: p })} />
    </section>
  );
}
