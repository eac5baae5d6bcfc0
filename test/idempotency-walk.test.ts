import crypto from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allContracts, analytics, brandKits, buildPath, creation, ideation, inbox, marketplace, orders, payments, plans, projects, purchasing, receivings, returns, sourcingAgent, UPGRADE_TARGET, warehouseTickets, type CallInput, type Contract } from "@atelier/contracts";
import { sampleRequest, withQuery } from "./contract-samples";
import { createOrder } from "./factories/orders";
import { signUp } from "./factories/accounts";
import { paidOrderFrom } from "./factories/purchases";
import { manualOrderBody, stockSku } from "./factories/inventory";
import { supplierMember } from "./factories/inbox";
import { setAnalyticsFlags } from "./factories/analytics";
import { buyLabel, cardOnFile, freightCargo, labelBody } from "./factories/shipping";
import { dueStorageFee } from "./factories/fees";
import { shopifyOrdersCsv } from "./factories/order-exports";
import { shipping } from "@atelier/contracts";
import { QC_INSPECTION_FEE_CENTS } from "@atelier/contracts/shipping";
import { kitting } from "@atelier/contracts";
import { KITTING_FEE_PER_KIT_CENTS } from "@atelier/contracts/kitting";
import { presales } from "@atelier/contracts";
import { footprintChanges, startIsolatedApi, tableFootprint, type IsolatedApi } from "./isolated-api";
import { openApiDocument } from "../api/src/http/openapi";
import { DIFFERENT_REQUEST_MESSAGE, IN_FLIGHT_MESSAGE, IN_FLIGHT_STALE_MINUTES } from "../api/src/http/idempotency";

// Every contract marked idempotent, called for real: each gets a store of its own and whatever it
// acts on (a tech pack, a supplier, a cart, a card), so its first call succeeds and writes. The
// repeat under the same Idempotency-Key must answer the same status and body, say it is a replay,
// and change no row of any table. The database is the file's own, so "no row changed" covers
// every table (test/isolated-api.ts). Then: another request under a used key, concurrent repeats,
// a request still in flight, and the same key in another store.

const idempotent = allContracts.filter((c) => c.idempotent);
const VISA = "4242424242424242";
const DECLINED = "4000000000000002";
const nextYear = new Date().getUTCFullYear() + 1;
const card = { number: VISA, expMonth: 12, expYear: nextYear, cvc: "123" };

