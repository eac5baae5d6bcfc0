import type { OrderListFilter, OrderSort, ProcessingStatus } from "@atelier/contracts/orders";
import { PRESALE_RULE } from "@atelier/contracts/presales";
import type { Queryable } from "../../db/pool";
import { keptText, pageBoundsShape, pageBoundsSql, queryPrepared } from "../../db/prepared";
import { asDate, asDateOrNull, isoText } from "../json-dates";
import { containsPattern } from "../like-pattern";
import { PARTS_ANSWER_JSON, PARTS_OF_ORDER_JSON, toPart, type PartRow } from "./fulfilment-parts";
import { FULFILMENT_STATUSES_OF_ORDER, FULFILMENTS_OF_ORDER_JSON, SHIPMENTS_ANSWER_JSON, toFulfilment, type FulfilmentRow, type FulfilmentStatus } from "./fulfilments";
import { EVENTS_OF_ORDER_JSON, HOLDS_ANSWER_JSON, HOLDS_OF_ORDER_JSON, timelineAnswerJson, USERS_NAMED_SQL, toEvent, toHold, type OrderEventRow, type OrderHoldRow } from "./ledger";

// SQL of customer orders: the list (every tab pages in SQL on stored, indexed states), one order
// with its lines, and the status columns the ledger's use cases move. Every statement is scoped to one store.

export type OrderSummaryRow = {
  id: string;
  orderNumber: number;
  origin: string;
  customerName: string;
  email: string | null;
  totalCents: number;
  currency: string;
  itemCount: number;
  processingStatus: ProcessingStatus;
  fulfillmentState: "NONE" | "PARTIAL" | "FULFILLED";
  cancellationState: "NONE" | "PARTIAL" | "CANCELED";
  hasReturns: boolean;
  openHolds: number;
  preSale: string | null;
  placedAt: Date;
};

export type OrderRow = OrderSummaryRow & {
  storeId: string;
  customerId: string | null;
  customerEmail: string | null;
  customerPhone: string | null;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  discountCode: string | null;
  shippingName: string | null;
  shippingAddress1: string | null;
  shippingCity: string | null;
  shippingRegion: string | null;
  shippingPostalCode: string | null;
  shippingCountryCode: string | null;
  note: string | null;
  shippingMethod: "ECONOMY" | "STANDARD" | "EXPEDITED" | "OVERNIGHT" | null;
  heldFromStatus: "OUTSTANDING" | "PROCESSING" | null;
  fulfilledAt: Date | null;
  canceledAt: Date | null;
};

export type OrderLineRow = {
  id: string;
  sku: string;
  title: string;
  variantTitle: string | null;
  quantity: number;
  unitPriceCents: number;
  fulfilledQuantity: number;
  returnedQuantity: number;
};

/** Each tab as a condition on the order `o` (000 §4); canceled orders leave the working tabs. */
const FILTER_SQL: Record<OrderListFilter, string> = {
  ALL: "TRUE",
  OUTSTANDING: "o.processing_status = 'OUTSTANDING' AND o.cancellation_state <> 'CANCELED'",
  PROCESSING: "o.processing_status = 'PROCESSING' AND o.cancellation_state <> 'CANCELED'",
  ON_HOLD: "o.processing_status = 'ON_HOLD'",
  FULFILLED: "o.fulfillment_state = 'FULFILLED'",
  CANCELED: "o.cancellation_state = 'CANCELED'",
  RETURNS: "o.has_returns",
};

/** Each tab's column in order_tab_counts (migration 0480), whose triggers apply FILTER_SQL's conditions. */
const TAB_COUNT_COLUMN: Record<OrderListFilter, string> = {
  ALL: "all_orders",
  OUTSTANDING: "outstanding",
  PROCESSING: "processing",
  ON_HOLD: "on_hold",
  FULFILLED: "fulfilled",
  CANCELED: "canceled",
  RETURNS: "returns",
};

const SORT_SQL: Record<OrderSort, string> = {
  "-placedAt": "o.placed_at DESC, o.id DESC",
  placedAt: "o.placed_at ASC, o.id ASC",
  "-orderNumber": "o.order_number DESC",
  orderNumber: "o.order_number ASC",
  "-total": "o.total_cents DESC, o.id DESC",
  total: "o.total_cents ASC, o.id ASC",
};

const SUMMARY_COLUMNS = `o.id, o.order_number, o.origin, coalesce(nullif(c.name, ''), o.shipping_name, '') AS customer_name, o.email::text AS email,
  o.total_cents, o.currency, o.processing_status, o.fulfillment_state, o.cancellation_state, o.placed_at, s.item_count, o.has_returns, s.open_holds, s.presale_hold`;

/**
 * What a summary reads beside the order `o`, as one lateral join `s`: its units (the lines) and its
 * open holds, counted, with the oldest pre-sale hold's reason (order_holds_open_idx).
 */
