import { Suspense, lazy, useEffect, type ReactNode } from "react";
import { Navigate, Outlet, createBrowserRouter, useLocation, useNavigate, type RouteObject } from "react-router";
import { ROUTES, type RouteEntry, type ScreenKey } from "../routes/route-table";
import { REDIRECTS, resolveRedirect } from "../routes/redirects";
import { decideLogin, decideRoute } from "../routes/guards";
import { getSession, isLoggedIn, useSession } from "../session/session-store";
import { reloadStoreRecord } from "../session/store-record";
import { useStoreFlags } from "../session/store-flags";
import { invalidate, onInvalidate } from "../api/query-cache";
import { useRealtimeEvent } from "../realtime/use-realtime-event";
import { realtimeJobSource } from "../realtime/job-source";
import { JobLiveSourceProvider } from "../ui/job-progress";
import { isTokenValid } from "../session/token";
import { setNavigator } from "../api/client";
import { getRuntime } from "./runtime";
import { Toasts } from "../ui/toasts";
import { PublicFrame } from "../shell/public-frame";

// Screens load on demand so /login does not carry the logged-in app.
const SupplierWorkspace = lazy(() => import("../features/inbox/supplier-workspace").then((m) => ({ default: m.SupplierWorkspace })));
const AppShell = lazy(() => import("../shell/app-shell").then((m) => ({ default: m.AppShell })));
const screens: Record<ScreenKey, React.LazyExoticComponent<(props: { route: RouteEntry }) => ReactNode>> = {
  login: lazy(() => import("../features/auth/login-page").then((m) => ({ default: m.LoginPage }))),
  homebase: lazy(() => import("../features/homebase/homebase-page").then((m) => ({ default: m.HomebasePage }))),
  "account-info": lazy(() => import("../features/account/account-info-page").then((m) => ({ default: m.AccountInfoPage }))),
  "not-found": lazy(() => import("../features/not-found/not-found-page").then((m) => ({ default: m.NotFoundPage }))),
  playground: lazy(() => import("../features/playground/playground-page").then((m) => ({ default: m.PlaygroundPage }))),
  "track-order": lazy(() => import("../features/track-order/track-order-page").then((m) => ({ default: m.TrackOrderPage }))),
  "help-centre": lazy(() => import("../features/help-center/help-centre-page").then((m) => ({ default: m.HelpCentrePage }))),
  "help-article": lazy(() => import("../features/help-center/help-centre-page").then((m) => ({ default: m.HelpArticlePage }))),
  pending: lazy(() => import("../features/pending/pending-page").then((m) => ({ default: m.PendingPage }))),
  "product-design": lazy(() => import("../features/creation/product-design-page").then((m) => ({ default: m.ProductDesignPage }))),
  "product-ideation-open": lazy(() => import("../features/creation/product-ideation-open-page").then((m) => ({ default: m.ProductIdeationOpenPage }))),
  "product-ideation": lazy(() => import("../features/creation/product-ideation-page").then((m) => ({ default: m.ProductIdeationPage }))),
  "your-ideations": lazy(() => import("../features/creation/your-ideations-page").then((m) => ({ default: m.YourIdeationsPage }))),
  "crowdfund-your-idea": lazy(() => import("../features/creation/crowdfund-page").then((m) => ({ default: m.CrowdfundPage }))),
  // The sourcing marketplace, checkout and sourcing inbox (issue 5).
  "sourcing-home": lazy(() => import("../features/marketplace/sourcing-home-page").then((m) => ({ default: m.SourcingHomePage }))),
  "browse-suppliers": lazy(() => import("../features/marketplace/browse-suppliers-page").then((m) => ({ default: m.BrowseSuppliersPage }))),
  "catalog-item": lazy(() => import("../features/marketplace/catalog-item-page").then((m) => ({ default: m.CatalogItemPage }))),
  "supplier-profile": lazy(() => import("../features/marketplace/supplier-profile-page").then((m) => ({ default: m.SupplierProfilePage }))),
  "image-search": lazy(() => import("../features/marketplace/image-search-page").then((m) => ({ default: m.ImageSearchPage }))),
  "favorites": lazy(() => import("../features/marketplace/favorites-page").then((m) => ({ default: m.FavoritesPage }))),
  "custom-project": lazy(() => import("../features/purchasing/custom-project-page").then((m) => ({ default: m.CustomProjectPage }))),
  "preview-catalog-item": lazy(() => import("../features/marketplace/catalog-item-page").then((m) => ({ default: m.PreviewCatalogItemPage }))),
  "preview-supplier-profile": lazy(() => import("../features/marketplace/supplier-profile-page").then((m) => ({ default: m.PreviewSupplierProfilePage }))),
  "checkout": lazy(() => import("../features/checkout/checkout-page").then((m) => ({ default: m.CheckoutPage }))),
  "pay-invoice": lazy(() => import("../features/checkout/pay-invoice-page").then((m) => ({ default: m.PayInvoicePage }))),
  "public-pay-invoice": lazy(() => import("../features/checkout/pay-invoice-page").then((m) => ({ default: m.PublicPayInvoicePage }))),
  "add-shipping-address": lazy(() => import("../features/checkout/add-shipping-address-page").then((m) => ({ default: m.AddShippingAddressPage }))),
  "inbox-custom-project-requests": lazy(() => import("../features/purchasing/custom-project-requests-page").then((m) => ({ default: m.CustomProjectRequestsPage }))),
  "inbox-needs-payment": lazy(() => import("../features/purchasing/needs-payment-page").then((m) => ({ default: m.NeedsPaymentPage }))),
  "inbox-orders": lazy(() => import("../features/purchasing/orders-page").then((m) => ({ default: m.OrdersPage }))),
  "orders": lazy(() => import("../features/orders/orders-page").then((m) => ({ default: m.OrdersListPage }))),
  "order-details": lazy(() => import("../features/orders/order-details-page").then((m) => ({ default: m.OrderDetailsPage }))),
  "inbox-messages": lazy(() => import("../features/inbox/messages-page").then((m) => ({ default: m.MessagesPage }))),
  "inbox-entry": lazy(() => import("../features/inbox/inbox-entry").then((m) => ({ default: m.InboxEntry }))),
  inventory: lazy(() => import("../features/inventory/inventory-page").then((m) => ({ default: m.InventoryPage }))),
  "create-shipping-label": lazy(() => import("../features/shipping/create-label-page").then((m) => ({ default: m.CreateLabelPage }))),
  "label-history": lazy(() => import("../features/shipping/label-history-page").then((m) => ({ default: m.LabelHistoryPage }))),
  "label-batches": lazy(() => import("../features/shipping/label-batches-page").then((m) => ({ default: m.LabelBatchesPage }))),
  "book-freight": lazy(() => import("../features/shipping/book-freight-page").then((m) => ({ default: m.BookFreightPage }))),
  "quality-control": lazy(() => import("../features/shipping/quality-control-page").then((m) => ({ default: m.QualityControlPage }))),
  "return-settings": lazy(() => import("../features/returns/return-settings-page").then((m) => ({ default: m.ReturnSettingsPage }))),
  "fulfillment-rules": lazy(() => import("../features/fulfilment/fulfilment-rules-page").then((m) => ({ default: m.FulfilmentRulesPage }))),
  "fulfillment-services": lazy(() => import("../features/fulfilment/fulfilment-home-page").then((m) => ({ default: m.FulfilmentHomePage }))),
  receivings: lazy(() => import("../features/receivings/receivings-page").then((m) => ({ default: m.ReceivingsPage }))),
  "new-receiving": lazy(() => import("../features/receivings/new-receiving-page").then((m) => ({ default: m.NewReceivingPage }))),
  "receiving-details": lazy(() => import("../features/receivings/receiving-details-page").then((m) => ({ default: m.ReceivingDetailsPage }))),
  kitting: lazy(() => import("../features/kitting/kitting-page").then((m) => ({ default: m.KittingPage }))),
  presale: lazy(() => import("../features/presale/presale-page").then((m) => ({ default: m.PresalePage }))),
  "warehouse-tickets": lazy(() => import("../features/warehouse-tickets/warehouse-tickets-page").then((m) => ({ default: m.WarehouseTicketsPage }))),
  "payments-report": lazy(() => import("../features/payments/payments-report-page").then((m) => ({ default: m.PaymentsReportPage }))),
  "payout-record": lazy(() => import("../features/payments/payout-record-page").then((m) => ({ default: m.PayoutRecordPage }))),
  "payment-record": lazy(() => import("../features/payments/payment-record-page").then((m) => ({ default: m.PaymentRecordPage }))),
  "inbox-my-suppliers": lazy(() => import("../features/purchasing/my-suppliers-page").then((m) => ({ default: m.MySuppliersPage }))),
  "sales-channels": lazy(() => import("../features/sales-channels/sales-channels-page").then((m) => ({ default: m.SalesChannelsPage }))),
  "connect-channel": lazy(() => import("../features/sales-channels/connect-channel-page").then((m) => ({ default: m.ConnectChannelPage }))),
  "product-feed": lazy(() => import("../features/sales-channels/product-feed-page").then((m) => ({ default: m.ProductFeedPage }))),
  "channel-orders": lazy(() => import("../features/orders/channel-orders-page").then((m) => ({ default: m.ChannelOrdersPage }))),
  "order-packaging": lazy(() => import("../features/packaging/order-packaging-page").then((m) => ({ default: m.OrderPackagingPage }))),
  "supplier-scorecards": lazy(() => import("../features/supplier-scorecards/supplier-scorecards-page").then((m) => ({ default: m.SupplierScorecardsPage }))),
  // The sourcing agents' full-page chats and reviews, and the public supplier review (issue 4).
  "agent-chat": lazy(() => import("../features/agents/agent-chat-page").then((m) => ({ default: m.AgentChatPage }))),
  "agent-review": lazy(() => import("../features/agents/agent-review-page").then((m) => ({ default: m.AgentReviewPage }))),
  "post-review": lazy(() => import("../features/reviews/post-review-page").then((m) => ({ default: m.PostReviewPage }))),
  "leave-a-review": lazy(() => import("../features/marketplace/leave-review-page").then((m) => ({ default: m.LeaveReviewPage }))),
  // The analytics suite: one screen for every report, and the public shared report (issue 20).
  "analytics-report": lazy(() => import("../features/analytics/analytics-report-page").then((m) => ({ default: m.AnalyticsReportPage }))),
  "share-report": lazy(() => import("../features/analytics/share-report-page").then((m) => ({ default: m.ShareReportPage }))),
  // Business kits (issue 19).
  "business-kits": lazy(() => import("../features/business-kits/business-kits-page").then((m) => ({ default: m.BusinessKitsPage }))),
  "business-kit": lazy(() => import("../features/business-kits/business-kit-editor-page").then((m) => ({ default: m.BusinessKitEditorPage }))),
  "public-business-kit": lazy(() => import("../features/business-kits/public-business-kit-page").then((m) => ({ default: m.PublicBusinessKitPage }))),
};