let api: IsolatedApi;
let supplierId: string;
let expandedSupplierId: string;
let catalogItemId: string;
beforeAll(async () => {
  // A short wait for a request in flight, so the in-flight test answers quickly.
  // The fulfilment center waits a minute per stage here, so no background step writes between a call and its repeat.
  api = await startIsolatedApi({ idempotencyWaitMs: 200, fulfilment: { stepMs: 60_000 } });
  const pool = api.deps.pool;
  await pool.query(`INSERT INTO catalog_categories (level, vertical, key, slug, title) VALUES ('VERTICAL', 'products', 'products', 'products', 'Products')`);
  const supplier = async (name: string, expanded: boolean) =>
    (
      await pool.query<{ id: string }>(
        `INSERT INTO suppliers (name, slug, country_code, region, employee_count, production_days_min, production_days_max, contact_email, enabled_at, is_expanded_network)
         VALUES ($1, $2, 'CN', 'AS', 80, 10, 30, $3, now(), $4) RETURNING id`,
        [name, name.toLowerCase().replaceAll(" ", "-"), `${name.toLowerCase().replaceAll(" ", "-")}@example.com`, expanded],
      )
    ).rows[0]!.id;
  supplierId = await supplier("Walk Supplier", false);
  expandedSupplierId = await supplier("Walk Expanded Supplier", true);
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO catalog_items (supplier_id, vertical_id, type, title, moq, sample_price_cents, price_min_cents, price_max_cents, production_days_min, production_days_max, colors, enabled_at)
     VALUES ($1, (SELECT id FROM catalog_categories WHERE level = 'VERTICAL'), 'PRODUCT', 'Walk tote', 100, 2500, 400, 800, 10, 20, '', now()) RETURNING id`,
    [supplierId],
  );
  catalogItemId = rows[0]!.id;
}, 120_000);
afterAll(() => api?.close());

type Owner = { token: string; storeId: string; userId: string; email: string };

/** A new store and owner on the Professional plan (every feature, five seats). */
async function newOwner(): Promise<Owner> {
  const email = `idem-${crypto.randomUUID().slice(0, 12)}@example.com`;
  const session = await signUp(api.client, api.deps.pool, { email, password: "correct-horse-battery", storeName: "Idempotency store", accountType: "CREATOR", workStyle: "WITH_AI_ASSISTANTS" });
  await api.deps.pool.query("UPDATE stores SET plan_type = 'TIER_3' WHERE id = $1", [session.store.id]);
  return { token: session.token, storeId: session.store.id, userId: session.user.id, email };
}

const call = <C extends Contract>(owner: Owner, contract: C, input: CallInput<C>) => api.client.call(contract, input, { token: owner.token });

const attachCard = (owner: Owner, cardNumber = VISA) => call(owner, payments.attachPaymentMethod, { body: { cardNumber, expMonth: 12, expYear: nextYear, cvc: "123", makeDefault: true } });
const techPack = (owner: Owner) => call(owner, sourcingAgent.createTechPack, { body: { productName: "Walk hoodie" } });
const orderItem = (owner: Owner, addToCart = false) => call(owner, purchasing.createCreatorOrderItem, { body: { catalogItemId, kind: "SAMPLE", addToCart } });
async function cart(owner: Owner) {
  await orderItem(owner, true);
  return (await call(owner, purchasing.listShoppingCartOrders, {})).invoice!;
}

/** What a contract's first call needs, laid over its sampled request: the ids of real records. */
type Overrides = { params?: Record<string, string>; body?: Record<string, unknown>; /** Another caller's token (a supplier's). */ token?: string };
const setups: Partial<Record<string, (owner: Owner) => Promise<Overrides>>> = {
  async upgradePlan(owner) {
    await api.deps.pool.query("UPDATE stores SET plan_type = 'TIER_1' WHERE id = $1", [owner.storeId]);
    await attachCard(owner);
    return { body: { targetPlan: UPGRADE_TARGET.TIER_1 } };
  },
  async purchaseAiCredits(owner) {
    await attachCard(owner);
    return {};
  },
  async retryCardPaymentInvoice(owner) {
    await api.deps.pool.query("UPDATE stores SET plan_type = 'TIER_1' WHERE id = $1", [owner.storeId]);
    await attachCard(owner, DECLINED);
    const declined = await call(owner, plans.upgradePlan, { body: { targetPlan: UPGRADE_TARGET.TIER_1! } });
    await attachCard(owner);
    return { params: { id: declined.invoiceId } };
  },
  updateSourcingAgentGoal: async (owner) => (await call(owner, sourcingAgent.createSourcingAgentGoal, { body: { conversationSid: "sample" } }), {}),
  deleteSourcingAgentGoal: async (owner) => (await call(owner, sourcingAgent.createSourcingAgentGoal, { body: { conversationSid: "sample" } }), {}),
  updateTechPack: async (owner) => ({ params: { id: (await techPack(owner)).id } }),
  sendMessagesInNetwork: async (owner) => ({ body: { techPackId: (await techPack(owner)).id, companyIds: [supplierId] } }),
  sendMessagesExpandedNetwork: async (owner) => ({ body: { techPackId: (await techPack(owner)).id, companyIds: [expandedSupplierId] } }),
  sendEmailsByOwnEmail: async (owner) => ({ body: { techPackId: (await techPack(owner)).id } }),
  sendFactoriesContactInfo: async () => ({ body: { companyIds: [supplierId] } }),
  createSupplierReview: async (owner) => (await paidOrderFrom(api.deps.pool, owner.storeId, supplierId), { body: { supplierId } }),
  async updateSupplierReview(owner) {
    await paidOrderFrom(api.deps.pool, owner.storeId, supplierId);
    const review = await call(owner, marketplace.createSupplierReview, { body: { supplierId, rating: 4, body: "Good samples." } });
    return { params: { id: review.id } };
  },
  addFavorite: async () => ({ body: { targetId: supplierId } }),
  async removeFavorite(owner) {
    const favorite = await call(owner, marketplace.addFavorite, { body: { kind: "SUPPLIER", targetId: supplierId } });
    return { params: { id: favorite.id } };
  },
  createCreatorOrderItem: async () => ({ body: { catalogItemId } }),
  updateCreatorOrderItem: async (owner) => ({ params: { id: (await orderItem(owner)).id } }),
  archiveCreatorOrderItem: async (owner) => ({ params: { id: (await orderItem(owner)).id } }),
  updateCreatorOrderItemPrice: async (owner) => ({ params: { id: (await orderItem(owner)).id } }),
  addToCart: async (owner) => ({ body: { orderItemIds: [(await orderItem(owner)).id] } }),
  deleteCreatorInvoiceItem: async (owner) => ({ params: { id: (await cart(owner)).items[0]!.id } }),
  payCreatorInvoice: async (owner) => ({ body: { invoiceId: (await cart(owner)).id, card } }),
  async capturePaypalPayment(owner) {
    await attachCard(owner);
    return { body: { invoiceId: (await cart(owner)).id, paypalOrderId: "PAYPAL-ORDER-12345" } };
  },
  async setInvoiceShippingAddress(owner) {
    const invoice = await cart(owner);
    await call(owner, purchasing.payCreatorInvoice, { body: { invoiceId: invoice.id, card } });
    return { params: { id: invoice.id }, body: { name: "Ada Maker", line1: "1 Market St", city: "San Francisco", state: "CA", postalCode: "94105", countryCode: "US" } };
  },
  payPublicInvoice: async (owner) => ({ params: { sn: (await cart(owner)).sn } }),
  async updateCreatorProject(owner) {
    const project = await call(owner, projects.saveCustomProject, { body: { formStage: "PREVIEW" } });
    return { params: { id: project.id } };
  },
  // Customer orders arrive from store platforms (no API creates them yet): the factory writes one.
  addOrderNote: async (owner) => ({ params: { id: await customerOrder(owner) }, body: { note: "Walk note" } }),
  holdOrder: async (owner) => ({ params: { id: await customerOrder(owner) }, body: { reason: "Walk hold" } }),
  cancelOrder: async (owner) => ({ params: { id: await customerOrder(owner) }, body: { reason: "Walk cancel" } }),
  bulkUpdateOrders: async (owner) => ({ body: { action: "HOLD", orderIds: [await customerOrder(owner)], reason: "Walk hold" } }),
  createInventoryItem: async () => ({ body: { sku: "WALK-NEW", title: "Walk tee", bin: "A-01", onHand: 3, lowStockThreshold: 1 } }),
  adjustInventory: async (owner) => ({ params: { sku: await stocked(owner) }, body: { bin: "A-01", change: 2, reason: "FOUND" } }),
  updateInventoryItem: async (owner) => ({ params: { sku: await stocked(owner) }, body: { title: "Walk tee" } }),
  // Product feeds: a stocked SKU's listing.
  updateFeedListing: async (owner) => ({ params: { sku: await stocked(owner) }, body: { brand: "Walk brand", priceCents: 2400 } }),
  createManualRetailOrder: async (owner) => ({ body: manualOrderBody([{ sku: await stocked(owner), quantity: 1 }]) }),
  async submitOrderFulfilment(owner) {
    const placed = await call(owner, orders.createManualRetailOrder, { body: manualOrderBody([{ sku: await stocked(owner), quantity: 1 }]) });
    return { params: { id: placed.id } };
  },
  createManualWholesaleOrder: async (owner) => ({ body: manualOrderBody([{ sku: await stocked(owner), quantity: 1 }]) }),
  async releaseOrderHold(owner) {
    const id = await customerOrder(owner);
    const held = await call(owner, orders.holdOrder, { params: { id }, body: { reason: "Walk hold" } });
    return { params: { id, holdId: held.holds[0]!.id }, body: {} };
  },
  // The inbox: a conversation with the walk's supplier, with one message from each side to read and mark unread.
  startConversation: async () => ({ body: { supplierId, message: "Walk hello" } }),
  sendMessage: async (owner) => ({ params: { sid: await conversation(owner) }, body: { type: "TEXT", body: "Walk message" } }),
  readConversation: async (owner) => ({ params: { sid: await conversation(owner) }, body: {} }),
  markConversationUnread: async (owner) => ({ params: { sid: await conversation(owner, true) } }),
  archiveConversation: async (owner) => ({ params: { sid: await conversation(owner) }, body: { archived: true } }),
  addPin: async (owner) => ({ params: { id: await attachedPicture(owner) }, body: { x: 0.5, y: 0.25, comment: "Walk pin" } }),
  // Returns: a shipped order's unit comes back.
  createReturnOrder: async (owner) => (await shippedOrder(owner), { body: RETURN_BODY }),
  shipReturnOrder: async (owner) => ({ params: { id: await openReturn(owner) }, body: {} }),
  receiveReturnOrder: async (owner) => ({ params: { id: await openReturn(owner) }, body: {} }),
  cancelReturnOrder: async (owner) => ({ params: { id: await openReturn(owner) }, body: { reason: "Walk cancel" } }),
  // Receivings: a shipment of a stocked SKU announced to the fulfilment center, moved, counted or called off.
  createReceiving: async (owner) => ({ body: { lines: [{ sku: await stocked(owner), expectedQuantity: 3 }] } }),
  updateReceivingDelivery: async (owner) => ({ params: { sn: await announced(owner) }, body: { status: "IN_QUEUE" } }),
  receiveReceiving: async (owner) => ({ params: { sn: await announced(owner) }, body: { lines: [{ sku: "WALK-1", received: 2 }] } }),
  cancelReceiving: async (owner) => ({ params: { sn: await announced(owner) }, body: { reason: "Walk cancel" } }),
  updateReceivingBoxes: async (owner) => ({ params: { sn: await announced(owner) }, body: { boxes: [{ lines: [{ sku: "WALK-1", quantity: 3 }] }] } }),
  updateStoredAtFbp: async (owner) => ({ params: { id: await paidOrderFrom(api.deps.pool, owner.storeId, supplierId) }, body: { storedAtFbp: true, sku: "WALK-PO" } }),
  // Warehouse tickets: one about the store's order, answered by the store or closed.
  createWarehouseTicket: async (owner) => ({ body: { type: "BROKEN", orderId: await customerOrder(owner), subject: "Walk ticket", message: "Walk message" } }),
  replyWarehouseTicket: async (owner) => ({ params: { sn: await openTicket(owner) }, body: { message: "Walk reply" } }),
  closeWarehouseTicket: async (owner) => ({ params: { sn: await openTicket(owner) }, body: {} }),
  // Quotes: the walk's supplier (a member signed in) quotes the store's conversation; the store answers.
  proposeQuote: async (owner) => ({ params: { sid: await conversation(owner) }, body: QUOTE_TERMS, token: (await supplierMember(api, supplierId)).token }),
  counterQuote: async (owner) => ({ params: { id: await proposedQuote(owner) }, body: { unitPriceCents: 380 } }),
  acceptQuote: async (owner) => ({ params: { id: await proposedQuote(owner) } }),
  declineQuote: async (owner) => ({ params: { id: await proposedQuote(owner) }, body: {} }),
  // Meetings: the store proposes times; the walk's supplier proposes one the store accepts or declines.
  requestMeeting: async (owner) => ({ params: { sid: await conversation(owner) }, body: MEETING_BODY }),
  acceptMeeting: async (owner) => ({ params: { id: await requestedMeeting(owner) }, body: { startsAt: MEETING_BODY.proposedTimes[0] } }),
  declineMeeting: async (owner) => ({ params: { id: await requestedMeeting(owner) }, body: {} }),
  // Analytics: the store's flag on, then a link to share and revoke.
  createReportShare: async (owner) => (await analyticsOn(owner), {}),
  async revokeReportShare(owner) {
    await analyticsOn(owner);
    const share = await call(owner, analytics.createReportShare, { body: sampleRequest(analytics.createReportShare).body as CallInput<typeof analytics.createReportShare>["body"] });
    return { params: { shareId: share.id } };
  },
  // A customer report's row saved as a list: one customer with an order a year ago is in the churn-risk report.
  async saveCustomerList(owner) {
    await analyticsOn(owner);
    await createOrder(api, owner.storeId, { orderNumber: 9301, placedAt: new Date(Date.now() - 365 * 86_400_000).toISOString() });
    const params = { from: "2024-01-01", to: "2028-01-01" };
    const report = await call(owner, analytics.runReport, { params: { reportId: "analytics-churn-risk" }, query: params });
    return { body: { reportId: "analytics-churn-risk", params, key: report.rows.find((r) => (r.values.customers ?? 0) > 0)!.key } };
  },
  // AI product design: a description to draw; a saved design to start a project from.
  generateProductDesigns: async () => ({ body: { description: "A minimalist ceramic mug with a wave pattern" } }),
  async startProjectFromDesign(owner) {
    const round = await call(owner, creation.generateProductDesigns, { body: { description: "A minimalist ceramic mug with a wave pattern" } });
    await call(owner, creation.saveProductDesign, { body: { imageId: round.generatedDesigns[0]!.id } });
    return { body: {} };
  },
  // Shipping labels: a card on file pays; a bought label is returned or printed in a batch.
  createShippingLabel: async (owner) => (await cardOnFile(api, owner.token), { body: { ...labelBody(), serviceCode: "GROUND" } }),
  createReturnLabel: async (owner) => ({ params: { id: await boughtLabel(owner) }, body: {} }),
  createLabelBatch: async (owner) => ({ body: { labelIds: [await boughtLabel(owner)] } }),
  async createOrderLabels(owner) {
    await cardOnFile(api, owner.token);
    await createOrder(api, owner.storeId, { orderNumber: 9101 });
    const body = { orderNumbers: [9101], parcel: labelBody().parcel };
    return { body: { ...body, expectedTotalCents: (await call(owner, shipping.quoteOrderLabels, { body })).totalCents } };
  },
  // Freight: a card on file pays the cheapest mode at the price the quote showed.
  async createFreightBooking(owner) {
    await cardOnFile(api, owner.token);
    const cheapest = (await call(owner, shipping.quoteFreight, { body: freightCargo() })).options[0]!;
    return { body: { ...freightCargo(), mode: cheapest.mode, expectedPriceCents: cheapest.priceCents } };
  },
  // Quality checks: a lot to book (its fee paid by a card on file); a booked inspection to report.
  createQcInspection: async (owner) => (await cardOnFile(api, owner.token), { body: { reference: "PO-1", product: "Walk tee", lotSize: 100, expectedFeeCents: QC_INSPECTION_FEE_CENTS } }),
  async reportQcInspection(owner) {
    await cardOnFile(api, owner.token);
    const booked = await call(owner, shipping.createQcInspection, { body: { reference: "PO-1", product: "Walk tee", lotSize: 100, expectedFeeCents: QC_INSPECTION_FEE_CENTS } });
    return { params: { id: booked.id }, body: { critical: 0, major: 0, minor: 0 } };
  },
  // Business kits: a kit whose first generation has settled, and its first brand idea.
  startBrandKitGeneration: async (owner) => ({ params: { id: (await generatedKit(owner)).id } }),
  async regenerateBrandIdeaPart(owner) {
    const kit = await generatedKit(owner);
    return { params: { id: kit.id, uuid: kit.ideaUuid } };
  },
  // Product ideation: an ideation with a brief, its ideas, a picked one, submitted for crowdfunding.
  updateAiIdea: async (owner) => ({ params: { id: (await ideaAt(owner, "new")).id } }),
  generateAiIdeas: async (owner) => ({ params: { id: (await ideaAt(owner, "new")).id }, body: { prompt: "Walk dog toys" } }),
  async selectAiIdeaProducts(owner) {
    const idea = await ideaAt(owner, "ideas");
    return { params: { id: idea.id }, body: { selectedProductIds: [idea.firstIdea!] } };
  },
  submitAiIdea: async (owner) => ({ params: { id: (await ideaAt(owner, "picked")).id }, body: { pitch: "A walk pitch long enough to submit.", fundingGoal: 500 } }),
  sendCrowdfundingEmailToSelf: async (owner) => ({ body: { ideaId: (await ideaAt(owner, "submitted")).id, confirmRecipient: owner.email } }),
  bulkUpdateAiIdeas: async (owner) => ({ body: { ids: [(await ideaAt(owner, "new")).id] } }),
  // An order import: a Shopify export of one order for a stocked SKU, uploaded as the connect page does.
  startOrderImport: async (owner) => ({ body: { importId: await uploadedOrderFile(owner) } }),
  // Kits: two stocked SKUs to make one of; a kit to edit; a kit to assemble at the confirmed fee, with a card on file.
  createKit: async (owner) => ({ body: { sku: "WALK-KIT", title: "Walk kit", components: await kitComponents(owner) } }),
  updateKit: async (owner) => ({ params: { sku: await walkKit(owner) }, body: { title: "Walk kit renamed", components: await kitComponents(owner, false) } }),
  async assembleKits(owner) {
    await cardOnFile(api, owner.token);
    return { params: { sku: await walkKit(owner) }, body: { kits: 1, expectedFeeCents: KITTING_FEE_PER_KIT_CENTS } };
  },
  // The balance due: a fee due and a card to pay it with.
  async payBalanceDue(owner) {
    await cardOnFile(api, owner.token);
    await dueStorageFee(api, owner.storeId, 100);
    return { body: { amountCents: 100 } };
  },
  // Pre-sale: a stocked SKU with a receiving bringing it (one shipment named; the receiving has no estimate, so a date); a live pre-sale to end.
  startPresale: async (owner) => ({ body: { sku: "WALK-1", receivingSn: await announced(owner), freightReference: undefined, cap: 5, expectedShipDate: "2031-01-15" } }),
  endPresale: async (owner) => ({ params: { id: (await call(owner, presales.startPresale, { body: { sku: "WALK-1", receivingSn: await announced(owner), cap: 5, expectedShipDate: "2031-01-15" } })).id } }),
  updatePresale: async (owner) => ({ params: { id: (await call(owner, presales.startPresale, { body: { sku: "WALK-1", receivingSn: await announced(owner), cap: 5, expectedShipDate: "2031-01-15" } })).id }, body: { cap: 9 } }),
};

async function ideaAt(owner: Owner, stage: "new" | "ideas" | "picked" | "submitted"): Promise<{ id: string; firstIdea?: string }> {
  const { id } = await call(owner, ideation.createAiIdea, { body: { prompt: "Walk dog toys" } });
  if (stage === "new") return { id };
  const written = await call(owner, ideation.generateAiIdeas, { params: { id }, body: {} });
  const firstIdea = written.ideas[0]!.uuid;
  if (stage === "ideas") return { id, firstIdea };
  await call(owner, ideation.selectAiIdeaProducts, { params: { id }, body: { selectedProductIds: [firstIdea] } });
  if (stage === "picked") return { id, firstIdea };
  await call(owner, ideation.submitAiIdea, { params: { id }, body: { pitch: "A walk pitch long enough to submit.", fundingGoal: 500 } });
  return { id, firstIdea };
}

/** Contracts whose first call can't succeed in the walk's API, with where their replay is proven instead. */
const PROVEN_ELSEWHERE: Record<string, string> = {
  voidShippingLabel: "the test carrier scans a label at once, so it is never voidable here; api/test/shipping.test.ts voids and replays with a slower carrier",
  askAboutReturns: "needs a store with two years of orders and returns to ask about; api/test/analytics-actions.test.ts replays it on its seeded store",
  importShopOrders: "needs a connected Shopify shop; api/test/shopify-adapter.test.ts replays it against its fake of Shopify's Admin API",
};

const QUOTE_TERMS = { title: "Walk totes", unitPriceCents: 420, quantity: 500, moq: 300, leadTimeDays: 25, samplePriceCents: 3500, validUntil: new Date(Date.now() + 14 * 86_400_000).toISOString() };
const MEETING_BODY = { topic: "Walk call", proposedTimes: [new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 86_400_000).toISOString()] };
async function requestedMeeting(owner: Owner): Promise<string> {
  const sid = await conversation(owner);
  const rep = await supplierMember(api, supplierId);
  return (await api.client.call(inbox.requestMeeting, { params: { sid }, body: MEETING_BODY }, { token: rep.token })).id;
}
async function proposedQuote(owner: Owner): Promise<string> {
  const sid = await conversation(owner);
  const rep = await supplierMember(api, supplierId);
  return (await api.client.call(inbox.proposeQuote, { params: { sid }, body: QUOTE_TERMS }, { token: rep.token })).id;
}
const analyticsOn = (owner: Owner) => setAnalyticsFlags(api, owner.token, { analytics: true, fulfillmentMetrics: true });
async function boughtLabel(owner: Owner): Promise<string> {
  await cardOnFile(api, owner.token);
  return (await buyLabel(api, owner.token)).id;
}
async function generatedKit(owner: Owner): Promise<{ id: string; ideaUuid: string }> {
  const { id } = await call(owner, brandKits.createBrandKit, { body: sampleRequest(brandKits.createBrandKit).body as CallInput<typeof brandKits.createBrandKit>["body"] });
  await jobsSettled();
  const kit = await call(owner, brandKits.getBrandKit, { params: { id } });
  return { id, ideaUuid: kit.brandIdeas.generations[0]!.uuid };
}

/** Background work a call started (a kit's generation) runs to its end before the footprint is read. */
async function jobsSettled(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const { rows } = await api.deps.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE status IN ('queued', 'running') AND run_at <= now()");
    if (rows[0]!.n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const RETURN_BODY = { orderId: "1001", lines: [{ sku: "TEE-BLK-M", quantity: 1 }], reason: "Walk return" };
async function shippedOrder(owner: Owner): Promise<void> {
  await stockSku(api, owner.token, "TEE-BLK-M", 5);
  await createOrder(api, owner.storeId, { orderNumber: 1001, fulfillmentState: "FULFILLED", processingStatus: "FINISHED" });
}
async function openReturn(owner: Owner): Promise<string> {
  await shippedOrder(owner);
  return (await call(owner, returns.createReturnOrder, { body: RETURN_BODY })).id;
}

async function conversation(owner: Owner, withReply = false): Promise<string> {
  const { sid } = await call(owner, inbox.startConversation, { body: { supplierId, message: "Walk hello" } });
  if (withReply) await api.deps.pool.query(`INSERT INTO conversation_messages (conversation_id, msg_index, author, type, body) SELECT id, 1, 'manufacturer:' || supplier_id, 'TEXT', 'Walk reply' FROM conversations WHERE sid = $1`, [sid]);
  return sid;
}

/** A picture the store attached to its conversation with the walk's supplier (a pin's target). */
async function attachedPicture(owner: Owner): Promise<string> {
  const sid = await conversation(owner);
  const png = await sharp({ create: { width: 16, height: 12, channels: 3, background: { r: 40, g: 90, b: 160 } } }).png().toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)]), "walk.png");
  const res = await fetch(`${api.url}/rest/main/web/conversations/${sid}/attachments`, { method: "POST", body: form, headers: { authorization: `Bearer ${owner.token}` } });
  return ((await res.json()) as { attachment: { id: string } }).attachment.id;
}

async function kitComponents(owner: Owner, stock = true): Promise<{ sku: string; quantity: number }[]> {
  if (stock) {
    await stockSku(api, owner.token, "WALK-MUG", 5);
    await stockSku(api, owner.token, "WALK-COASTER", 10);
  }
  return [{ sku: "WALK-MUG", quantity: 1 }, { sku: "WALK-COASTER", quantity: 2 }];
}
async function walkKit(owner: Owner): Promise<string> {
  return (await call(owner, kitting.createKit, { body: { sku: "WALK-KIT", title: "Walk kit", components: await kitComponents(owner) } })).sku;
}

/** An uploaded, not yet imported, order export (the step before import-task). */
async function uploadedOrderFile(owner: Owner): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([shopifyOrdersCsv([{ id: "#W1001", lines: [{ sku: await stocked(owner), quantity: 1, price: 10 }] }])]), "orders_export_1.csv");
  const res = await fetch(`${api.url}/rest/main/web/orders/import-files`, { method: "POST", body: form, headers: { authorization: `Bearer ${owner.token}` } });
  return ((await res.json()) as { id: string }).id;
}

const customerOrder = (owner: Owner) => createOrder(api, owner.storeId, { orderNumber: 1001 });
const stocked = async (owner: Owner) => (await stockSku(api, owner.token, "WALK-1", 5), "WALK-1");
const openTicket = async (owner: Owner) => (await call(owner, warehouseTickets.createWarehouseTicket, { body: { type: "BROKEN", orderId: await customerOrder(owner), subject: "Walk ticket", message: "Walk message" } })).sn;
const announced = async (owner: Owner) => (await call(owner, receivings.createReceiving, { body: { lines: [{ sku: await stocked(owner), expectedQuantity: 3 }] } })).sn;

type Request = { contract: Contract; path: string; body: unknown; token?: string };

async function requestFor(contract: Contract, owner: Owner): Promise<Request> {
  const sample = sampleRequest(contract);
  const overrides = (await setups[contract.id]?.(owner)) ?? {};
  const params = { ...sample.params, ...overrides.params };
  const body = overrides.body ? { ...(sample.body as Record<string, unknown>), ...overrides.body } : sample.body;
  return { contract, path: withQuery(buildPath(contract.path, params), sample.query), body, token: overrides.token };
}

async function send(request: Request, owner: Owner, key: string | undefined, body = request.body) {
  const headers: Record<string, string> = { authorization: `Bearer ${request.token ?? owner.token}`, "content-type": "application/json" };
  if (key !== undefined) headers["idempotency-key"] = key;
  const res = await fetch(`${api.url}/rest/main${request.path}`, { method: request.contract.method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, replayed: res.headers.get("idempotent-replayed") };
}

describe("every contract marked idempotent", () => {
  it("covers the contracts the agents retry", () => {
    expect(idempotent.length).toBeGreaterThanOrEqual(36);
    expect(idempotent.map((c) => c.id)).toContain("createTechPack");
  });

  it.each(idempotent.filter((c) => !(c.id in PROVEN_ELSEWHERE)).map((c) => [`${c.method} ${c.path}`, c] as const))("%s: a repeat with the same key answers the same and writes nothing", async (_name, contract) => {
    const owner = await newOwner();
    const request = await requestFor(contract, owner);
    const key = crypto.randomUUID();
    const first = await send(request, owner, key);
    // The first call really acts: a refusal here would only prove that refusals are replayed.
    expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
    expect(first.replayed).toBeNull();
    await jobsSettled();
    const before = await tableFootprint(api.deps.pool);
    const repeat = await send(request, owner, key);
    expect(repeat).toEqual({ ...first, replayed: "true" });
    expect(footprintChanges(before, await tableFootprint(api.deps.pool))).toEqual([]);
  });
});

describe("one Idempotency-Key", () => {
  const createTechPack = (owner: Owner, key: string | undefined, productName = "Key hoodie") => send({ contract: sourcingAgent.createTechPack, path: sourcingAgent.createTechPack.path, body: { productName } }, owner, key);
  const techPackCount = async (owner: Owner) => (await api.deps.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM tech_packs WHERE store_id = $1", [owner.storeId])).rows[0]!.n;

  it("refuses another request under a used key with 409 and a sentence, and creates nothing", async () => {
    const owner = await newOwner();
    const key = crypto.randomUUID();
    expect((await createTechPack(owner, key, "First hoodie")).status).toBe(201);
    const other = await createTechPack(owner, key, "Second hoodie");
    expect(other).toMatchObject({ status: 409, body: { code: "CONFLICT", message: DIFFERENT_REQUEST_MESSAGE } });
    expect(await techPackCount(owner)).toBe(1);
    // The first answer is still what the key replays.
    expect(await createTechPack(owner, key, "First hoodie")).toMatchObject({ status: 201, replayed: "true", body: { productName: "First hoodie" } });
  });

  it("acts once for concurrent requests under one key: the others wait and get the same answer", async () => {
    const owner = await newOwner();
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => createTechPack(owner, key)));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.replayed === null)).toHaveLength(1);
    expect(await techPackCount(owner)).toBe(1);
  });

  it("answers 409 while a request under the key is still running, and lets a dead one's key be taken over", async () => {
    const owner = await newOwner();
    const key = crypto.randomUUID();
    const first = await createTechPack(owner, key);
    // As if the first request were still running: its claim is unanswered.
    const inFlight = (minutesAgo: number) =>
      api.deps.pool.query("UPDATE idempotency_keys SET status = 0, response = 'null', updated_at = now() - make_interval(mins => $2) WHERE key = $1", [key, minutesAgo]);
    await inFlight(0);
    expect(await createTechPack(owner, key)).toMatchObject({ status: 409, body: { code: "CONFLICT", message: IN_FLIGHT_MESSAGE } });
    expect(await techPackCount(owner)).toBe(1);
    // Unanswered for longer than the limit, its process is taken for dead: the retry runs.
    await inFlight(IN_FLIGHT_STALE_MINUTES + 1);
    const takenOver = await createTechPack(owner, key);
    expect(takenOver).toMatchObject({ status: 201, replayed: null });
    expect(takenOver.body.id).not.toBe(first.body.id);
    expect(await createTechPack(owner, key)).toEqual({ ...takenOver, replayed: "true" });
  });

  it("is independent in another store", async () => {
    const [a, b] = [await newOwner(), await newOwner()];
    const key = crypto.randomUUID();
    const inA = await createTechPack(a, key);
    const inB = await createTechPack(b, key);
    expect([inA.status, inB.status]).toEqual([201, 201]);
    expect(inB.replayed).toBeNull();
    expect(inB.body.id).not.toBe(inA.body.id);
    expect([await techPackCount(a), await techPackCount(b)]).toEqual([1, 1]);
  });

  it("replays a refusal (4xx) too: the same request under the key is refused the same way", async () => {
    const owner = await newOwner();
    const key = crypto.randomUUID();
    const request = { contract: sourcingAgent.updateTechPack, path: buildPath(sourcingAgent.updateTechPack.path, { id: crypto.randomUUID() }), body: { productName: "Renamed" } };
    const refused = await send(request, owner, key);
    expect(refused).toMatchObject({ status: 404, body: { code: "NOT_FOUND" }, replayed: null });
    expect(await send(request, owner, key)).toEqual({ ...refused, replayed: "true" });
  });

  it("acts on every call without a key, and refuses a malformed key with 400 naming the header", async () => {
    const owner = await newOwner();
    expect((await createTechPack(owner, undefined)).status).toBe(201);
    expect((await createTechPack(owner, undefined)).status).toBe(201);
    expect(await techPackCount(owner)).toBe(2);
    const long = await createTechPack(owner, "k".repeat(256));
    expect(long).toMatchObject({ status: 400, body: { code: "VALIDATION_FAILED", details: [{ field: "Idempotency-Key" }] } });
    expect(await techPackCount(owner)).toBe(2);
  });
});

describe("the OpenAPI document", () => {
  it("documents the Idempotency-Key header on exactly the idempotent operations", () => {
    const paths = openApiDocument().paths as Record<string, Record<string, { operationId: string; parameters: { name: string; in: string }[]; responses: Record<string, unknown> }>>;
    const withHeader = Object.values(paths)
      .flatMap((ops) => Object.values(ops))
      .filter((op) => op.parameters.some((p) => p.in === "header" && p.name === "Idempotency-Key"));
    expect(withHeader.map((op) => op.operationId).sort()).toEqual(idempotent.map((c) => c.id).sort());
    for (const op of withHeader) expect(op.responses["409"]).toBeDefined();
  });
});
