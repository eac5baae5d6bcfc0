import type { ResponseOf, storeStats, stores } from "../../api/contracts";
import type { StoreRecord } from "../../session/session-store";

export type NextStep = { id: string; label: string; to: string; done: boolean };

type Input = {
  store: StoreRecord;
  profile: ResponseOf<typeof stores.getStoreProfile> | null;
  businessPlan: ResponseOf<typeof stores.getStoreBusinessPlan> | null;
  samples: ResponseOf<typeof storeStats.getStoreHasPurchasedSamples> | null;
};

/** What a new store does next, in order; each step is done from the store's own data. */
export function nextSteps({ store, profile, businessPlan, samples }: Input): NextStep[] {
  return [
    { id: "business-plan", label: "Answer your business plan questions", to: "/homebase/blueprint", done: Boolean(businessPlan?.completed) },
    { id: "profile", label: "Complete your storefront profile", to: "/manage-shop?tab=profile", done: Boolean(profile?.description && profile.contactEmail) },
    { id: "samples", label: "Order a sample from a supplier", to: "/home?tab=products", done: Boolean(samples?.hasPurchasedSamples) },
    { id: "plan", label: "Pick the plan that fits your brand", to: "/account-info?open=manage_plan", done: store.planType !== "TIER_1" },
  ];
}
