import type { ReactNode } from "react";
import type { ToolCallMessagePartComponent, ToolCallMessagePartProps } from "@assistant-ui/react";
import { enumWords, fieldLabel, inWords, sentenceFor } from "@atelier/contracts/error-sentences";
import { isToolName, readToolResult, type ToolName, type ToolResponse } from "@atelier/tools/tool-results";
import { formatUsd } from "../format/format";
import { ReportCard } from "../features/analytics/report-card";
import { AuthedImage } from "../ui/authed-image";
import { LabelCard, RatesCard, type LabelView, type RatesView } from "../features/shipping/shipping-cards";
import { QcCard } from "../ui/qc-card";
import type { QcInspection } from "@atelier/contracts/shipping";
import { QuoteComparisonCard, QuotesCard, type QuoteCardRow } from "../features/inbox/quote-tool-cards";
import { ReceivingsCard, receivingCardRow, type ReceivingCardRow } from "../features/receivings/receiving-tool-cards";
import { AttachmentsCard, PinAddedCard, PinsCard, ProjectComparisonsCard } from "../features/inbox/attachment-tool-cards";
import { KitsCard } from "../features/kitting/kit-tool-card";
import { SupplierScorecardCard } from "../ui/supplier-scorecard";
import { FreightBookingCard, FreightBookingsCard, FreightQuoteCard, type FreightQuoteView } from "../features/shipping/freight-tool-cards";
import type { FreightBooking, FreightEvent } from "@atelier/contracts/shipping";
import type { Kit } from "@atelier/contracts/kitting";
import type { SupplierScorecard } from "@atelier/contracts/supplier-scorecards";
import { ExportProgress } from "../ui/export-progress";
import type { OrderExport } from "@atelier/contracts/order-exports";
import { BrandIdeaCard, BrandKitCard, PaletteCard, brandIdeaView, brandKitView, ideaOf, type BrandIdeaView, type BrandKitView, type PaletteView } from "../features/business-kits/brand-kit-cards";

// Tool UIs by the agent tools' real names (tools/src/<domain>), one place for every card. Each
// entry reads its tool's contract response into the card's rows; any other tool, an error or a
// refusal, or an answer of another shape gets the fallback, which prints the call and its answer.

/** The cards a tool result can be drawn as. */
export type CardKind = "supplier" | "product" | "order" | "plan" | "credits" | "cart" | "report" | "images" | "rates" | "label" | "quotes" | "quoteComparison" | "brandKit" | "brandIdea" | "palette" | "qc" | "receiving" | "attachments" | "pins" | "pinAdded" | "projectComparisons" | "scorecard" | "kits" | "freightQuote" | "freightBooking" | "freightBookings" | "export";

type SupplierRow = { id: string; name: string; place: string; moq: number | null };
type ProductRow = { id: string; title: string; supplierName: string; priceMinCents: number | null; priceMaxCents: number | null; moq: number | null };
type OrderRow = { id: string; title: string; kind: string; status: string; quantity: number; totalCents: number };
type PlanView = { name: string; priceCents: number; state: string; creditBalance: number; result: string | null };
type CreditsView = { balance: number | null; added: number | null; priceCents: number | null; result: string | null; movements: { id: string; delta: number; reason: string; balanceAfter: number }[] };
type CartView = { items: { id: string; title: string; quantity: number; totalCents: number }[]; totalCents: number; canceled: number | null };

type Supplier = ToolResponse<"search_suppliers">["list"][number];
type CatalogItem = ToolResponse<"search_catalog_items">["list"][number];
type OrderItem = ToolResponse<"get_order_item">;
type Cart = ToolResponse<"get_cart">;
type PlanOverview = ToolResponse<"get_plan">;

