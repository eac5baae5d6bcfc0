// An independent computation of the analytics reports in plain TypeScript over the raw rows the
// test wrote (never the report SQL): the test compares the API's figures with these.
import { expect } from "vitest";
import type { AnalyticsSeed } from "../../test/factories";
import { local, localMidnight, pct2, percentileCont, product, roundHalfEven, top, type Expected } from "./analytics-oracle-math";

type Order = AnalyticsSeed["orders"][number] & { seq: number; prevAt: number | null; nextAt: number | null; firstAt: number; at: number; units: number };
type Line = AnalyticsSeed["lineItems"][number];

const DAY = 86_400_000;

export type OracleInput = { seed: AnalyticsSeed; from: string; to: string; asOf: string; tz: string };

export class Oracle {
  readonly fromAt: number;
  readonly cutoff: number;
  readonly history: Order[];
  readonly inRange: Order[];
  readonly lines: (Line & { order: Order })[];
  readonly linesOf = new Map<string, Line[]>();
  readonly customers: { id: string; country: string; first: number; last: number; count: number; revenue: number; returned: number; avgInterval: number | null; recency: number; cohort: string; orders: Order[] }[];

  constructor(readonly input: OracleInput) {
    const { seed, tz } = input;
    const asOf = Date.parse(input.asOf);
    this.fromAt = localMidnight(input.from, tz);
    this.cutoff = Math.min(asOf, localMidnight(input.to, tz));
    const linesOf = this.linesOf;
    for (const l of seed.lineItems) linesOf.set(l.orderId, [...(linesOf.get(l.orderId) ?? []), l]);
    const live = seed.orders.filter((o) => o.cancellationState !== "CANCELED" && Date.parse(o.placedAt) < asOf);
    const byCustomer = new Map<string, typeof live>();
    for (const o of live) byCustomer.set(o.customerId, [...(byCustomer.get(o.customerId) ?? []), o]);
    this.history = [];
    for (const list of byCustomer.values()) {
      list.sort((a, b) => Date.parse(a.placedAt) - Date.parse(b.placedAt) || (a.id < b.id ? -1 : 1));
      list.forEach((o, i) => this.history.push({
        ...o, seq: i + 1, at: Date.parse(o.placedAt), prevAt: i > 0 ? Date.parse(list[i - 1]!.placedAt) : null, nextAt: i + 1 < list.length ? Date.parse(list[i + 1]!.placedAt) : null,
        firstAt: Date.parse(list[0]!.placedAt), units: (linesOf.get(o.id) ?? []).reduce((s, l) => s + l.quantity, 0),
      }));
    }
    this.inRange = this.history.filter((o) => o.at >= this.fromAt && o.at < this.cutoff);
    this.lines = this.inRange.flatMap((o) => (linesOf.get(o.id) ?? []).map((l) => ({ ...l, order: o })));
    const country = new Map(seed.customers.map((c) => [c.id, c.countryCode]));
    this.customers = [];
    const upToCutoff = new Map<string, Order[]>();
    for (const o of this.history) if (o.at < this.cutoff) upToCutoff.set(o.customerId, [...(upToCutoff.get(o.customerId) ?? []), o]);
    for (const [id, orders] of upToCutoff) {
      const first = orders[0]!.at;
      const last = orders[orders.length - 1]!.at;
      const returned = orders.flatMap((o) => linesOf.get(o.id) ?? []).reduce((s, l) => s + l.returnedQuantity * l.unitPriceCents, 0);
      this.customers.push({
        id, country: country.get(id) ?? "", first, last, count: orders.length, revenue: orders.reduce((s, o) => s + o.totalCents, 0), returned,
        avgInterval: orders.length > 1 ? (last - first) / DAY / (orders.length - 1) : null, recency: (this.cutoff - last) / DAY, cohort: local(first, tz).month, orders,
      });
    }
  }

  private month(at: number) {
    return local(at, this.input.tz).month;
  }