const SUMMARY_JOIN = `LEFT JOIN LATERAL (
    SELECT (SELECT coalesce(sum(l.quantity), 0)::int FROM order_line_items l WHERE l.order_id = o.id) AS item_count,
           count(*)::int AS open_holds,
           (array_agg(h.reason ORDER BY h.created_at) FILTER (WHERE h.set_by_rule = '${PRESALE_RULE}'))[1] AS presale_hold
      FROM order_holds h WHERE h.store_id = o.store_id AND h.order_id = o.id AND h.released_at IS NULL) s ON TRUE`;

/** The summary's columns and what one order's page adds. */
const DETAIL_COLUMNS = `${SUMMARY_COLUMNS}, o.store_id, o.customer_id, c.email::text AS customer_email, c.phone_number AS customer_phone,
  o.subtotal_cents, o.discount_cents, o.shipping_cents, o.tax_cents, o.discount_code, o.shipping_name, o.shipping_address1,
  o.shipping_city, o.shipping_region, o.shipping_postal_code, o.shipping_country_code, o.note, o.shipping_method, o.held_from_status,
  o.fulfilled_at, o.canceled_at`;

/** Every order read joins its customer (the name and e-mail shown) and its summary's counts. */
const ORDERS_FROM = `FROM orders o LEFT JOIN customers c ON c.id = o.customer_id ${SUMMARY_JOIN}`;

type Row = Record<string, unknown>;

function toSummary(r: Row): OrderSummaryRow {
  return {
    id: r.id as string,
    orderNumber: r.order_number as number,
    origin: r.origin as string,
    customerName: r.customer_name as string,
    email: r.email as string | null,
    totalCents: r.total_cents as number,
    currency: r.currency as string,
    itemCount: r.item_count as number,
    processingStatus: r.processing_status as ProcessingStatus,
    fulfillmentState: r.fulfillment_state as OrderSummaryRow["fulfillmentState"],
    cancellationState: r.cancellation_state as OrderSummaryRow["cancellationState"],
    hasReturns: r.has_returns as boolean,
    openHolds: r.open_holds as number,
    preSale: (r.presale_hold as string | null) ?? null,
    placedAt: asDate(r.placed_at),
  };
}

/**
 * What an order search matches: `#1043` or `1043` the number; other text the customer's name, the
 * e-mail or the name shipped to, each read as it is kept lower-cased in one text per order
 * (order_search_texts, migration 0553; a LIKE of the lower-cased pattern there is the ILIKE of each
 * field, as long as the search holds no newline, the text's separator). `hits` (a CTE of one row)
 * gathers the matching ids through the text's trigram index, stopping at `cap + 1`, and the number's
 * order; `common` (another) says whether the text's ids got there (a fragment such as a first name),
 * and `hits` is then never read. With both ways (`way`), a whole word held by more than the cap of
 * orders is common before any id is gathered. `walk` (both ways only) is the same match on the text
 * `t`, for walking every order of the store in placing order index-only; `condition` is the same match
 * on the order `o`, field by field, for walking a tab in its sort's order instead of sorting every match.
 */