const supplierRow = (s: Pick<Supplier, "id" | "name" | "city" | "countryCode" | "moq">): SupplierRow => ({ id: s.id, name: s.name, place: [s.city, s.countryCode].filter(Boolean).join(", "), moq: s.moq });
const mySupplierRow = (s: ToolResponse<"list_my_suppliers">["list"][number]): SupplierRow => ({ id: s.id, name: s.name, place: s.countryCode ?? "", moq: null });
const productRow = (p: CatalogItem): ProductRow => ({ id: p.id, title: p.title, supplierName: p.supplierName, priceMinCents: p.priceMinCents, priceMaxCents: p.priceMaxCents, moq: p.moq });
const orderRow = (o: OrderItem): OrderRow => ({ id: o.id, title: o.title, kind: o.kind, status: o.status, quantity: o.quantity, totalCents: o.totalCents });
const planView = (p: PlanOverview, result: string | null = null): PlanView => ({
  name: p.name,
  priceCents: p.priceCents,
  state: p.isBlueprintPaused ? "paused" : (p.subscriptionStatus ? enumWords(p.subscriptionStatus) : "no paid subscription"),
  creditBalance: p.aiCredits.balance,
  result,
});
const noCredits: CreditsView = { balance: null, added: null, priceCents: null, result: null, movements: [] };
const cartView = (c: Cart, canceled: number | null = null): CartView => ({
  items: c.items.map((i) => ({ id: i.id, title: i.title, quantity: i.quantity, totalCents: i.totalCents })),
  totalCents: c.invoice?.totalCents ?? c.items.reduce((sum, i) => sum + i.totalCents, 0),
  canceled,
});

function Pending({ toolName }: { toolName: string }) {
  return <div className="tool-card pending" data-tool={toolName}>Working: {toolName.replace(/_/g, " ")}…</div>;
}

/** A call's arguments in words: each short value by its field's label; long texts and nested data (a tech pack) are left out. */
function argLines(args: unknown): string[] {
  if (!args || typeof args !== "object") return [];
  return Object.entries(args as Record<string, unknown>).flatMap(([key, value]) => {
    if (typeof value === "number" || typeof value === "boolean") return [`${fieldLabel(key)}: ${String(value)}`];
    if (typeof value === "string" && value.length <= 80) return [`${fieldLabel(key)}: ${inWords(value)}`];
    return [];
  });
}

/** What became of a call, in a sentence: never the tool's JSON. */
function outcomeOf(toolName: string, result: unknown): string {
  if (!isToolName(toolName)) return "Completed.";
  const read = readToolResult(toolName, result);
  if (read.ok) return "Completed.";
  if (read.declined) return "You declined this, so nothing was done.";
  if (read.error.code === "UNREADABLE_RESULT") return "Completed.";
  return sentenceFor(read.error);
}

/** Any tool without its own card: what it did, with what, and how it went, in words. */
export function ToolFallback({ toolName, args, result, status }: ToolCallMessagePartProps) {
  if (status.type === "running") return <Pending toolName={toolName} />;
  const lines = argLines(args);
  return (
    <details className="tool-card" data-tool={toolName} data-card="fallback">
      <summary>{toolName.replace(/_/g, " ")}</summary>
      {lines.length > 0 && <ul className="tool-args">{lines.map((line) => <li key={line}>{line}</li>)}</ul>}
      {result !== undefined && <p className="muted">{outcomeOf(toolName, result)}</p>}
    </details>
  );
}

const price = (min: number | null, max: number | null) => (min === null ? "" : max !== null && max !== min ? `${formatUsd(min / 100)}–${formatUsd(max / 100)}` : formatUsd(min / 100));
const words = (v: string) => v.toLowerCase().replace(/_/g, " ");

/** What each card draws. */
type CardData = { supplier: SupplierRow[]; product: ProductRow[]; order: OrderRow[]; plan: PlanView; credits: CreditsView; cart: CartView; report: ToolResponse<"run_report">; images: ImagesView; rates: RatesView; label: LabelView; quotes: QuoteCardRow[]; quoteComparison: ToolResponse<"compare_quotes">; brandKit: BrandKitView; brandIdea: BrandIdeaView | null; palette: PaletteView | null; qc: QcInspection; receiving: { rows: ReceivingCardRow[]; total: number }; attachments: ToolResponse<"list_conversation_attachments">; pins: ToolResponse<"list_image_pins">; pinAdded: ToolResponse<"add_image_pin">; projectComparisons: ToolResponse<"compare_quotes_by_project">; scorecard: SupplierScorecard; kits: { kits: Kit[]; total: number }; freightQuote: FreightQuoteView; freightBooking: { booking: FreightBooking; events: FreightEvent[] }; freightBookings: { bookings: FreightBooking[]; total: number }; export: OrderExport };

/** Generated designs (issue 19): thumbnails, which one is saved, and the credits spent. */
type ImagesView = { images: { id: string; url: string; prompt: string }[]; savedId: string | null; note: string };

