import { useState } from "react";
import { Link } from "react-router";
import { PLAN_NAMES, UPGRADE_TARGET, isSubscriptionActive, storeStats, stores } from "../../api/contracts";
import { PageFrame } from "../../shell/page-frame";
import { isPreviewAccount, useSession } from "../../session/session-store";
import { useApi } from "../../api/use-api";
import { request } from "../../api/client";
import { GuidedTour } from "../../ui/guided-tour";
import { enumWords } from "@atelier/contracts/error-sentences";
import { HOMEBASE_TOUR } from "./homebase-tour";
import { nextSteps } from "./next-steps";
import { formatCompact, formatUsd } from "../../format/format";

const AREAS = [
  { title: "Sourcing", text: "Find vetted suppliers and request custom projects.", to: "/home?tab=all" },
  { title: "Product design", text: "Turn ideas into product concepts and designs.", to: "/product-design" },
  { title: "Fulfillment", text: "Store inventory and ship orders.", to: "/fulfillment-services" },
  { title: "Storefront", text: "Your shop, discounts, subscribers and wholesale.", to: "/manage-shop?tab=profile" },
  { title: "Marketing", text: "Email and SMS campaigns, email capture and affiliates.", to: "/email-capture" },
  { title: "AI assistants", text: "Agents that source, price tariffs and plan packaging.", to: "/ai-agents" },
];

/** The store's home: plan, next steps and links into each area. */
export function HomebasePage() {
  const session = useSession();
  const store = session.storeRecord;
  const profile = useApi(stores.getStoreProfile, {});
  const businessPlan = useApi(stores.getStoreBusinessPlan, {});
  const seen = useApi(stores.getStoreSeenState, {});
  const sales = useApi(storeStats.getStoreSalesStats, {});
  const samples = useApi(storeStats.getStoreHasPurchasedSamples, {});
  const [tourDone, setTourDone] = useState(false);
  if (!store) return <div className="loading" role="status">Loading your store…</div>;

  const upgrade = UPGRADE_TARGET[store.planType];
  const steps = nextSteps({ store, profile: profile.data, businessPlan: businessPlan.data, samples: samples.data });
  const finishTour = () => {
    setTourDone(true);
    // Preview accounts cannot write; the tour just closes for this visit.
    if (!isPreviewAccount(session)) void request(stores.updateStoreSeenState, { body: { seenHomebaseTour: true } }).catch(() => undefined);
  };
  return (
    <PageFrame title={`Welcome back, ${store.title}`} chatPrompt="">
      <div className="grid two">
        <div className="card" id="homebase-plan" data-testid="homebase-plan">
          <h2>Your plan</h2>
          <p className="big">{PLAN_NAMES[store.planType]}</p>
          <p className="muted">
            {store.isBlueprintPaused
              ? "Paused"
              : store.blueprintSubscriptionStatus
                ? isSubscriptionActive(store.blueprintSubscriptionStatus) ? "Active" : enumWords(store.blueprintSubscriptionStatus)
                : "No paid subscription"}
          </p>
          {upgrade && <Link className="button primary" to="/account-info?open=manage_plan">Upgrade to {PLAN_NAMES[upgrade]}</Link>}
          <Link className="button" to="/account-info">Manage plan and billing</Link>
        </div>
        <div className="card" id="homebase-next-steps">
          <h2>Next steps</h2>
          <ol className="steps">
            {steps.map((s) => (
              <li key={s.id} className={s.done ? "done" : ""}>
                {s.done ? <s>{s.label}</s> : <Link to={s.to}>{s.label}</Link>}
              </li>
            ))}
          </ol>
        </div>
      </div>
      {sales.data && (
        <div className="card" id="homebase-milestone" data-testid="homebase-milestone" data-level={sales.data.milestone.level}>
          <h2>Your milestone</h2>
          <p>{sales.data.milestone.message}</p>
          <p className="muted">
            {formatUsd(sales.data.lifetimeSalesCents / 100)} lifetime sales from {formatCompact(sales.data.orderCount)} orders
            {sales.data.milestone.nextLevelAtCents !== null && ` · next level at ${formatUsd(sales.data.milestone.nextLevelAtCents / 100)}`}
          </p>
          {sales.data.milestone.nextLevelAtCents !== null && (
            <progress max={sales.data.milestone.nextLevelAtCents} value={Math.min(sales.data.lifetimeSalesCents, sales.data.milestone.nextLevelAtCents)} aria-label="Progress to the next milestone" />
          )}
        </div>
      )}
      <h2>Your areas</h2>
      <div className="grid three" id="homebase-areas">
        {AREAS.map((a) => (
          <Link key={a.title} to={a.to} className="card area">
            <strong>{a.title}</strong>
            <span className="muted">{a.text}</span>
          </Link>
        ))}
      </div>
      {seen.data && !seen.data.seenHomebaseTour && !tourDone && <GuidedTour steps={HOMEBASE_TOUR} onFinish={finishTour} />}
    </PageFrame>
  );
}