  /** Groups items by key and sums each measure. */
  private group<T>(items: T[], key: (t: T) => string | null, measures: Record<string, (list: T[]) => number>): Expected {
    const groups = new Map<string, T[]>();
    for (const item of items) {
      const k = key(item);
      if (k !== null) groups.set(k, [...(groups.get(k) ?? []), item]);
    }
    return new Map([...groups].map(([k, list]) => [k, Object.fromEntries(Object.entries(measures).map(([m, f]) => [m, f(list)]))]));
  }

  /** The expected rows of a report (only measures computed here are compared), or null when the oracle doesn't cover it. */
  expected(id: string): Expected | null {
    const sum = <T>(f: (t: T) => number) => (list: T[]) => list.reduce((s, t) => s + f(t), 0);
    const count = (list: unknown[]) => list.length;
    const distinct = <T>(f: (t: T) => string) => (list: T[]) => new Set(list.map(f)).size;
    const byMonth = (o: Order) => this.month(o.at);
    const revenue = sum<Order>((o) => o.totalCents);
    const customers = distinct<Order>((o) => o.customerId);
    const returnRate = (list: Line[]) => pct2(list.reduce((s, l) => s + l.returnedQuantity, 0), list.reduce((s, l) => s + l.quantity, 0));
    const band = (v: number, edges: number[]) => { const i = edges.findIndex((e) => v <= e); return String((i < 0 ? edges.length : i) + 1).padStart(2, "0"); };
    const rangeCustomers = this.customers.filter((c) => c.first >= this.fromAt);
    switch (id) {
      case "analytics":
        return this.group(this.inRange, byMonth, { revenue, orders: count, customers, newCustomers: (l) => new Set(l.filter((o) => o.seq === 1).map((o) => o.customerId)).size });
      case "analytics-all-order":
        return this.group(this.inRange, byMonth, { orders: count, revenue, units: sum((o) => o.units), discount: sum((o) => o.discountCents), shipping: sum((o) => o.shippingCents), tax: sum((o) => o.taxCents) });
      case "analytics-customer":
        return this.group(this.inRange, byMonth, { customers, returningCustomers: (l) => new Set(l.filter((o) => o.seq > 1).map((o) => o.customerId)).size });
      case "analytics-repeat-purchase-development":
        return this.group(this.inRange, byMonth, { orders: count, firstOrders: (l) => l.filter((o) => o.seq === 1).length, repeatOrders: (l) => l.filter((o) => o.seq > 1).length });
      case "analytics-time-between-purchase":
        return this.group(this.inRange.filter((o) => o.prevAt !== null), (o) => band(Math.floor((o.at - o.prevAt!) / DAY), [7, 14, 30, 60, 90, 180, 365]), { reorders: count });
      case "marketing-channels":
        return this.group(this.inRange, (o) => o.origin, { orders: count, revenue, customers, newCustomers: (l) => l.filter((o) => o.seq === 1).length });
      case "order-discounts":
        return this.group(this.inRange, (o) => o.discountCode ?? "-", { orders: count, revenue, discount: sum((o) => o.discountCents) });
      case "order-time-analysis":
        return this.group(this.inRange, (o) => String(local(o.at, this.input.tz).hour).padStart(2, "0"), { orders: count, revenue });
      case "order-items-per-basket":
        return this.group(this.inRange, (o) => String(Math.min(Math.max(o.units, 1), 6)).padStart(2, "0"), { orders: count });
      case "order-aov-pre-order-count":
        return this.group(this.inRange, (o) => String(Math.min(o.seq, 5)).padStart(2, "0"), { orders: count, revenue });
      case "order-first-order-value":
        return this.group(this.inRange.filter((o) => o.seq === 1), (o) => band(o.totalCents, [2499, 4999, 7499, 9999, 14999, 24999]), { firstOrders: count });
      case "free-shipping-threshold":
        return this.group(this.inRange, (o) => String(Math.min(Math.floor((o.subtotalCents - o.discountCents) / 1000), 20)).padStart(2, "0"), { orders: count, paidShipping: (l) => l.filter((o) => o.shippingCents > 0).length });
      case "analytics-recovered-customers":
        return this.group(this.inRange.filter((o) => o.prevAt !== null && (o.at - o.prevAt) / DAY > 180), byMonth, { recovered: customers, revenue });
      case "analytics-revenue-by-cohorts":
        return this.group(this.inRange, (o) => this.month(o.firstAt), { revenue, orders: count, customers });
      case "fulfillment-metrics":
        return this.group(this.inRange, byMonth, { orders: count, fulfilled: (l) => l.filter((o) => o.fulfilledAt !== null && Date.parse(o.fulfilledAt) < Date.parse(this.input.asOf)).length });
      case "product-all":
        return this.group(this.lines, (l) => l.title.split(" — ")[0]!, { units: sum((l) => l.quantity), productRevenue: sum((l) => l.quantity * l.unitPriceCents), orders: distinct((l) => l.orderId), returnRate });
      case "product-all-variants":
        return this.group(this.lines, (l) => l.sku, { units: sum((l) => l.quantity), productRevenue: sum((l) => l.quantity * l.unitPriceCents), orders: distinct((l) => l.orderId), returnRate });
      case "product-return-rate":
        return this.group(this.lines, (l) => l.title.split(" — ")[0]!, { units: sum((l) => l.quantity), returnedUnits: sum((l) => l.returnedQuantity), returnedValue: sum((l) => l.returnedQuantity * l.unitPriceCents), returnRate });
      case "product-return-items":
        return this.group(this.lines, (l) => this.month(l.order.at), {
          returnedUnits: sum((l) => l.returnedQuantity), returnedValue: sum((l) => l.returnedQuantity * l.unitPriceCents),
          ordersWithReturns: (list) => new Set(list.filter((l) => l.returnedQuantity > 0).map((l) => l.orderId)).size,
        });
      case "product-sold-item":
        return this.group(this.lines, (l) => this.month(l.order.at), { units: sum((l) => l.quantity), products: distinct((l) => l.title.split(" — ")[0]!), orders: distinct((l) => l.orderId) });
      case "analytics-product":
        return this.group(this.lines, (l) => this.month(l.order.at), { units: sum((l) => l.quantity), productRevenue: sum((l) => l.quantity * l.unitPriceCents), products: distinct((l) => l.title.split(" — ")[0]!) });
      case "order-count-distribution":
        return this.group(this.customers, (c) => band(c.count, [1, 2, 3, 4, 5, 9]), { customers: count, revenue: sum((c) => c.revenue) });
      case "analytics-repeat-purchase":
        return this.group(rangeCustomers, (c) => c.cohort, { customers: count, repeaters: (l) => l.filter((c) => c.count > 1).length });
      case "analytics-ltv":
        return this.group(rangeCustomers, (c) => c.cohort, {
          customers: count, revenue: sum((c) => c.revenue), ltv: (l) => Math.round(l.reduce((s, c) => s + c.revenue, 0) / l.length),
          avgOrders: (l) => Math.round((100 * l.reduce((s, c) => s + c.count, 0)) / l.length) / 100,
        });
      case "analytics-all-customers-graph":
        return this.group(rangeCustomers, (c) => local(c.first, this.input.tz).month, { newCustomers: count });
      case "analytics-customer-economics":
        return this.group(this.customers, (c) => c.orders[0]!.origin, { customers: count });
      case "analytics-base-zone":
        return this.group(this.customers, (c) => (c.count === 1 && c.recency <= 30 ? "01" : c.recency <= 90 ? "02" : c.recency <= 180 ? "03" : c.recency <= 365 ? "04" : "05"), { customers: count, revenue: sum((c) => c.revenue) });
      case "analytics-cohorts": {
        const offsets = (c: (typeof this.customers)[number]) => new Set(c.orders.map((o) => { const [y, m] = this.month(o.at).split("-").map(Number); const [cy, cm] = c.cohort.split("-").map(Number); return (y! - cy!) * 12 + (m! - cm!); }));
        const cell = (n: number) => (l: typeof rangeCustomers) => Math.round((10000 * l.filter((c) => offsets(c).has(n)).length) / l.length) / 100;
        return this.group(rangeCustomers, (c) => c.cohort, { customers: count, cohortRevenue: sum((c) => c.revenue), m1: cell(1), m2: cell(2), m3: cell(3), m6: cell(6), m12: cell(12) });
      }
      case "analytics-rfm":
        return this.group(this.customers, (c) => this.rfmSegment(c), {
          customers: count, share: (l) => pct2(l.length, this.customers.length), revenue: sum((c) => c.revenue),
          avgRecency: (l) => Math.round((10 * l.reduce((s, c) => s + c.recency, 0)) / l.length) / 10,
          avgOrders: (l) => Math.round((100 * l.reduce((s, c) => s + c.count, 0)) / l.length) / 100,
        });
      case "analytics-churn-risk": {
        const median = this.medianInterval();
        return this.group(this.customers, (c) => { const r = c.recency / Math.max(1, c.avgInterval ?? median); return r < 1 ? "01" : r < 1.5 ? "02" : r < 3 ? "03" : "04"; }, { customers: count, revenueAtStake: sum((c) => c.revenue) });
      }
      case "analytics-percentile-analysis": {
        const total = this.customers.reduce((s, c) => s + c.revenue, 0);
        const edges = [0.01, 0.05, 0.1, 0.25, 0.5];
        const rank = this.revenueRank();
        return this.group(this.customers, (c) => { const p = rank(c); const i = edges.findIndex((e) => p < e); return String((i < 0 ? edges.length : i) + 1).padStart(2, "0"); }, {
          customers: count, revenue: sum((c) => c.revenue), revenueShare: (l) => pct2(l.reduce((s, c) => s + c.revenue, 0), total), revenuePerCustomer: (l) => Math.round(l.reduce((s, c) => s + c.revenue, 0) / l.length),
        });
      }
      case "analytics-zone-development": {
        const gap = (o: Order) => (o.prevAt === null ? null : (o.at - o.prevAt) / DAY);
        const who = (f: (o: Order) => boolean) => (l: Order[]) => new Set(l.filter(f).map((o) => o.customerId)).size;
        return this.group(this.inRange, byMonth, { newCustomers: who((o) => o.seq === 1), returning: who((o) => gap(o) !== null && gap(o)! <= 180), reactivated: who((o) => gap(o) !== null && gap(o)! > 180) });
      }
      case "analytics-order":
        return this.group(this.inRange, byMonth, { orders: count, revenue, aov: (l) => Math.round(revenue(l) / l.length), itemsPerOrder: (l) => Math.round((100 * l.reduce((s, o) => s + o.units, 0)) / l.length) / 100 });
      case "order-development": {
        const months = this.group(this.inRange, byMonth, { orders: count, revenue });
        let running = 0;
        for (const k of [...months.keys()].sort()) { running += months.get(k)!.revenue!; months.get(k)!.cumulativeRevenue = running; }
        return months;
      }
      case "order-avg-value":
        return this.group(this.inRange, byMonth, {
          orders: count, aov: (l) => Math.round(revenue(l) / l.length), medianValue: (l) => roundHalfEven(percentileCont(l.map((o) => o.totalCents).sort((a, b) => a - b), 0.5)),
        });
      case "product-best-item": {
        const itemRevenue = sum<Line & { order: Order }>((l) => l.quantity * l.unitPriceCents);
        const total = itemRevenue(this.lines);
        const all = this.group(this.lines, (l) => product(l.title), { productRevenue: itemRevenue, units: sum((l) => l.quantity) });
        for (const v of all.values()) v.revenueShare = pct2(v.productRevenue!, total);
        return top(all, "productRevenue", 20);
      }
      case "product-cross-selling-analysis": {
        const perOrder = new Map<string, Set<string>>();
        for (const l of this.lines) perOrder.set(l.orderId, (perOrder.get(l.orderId) ?? new Set()).add(product(l.title)));
        const n = perOrder.size;
        const ordersWith = new Map<string, number>();
        for (const ps of perOrder.values()) for (const p of ps) ordersWith.set(p, (ordersWith.get(p) ?? 0) + 1);
        const pairs = new Map<string, { a: string; b: string; count: number }>();
        for (const ps of perOrder.values()) for (const a of ps) for (const b of ps) {
          if (a === b) continue;
          const k = `${a} + ${b}`;
          pairs.set(k, { a, b, count: (pairs.get(k)?.count ?? 0) + 1 });
        }
        const all: Expected = new Map([...pairs].map(([k, p]) => {
          const ac = ordersWith.get(p.a)!;
          const bc = ordersWith.get(p.b)!;
          return [k, { pairOrders: p.count, support: pct2(p.count, n), confidence: pct2(p.count, ac), lift: Math.round((100 * p.count * n) / (ac * bc)) / 100 }];
        }));
        return top(all, "pairOrders", 25);
      }
      case "product-follow-up-purchases": {
        const asOf = Date.parse(this.input.asOf);
        const firsts = this.history.filter((o) => o.seq === 1 && o.at >= this.fromAt && o.at < this.cutoff);
        const second = new Map(this.history.filter((o) => o.seq === 2 && o.at < asOf).map((o) => [o.customerId, o]));
        const pairs = new Map<string, Set<string>>();
        const firstHad = new Map<string, Set<string>>();
        for (const f of firsts) {
          const s2 = second.get(f.customerId);
          if (!s2) continue;
          for (const a of this.linesOf.get(f.id) ?? []) for (const b of this.linesOf.get(s2.id) ?? []) {
            const k = `${product(a.title)} → ${product(b.title)}`;
            pairs.set(k, (pairs.get(k) ?? new Set()).add(f.customerId));
            firstHad.set(product(a.title), (firstHad.get(product(a.title)) ?? new Set()).add(f.customerId));
          }
        }
        const all: Expected = new Map([...pairs].map(([k, who]) => [k, { customers: who.size, shareOfFirst: pct2(who.size, firstHad.get(k.split(" → ")[0]!)!.size) }]));
        return top(all, "customers", 25);
      }
      case "customer-daily-ltv": {
        const cohort = this.history.filter((o) => o.at < this.cutoff && o.firstAt >= this.fromAt && o.firstAt < this.cutoff);
        const n = cohort.filter((o) => o.seq === 1).length;
        // Day 0 is its own band ("since < 1"), then the same bands as elsewhere, shifted by one.
        const since = (o: Order) => { const d = (o.at - o.firstAt) / DAY; return d < 1 ? "01" : String(Number(band(d, [7, 30, 60, 90, 180, 365])) + 1).padStart(2, "0"); };
        // sum(bigint) / count(*) is an integer division in the database; the running sum is numeric, rounded.
        const rows = this.group(cohort, since, { orders: count, revenuePerCustomer: (l) => Math.trunc(revenue(l) / n), revenue });
        let running = 0;
        for (const k of [...rows.keys()].sort()) {
          running += rows.get(k)!.revenue!;
          delete rows.get(k)!.revenue;
          rows.get(k)!.cumulativeLtv = Math.round(running / n);
        }
        return rows;
      }
      case "analytics-churn-risk-development": {
        const asOf = Date.parse(this.input.asOf);
        const median = this.medianInterval();
        const atRisk = this.history
          .map((o) => ({ o, riskAt: o.at + 1.5 * median * DAY }))
          .filter(({ o, riskAt }) => (o.nextAt === null || o.nextAt >= asOf || o.nextAt > riskAt) && riskAt >= this.fromAt && riskAt < this.cutoff)
          .map(({ o, riskAt }) => ({ customerId: o.customerId, riskAt, cameBack: o.nextAt !== null && o.nextAt < asOf }));
        const who = (f: (x: (typeof atRisk)[number]) => boolean) => (l: typeof atRisk) => new Set(l.filter(f).map((x) => x.customerId)).size;
        return this.group(atRisk, (x) => this.month(x.riskAt), { becameAtRisk: who(() => true), cameBack: who((x) => x.cameBack), stillAtRisk: who((x) => !x.cameBack) });
      }
      case "analytics-customer-persona": {
        const rank = this.revenueRank();
        const persona = (c: (typeof this.customers)[number]) => {
          const lines = c.orders.flatMap((o) => this.linesOf.get(o.id) ?? []);
          const discounted = c.orders.filter((o) => o.discountCents > 0).length / c.orders.length;
          if (rank(c) < 0.05 && c.count >= 3) return "01";
          if (c.orders.some((o) => o.origin === "MANUAL_WHOLESALE")) return "02";
          if (lines.some((l) => l.sku.startsWith("GIFT"))) return "03";
          if (c.count >= 2 && discounted >= 0.5) return "04";
          return c.count >= 2 ? "05" : "06";
        };
        return this.group(this.customers, persona, {
          customers: count, revenuePerCustomer: (l) => Math.round(l.reduce((s, c) => s + c.revenue, 0) / l.length), avgOrders: (l) => Math.round((100 * l.reduce((s, c) => s + c.count, 0)) / l.length) / 100,
        });
      }
      default:
        return null;
    }
  }

