import type { TeamRole } from "./domain";

/**
 * The team role table (issue 14, item 12): what each role may do. The spec names no roles; we chose
 * Owner, Admin and CX (customer experience), the split small commerce teams use: the owner holds
 * money and the team, an admin runs the store and its sourcing, CX answers customers and handles
 * the store's orders and returns. CX does not source: no supplier orders, tech packs, sourcing goals
 * or the store's own suppliers.
 */
export const PERMISSIONS = {
  "store.read": ["OWNER", "ADMIN", "CX"],
  "store.settings.write": ["OWNER", "ADMIN"],
  "billing.read": ["OWNER", "ADMIN"],
  "billing.manage": ["OWNER"],
  "team.read": ["OWNER", "ADMIN"],
  "team.manage": ["OWNER", "ADMIN"],
  // The supplier catalogue as anyone browses it (much of it is public too): search, items, profiles, reviews.
  "catalog.read": ["OWNER", "ADMIN", "CX"],
  "sourcing.use": ["OWNER", "ADMIN"],
  "sourcing.purchase": ["OWNER", "ADMIN"],
  "orders.manage": ["OWNER", "ADMIN", "CX"],
  // Cancelling gives up a sale (and later refunds it): owners and admins only, CX holds and asks.
  "orders.cancel": ["OWNER", "ADMIN"],
  // Refunding gives money back to a buyer: owners and admins; CX opens, ships and cancels returns.
  "orders.refund": ["OWNER", "ADMIN"],
  "inbox.use": ["OWNER", "ADMIN", "CX"],
  "marketing.manage": ["OWNER", "ADMIN"],
  "ai.use": ["OWNER", "ADMIN", "CX"],
  // The store's numbers: every member reads them; publishing them outside the store (share links) is for owners and admins.
  "analytics.read": ["OWNER", "ADMIN", "CX"],
  "analytics.share": ["OWNER", "ADMIN"],
} as const satisfies Record<string, readonly TeamRole[]>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * What a contract needs: a permission of the table, `member` (any member of the store: their own
 * session, account and uploads), or `public` (no session needed: the contract's access is public or optional).
 */
export type ContractPermission = Permission | "member" | "public";

export function can(role: TeamRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly TeamRole[]).includes(role);
}

/**
 * The permission each contract needs, by contract id: the route layer enforces it for every
 * request (api/src/http/app.ts) and test/security/role-table.test.ts walks every contract against
 * every role. A contract missing here fails that test, and at run time only the owner may call it.
 * Kept as one map rather than a field on each contract so the whole table reads in one place.
 */
