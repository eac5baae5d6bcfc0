import { PLAN_NAMES, type PlanType } from "@atelier/contracts";
import type { Config } from "../../config";
import type { Queryable } from "../../db/pool";
import { AppError, unauthorized } from "../../errors";
import { getStorePlan } from "../../queries/stores";
import { storeUploadUsage } from "../../queries/uploads";

/** A size in the unit a person reads: "1 GB", "200 MB", "512 KB". */
export function readableBytes(bytes: number): string {
  const units: [number, string][] = [
    [1024 ** 3, "GB"],
    [1024 ** 2, "MB"],
    [1024, "KB"],
  ];
  for (const [size, unit] of units) if (bytes >= size) return `${Math.round((bytes / size) * 10) / 10} ${unit}`;
  return `${bytes} bytes`;
}

export type UploadQuota = { plan: PlanType; largeFileBytes: number; storeBytes: number; usedBytes: number; pendingLarge: number; remainingBytes: number };

/** The store's plan, its upload quota and what its files already take. */
export async function uploadQuotaOf(db: Queryable, config: Config, storeId: string): Promise<UploadQuota> {
  const plan = await getStorePlan(db, storeId);
  if (!plan) throw unauthorized("The store of this session no longer exists.");
  const { largeFileBytes, storeBytes } = config.uploads.quotas[plan];
  const usage = await storeUploadUsage(db, storeId);
  return { plan, largeFileBytes, storeBytes, ...usage, remainingBytes: Math.max(0, storeBytes - usage.usedBytes) };
}

/** The 413 of a file that does not fit in the store's room (before or while its bytes arrive). */
export function storeQuotaExceeded(quota: UploadQuota): AppError {
  return new AppError(
    "PAYLOAD_TOO_LARGE",
    `This file does not fit in the store's ${readableBytes(quota.storeBytes)} of files on the ${PLAN_NAMES[quota.plan]} plan (${readableBytes(quota.usedBytes)} used). Delete files you no longer need, or upgrade for more room.`,
  );
}
