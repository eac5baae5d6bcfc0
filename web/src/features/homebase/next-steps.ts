import type { ResponseOf, storeStats, stores } from "../../api/contracts";
import type { StoreRecord } from "../../session/session-store";
import { findRoute } from "../../routes/guards";

export type NextStep = { id: string; label: string; to: string; done: boolean };

type Input = {
  store: StoreRecord;
  profile: ResponseOf<typeof stores.getStoreProfile> | null;
  businessPlan: ResponseOf<typeof stores.getStoreBusinessPlan> | null;
  samples: ResponseOf<typeof storeStats.getStoreHasPurchasedSamples> | null;
};

/** Whether a step's link opens a built screen (a pending one would be a dead end). */
const leadsSomewhere = (step: NextStep) => findRoute(step.to.split("?")[0]!)?.screen !== "pending";

/**
 * What a new store does next, in order; each step is done from the store's own data. Steps whose
 * screen is not built yet (the business plan questions, the storefront profile) are left out until
 * it is: the list only sends people where they can act.
 */
export function nextSteps({ store, profile, businessPlan, samples }: Input): NextStep[] {
  return allSteps({ store, profile, businessPlan, samples }).filter(leadsSomewhere);
}

function allSteps({ store, profile, businessPlan, samples }: Input): NextStep[] {
  return [
    { id: "business-plan", label: "Answer your business plan questions", to: "/homebase/blueprint", done: Boolean(businessPlan?.completed) },
    { id: "profile", label: "Complete your storefront profile", to: "/manage-shop?tab=profile", done: Boolean(profile?.description && profile.contactEmail) },
    { id: "samples", label: "Order a sample from a supplier", to: "/home?tab=products", done: Boolean(samples?.hasPurchasedSamples) },
    { id: "plan", label: "Pick the plan that fits your brand", to: "/account-info?open=manage_plan", done: store.planType !== "TIER_1" },
    { id: "help", label: "Read how Atelier works in the help centre", to: "/education?topic=getting-started", done: false },
  ];
}