function Loading() {
  return <div className="loading" role="status" aria-live="polite">Loading…</div>;
}

/** Root: toasts, the navigator for forced logouts, and the store record once logged in. */
function Root() {
  const navigate = useNavigate();
  const session = useSession();
  const loggedIn = isLoggedIn(session);
  useEffect(() => setNavigator((to) => void navigate(to, { replace: true })), [navigate]);
  useEffect(() => {
    if (!loggedIn || session.storeRecord) return;
    void reloadStoreRecord();
  }, [loggedIn, session.storeRecord, session.token]);
  // The store record (plan, pause state) is server state too: a change under "stores" reloads it.
  useEffect(() => onInvalidate((keys) => {
    if (keys.has("stores") && isLoggedIn(getSession())) void reloadStoreRecord();
  }), []);
  // A plan changed in another tab (or by the agent): every screen reading plans, the store record
  // (and the gates reading it), payments and seats load again.
  useRealtimeEvent("plan.changed", () => invalidate(["plans", "stores", "payments", "team"]));
  return (
    <JobLiveSourceProvider source={jobSource}>
      <Outlet />
      <Toasts />
    </JobLiveSourceProvider>
  );
}

/** Every progress bar of long work follows its job over the realtime socket. */
const jobSource = realtimeJobSource();