  /** A customer's percent rank by revenue, highest first (ties share a rank, as percent_rank does). */
  private revenueRank() {
    const n = this.customers.length;
    const sorted = this.customers.map((c) => c.revenue).sort((a, b) => b - a);
    return (c: { revenue: number }) => (n > 1 ? sorted.findIndex((v) => v === c.revenue) / (n - 1) : 0);
  }

  /** The store's median interval between orders, 90 days when no customer has two orders. */
  medianInterval(): number {
    const intervals = this.customers.map((c) => c.avgInterval).filter((v): v is number => v !== null).sort((a, b) => a - b);
    return intervals.length === 0 ? 90 : percentileCont(intervals, 0.5);
  }

  private rfmSegment(c: (typeof this.customers)[number]): string {
    const score = (value: (x: (typeof this.customers)[number]) => number, descending: boolean) => {
      const n = this.customers.length;
      const below = this.customers.filter((x) => (descending ? value(x) > value(c) : value(x) < value(c))).length;
      const pr = n > 1 ? below / (n - 1) : 0;
      return Math.min(5, 1 + Math.floor(pr * 5));
    };
    const r = score((x) => x.recency, true);
    const f = score((x) => x.count, false);
    const mo = score((x) => x.revenue, false);
    const table: [boolean, number][] = [
      [r >= 4 && f >= 4 && mo >= 4, 1], [r <= 2 && f >= 4 && mo >= 4, 2], [r >= 3 && f >= 4, 3], [r <= 2 && f >= 3, 4], [r >= 4 && f >= 2, 5], [r >= 4, 6],
      [r === 3 && f <= 2, 7], [r === 3, 8], [r === 2, 9], [true, 10],
    ];
    return String(table.find(([cond]) => cond)![1]).padStart(2, "0");
  }
}

/**
 * Expects every figure the oracle computes for each report to be the report's (one expectation per figure,
 * naming the report, row and measure) and answers how many were compared.
 */
export async function expectOracleFigures(oracle: Oracle, reportIds: readonly string[], rowsOf: (reportId: string) => Promise<{ key: string; values: Record<string, number | null> }[]>): Promise<number> {
  let compared = 0;
  for (const reportId of reportIds) {
    const rows = new Map((await rowsOf(reportId)).map((x) => [x.key, x.values]));
    for (const [key, values] of oracle.expected(reportId)!) {
      for (const [measure, value] of Object.entries(values)) {
        expect({ reportId, key, measure, value: rows.get(key)?.[measure] ?? null }).toEqual({ reportId, key, measure, value });
        compared++;
      }
    }
  }
  return compared;
}
