import { formatUsd } from "../format/format";

/** Cents as USD, or what a missing price means in the marketplace. */
export function centsToUsd(cents: number | null | undefined, missing = "Custom quote"): string {
  return cents === null || cents === undefined ? missing : formatUsd(cents / 100);
}

/** A price range in cents: one figure when both ends agree. */
export function centsRange(min: number | null, max: number | null, missing = "Custom quote"): string {
  if (min === null && max === null) return missing;
  if (min === null || max === null || min === max) return centsToUsd(min ?? max);
  return `${centsToUsd(min)} – ${centsToUsd(max)}`;
}

/** Production days as the weeks a person plans with. */
export function productionTime(minDays: number, maxDays: number): string {
  return minDays === maxDays ? `${maxDays} days` : `${minDays}–${maxDays} days`;
}