const DRAW: { [K in CardKind]: (data: CardData[K]) => ReactNode } = {
  supplier: (rows) => rows.slice(0, 5).map((s) => (
    <div key={s.id} className="tool-row"><strong>{s.name}</strong> <span className="muted">{[s.place, s.moq !== null ? `MOQ ${s.moq}` : ""].filter(Boolean).join(" · ")}</span></div>
  )),
  product: (rows) => rows.slice(0, 5).map((p) => (
    <div key={p.id} className="tool-row"><strong>{p.title}</strong> <span>{price(p.priceMinCents, p.priceMaxCents)}</span> <span className="muted">{[p.supplierName, p.moq !== null ? `MOQ ${p.moq}` : ""].filter(Boolean).join(" · ")}</span></div>
  )),
  order: (rows) => rows.slice(0, 5).map((o) => (
    <div key={o.id} className="tool-row"><strong>{o.title}</strong> <span className="muted">{words(o.kind)} ×{o.quantity} · {words(o.status)}</span> {formatUsd(o.totalCents / 100)}</div>
  )),
  plan: (p) => (
    <>
      <strong>{p.name}</strong> <span>· {formatUsd(p.priceCents / 100)}/month</span>
      <div className="muted">{p.result ? words(p.result) : p.state} · {p.creditBalance.toLocaleString("en-US")} AI credits</div>
    </>
  ),
  credits: (c) => (
    <>
      {c.added !== null && <strong>+{c.added.toLocaleString("en-US")} credits </strong>}
      {c.priceCents !== null && <span>for {formatUsd(c.priceCents / 100)} </span>}
      {c.balance !== null && <span className="muted">· balance {c.balance.toLocaleString("en-US")}</span>}
      {c.result && <div className="muted">{words(c.result)}</div>}
      {c.movements.slice(0, 5).map((m) => (
        <div key={m.id} className="tool-row"><strong>{m.delta > 0 ? "+" : ""}{m.delta.toLocaleString("en-US")}</strong> <span>{m.reason}</span> <span className="muted">· balance {m.balanceAfter.toLocaleString("en-US")}</span></div>
      ))}
      {c.balance === null && c.added === null && !c.movements.length && <span className="muted">No credit movements yet.</span>}
    </>
  ),
  images: (v) => (
    <>
      <div className="tool-images">
        {v.images.slice(0, 4).map((img, i) => (
          <figure key={img.id} className={`tool-image${img.id === v.savedId ? " is-saved" : ""}`}>
            <AuthedImage src={img.url} alt={`Design ${i + 1}: ${img.prompt}`} />
            <figcaption>{img.id === v.savedId ? "Saved" : `Design ${i + 1}`}</figcaption>
          </figure>
        ))}
      </div>
      {v.note && <div className="muted">{v.note}</div>}
    </>
  ),
  cart: (c) => (
    <>
      {c.canceled !== null && <div className="muted">{c.canceled} order(s) taken out of the cart</div>}
      {c.items.length ? c.items.slice(0, 5).map((i) => (
        <div key={i.id} className="tool-row"><strong>{i.title}</strong> <span className="muted">×{i.quantity}</span> {formatUsd(i.totalCents / 100)}</div>
      )) : <span className="muted">The cart is empty.</span>}
      {c.items.length > 0 && <div><strong>Total {formatUsd(c.totalCents / 100)}</strong></div>}
    </>
  ),
  report: (r) => <ReportCard result={r} />,
  rates: (v) => <RatesCard {...v} />,
  label: (v) => <LabelCard label={v} />,
  quotes: (rows) => <QuotesCard quotes={rows} />,
  receiving: (v) => <ReceivingsCard rows={v.rows} total={v.total} />,
  quoteComparison: (c) => <QuoteComparisonCard title={c.project.title} rows={c.rows} cheapestQuoteId={c.cheapestQuoteId} />,
  brandKit: (v) => <BrandKitCard kit={v} />,
  brandIdea: (v) => (v ? <BrandIdeaCard idea={v} /> : <span className="muted">No brand ideas yet.</span>),
  palette: (v) => (v ? <PaletteCard palette={v} /> : <span className="muted">No palette yet.</span>),
  qc: (v) => <QcCard inspection={v} />,
  attachments: (v) => <AttachmentsCard files={v.list} total={v.total} />,
  pins: (v) => <PinsCard attachment={v.attachment} pins={v.pins} />,
  pinAdded: (v) => <PinAddedCard pin={v} />,
  projectComparisons: (v) => <ProjectComparisonsCard projects={v.list} total={v.total} />,
  scorecard: (v) => <SupplierScorecardCard scorecard={v} title={`Your record with ${v.name}`} />,
  kits: (v) => <KitsCard kits={v.kits} total={v.total} />,
  freightQuote: (v) => <FreightQuoteCard quote={v} />,
  freightBooking: (v) => <FreightBookingCard booking={v.booking} events={v.events} />,
  freightBookings: (v) => <FreightBookingsCard bookings={v.bookings} total={v.total} />,
  export: (v) => <ExportProgress started={v} />,
};