/** Applies the route's guard, then shows its screen in the app shell (logged in) or the public frame. */
function Guarded({ route }: { route: RouteEntry }) {
  const location = useLocation();
  const session = useSession();
  const { environment } = getRuntime();
  const loggedIn = isLoggedIn(session);
  // A flagged route (analytics) waits for the store's own flags before it decides.
  const storeFlags = useStoreFlags(loggedIn);
  if (route.flag && storeFlags === null) return <Loading />;
  const flags = storeFlags ?? getRuntime().flags;
  const ctx = {
    loggedIn,
    hasV2Token: isTokenValid(session.v2StoreToken),
    planPaused: session.storeRecord ? session.storeRecord.isBlueprintPaused : null,
    environment,
    flags,
  };
  // A logged-in visitor of /login goes where the login would have sent them, unless only a new login can get them in.
  const decision = route.screen === "login" ? decideLogin(ctx, location.search) : decideRoute(route, ctx, location.pathname, location.search);
  if (decision.kind === "redirect") return <Navigate to={decision.to} replace />;
  const Screen = screens[route.screen];
  const content = (
    <Suspense fallback={<Loading />}>
      <Screen route={route} />
    </Suspense>
  );
  if (!loggedIn || route.screen === "login") return <PublicFrame>{content}</PublicFrame>;
  return (
    <Suspense fallback={<Loading />}>
      <AppShell>{content}</AppShell>
    </Suspense>
  );
}

function RedirectTo() {
  const location = useLocation();
  return <Navigate to={resolveRedirect(location.pathname, location.search) ?? "/404"} replace />;
}

/** Every route of 000 §2 with its guard, every redirect of §2.5, and unknown paths to /404. */
export function routeObjects(): RouteObject[] {
  return [
    {
      element: <Root />,
      children: [
        { path: "/", element: <Navigate to="/homebase" replace /> },
        ...REDIRECTS.map((r) => ({ path: r.from, element: <RedirectTo /> })),
        ...ROUTES.map((route) => ({ path: route.path, element: <Guarded route={route} /> })),
        // The supplier workspace: its own session and sign-in, outside the store's guards (issue 18).
        { path: "/supplier/*", element: <Suspense fallback={<Loading />}><SupplierWorkspace /></Suspense> },
        { path: "*", element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(routeObjects());
}
