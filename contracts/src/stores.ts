import { z } from "zod";
import { defineContract } from "./contract";
import { invoiceBehaviorSchema, planTypeSchema, subscriptionStatusSchema } from "./domain";

export const externalFieldSchema = z.object({ name: z.string(), value: z.unknown() });

/** The current store record (000 §3). */
export const storeSchema = z.object({
  id: z.string(),
  title: z.string(),
  planType: planTypeSchema,
  blueprintSubscriptionId: z.string().nullable(),
  blueprintSubscriptionStatus: subscriptionStatusSchema.nullable(),
  blueprintSubscriptionBehavior: invoiceBehaviorSchema.nullable(),
  blueprintSubscriptionResumesAt: z.string().nullable(),
  blueprintSubscriptionPausedAt: z.string().nullable(),
  isBlueprintActive: z.boolean(),
  isBlueprintPaused: z.boolean(),
  isPreviewAccount: z.boolean(),
  accountType: z.string(),
  workStyle: z.string(),
  externalFields: z.array(externalFieldSchema),
  authCredential: z.object({ name: z.string() }),
  user: z.object({ id: z.string(), username: z.string(), email: z.string() }),
  role: z.string(),
  createdAt: z.string(),
});

export const getMyStore = defineContract({
  id: "getMyStore",
  method: "GET",
  path: "/web/stores/me",
  summary: "The current store: plan, subscription, preview flag, external fields, owner.",
  tags: ["stores"],
  access: "user",
  response: storeSchema,
});
