/** The ISO date (YYYY-MM-DD) `days` business days after shipDate; a weekend ship date counts from Monday. */
export function addBusinessDays(shipDate: Date, days: number): string {
  const d = new Date(Date.UTC(shipDate.getUTCFullYear(), shipDate.getUTCMonth(), shipDate.getUTCDate()));
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}