/** A quote as the chat's quote card shows it (issue 18): Accept and Counter only while the store is to answer. */
const quoteRow = (q: ToolResponse<"list_quotes">["list"][number]): QuoteCardRow => ({
  id: q.id, supplierName: q.supplierName, title: q.title, status: q.status, unitPriceCents: q.unitPriceCents, quantity: q.quantity, moq: q.moq,
  leadTimeDays: q.leadTimeDays, totalCents: q.totalCents, storeToAnswer: q.awaitingSide === "STORE", landedCostCents: q.landedCostCents,
});

/** A shipping label as its card shows it (issue 17). */
const labelView = (l: ToolResponse<"get_shipping_label">): LabelView => ({
  id: l.id, status: l.status, carrier: l.carrier, serviceName: l.serviceName, trackingNumber: l.trackingNumber, priceCents: l.priceCents, refundedCents: l.refundedCents,
  recipient: l.toAddress.name, place: [l.toAddress.city, l.toAddress.stateCode || l.toAddress.countryCode].filter(Boolean).join(", "), deliveryDate: l.deliveryDate, isReturn: l.isReturn,
});

function designImages(d: ToolResponse<"get_product_design">): ImagesView {
  const shown = d.generatedDesigns.length ? d.generatedDesigns : d.savedDesign ? [d.savedDesign] : [];
  const spent = d.usedCredits ? `${d.usedCredits.toLocaleString("en-US")} AI credits used, ${d.totalCredits.toLocaleString("en-US")} left.` : d.trialRemainingQuantity ? `${d.trialRemainingQuantity} free rounds left.` : "";
  return { images: shown, savedId: d.savedDesign?.id ?? null, note: spent };
}

/** A tool's card: which kind, and the tool UI that reads the tool's answer into it. */
export type ToolUi = { kind: CardKind; Ui: ToolCallMessagePartComponent };

/**
 * A tool UI that reads its tool's answer through the tool's contract (readToolResult) into the
 * card's data; an error, a refusal or an answer of another shape falls back.
 */
function card<N extends ToolName, K extends CardKind>(name: N, kind: K, read: (result: ToolResponse<N>, args: Record<string, unknown>) => CardData[K]): ToolUi {
  function ToolCard(props: ToolCallMessagePartProps) {
    if (props.status.type === "running") return <Pending toolName={props.toolName} />;
    const result = props.result === undefined ? undefined : readToolResult(name, props.result);
    if (!result?.ok) return <ToolFallback {...props} />;
    const draw = DRAW[kind] as (d: CardData[K]) => ReactNode;
    return <div className="tool-card" data-tool={props.toolName} data-card={kind}>{draw(read(result.value, (props.args ?? {}) as Record<string, unknown>))}</div>;
  }
  ToolCard.displayName = `${kind}Card`;
  return { kind, Ui: ToolCard };
}