function searchSql(search: string, params: unknown[], cap: number, way: SearchWay): { hits: string; walk: string; condition: string } {
  const number = search.replace(/^#/, "");
  params.push(containsPattern(search));
  // The pattern is read by a subquery the planner cannot see through, so its custom plans cost what
  // the generic one does and Postgres keeps the generic plan from the 6th run (planning 0.03–0.1 ms
  // instead of 1.4 for the gathered ids, docs/benchmarks.md, oseek12; instead of 4–11 ms for both ways, oapi13).
  const like = `(SELECT $${params.length}::text)`;
  const lowerLike = `(SELECT lower($${params.length}::text))`;
  const customers = `SELECT mc.id FROM customers mc WHERE mc.store_id = $1 AND mc.name ILIKE ${like}`;
  const byNumber = /^\d{1,9}$/.test(number) ? (params.push(Number(number)), `$${params.length}`) : null;
  const numbered = byNumber ? `(SELECT m.id FROM orders m WHERE m.store_id = $1 AND m.order_number = ${byNumber})` : null;
  // Both ways: the search itself, lower-cased. A whole word's orders are counted up to the cap from
  // the word's keys (order_search_words, migration 0554), and the walk finds it in the text by strpos,
  // which no index serves: the embedded database has no statistics (nothing analyses these tables),
  // and with a LIKE it planned the trigram index's candidates sorted (157 ms at 100,000 orders) instead of the walk.
  const lowered = way === "both" ? (params.push(search), `(SELECT lower($${params.length}::text))`) : "NULL";
  const byWord = `(SELECT count(*) FROM (SELECT FROM order_search_words w WHERE w.store_id = $1 AND w.word = ${lowered} LIMIT ${cap + 1}) n) > ${cap} OR `;
  // The store's condition is a subquery so that, without statistics, the planner does not AND the
  // trigram index's candidates with the walk index's bitmap of the whole store (5–67 ms on the embedded database).
  const hits = `a AS MATERIALIZED (SELECT t.order_id AS id FROM order_search_texts t WHERE t.search_text LIKE ${lowerLike} AND (SELECT t.store_id = $1) LIMIT ${cap + 1}),
    hits AS MATERIALIZED (SELECT ARRAY(SELECT id FROM a${numbered ? ` UNION SELECT ${numbered}` : ""}) AS ids),
    common AS MATERIALIZED (SELECT ${way === "both" ? byWord : ""}(SELECT count(*) FROM a) > ${cap} AS common)`;
  const walk = `(strpos(t.search_text, ${lowered}) > 0${numbered ? ` OR t.order_id = ${numbered}` : ""})`;
  const condition = `(o.email::text ILIKE ${like} OR o.shipping_name ILIKE ${like} OR o.customer_id IN (${customers})${byNumber ? ` OR o.order_number = ${byNumber}` : ""})`;
  return { hits, walk, condition };
}

export type ListOrdersInput = { filter: OrderListFilter; origin?: string; search?: string; sort: OrderSort; limit: number; offset: number };

export type OrderListPage = { list: OrderSummaryRow[]; counts: Record<OrderListFilter, number>; matches: number | null };

/**
 * How a page's rows are made: "live" reads each order's summary (SUMMARY_COLUMNS, its customer and
 * SUMMARY_JOIN) as rows `p`, for toSummary; "kept" joins the JSON texts kept per order (order_summaries,
 * migration 0551: the same json_build_object text of SUMMARY_COLUMNS) into the answer's list, one
 * look-up by key per order of the page.
 */
type PageRows = "live" | "kept";

/**
 * The list's statement: every tab's count (`counts`), with a search how many orders of the tab match
 * up to `cap + 1` (`matches`), and the page (`page`), its rows made as `rows` says. On an
 * embedded database each statement waits its turn on the one session, and on Postgres each is a
 * round trip the API pays in socket writes. The texts are a fixed few (pageBoundsSql): Postgres keeps
 * them prepared.
 *
 * A search reads the ids it gathered when they are few; when they reached the cap (a common
 * fragment), the page walks the tab in its sort's order with the search's condition and stops at the
 * page, instead of sorting thousands of matches, and on the whole store's list the count is the cap's.
 * Every order of the store by placing time (the list's first screen) walks the kept texts index-only;
 * the other tabs and sorts walk their own index and match field by field.
 * `way` "ids" leaves the walk out of the text (searchWayOf); `common` then says whether it was needed.
 */
function listOrdersSql(storeId: string, input: ListOrdersInput, cap: number, rows: PageRows, way: SearchWay): { text: string; params: unknown[] } {
  const params: unknown[] = [storeId];
  // One sales channel's orders and counts, or every channel's.
  const origin = input.origin ? (params.push(input.origin), `$${params.length}`) : null;
  const counts = tabCountsSql(origin);
  const search = input.search ? searchSql(input.search, params, cap, way) : null;
  const tab = `o.store_id = $1 AND ${FILTER_SQL[input.filter]} AND ${origin ? `o.origin = ${origin}` : "TRUE"}`;
  const bounds = pageBoundsSql(params, input.limit, input.offset);
  // A page's orders as `columns` of `o`, in the sort's order.
  type Walk = (columns: string) => string;
  const sorted = (where: string): Walk => (columns) => `SELECT ${columns} FROM orders o WHERE ${where} ORDER BY ${SORT_SQL[input.sort]} ${bounds}`;
  // The page's orders first, then their customers and summaries (25 of them, not every match); the
  // aggregate keeps the sorted subquery's order (a Limit under the aggregate never reorders).
  const page = (walk: Walk) =>
    rows === "kept"
      ? `(SELECT coalesce('[' || string_agg((SELECT s.summary FROM order_summaries s WHERE s.order_id = o.id), ', ') || ']', '[]')::json FROM (${walk("o.id")}) o)`
      : `(SELECT coalesce(json_agg(p), '[]') FROM (SELECT ${SUMMARY_COLUMNS}
      FROM (${walk("o.*")}) o LEFT JOIN customers c ON c.id = o.customer_id ${SUMMARY_JOIN}
      ORDER BY ${SORT_SQL[input.sort]}) p)`;
  const matching = (where: string) => `(SELECT count(*)::int FROM (SELECT 1 FROM orders o WHERE ${where} LIMIT ${cap + 1}) m)`;
  if (!search) return { text: `SELECT ${counts} AS counts, NULL::int AS matches, ${page(sorted(tab))} AS page, false AS common`, params };
  const walked = `${tab} AND ${search.condition}`;
  // A newline would match across the kept text's fields: such a search walks the tab field by field.
  if (way === "fields") return { text: `SELECT ${counts} AS counts, ${matching(walked)} AS matches, ${page(sorted(walked))} AS page, false AS common`, params };
  const byIds = `${tab} AND o.id = ANY ((SELECT ids FROM hits)::uuid[])`;
  const common = "(SELECT common FROM common)";
  // The gathered ids only; `common` says when they were cut at the cap and the walk must answer instead.
  if (way === "ids") return { text: `WITH ${search.hits} SELECT ${counts} AS counts, ${matching(byIds)} AS matches, ${page(sorted(byIds))} AS page, ${common} AS common`, params };
  const everyOrder = input.filter === "ALL" && !origin;
  // Ids past the cap are already more than the cap of the store's matches.
  const commonCount = everyOrder ? `${cap + 1}` : matching(walked);
  const walk = everyOrder && (input.sort === "-placedAt" || input.sort === "placedAt") ? textWalk(search.walk, input.sort === "-placedAt" ? "DESC" : "ASC", bounds) : sorted(walked);
  return {
    text: `WITH ${search.hits} SELECT ${counts} AS counts, CASE WHEN ${common} THEN ${commonCount} ELSE ${matching(byIds)} END AS matches,
      CASE WHEN ${common} THEN ${page(walk)} ELSE ${page(sorted(byIds))} END AS page, false AS common`,
    params,
  };
}

/**
 * Every order of the store matching `match` (a condition on the kept text `t`) in placing order, read
 * index-only from order_search_texts_walk_idx (the same order as SORT_SQL's: placed_at, then id); as
 * the orders' own rows for the columns of the live summary.
 */
function textWalk(match: string, direction: "ASC" | "DESC", bounds: string): (columns: string) => string {
  const ids = `SELECT t.order_id AS id FROM order_search_texts t WHERE t.store_id = $1 AND ${match} ORDER BY t.placed_at ${direction}, t.order_id ${direction} ${bounds}`;
  return (columns) => (columns === "o.id" ? ids : `SELECT ${columns} FROM orders o WHERE o.id IN (${ids})`);
}

/**
 * Which way a search's text carries, chosen before Postgres plans it: a search is planned on every
 * execution (its pattern decides the plan), and a text holding both ways plans in about 2 ms against
 * 1.2 for one (docs/benchmarks.md, opg11). A number, or a fragment with `@` or `.` (an e-mail's part),
 * matches few orders, so its text reads the gathered ids only; any other text may be a first name
 * matching thousands, and keeps both ways. A search with a newline (the kept text's separator) is
 * matched field by field ("fields").
 */
type SearchWay = "ids" | "both" | "fields";

function searchWayOf(search: string | undefined): SearchWay {
  if (search?.includes("\n")) return "fields";
  return search && (/^#?\d+$/.test(search) || /[@.]/.test(search)) ? "ids" : "both";
}

/**
 * Runs the list's statement for the search's likely way; when an "ids" text finds an arm cut at the
 * cap (a number or e-mail fragment as common as a first name, rare), runs the text with both ways,
 * so every answer is the one the walk would give.
 */
async function queryListOrders<R extends { common: boolean }>(db: Queryable, build: (way: SearchWay) => { text: string; params: unknown[] }, way: SearchWay): Promise<R> {
  const { text, params } = build(way);
  const r = (await queryPrepared<R>(db, text, params)).rows[0]!;
  return r.common && way === "ids" ? queryListOrders<R>(db, build, "both") : r;
}

/** One page of a tab (searched, of one channel if asked) as rows, every tab's count and a search's capped count of matches, in one statement. */
export async function listOrdersPage(db: Queryable, storeId: string, input: ListOrdersInput, cap: number): Promise<OrderListPage> {
  type PageRow = { counts: Record<OrderListFilter, number>; matches: number | null; page: Row[]; common: boolean };
  const r = await queryListOrders<PageRow>(db, (way) => listOrdersSql(storeId, input, cap, "live", way), searchWayOf(input.search));
  return { list: r.page.map(toSummary), counts: r.counts, matches: r.matches };
}

/**
 * The same page as the API's whole answer (the list contract's response), as JSON text made by the
 * database: the API sends it as it is, without parsing, mapping or serialising 25 orders again. A
 * tab's total is its kept count; a search's is its matches up to `cap`, `totalCapped` when there are more.
 */
export async function listOrdersAnswer(db: Queryable, storeId: string, input: ListOrdersInput & { page: number }, cap: number): Promise<string> {
  const answerSql = (way: SearchWay) => {
    const { text, params } = listOrdersSql(storeId, input, cap, "kept", way);
    // OFFSET 0 keeps `a` a subquery of its own: pulled up, its counts were read twice (for the total and the counts).
    params.push(input.page, input.limit);
    const built = `SELECT json_build_object('list', a.page, 'total', CASE WHEN a.matches IS NULL THEN (a.counts->>'${input.filter}')::int ELSE least(a.matches, ${cap}) END, 'totalCapped', coalesce(a.matches > ${cap}, false),
       'page', $${params.length - 1}::int, 'size', $${params.length}::int, 'counts', a.counts)::text AS answer, a.common FROM (${text} OFFSET 0) a`;
    // A tab's text is one of a fixed few (a search's is built each time: its way and number decide it).
    return { text: input.search ? built : keptText(tabAnswerTexts, `${input.filter} ${input.sort} ${input.origin ? "origin" : ""} ${pageBoundsShape(input.limit, input.offset)} ${cap}`, built), params };
  };
  return (await queryListOrders<{ answer: string; common: boolean }>(db, answerSql, searchWayOf(input.search))).answer;
}

/** The tabs' answer texts, by shape (keptText). */
const tabAnswerTexts = new Map<string, string>();

/** Every tab's count as `json_build_object`'s arguments (made once). */
const TAB_COUNTS_JSON = Object.entries(TAB_COUNT_COLUMN).map(([name, column]) => `'${name}', coalesce(sum(t.${column}), 0)::int`).join(", ");

/** Every tab's count as one JSON object, of one sales channel (`origin`, a placeholder) if given, from the counts kept with the orders (0480). */
function tabCountsSql(origin: string | null): string {
  return `(SELECT json_build_object(${TAB_COUNTS_JSON}) FROM order_tab_counts t WHERE t.store_id = $1 AND ${origin ? `t.origin = ${origin}` : "TRUE"})`;
}

/** An order of the store by id or number; another store's order is null. */
/** `lock: "skip-locked"` returns null for an order another transaction holds (stock arriving takes it later instead of waiting). */
export async function getOrder(db: Queryable, storeId: string, ref: { id?: string; number?: number }, lock: boolean | "skip-locked" = false): Promise<OrderRow | null> {
  const by = ref.id !== undefined ? "o.id = $2" : "o.order_number = $2";
  const { rows } = await db.query(
    `SELECT ${DETAIL_COLUMNS} ${ORDERS_FROM}
     WHERE o.store_id = $1 AND ${by}${lock === "skip-locked" ? " FOR UPDATE OF o SKIP LOCKED" : lock ? " FOR UPDATE OF o" : ""}`,
    [storeId, ref.id ?? ref.number],
  );
  const r = rows[0] as Row | undefined;
  return r ? toOrder(r) : null;
}

function toOrder(r: Row): OrderRow {
  return {
    ...toSummary(r),
    storeId: r.store_id as string,
    customerId: r.customer_id as string | null,
    customerEmail: r.customer_email as string | null,
    customerPhone: r.customer_phone as string | null,
    subtotalCents: r.subtotal_cents as number,
    discountCents: r.discount_cents as number,
    shippingCents: r.shipping_cents as number,
    taxCents: r.tax_cents as number,
    discountCode: r.discount_code as string | null,
    shippingName: r.shipping_name as string | null,
    shippingAddress1: r.shipping_address1 as string | null,
    shippingCity: r.shipping_city as string | null,
    shippingRegion: r.shipping_region as string | null,
    shippingPostalCode: r.shipping_postal_code as string | null,
    shippingCountryCode: r.shipping_country_code as string | null,
    note: r.note as string | null,
    shippingMethod: r.shipping_method as OrderRow["shippingMethod"],
    heldFromStatus: r.held_from_status as OrderRow["heldFromStatus"],
    fulfilledAt: asDateOrNull(r.fulfilled_at),
    canceledAt: asDateOrNull(r.canceled_at),
  };
}

export type OrderWithLedger = { order: OrderRow; lines: OrderLineRow[]; holds: OrderHoldRow[]; events: OrderEventRow[]; fulfilments: FulfilmentRow[]; parts: PartRow[] };

const LINE_COLUMNS = "l.id, l.sku, l.title, l.variant_title, l.quantity, l.unit_price_cents, l.fulfilled_quantity, l.returned_quantity";

/**
 * An order of the store by id or number with its lines, holds, ledger, fulfilments and parts, in one
 * statement (each as a JSON array beside the order's columns); another store's order is null.
 */
export async function getOrderWithLedger(db: Queryable, storeId: string, ref: { id?: string; number?: number }): Promise<OrderWithLedger | null> {
  const by = ref.id !== undefined ? "o.id = $2" : "o.order_number = $2";
  const { rows } = await queryPrepared(db,
    `SELECT ${DETAIL_COLUMNS},
       (SELECT coalesce(json_agg(l ORDER BY l.position), '[]') FROM (SELECT ${LINE_COLUMNS}, l.position FROM order_line_items l WHERE l.store_id = o.store_id AND l.order_id = o.id) l) AS lines_json,
       ${HOLDS_OF_ORDER_JSON} AS holds_json, ${EVENTS_OF_ORDER_JSON} AS events_json, ${FULFILMENTS_OF_ORDER_JSON} AS fulfilments_json, ${PARTS_OF_ORDER_JSON} AS parts_json
     ${ORDERS_FROM} WHERE o.store_id = $1 AND ${by}`,
    [storeId, ref.id ?? ref.number],
  );
  const r = rows[0] as Row | undefined;
  if (!r) return null;
  const list = (key: string) => r[key] as Row[];
  return {
    order: toOrder(r), lines: list("lines_json").map(toLine), holds: list("holds_json").map(toHold), events: list("events_json").map(toEvent),
    fulfilments: list("fulfilments_json").map(toFulfilment), parts: list("parts_json").map(toPart),
  };
}

/** What the detail's answer needs besides its JSON: the fields the allowed actions are decided from. */
export type OrderAnswerRead = {
  /** OrderDetail as JSON text, but for its last key, `actions`, which the caller appends; users in holds and the ledger unnamed. */
  answer: string;
  rules: Pick<OrderRow, "orderNumber" | "processingStatus" | "fulfillmentState" | "cancellationState">;
  fulfilmentStatuses: FulfilmentStatus[];
  /** The users the holds or the ledger name, whose names the answer then needs. */
  usersNamed: string[];
};

/** The detail's answer as getOrderAnswer reads it, the order found by `by` (its id or its number as $2). */
function orderAnswerSql(by: string): string {
  const placed = `json_build_object('id', 'placed-' || o.id, 'kind', 'PLACED', 'fromStatus', NULL, 'toStatus', 'OUTSTANDING', 'message', 'Order #' || o.order_number || ' placed',
      'holdId', NULL, 'actor', json_build_object('userId', NULL, 'userName', CASE WHEN o.customer_name <> '' THEN o.customer_name ELSE o.email END, 'rule', NULL),
      'createdAt', ${isoText("o.placed_at")})`;
  return `SELECT left(json_build_object('id', o.id, 'orderNumber', o.order_number, 'origin', o.origin, 'customerName', o.customer_name, 'email', o.email,
         'totalCents', o.total_cents, 'currency', o.currency, 'itemCount', o.item_count, 'processingStatus', o.processing_status,
         'fulfillmentState', o.fulfillment_state, 'cancellationState', o.cancellation_state, 'hasReturns', o.has_returns, 'openHolds', o.open_holds,
         'preSale', o.presale_hold, 'placedAt', ${isoText("o.placed_at")}, 'subtotalCents', o.subtotal_cents, 'discountCents', o.discount_cents,
         'shippingCents', o.shipping_cents, 'taxCents', o.tax_cents, 'discountCode', o.discount_code,
         'customer', CASE WHEN o.customer_id IS NOT NULL THEN json_build_object('id', o.customer_id, 'name', o.customer_name, 'email', coalesce(o.customer_email, o.email, ''), 'phoneNumber', o.customer_phone) END,
         'shippingAddress', CASE WHEN coalesce(o.shipping_address1, '') <> '' OR coalesce(o.shipping_city, '') <> '' THEN json_build_object('name', o.shipping_name,
           'address1', o.shipping_address1, 'city', o.shipping_city, 'region', o.shipping_region, 'postalCode', o.shipping_postal_code, 'countryCode', o.shipping_country_code) END,
         'note', o.note, 'shippingMethod', o.shipping_method, 'fulfilledAt', ${isoText("o.fulfilled_at")}, 'canceledAt', ${isoText("o.canceled_at")},
         'lines', (SELECT coalesce(json_agg(json_build_object('id', l.id, 'sku', l.sku, 'title', l.title, 'variantTitle', l.variant_title, 'quantity', l.quantity,
             'unitPriceCents', l.unit_price_cents, 'fulfilledQuantity', l.fulfilled_quantity, 'returnedQuantity', l.returned_quantity) ORDER BY l.position), '[]')
             FROM order_line_items l WHERE l.store_id = o.store_id AND l.order_id = o.id),
         'holds', ${HOLDS_ANSWER_JSON}, 'timeline', ${timelineAnswerJson(placed)}, 'shipments', ${SHIPMENTS_ANSWER_JSON}, 'parts', ${PARTS_ANSWER_JSON})::text, -1) AS answer,
       o.order_number, o.processing_status, o.fulfillment_state, o.cancellation_state, ${FULFILMENT_STATUSES_OF_ORDER} AS fulfilment_statuses, ${USERS_NAMED_SQL} AS users_named
     FROM (SELECT ${DETAIL_COLUMNS} ${ORDERS_FROM} WHERE o.store_id = $1 AND ${by}) o`;
}

// Built once: a text built per request is hashed again to find its prepared statement (keptText).
const ORDER_ANSWER_BY_ID_SQL = orderAnswerSql("o.id = $2");
const ORDER_ANSWER_BY_NUMBER_SQL = orderAnswerSql("o.order_number = $2");

/**
 * The same order as getOrderWithLedger, as the detail's answer built by the database (OrderDetail's
 * keys in order, dates as Date.toISOString writes them), so the API sends it without parsing,
 * mapping or serialising it; another store's order is null. The allowed actions are the service's
 * rules (order-rules.ts), so the answer stops before them.
 */
export async function getOrderAnswer(db: Queryable, storeId: string, ref: { id?: string; number?: number }): Promise<OrderAnswerRead | null> {
  const { rows } = await queryPrepared<{ answer: string; order_number: number; processing_status: ProcessingStatus; fulfillment_state: OrderRow["fulfillmentState"];
    cancellation_state: OrderRow["cancellationState"]; fulfilment_statuses: FulfilmentStatus[]; users_named: string[] }>(db,
    ref.id !== undefined ? ORDER_ANSWER_BY_ID_SQL : ORDER_ANSWER_BY_NUMBER_SQL,
    [storeId, ref.id ?? ref.number],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    answer: r.answer,
    rules: { orderNumber: r.order_number, processingStatus: r.processing_status, fulfillmentState: r.fulfillment_state, cancellationState: r.cancellation_state },
    fulfilmentStatuses: r.fulfilment_statuses,
    usersNamed: r.users_named,
  };
}

function toLine(r: Row): OrderLineRow {
  return {
    id: r.id as string,
    sku: r.sku as string,
    title: r.title as string,
    variantTitle: r.variant_title as string | null,
    quantity: r.quantity as number,
    unitPriceCents: r.unit_price_cents as number,
    fulfilledQuantity: r.fulfilled_quantity as number,
    returnedQuantity: r.returned_quantity as number,
  };
}

export async function listOrderLines(db: Queryable, storeId: string, orderId: string): Promise<OrderLineRow[]> {
  const { rows } = await db.query(`SELECT ${LINE_COLUMNS} FROM order_line_items l WHERE l.store_id = $1 AND l.order_id = $2 ORDER BY l.position`, [storeId, orderId]);
  return rows.map(toLine);
}

/** Moves an order onto hold, remembering where it returns to. */
export async function markOnHold(db: Queryable, storeId: string, orderId: string, from: "OUTSTANDING" | "PROCESSING"): Promise<void> {
  await markManyOnHold(db, storeId, [orderId], from);
}

/** Puts several orders on hold in one statement, each remembering the same status to return to. */
export async function markManyOnHold(db: Queryable, storeId: string, orderIds: string[], from: "OUTSTANDING" | "PROCESSING"): Promise<void> {
  if (!orderIds.length) return;
  await db.query(`UPDATE orders SET processing_status = 'ON_HOLD', held_from_status = $3, updated_at = now() WHERE store_id = $1 AND id = ANY($2::uuid[])`, [storeId, orderIds, from]);
}

/** What the realtime hint of each order says (its states and its latest shipment's status), in one read. */
export async function orderHints(db: Queryable, storeId: string, orderIds: string[]): Promise<{ id: string; orderNumber: number; processingStatus: ProcessingStatus; fulfillmentState: OrderSummaryRow["fulfillmentState"]; cancellationState: OrderSummaryRow["cancellationState"]; shipmentStatus: FulfilmentStatus | null }[]> {
  const { rows } = await db.query(
    `SELECT o.id, o.order_number, o.processing_status, o.fulfillment_state, o.cancellation_state,
            (SELECT f.status FROM fulfilments f WHERE f.order_id = o.id ORDER BY f.created_at DESC, f.id DESC LIMIT 1) AS shipment_status
       FROM orders o WHERE o.store_id = $1 AND o.id = ANY($2::uuid[])`,
    [storeId, orderIds],
  );
  const byId = new Map(rows.map((r: Row) => [r.id as string, r]));
  return orderIds.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ id, orderNumber: r.order_number as number, processingStatus: r.processing_status as ProcessingStatus, fulfillmentState: r.fulfillment_state as OrderSummaryRow["fulfillmentState"],
      cancellationState: r.cancellation_state as OrderSummaryRow["cancellationState"], shipmentStatus: r.shipment_status as FulfilmentStatus | null }] : [];
  });
}

