import "@shopify/shopify-api/adapters/node";
import { ApiVersion, GraphqlQueryError, HttpResponseError, LogSeverity, shopifyApi } from "@shopify/shopify-api";
import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import type { ExportedOrder, StorePlatformShop } from "./types";

// The official Shopify adapter: a connected shop's open, unshipped orders read through the GraphQL
// Admin API with Shopify's own library (@shopify/shopify-api, as a custom app holding the shop's
// Admin API access token), mapped to the same orders the export files are read into, so an import
// from the shop is checked and placed exactly as an uploaded orders export is.

export type ShopifyShopOptions = {
  apiKey: string;
  apiSecret: string;
  /** The shop's myshopify.com domain ("atelier-demo.myshopify.com"). */
  shopDomain: string;
  /** The custom app's Admin API access token (shpat_…). */
  accessToken: string;
  /** Only for a local fake of the Admin API: its origin, used instead of https://<shop>. */
  baseUrl?: string;
};

/** Orders per page: Shopify answers at most 250; 50 keeps each query's cost well under the bucket. */
const PAGE = 50;
/** Line items read per order (Shopify's connection maximum). */
const LINES = 250;

const ORDERS_QUERY = `#graphql
  query ImportOrders($first: Int!, $after: String, $query: String) {
    orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT) {
      nodes {
        name
        email
        phone
        createdAt
        currencyCode
        customer { displayName }
        shippingAddress { name address1 address2 city provinceCode zip countryCodeV2 phone }
        totalShippingPriceSet { shopMoney { amount } }
        totalTaxSet { shopMoney { amount } }
        totalDiscountsSet { shopMoney { amount } }
        lineItems(first: ${LINES}) { nodes { sku name quantity originalUnitPriceSet { shopMoney { amount } } } }
      }
      pageInfo { hasNextPage endCursor }
    }
  }`;

type Money = { shopMoney: { amount: string } } | null;
export type ShopifyOrderNode = {
  name: string;
  email: string | null;
  phone: string | null;
  createdAt: string;
  currencyCode: string;
  customer: { displayName: string } | null;
  shippingAddress: { name: string | null; address1: string | null; address2: string | null; city: string | null; provinceCode: string | null; zip: string | null; countryCodeV2: string | null; phone: string | null } | null;
  totalShippingPriceSet: Money;
  totalTaxSet: Money;
  totalDiscountsSet: Money;
  lineItems: { nodes: { sku: string | null; name: string; quantity: number; originalUnitPriceSet: Money }[] };
};
type OrdersPage = { orders: { nodes: ShopifyOrderNode[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };

// The library sends every request to https://<shop>; a shop configured with a base URL (a local
// fake) is sent there instead. One fetch serves every shop, so it is set once for the process.
const fakeOrigins = new Map<string, string>();
setAbstractFetchFunc((input: string | URL | Request, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : input.toString());
  const origin = fakeOrigins.get(url.host);
  return fetch(origin ? `${origin}${url.pathname}${url.search}` : url, init);
});

/** A shop's Admin API, read with the official library. */
export function createShopifyShop(options: ShopifyShopOptions): StorePlatformShop {
  const shopify = shopifyApi({
    apiKey: options.apiKey,
    apiSecretKey: options.apiSecret,
    adminApiAccessToken: options.accessToken,
    isCustomStoreApp: true,
    isEmbeddedApp: false,
    apiVersion: ApiVersion.October25,
    hostName: "localhost",
    logger: { level: LogSeverity.Error, log: () => {} },
  });
  const session = shopify.session.customAppSession(options.shopDomain);
  if (options.baseUrl) fakeOrigins.set(session.shop, options.baseUrl.replace(/\/$/, ""));
  return {
    channel: "SHOPIFY",
    shopName: session.shop,
    async readOrders(signal) {
      const client = new shopify.clients.Graphql({ session });
      const orders: ExportedOrder[] = [];
      let after: string | null = null;
      do {
        signal?.throwIfAborted();
        let page: OrdersPage | undefined;
        try {
          // Two retries: the library waits as long as a 429's Retry-After asks.
          const res: { data?: OrdersPage } = await client.request<OrdersPage>(ORDERS_QUERY, { variables: { first: PAGE, after, query: "status:open fulfillment_status:unshipped" }, retries: 2 });
          page = res.data;
        } catch (err) {
          throw new Error(shopifySentence(err, session.shop), { cause: err });
        }
        if (!page) throw new Error(`Shopify answered ${session.shop}'s orders with nothing to read; try again in a minute.`);
        for (const node of page.orders.nodes) orders.push(toExportedOrder(node, orders.length + 1));
        after = page.orders.pageInfo.hasNextPage ? page.orders.pageInfo.endCursor : null;
      } while (after);
      return orders;
    },
  };
}

/**
 * One order of the Admin API as the export files' orders are read. `position` stands for the
 * file's line: problems name the order's place in the shop's list of orders to import.
 */
export function toExportedOrder(o: ShopifyOrderNode, position: number): ExportedOrder {
  const a = o.shippingAddress;
  const amount = (m: Money) => m?.shopMoney.amount ?? "0";
  return {
    externalId: o.name,
    lines: [position],
    placedAt: o.createdAt,
    email: o.email ?? "",
    customerName: o.customer?.displayName ?? a?.name ?? "",
    phone: a?.phone ?? o.phone ?? "",
    address: { name: a?.name ?? "", address1: a?.address1 ?? "", address2: a?.address2 ?? "", city: a?.city ?? "", region: a?.provinceCode ?? "", postalCode: a?.zip ?? "", countryCode: a?.countryCodeV2 ?? "" },
    currency: o.currencyCode,
    shipping: amount(o.totalShippingPriceSet),
    tax: amount(o.totalTaxSet),
    discount: amount(o.totalDiscountsSet),
    items: o.lineItems.nodes.map((l) => ({ line: position, sku: l.sku ?? "", title: l.name, quantity: String(l.quantity), unitPrice: amount(l.originalUnitPriceSet) })),
  };
}

/** What went wrong talking to the shop, as a sentence the store owner can act on. */
function shopifySentence(err: unknown, shop: string): string {
  const code = err instanceof HttpResponseError ? err.response.code : null;
  if (code === 401 || code === 403) return `Shopify refused the access token for ${shop}: create a new Admin API access token in the shop's custom app (with the read_orders scope) and set it again.`;
  if (code === 404) return `Shopify has no shop at ${shop}: check the shop's myshopify.com address.`;
  if (code === 429) return `Shopify is asking Atelier to slow down for ${shop}; try the import again in a minute.`;
  // Shopify's own words, e.g. "Access denied for orders field." when the app lacks read_orders.
  if (err instanceof GraphqlQueryError) return `Shopify could not answer the orders query for ${shop}: ${err.message}`;
  return `Atelier could not reach Shopify for ${shop}; try again in a minute.`;
}