/** Every tool with a card, by its name in tools/src; the rest use ToolFallback. */
export const TOOL_CARDS: Record<string, ToolUi> = {
  // Suppliers
  search_suppliers: card("search_suppliers", "supplier", (r) => r.list.map(supplierRow)),
  search_packaging_suppliers: card("search_packaging_suppliers", "supplier", (r) => r.list.map(supplierRow)),
  search_public_suppliers: card("search_public_suppliers", "supplier", (r) => r.list.map(supplierRow)),
  get_supplier: card("get_supplier", "supplier", (r) => [supplierRow(r.supplier)]),
  match_factories: card("match_factories", "supplier", (r) => [...r.inNetwork, ...r.expandedNetwork].map(supplierRow)),
  list_my_suppliers: card("list_my_suppliers", "supplier", (r) => r.list.map(mySupplierRow)),
  // Catalog items
  search_catalog_items: card("search_catalog_items", "product", (r) => r.list.map(productRow)),
  search_packaging_items: card("search_packaging_items", "product", (r) => r.list.map(productRow)),
  search_public_catalog_items: card("search_public_catalog_items", "product", (r) => r.list.map(productRow)),
  get_catalog_item: card("get_catalog_item", "product", (r) => [productRow(r.item)]),
  match_design_products: card("match_design_products", "product", (r) => r.list.map(productRow)),
  search_catalog_by_image: card("search_catalog_by_image", "product", (r) => r.list.map(productRow)),
  // Sourcing orders
  create_order_item: card("create_order_item", "order", (r) => [orderRow(r)]),
  get_order_item: card("get_order_item", "order", (r) => [orderRow(r)]),
  update_order_item: card("update_order_item", "order", (r) => [orderRow(r)]),
  archive_order_item: card("archive_order_item", "order", (r) => [orderRow(r)]),
  reprice_order_item: card("reprice_order_item", "order", (r) => [orderRow(r.item)]),
  list_order_items: card("list_order_items", "order", (r) => r.list.map(orderRow)),
  // The cart
  get_cart: card("get_cart", "cart", (r) => cartView(r)),
  add_to_cart: card("add_to_cart", "cart", (r) => cartView(r)),
  remove_from_cart: card("remove_from_cart", "cart", (r) => cartView(r)),
  cancel_cart_orders: card("cancel_cart_orders", "cart", (r) => cartView(r.cart, r.canceled)),
  // The plan
  get_plan: card("get_plan", "plan", (r) => planView(r)),
  upgrade_plan: card("upgrade_plan", "plan", (r) => planView(r.plan, r.result)),
  pause_plan: card("pause_plan", "plan", (r) => planView(r.plan, r.result)),
  resume_plan: card("resume_plan", "plan", (r) => planView(r.plan, r.result)),
  cancel_plan: card("cancel_plan", "plan", (r) => planView(r.plan, r.result)),
  // AI credits
  get_ai_credits: card("get_ai_credits", "credits", (r) => ({ ...noCredits, balance: r.balance })),
  purchase_ai_credits: card("purchase_ai_credits", "credits", (r) => ({ ...noCredits, balance: r.balance, added: r.credits, priceCents: r.priceCents, result: r.result })),
  // AI product design
  generate_product_designs: card("generate_product_designs", "images", (r) => designImages(r)),
  get_product_design: card("get_product_design", "images", (r) => designImages(r)),
  save_product_design: card("save_product_design", "images", (r) => ({ images: r.savedDesign ? [r.savedDesign] : [], savedId: r.savedDesign?.id ?? null, note: "Saved to your image gallery." })),
  generate_ai_images: card("generate_ai_images", "images", (r) => ({ images: r.images, savedId: null, note: r.creditsCharged ? `${r.creditsCharged.toLocaleString("en-US")} AI credits spent.` : "" })),
  list_gallery_images: card("list_gallery_images", "images", (r) => ({ images: r.list, savedId: null, note: `${r.total.toLocaleString("en-US")} in your image gallery.` })),
  list_ai_credit_movements: card("list_ai_credit_movements", "credits", (r) => ({ ...noCredits, movements: r.list.map((m) => ({ id: m.id, delta: m.delta, reason: m.reason, balanceAfter: m.balanceAfter })) })),
  // Analytics
  run_report: card("run_report", "report", (r) => r),
  // Shipping labels
  quote_shipping_label: card("quote_shipping_label", "rates", (r) => ({ rates: r.rates, notes: [...r.messages.map((m) => m.message), ...r.checks.map((c) => c.message)] })),
  buy_shipping_label: card("buy_shipping_label", "label", labelView),
  get_shipping_label: card("get_shipping_label", "label", labelView),
  void_shipping_label: card("void_shipping_label", "label", labelView),
  create_return_label: card("create_return_label", "label", labelView),
  // Quality checks (issue 17): the inspection with its verdict, fee, receiving and defect photos
  book_qc_inspection: card("book_qc_inspection", "qc", (r) => r),
  get_qc_inspection: card("get_qc_inspection", "qc", (r) => r),
  report_qc_inspection: card("report_qc_inspection", "qc", (r) => r),
  // Quotes in the inbox
  list_quotes: card("list_quotes", "quotes", (r) => r.list.map(quoteRow)),
  get_quote: card("get_quote", "quotes", (r) => [quoteRow(r)]),
  accept_quote: card("accept_quote", "quotes", (r) => [quoteRow(r)]),
  counter_quote: card("counter_quote", "quotes", (r) => [quoteRow(r)]),
  decline_quote: card("decline_quote", "quotes", (r) => [quoteRow(r)]),
  compare_quotes: card("compare_quotes", "quoteComparison", (r) => r),
  compare_quotes_by_project: card("compare_quotes_by_project", "projectComparisons", (r) => r),
  // Files and pins in the inbox (issue 18)
  list_conversation_attachments: card("list_conversation_attachments", "attachments", (r) => r),
  list_image_pins: card("list_image_pins", "pins", (r) => r),
  add_image_pin: card("add_image_pin", "pinAdded", (r) => r),
  // Business kits (issue 19): the idea acted on is the one the call named
  get_brand_kit: card("get_brand_kit", "brandKit", (r) => brandKitView(r)),
  select_brand_idea: card("select_brand_idea", "brandIdea", (r, a) => brandIdeaView(r, a.uuid)),
  regenerate_brand_idea_part: card("regenerate_brand_idea_part", "brandIdea", (r, a) => brandIdeaView(r, a.uuid)),
  update_brand_kit_palette: card("update_brand_kit_palette", "palette", (r, a) => {
    const idea = ideaOf(r, a.uuid);
    return idea ? { brandName: idea.brandName, colors: idea.colorPalette } : null;
  }),
  // Receivings: shipments to the fulfilment center (issue 16)
  list_receivings: card("list_receivings", "receiving", (r) => ({ rows: r.list.map(receivingCardRow), total: r.total })),
  get_receiving: card("get_receiving", "receiving", (r) => ({ rows: [receivingCardRow(r)], total: 1 })),
  create_receiving: card("create_receiving", "receiving", (r) => ({ rows: [receivingCardRow(r)], total: 1 })),
  update_receiving_delivery: card("update_receiving_delivery", "receiving", (r) => ({ rows: [receivingCardRow(r)], total: 1 })),
  receive_receiving: card("receive_receiving", "receiving", (r) => ({ rows: [receivingCardRow(r)], total: 1 })),
  cancel_receiving: card("cancel_receiving", "receiving", (r) => ({ rows: [receivingCardRow(r)], total: 1 })),
  // Supplier scorecards (issue 17): the store's own record with the supplier, every figure with its counts
  get_supplier_scorecard: card("get_supplier_scorecard", "scorecard", (r) => r),
  // Kits and bundles (issue 17)
  list_kits: card("list_kits", "kits", (r) => ({ kits: r.list, total: r.total })),
  get_kit: card("get_kit", "kits", (r) => ({ kits: [r], total: 1 })),
  create_kit: card("create_kit", "kits", (r) => ({ kits: [r], total: 1 })),
  update_kit: card("update_kit", "kits", (r) => ({ kits: [r], total: 1 })),
  assemble_kits: card("assemble_kits", "kits", (r) => ({ kits: [r], total: 1 })),
  // Freight (issue 17): a quote's modes, a booking's timeline at its current step, the bookings list
  quote_freight: card("quote_freight", "freightQuote", (r) => ({ route: `${r.origin.name} → ${r.destination.name}`, chargeableWeightKg: r.chargeableWeightKg, options: r.options, dutyCents: r.duty.totalCents })),
  book_freight: card("book_freight", "freightBooking", (r) => ({ booking: r, events: r.events })),
  get_freight_booking: card("get_freight_booking", "freightBooking", (r) => ({ booking: r, events: r.events })),
  list_freight_bookings: card("list_freight_bookings", "freightBookings", (r) => ({ bookings: r.list, total: r.total })),
  store_purchase_at_fulfilment_center: card("store_purchase_at_fulfilment_center", "receiving", (r) => ({ rows: r.receiving ? [receivingCardRow(r.receiving)] : [], total: r.receiving ? 1 : 0 })),
  // Export files (issue 16): the progress, then the Download CSV button
  export_financial_report: card("export_financial_report", "export", (r) => r),
  get_financial_export: card("get_financial_export", "export", (r) => r),
  export_returns: card("export_returns", "export", (r) => r),
  get_returns_export: card("get_returns_export", "export", (r) => r),
};

/** The tool UIs by tool name, as MessagePrimitive.Parts takes them (`tools.by_name`). */
export const TOOL_UIS: Record<string, ToolCallMessagePartComponent> = Object.fromEntries(Object.entries(TOOL_CARDS).map(([name, t]) => [name, t.Ui]));

/** The card a tool's calls are drawn as; "fallback" for tools without one. */
export function cardOf(toolName: string): CardKind | "fallback" {
  return TOOL_CARDS[toolName]?.kind ?? "fallback";
}