/** Takes an order off hold, back to the status it had. */
export async function markReleased(db: Queryable, storeId: string, orderId: string, to: "OUTSTANDING" | "PROCESSING"): Promise<void> {
  await db.query(`UPDATE orders SET processing_status = $3, held_from_status = NULL, updated_at = now() WHERE store_id = $1 AND id = $2`, [storeId, orderId, to]);
}

export async function markCanceled(db: Queryable, storeId: string, orderId: string): Promise<void> {
  await db.query(
    `UPDATE orders SET processing_status = 'FINISHED', cancellation_state = 'CANCELED', held_from_status = NULL, canceled_at = now(), updated_at = now()
      WHERE store_id = $1 AND id = $2`,
    [storeId, orderId],
  );
}

/** The numbers of the given orders of the store (others are left out). */
export async function orderNumbers(db: Queryable, storeId: string, ids: string[]): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: string; order_number: number }>(`SELECT id, order_number FROM orders WHERE store_id = $1 AND id = ANY($2::uuid[])`, [storeId, ids]);
  return new Map(rows.map((r) => [r.id, r.order_number]));
}

export type NewOrder = {
  origin: "MANUAL_RETAIL" | "MANUAL_WHOLESALE";
  customer: { name: string; email: string };
  shippingAddress: { address1: string; city: string; region?: string; postalCode: string; countryCode: string };
  subtotalCents: number;
  shippingCents: number;
  shippingMethod: NonNullable<OrderRow["shippingMethod"]>;
  note?: string;
};

