// A local fake of Shopify's GraphQL Admin API that answers as Shopify does: the access token in
// X-Shopify-Access-Token (401 and Shopify's error body without it), cursor pages of `orders`, and
// one 429 with Retry-After before the first page, which the official library must wait out and
// retry. The adapter's tests and the Shopify page's browser test read a "connected shop" from it.
import http from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_SHOP = "atelier-test.myshopify.com";
export const FAKE_SHOP_TOKEN = "shpat_0123456789abcdef0123456789abcdef";
export type ShopifyNode = Record<string, unknown>;
export type FakeShopify = { url: string; seen: { path: string; token: string | undefined; after: string | null; status: number }[]; close: () => Promise<void> };

/** Starts the fake on a free local port; `orderNodes` is read on every page asked for. */
export function startFakeShopify(orderNodes: () => ShopifyNode[]): Promise<FakeShopify> {
  const seen: FakeShopify["seen"] = [];
  let throttled = false;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const token = req.headers["x-shopify-access-token"] as string | undefined;
      const body = JSON.parse(raw || "{}") as { query?: string; variables?: { first: number; after: string | null } };
      const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => {
        seen.push({ path: req.url ?? "", token, after: body.variables?.after ?? null, status });
        res.writeHead(status, { "content-type": "application/json", "x-request-id": crypto.randomUUID(), ...headers }).end(JSON.stringify(json));
      };
      if (req.method !== "POST" || req.url !== "/admin/api/2025-10/graphql.json") return answer(404, { errors: "Not Found" });
      if (token !== FAKE_SHOP_TOKEN) return answer(401, { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" });
      if (!throttled) {
        throttled = true;
        return answer(429, { errors: "Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service." }, { "retry-after": "1" });
      }
      const all = orderNodes();
      const start = body.variables?.after ? Number(Buffer.from(body.variables.after, "base64").toString().split(":")[1]) : 0;
      const first = body.variables?.first ?? 50;
      const nodes = all.slice(start, start + first);
      const end = start + nodes.length;
      answer(200, {
        data: { orders: { nodes, pageInfo: { hasNextPage: end < all.length, endCursor: nodes.length ? Buffer.from(`cursor:${end}`).toString("base64") : null } } },
        extensions: { cost: { requestedQueryCost: 52, actualQueryCost: 12, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1988, restoreRate: 100 } } },
      });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise((r) => server.close(() => r())) })),
  );
}

const money = (amount: string) => ({ shopMoney: { amount, currencyCode: "USD" } });

/** An order node as the Admin API's `orders` query answers it. */
export function shopifyOrder(n: number, lines: { sku: string | null; quantity: number; price: string }[], extra: Partial<ShopifyNode> = {}): ShopifyNode {
  return {
    name: `#${n}`,
    email: `buyer-${n}@example.com`,
    phone: null,
    createdAt: "2026-11-20T15:04:05Z",
    currencyCode: "USD",
    customer: { displayName: `Grace Hopper ${n}` },
    shippingAddress: { name: `Grace Hopper ${n}`, address1: "1 Infinite Loop", address2: "Suite 2", city: "Cupertino", provinceCode: "CA", zip: "95014", countryCodeV2: "US", phone: "+14085550100" },
    totalShippingPriceSet: money("4.50"),
    totalTaxSet: money("1.20"),
    totalDiscountsSet: money("0.0"),
    lineItems: { nodes: lines.map((l) => ({ sku: l.sku, name: `Tee ${l.sku ?? "without SKU"}`, quantity: l.quantity, originalUnitPriceSet: money(l.price) })) },
    ...extra,
  };
}
