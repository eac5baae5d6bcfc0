import { stores } from "@atelier/contracts";
import { route } from "../http/route";
import { completeStoreBusinessPlan } from "../services/stores/complete-store-business-plan";
import { getMyStore } from "../services/stores/get-my-store";
import { getStoreBankInfo } from "../services/stores/get-store-bank-info";
import { getStoreBusinessPlan } from "../services/stores/get-store-business-plan";
import { getStoreConfigs } from "../services/stores/get-store-configs";
import { getStoreExternalFields } from "../services/stores/get-store-external-fields";
import { getStoreProfile } from "../services/stores/get-store-profile";
import { getStoreSeenState } from "../services/stores/get-store-seen-state";
import { updateStoreBankInfo } from "../services/stores/update-store-bank-info";
import { updateStoreConfigs } from "../services/stores/update-store-configs";
import { updateStoreExternalFields } from "../services/stores/update-store-external-fields";
import { updateStoreProfile } from "../services/stores/update-store-profile";
import { updateStoreSeenState } from "../services/stores/update-store-seen-state";

export const storeRoutes = [
  route(stores.getMyStore, ({ ctx }) => getMyStore(ctx)),
  route(stores.getStoreProfile, ({ ctx }) => getStoreProfile(ctx)),
  route(stores.updateStoreProfile, ({ ctx, body }) => updateStoreProfile(ctx, body)),
  route(stores.getStoreConfigs, ({ ctx }) => getStoreConfigs(ctx)),
  route(stores.updateStoreConfigs, ({ ctx, body }) => updateStoreConfigs(ctx, body)),
  route(stores.getStoreExternalFields, ({ ctx }) => getStoreExternalFields(ctx)),
  route(stores.updateStoreExternalFields, ({ ctx, body }) => updateStoreExternalFields(ctx, body)),
  route(stores.getStoreSeenState, ({ ctx }) => getStoreSeenState(ctx)),
  route(stores.updateStoreSeenState, ({ ctx, body }) => updateStoreSeenState(ctx, body)),
  route(stores.getStoreBusinessPlan, ({ ctx }) => getStoreBusinessPlan(ctx)),
  route(stores.completeStoreBusinessPlan, ({ ctx, body }) => completeStoreBusinessPlan(ctx, body)),
  route(stores.getStoreBankInfo, ({ ctx }) => getStoreBankInfo(ctx)),
  route(stores.updateStoreBankInfo, ({ ctx, body }) => updateStoreBankInfo(ctx, body)),
];