/**
 * Inserts an order with the store's next number (locking the store's highest number so two
 * placements never take the same one) and its customer; returns its id and number.
 */
export async function insertOrder(db: Queryable, storeId: string, o: NewOrder): Promise<{ id: string; orderNumber: number }> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('orders.number:' || $1::text))`, [storeId]);
  const customer = await db.query<{ id: string }>(
    `INSERT INTO customers (store_id, email, name, country_code, region, city) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (store_id, email) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [storeId, o.customer.email, o.customer.name, o.shippingAddress.countryCode, o.shippingAddress.region ?? null, o.shippingAddress.city],
  );
  const { rows } = await db.query<{ id: string; order_number: number }>(
    `INSERT INTO orders (store_id, customer_id, order_number, origin, email, subtotal_cents, shipping_cents, total_cents, shipping_name, shipping_address1,
       shipping_city, shipping_region, shipping_postal_code, shipping_country_code, note, shipping_method)
     VALUES ($1, $2, (SELECT coalesce(max(order_number), 1000) + 1 FROM orders WHERE store_id = $1), $3, $4, $5::int, $6::int, $5::int + $6::int, $7, $8, $9, $10, $11, $12, $13, $14)
     RETURNING id, order_number`,
    [storeId, customer.rows[0]!.id, o.origin, o.customer.email, o.subtotalCents, o.shippingCents, o.customer.name, o.shippingAddress.address1, o.shippingAddress.city,
      o.shippingAddress.region ?? null, o.shippingAddress.postalCode, o.shippingAddress.countryCode, o.note ?? null, o.shippingMethod],
  );
  return { id: rows[0]!.id, orderNumber: rows[0]!.order_number };
}