export const CONTRACT_PERMISSIONS: Record<string, ContractPermission> = {
  // health, auth
  getHealth: "public",
  googleLogin: "public",
  login: "public",
  register: "public",
  confirmRegistration: "public",

  // stores
  getMyStore: "member",
  getStoreProfile: "store.read",
  getStoreBusinessPlan: "store.read",
  getStoreConfigs: "store.read",
  getStoreExternalFields: "store.read",
  getStoreSeenState: "store.read",
  getStoreHasPurchasedSamples: "store.read",
  getStoreSalesStats: "store.read",
  completeStoreBusinessPlan: "store.settings.write",
  updateStoreConfigs: "store.settings.write",
  updateStoreExternalFields: "store.settings.write",
  updateStoreProfile: "store.settings.write",
  updateStoreSeenState: "store.settings.write",
  getStoreBankInfo: "billing.manage",
  updateStoreBankInfo: "billing.manage",

  // plans, AI credits
  getPlanOverview: "billing.read",
  getUpgradeQuote: "billing.read",
  cancelPlan: "billing.manage",
  downgradePlan: "billing.manage",
  pausePlan: "billing.manage",
  resumePlan: "billing.manage",
  upgradePlan: "billing.manage",
  purchaseAiCredits: "billing.manage",
  getAiCredits: "ai.use",
  listAiCreditMovements: "ai.use",

  // card payments (the store's subscription and cards)
  getCardPaymentKeys: "public",
  listPaymentMethods: "billing.read",
  getCardPaymentSubscription: "billing.read",
  getPromotionCode: "billing.read",
  attachPaymentMethod: "billing.manage",
  detachPaymentMethod: "billing.manage",
  setDefaultPaymentMethod: "billing.manage",
  cancelCardPaymentSubscription: "billing.manage",
  pauseCardPaymentSubscription: "billing.manage",
  resumeCardPaymentSubscription: "billing.manage",
  retryCardPaymentInvoice: "billing.manage",
  listCardPaymentInvoices: "billing.read",
  getCardPaymentInvoice: "billing.read",

  // team
  listTeamMemberInvites: "team.read",
  getTeamMemberInvite: "team.read",
  createTeamMemberInvite: "team.manage",
  updateTeamMemberInvite: "team.manage",
  cancelTeamMemberInvite: "team.manage",
  // The invitee accepts with their own session, of whatever store.
  acceptTeamMemberInvite: "member",

  // commons
  getBusinessSettings: "public",
  inferCountry: "public",
  listCountries: "public",
  listStatesOfCountry: "public",
  reportUsageEvent: "public",
  getCountryTariff: "public",

  // the sourcing agent
  analyzeSuppliersInfo: "sourcing.use",
  createSourcingAgentGoal: "sourcing.use",
  getSourcingAgentGoal: "sourcing.use",
  updateSourcingAgentGoal: "sourcing.use",
  deleteSourcingAgentGoal: "sourcing.use",
  validateSourcingAgentGoal: "sourcing.use",
  createSupplierInvite: "sourcing.use",
  createTechPack: "sourcing.use",
  getTechPack: "sourcing.use",
  updateTechPack: "sourcing.use",
  listTechPackHistory: "sourcing.use",
  listExpandedNetworkRecords: "sourcing.use",
  listMySuppliers: "sourcing.use",
  matchFactories: "sourcing.use",
  sendEmailsByOwnEmail: "sourcing.use",
  sendFactoriesContactInfo: "sourcing.use",
  sendMessagesExpandedNetwork: "sourcing.use",
  sendMessagesInNetwork: "sourcing.use",

  // help centre, chatbot feedback
  getHelpCenterArticle: "public",
  listHelpCenterArticles: "public",
  searchHelpCenter: "public",
  submitChatbotFeedback: "public",
  createSupportRequest: "public",

  // the marketplace
  getPublicCatalogItem: "public",
  getPublicSupplierProfile: "public",
  getPublicSupplierReviewSummary: "public",
  listPublicSupplierReviews: "public",
  postPublicSupplierReview: "public",
  searchPublicCatalogItems: "public",
  searchPublicSuppliers: "public",
  countCatalogItems: "catalog.read",
  countCatalogItemsByCategoryGroup: "catalog.read",
  countSuppliers: "catalog.read",
  getCatalogItem: "catalog.read",
  getSupplierCountryInfo: "catalog.read",
  getSupplierProfile: "catalog.read",
  getSupplierReviewSummary: "catalog.read",
  getSuppliersByIds: "catalog.read",
  listCatalogCategories: "catalog.read",
  listCatalogItemRecommendations: "catalog.read",
  listCatalogSubCategories: "catalog.read",
  listHomepageGroupSuppliers: "catalog.read",
  listProductListings: "catalog.read",
  listSourcingTabSuppliers: "catalog.read",
  listSupplierReviews: "catalog.read",
  matchDesignProducts: "catalog.read",
  recommendItemsToUser: "catalog.read",
  recommendNextItems: "catalog.read",
  searchByImage: "catalog.read",
  searchCatalogItems: "catalog.read",
  searchSuppliers: "catalog.read",
  searchSuppliersForYou: "catalog.read",
  suggestCatalogAutoComplete: "catalog.read",
  trackSupplierDetailView: "catalog.read",
  // The store's own sourcing list and its say about suppliers it worked with.
  listFavorites: "sourcing.use",
  addFavorite: "sourcing.use",
  removeFavorite: "sourcing.use",
  createSupplierReview: "sourcing.use",
  updateSupplierReview: "sourcing.use",

  // purchasing (the store's orders to suppliers)
  getCreatorInvoice: "sourcing.use",
  getCreatorOrderItem: "sourcing.use",
  getCreatorOrderItemTabCounts: "sourcing.use",
  getInProductionOrderCount: "sourcing.use",
  getPromotionCodeCount: "sourcing.use",
  improveShippingAddress: "sourcing.use",
  listCreatorInvoices: "sourcing.use",
  listCreatorOrderItems: "sourcing.use",
  listShoppingCartOrders: "sourcing.use",
  calcFinancingFee: "sourcing.use",
  recordOrderItemPurchaseEvent: "sourcing.use",
  addToCart: "sourcing.purchase",
  archiveCreatorOrderItem: "sourcing.purchase",
  capturePaypalPayment: "sourcing.purchase",
  createCreatorOrderItem: "sourcing.purchase",
  deleteCreatorInvoiceItem: "sourcing.purchase",
  deleteShoppingCartOrders: "sourcing.purchase",
  payCreatorInvoice: "sourcing.purchase",
  setInvoiceShippingAddress: "sourcing.purchase",
  updateCreatorOrderItem: "sourcing.purchase",
  updateCreatorOrderItemPrice: "sourcing.purchase",
  getSupplierReviewLink: "sourcing.use",
  getPublicInvoice: "public",
  payPublicInvoice: "public",

  // projects
  createCreatorProject: "sourcing.use",
  getCreatorProject: "sourcing.use",
  getCustomProjectHints: "sourcing.use",
  listCreatorProjects: "sourcing.use",
  openCreatorProject: "sourcing.use",
  saveCustomProject: "sourcing.use",
  updateCreatorProject: "sourcing.use",

  // uploads, jobs
  createLargeFileUpload: "member",
  uploadFile: "member",
  getJob: "store.read",
  cancelJob: "store.read",

  // the store's orders (its customers')
  listOrders: "orders.manage",
  getOrder: "orders.manage",
  addOrderNote: "orders.manage",
  holdOrder: "orders.manage",
  releaseOrderHold: "orders.manage",
  // Cancelling in bulk also needs orders.cancel, checked by the service from the body's action.
  bulkUpdateOrders: "orders.manage",
  cancelOrder: "orders.cancel",
  createManualRetailOrder: "orders.manage",
  createManualWholesaleOrder: "orders.manage",
  submitOrderFulfilment: "orders.manage",
  trackOrder: "public",
  // inventory (stock the store's orders reserve and ship)
  listInventory: "orders.manage",
  getInventoryItem: "orders.manage",
  createInventoryItem: "orders.manage",
  adjustInventory: "orders.manage",
  updateInventoryItem: "orders.manage",
  // kits (bundle mappings) and their assembly at the fulfilment center
  listKits: "orders.manage",
  getKit: "orders.manage",
  createKit: "orders.manage",
  updateKit: "orders.manage",
  assembleKits: "orders.manage",
  // the inbox (conversations with suppliers; a supplier's session reaches the same contracts from its side)
  listConversations: "inbox.use",
  countUnreadMessages: "inbox.use",
  startConversation: "inbox.use",
  getConversation: "inbox.use",
  listMessages: "inbox.use",
  sendMessage: "inbox.use",
  readConversation: "inbox.use",
  markConversationUnread: "inbox.use",
  archiveConversation: "inbox.use",
  sendTyping: "inbox.use",
  createSupplierSession: "public",
  attachFile: "inbox.use",
  listAttachments: "inbox.use",
  listPins: "inbox.use",
  addPin: "inbox.use",
  compareQuotesByProject: "inbox.use",
  // analytics (issue 20)
  listReports: "analytics.read",
  runReport: "analytics.read",
  drillDownReport: "analytics.read",
  exportReportCsv: "analytics.read",
  createReportShare: "analytics.share",
  listReportShares: "analytics.read",
  revokeReportShare: "analytics.share",
  // A report's customers saved as a list is marketing's audience; reading lists is reading the numbers.
  saveCustomerList: "marketing.manage",
  listCustomerLists: "analytics.read",
  getCustomerList: "analytics.read",
  draftReturnQuestion: "analytics.read",
  // Taking a product's returns up with its maker is the supplier relationship, which CX does not hold.
  askAboutReturns: "sourcing.use",
  openSharedReport: "public",

  // creation: AI product design and the image gallery (issue 19)
  generateAiImages: "ai.use",
  listGalleryImages: "ai.use",
  saveGalleryImage: "ai.use",
  deleteGalleryImage: "ai.use",
  getProductDesign: "ai.use",
  updateProductDesign: "ai.use",
  generateProductDesigns: "ai.use",
  saveProductDesign: "ai.use",
  // A custom project is a request to suppliers: sourcing.
  startProjectFromDesign: "sourcing.use",
  // returns of customer orders (the refund on receipt needs orders.refund)
  listReturnOrders: "orders.manage",
  getReturnOrder: "orders.manage",
  createReturnOrder: "orders.manage",
  shipReturnOrder: "orders.manage",
  receiveReturnOrder: "orders.refund",
  cancelReturnOrder: "orders.manage",
  // receivings (inbound shipments; the orders team runs the dock, calling one off gives up bought stock like cancelling an order)
  listReceivings: "orders.manage", getReceiving: "orders.manage", createReceiving: "orders.manage", updateReceivingDelivery: "orders.manage", receiveReceiving: "orders.manage",
  cancelReceiving: "orders.cancel",
  // per-box packing lists and box labels (issue 16): the dock's paperwork, as the receiving itself
  updateReceivingBoxes: "orders.manage", getReceivingBoxLabels: "orders.manage",
  // Where a supplier delivers what the store bought is a sourcing decision (CX does not source).
  updateStoredAtFbp: "sourcing.purchase",
  // warehouse tickets: whoever handles the orders asks the warehouse about them (CX included)
  listWarehouseTickets: "orders.manage", getWarehouseTicket: "orders.manage", createWarehouseTicket: "orders.manage", replyWarehouseTicket: "orders.manage", closeWarehouseTicket: "orders.manage",
  // sales channels: bringing in a channel's orders is placing orders, as a manual order is (CX included)
  uploadOrderImportFile: "orders.manage", importShopOrders: "orders.manage", startOrderImport: "orders.manage", listOrderImports: "orders.manage", getOrderImport: "orders.manage", getOrderImportProblemsCsv: "orders.manage",
  listSalesChannels: "orders.manage",
  // product feeds: every member reads how they stand; what the store shows on Google and Instagram, and the feed's secret address, is marketing
  getProductFeedStatus: "store.read", listFeedListings: "store.read", downloadProductFeed: "store.read",
  updateFeedListing: "marketing.manage", createProductFeedUrl: "marketing.manage", revokeProductFeedUrl: "marketing.manage",
  // the payments report and its records: money matters, read by whoever reads billing (not CX)
  getPaymentsReport: "billing.read", getPayoutRecord: "billing.read", getPaymentRecord: "billing.read",
  // paying the balance due spends the store's money on its card: the owner's call, like the plan
  payBalanceDue: "billing.manage",
  getReturnSettings: "orders.manage",
  updateReturnSettings: "store.settings.write",
  // quotes: every side answers from the inbox; a store's accept needs sourcing.purchase and its counter or decline sourcing.use, checked once the quote is found
  proposeQuote: "inbox.use",
  listQuotes: "inbox.use",
  getQuote: "inbox.use",
  counterQuote: "inbox.use",
  acceptQuote: "inbox.use",
  declineQuote: "inbox.use",
  compareQuotes: "inbox.use",
  // meeting requests: either side proposes times, the other accepts one or declines, from the inbox
  requestMeeting: "inbox.use",
  listMeetings: "inbox.use",
  getMeeting: "inbox.use",
  acceptMeeting: "inbox.use",
  declineMeeting: "inbox.use",
  // shipping labels (quote, buy, history, void, returns; the orders team ships)
  quoteShippingLabel: "orders.manage",
  createShippingLabel: "orders.manage",
  listShippingLabels: "orders.manage",
  getShippingLabel: "orders.manage",
  voidShippingLabel: "orders.manage",
  createReturnLabel: "orders.manage",
  validateAddress: "orders.manage",
  createLabelBatch: "orders.manage",
  quoteOrderLabels: "orders.manage",
  createOrderLabels: "orders.manage",
  getPickList: "orders.manage",
  // quality checks (ISO 2859-1 sampling, reports): whoever ships and receives
  getSamplingPlan: "orders.manage",
  createQcInspection: "orders.manage",
  listQcInspections: "orders.manage",
  getQcInspection: "orders.manage",
  reportQcInspection: "orders.manage",
  // freight booking (quotes, bookings charged to the card, their timeline): whoever ships and receives
  quoteFreight: "orders.manage",
  createFreightBooking: "orders.manage",
  listFreightBookings: "orders.manage",
  getFreightBooking: "orders.manage",
  // business kits (creation tools: anyone who may use the AI tools; the share page and waitlist are public)
  listBrandKits: "ai.use",
  listBrandKitExamples: "ai.use",
  createBrandKit: "ai.use",
  getBrandKit: "ai.use",
  updateBrandKit: "ai.use",
  archiveBrandKit: "ai.use",
  startBrandKitGeneration: "ai.use",
  cancelBrandKitGeneration: "ai.use",
  regenerateBrandIdeaPart: "ai.use",
  selectBrandIdea: "ai.use",
  updateBrandKitPalette: "ai.use",
  listBrandKitSkuMatches: "ai.use",
  listBrandKitWaitlist: "ai.use",
  getPublicBrandKit: "public",
  joinBrandKitWaitlist: "public",
  // fulfilment rules: every member handling orders reads them and dry-runs; changing how every
  // arriving order is handled is a store setting (owners and admins)
  listOrderRules: "orders.manage",
  listOrderRuleActions: "orders.manage",
  getOrderRule: "orders.manage",
  dryRunOrderRule: "orders.manage",
  createOrderRule: "store.settings.write",
  updateOrderRule: "store.settings.write",
  deleteOrderRule: "store.settings.write",
  reorderOrderRules: "store.settings.write",
  // product ideation: every member who uses the AI tools; submitting for crowdfunding publishes the
  // idea outside the store (owners and admins, like other marketing)
  listAiIdeas: "ai.use",
  createAiIdea: "ai.use",
  openAiIdea: "ai.use",
  listPublicAiIdeas: "ai.use",
  getAiIdea: "ai.use",
  updateAiIdea: "ai.use",
  generateAiIdeas: "ai.use",
  selectAiIdeaProducts: "ai.use",
  submitAiIdea: "marketing.manage",
  sendCrowdfundingEmailToSelf: "ai.use",
  bulkUpdateAiIdeas: "ai.use",
  // supplier scorecards: from the store's purchases and receivings; sourcing decisions (CX does not source)
  listSupplierScorecards: "sourcing.use",
  getSupplierScorecard: "sourcing.use",
  // pre-sale: every member handling orders reads them; selling stock the store does not hold yet
  // changes how every arriving order is handled, a store setting (owners and admins)
  listPresales: "orders.manage",
  getPresale: "orders.manage",
  listPreorders: "orders.manage",
  listIncomingShipments: "orders.manage",
  startPresale: "store.settings.write",
  endPresale: "store.settings.write",
  updatePresale: "store.settings.write",
  // export jobs: the money file is for those who read the payments report, the returns file for those who handle returns
  startFinancialExport: "billing.read",
  getFinancialExport: "billing.read",
  startReturnExport: "orders.manage",
  getReturnExport: "orders.manage",
};

/** Whether a role may call a contract, by the table (a contract missing from it: the owner only). */
export function roleMayCall(role: TeamRole, contractId: string): boolean {
  const needed = CONTRACT_PERMISSIONS[contractId];
  if (needed === undefined) return role === "OWNER";
  if (needed === "public" || needed === "member") return true;
  return can(role, needed);
}
