// Days of the store's time zone as instants: a period "1 to 31 October" in New York starts at
// 04:00 UTC on 1 October, and a summer-time change inside it moves the end by an hour.

const partsFormat = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormat.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    partsFormat.set(timeZone, f);
  }
  return f;
}

/** The wall clock of the zone at an instant, as numbers. */
function wallClock(at: number, timeZone: string): { y: number; m: number; d: number; h: number; mi: number; s: number } {
  const p = Object.fromEntries(formatFor(timeZone).formatToParts(new Date(at)).map((x) => [x.type, Number(x.value)]));
  return { y: p.year!, m: p.month!, d: p.day!, h: p.hour!, mi: p.minute!, s: p.second! };
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s) - Math.floor(at / 1000) * 1000;
}

/** The instant a day (YYYY-MM-DD) begins in the zone. */
export function dayStartIn(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // The offset at the first guess can differ from the one at the answer across a clock change: a second pass settles it.
  const guess = midnightUtc - offsetAt(midnightUtc, timeZone);
  return new Date(midnightUtc - offsetAt(guess, timeZone));
}

/** An instant as the zone's wall clock, "2026-10-01 09:30", for a spreadsheet. */
export function localDateTime(at: Date, timeZone: string): string {
  const w = wallClock(at.getTime(), timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${w.y}-${two(w.m)}-${two(w.d)} ${two(w.h)}:${two(w.mi)}`;
}
