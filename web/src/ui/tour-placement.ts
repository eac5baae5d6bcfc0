/** A rectangle in window coordinates. */
export type Rect = { left: number; top: number; right: number; bottom: number };

/** Space kept between the card, its target and the visible area's edges. */
const GAP = 12;

/**
 * The part of the window the page shows: right of the side navigation (when it is on screen),
 * below the top bar, and left of the docked assistant (which on a phone covers the page whole).
 */
export function visiblePageArea(): Rect {
  const width = window.innerWidth;
  const height = window.innerHeight;
  const content = document.querySelector("main.content")?.getBoundingClientRect();
  const dock = document.querySelector("aside.chat-dock")?.getBoundingClientRect();
  const left = content && content.left > 0 ? content.left : 0;
  const top = content && content.top > 0 ? content.top : 0;
  const right = dock && dock.left > left + 200 ? Math.min(dock.left, width) : width;
  return { left, top, right, bottom: height };
}

/**
 * Where the tour card goes: beside its target (right of it, else below, else above), moved inside
 * the visible area; with no room beside the target, at the area's bottom-right corner.
 */
export function placeTourCard(target: Rect | null, card: { width: number; height: number }, area: Rect): { left: number; top: number } {
  const clampLeft = (x: number) => Math.max(area.left + GAP, Math.min(x, area.right - card.width - GAP));
  const clampTop = (y: number) => Math.max(area.top + GAP, Math.min(y, area.bottom - card.height - GAP));
  const corner = { left: clampLeft(area.right - card.width - GAP), top: clampTop(area.bottom - card.height - GAP) };
  if (!target) return corner;
  if (target.right + GAP + card.width + GAP <= area.right) return { left: Math.max(area.left + GAP, target.right + GAP), top: clampTop(target.top) };
  if (target.bottom + GAP + card.height + GAP <= area.bottom) return { left: clampLeft(target.left), top: Math.max(area.top + GAP, target.bottom + GAP) };
  if (target.top - GAP - card.height >= area.top + GAP) return { left: clampLeft(target.left), top: target.top - GAP - card.height };
  return corner;
}
