const DAY_MS = 86_400_000;

/** Midnight UTC of the given instant: the default anchor, so a day's seeds agree. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** The instant `days` (fractional) before the anchor, as ISO text for Postgres. */
export function daysBefore(anchor: Date, days: number): string {
  return new Date(anchor.getTime() - Math.round(days * DAY_MS)).toISOString();
}

export function ageInDays(anchor: Date, iso: string): number {
  return (anchor.getTime() - Date.parse(iso)) / DAY_MS;
}