export async function insertOrderLine(db: Queryable, storeId: string, orderId: string, l: { sku: string; title: string; quantity: number; unitPriceCents: number }): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO order_line_items (order_id, store_id, sku, title, quantity, unit_price_cents) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [orderId, storeId, l.sku, l.title, l.quantity, l.unitPriceCents],
  );
  return rows[0]!.id;
}

/** The method the order ships with (a fulfilment rule chose it). */
export async function setShippingMethod(db: Queryable, storeId: string, orderId: string, method: NonNullable<OrderRow["shippingMethod"]>): Promise<void> {
  await db.query(`UPDATE orders SET shipping_method = $3, updated_at = now() WHERE store_id = $1 AND id = $2`, [storeId, orderId, method]);
}

/** Moves an order to PROCESSING (sent to the fulfilment center). */
export async function markProcessing(db: Queryable, storeId: string, orderId: string): Promise<void> {
  await db.query(`UPDATE orders SET processing_status = 'PROCESSING', updated_at = now() WHERE store_id = $1 AND id = $2`, [storeId, orderId]);
}

/**
 * Part of a split order shipped and the rest waits or is still to send: each line counts the units
 * shipped so far, and the order is PARTIAL and OUTSTANDING again for the part left.
 */
export async function markPartlyFulfilled(db: Queryable, storeId: string, orderId: string, shipped: Map<string, number>): Promise<void> {
  await db.query(
    `UPDATE order_line_items li SET fulfilled_quantity = s.n FROM jsonb_to_recordset($3::jsonb) AS s(line_id uuid, n int)
      WHERE li.store_id = $1 AND li.order_id = $2 AND li.id = s.line_id`,
    [storeId, orderId, JSON.stringify([...shipped].map(([lineId, n]) => ({ line_id: lineId, n })))],
  );
  await db.query(
    `UPDATE orders SET processing_status = 'OUTSTANDING', fulfillment_state = 'PARTIAL', held_from_status = NULL, updated_at = now() WHERE store_id = $1 AND id = $2`,
    [storeId, orderId],
  );
}

/** Every line shipped whole: the order is FULFILLED and FINISHED. */
export async function markFulfilled(db: Queryable, storeId: string, orderId: string): Promise<void> {
  await db.query(`UPDATE order_line_items SET fulfilled_quantity = quantity WHERE store_id = $1 AND order_id = $2`, [storeId, orderId]);
  await db.query(
    `UPDATE orders SET processing_status = 'FINISHED', fulfillment_state = 'FULFILLED', held_from_status = NULL, fulfilled_at = now(), updated_at = now() WHERE store_id = $1 AND id = $2`,
    [storeId, orderId],
  );
}
