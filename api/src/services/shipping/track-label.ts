import { z } from "zod";
import type { TrackingStage } from "@atelier/contracts/shipping";
import type { AppDeps } from "../../context";
import { afterCommit, withTransaction, type Queryable } from "../../db/pool";
import { defineJob, PermanentJobError } from "../../jobs";
import * as labels from "../../queries/shipping/labels";
import { publishLabelUpdated } from "./publish-label-updated";

// Tracking over time: one job run asks the label's carrier for its scans (outside any
// transaction), records the new ones and the label's status in one short transaction, and
// enqueues the next look for when the carrier expects the next scan, until it is delivered.

export const TRACK_LABEL = "shipping.trackLabel";

const STATUS_OF: Record<TrackingStage, "PURCHASED" | "IN_TRANSIT" | "DELIVERED"> = {
  LABEL_CREATED: "PURCHASED",
  ACCEPTED: "IN_TRANSIT",
  IN_TRANSIT: "IN_TRANSIT",
  OUT_FOR_DELIVERY: "IN_TRANSIT",
  DELIVERED: "DELIVERED",
};

export function trackLabelJob(deps: AppDeps) {
  return defineJob({
    type: TRACK_LABEL,
    payload: z.strictObject({ labelId: z.uuid(), storeId: z.uuid() }),
    maxAttempts: 5,
    backoffMs: 2000,
    handler: (payload) => trackLabel(deps, payload.storeId, payload.labelId),
  });
}

/** Enqueues the next look at a label in db's transaction; the worker looks once it commits. */
export async function enqueueTracking(deps: AppDeps, db: Queryable, label: { id: string; storeId: string }, delayMs: number): Promise<void> {
  await deps.jobs.enqueue(trackLabelJob(deps), { labelId: label.id, storeId: label.storeId }, { db, storeId: label.storeId, runAt: new Date(Date.now() + delayMs) });
  afterCommit(db, () => deps.jobs.kick());
}

export async function trackLabel(deps: AppDeps, storeId: string, labelId: string): Promise<{ status: string }> {
  const label = await labels.getLabel(deps.pool, storeId, labelId);
  if (!label) throw new PermanentJobError("The label no longer exists.");
  if (label.status === "VOIDED" || label.status === "DELIVERED") return { status: label.status };
  const carrier = deps.providers.shipping.find((c) => c.name === label.carrier);
  if (!carrier) throw new PermanentJobError(`The carrier ${label.carrier} is no longer configured.`);
  const report = await carrier.track({ trackingNumber: label.trackingNumber, createdAt: label.createdAt, from: label.fromAddress, to: label.toAddress });
  const latest = report.events.at(-1);
  const status = latest ? STATUS_OF[latest.stage] : label.status;
  await withTransaction(deps.pool, async (tx) => {
    const current = await labels.getLabel(tx, storeId, labelId, true);
    if (!current || current.status === "VOIDED") return;
    const added = await labels.addEvents(tx, storeId, labelId, report.events);
    if (status !== current.status) await labels.setStatus(tx, storeId, labelId, status);
    if (report.nextCheckAt && status !== "DELIVERED") await enqueueTracking(deps, tx, { id: labelId, storeId }, Math.max(0, report.nextCheckAt.getTime() - Date.now()));
    if (added > 0) publishLabelUpdated(tx, storeId, { id: labelId, trackingNumber: label.trackingNumber, status });
  });
  return { status };
}
