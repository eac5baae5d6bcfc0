import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from "react";
import { placeTourCard, visiblePageArea } from "./tour-placement";

/** One step: the element it points at (by id) and what it says. */
export type TourStep = { target: string; title: string; body: string };

/** Steps appear after this delay, so the screen has settled before it is pointed at (000 §2.7). */
export const TOUR_STEP_DELAY_MS = 750;

type Props = { steps: TourStep[]; onFinish: () => void };

/** A guided tour: one card at a time next to its target, non-modal, skippable. */
export function GuidedTour({ steps, onFinish }: Props) {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    setVisible(false);
    const timer = setTimeout(() => setVisible(true), TOUR_STEP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [index]);
  // A layout effect: the target is marked in the same commit that shows the card, never a frame later.
  useLayoutEffect(() => {
    if (!visible) return;
    const target = document.getElementById(steps[index]?.target ?? "");
    target?.classList.add("tour-target");
    target?.scrollIntoView({ block: "nearest" });
    return () => target?.classList.remove("tour-target");
  }, [visible, index, steps]);
  const place = useCardPlacement(visible ? steps[index]?.target : undefined);
  const step = steps[index];
  if (!visible || !step) return null;
  const last = index === steps.length - 1;
  return (
    <div className="tour-card" ref={place.ref} style={place.style} role="dialog" aria-label={`Tour step ${index + 1} of ${steps.length}`} data-testid="tour">
      <strong>{step.title}</strong>
      <p>{step.body}</p>
      <div className="dialog-actions">
        <span className="muted">{index + 1} / {steps.length}</span>
        <button type="button" onClick={onFinish}>Skip tour</button>
        <button type="button" className="button primary" onClick={() => (last ? onFinish() : setIndex(index + 1))}>{last ? "Done" : "Next"}</button>
      </div>
    </div>
  );
}

/**
 * Keeps the card beside its target and inside the visible page (left of an open assistant, on a
 * phone too), again whenever the window, the page or the target moves.
 */
function useCardPlacement(targetId: string | undefined) {
  const ref = useRef<HTMLDivElement>(null);
  const [style, setStyle] = useState<CSSProperties | undefined>(undefined);
  useLayoutEffect(() => {
    if (!targetId) return;
    const update = () => {
      const card = ref.current;
      if (!card) return;
      const area = visiblePageArea();
      // The CSS width (20rem), narrowed to the area when it is smaller.
      const width = Math.min(20 * (parseFloat(getComputedStyle(document.documentElement).fontSize) || 16), area.right - area.left - 24);
      const target = document.getElementById(targetId)?.getBoundingClientRect() ?? null;
      const { left, top } = placeTourCard(target, { width, height: card.offsetHeight }, area);
      setStyle((old) => (old?.left === left && old.top === top && old.width === width ? old : { left, top, width, right: "auto", bottom: "auto" }));
    };
    update();
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(update);
    for (const el of [document.body, document.querySelector("main.content"), document.getElementById(targetId), ref.current]) if (el) observer?.observe(el);
    window.addEventListener("resize", update);
    // Capture: the page column scrolls inside main.content, not the window.
    window.addEventListener("scroll", update, true);
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", update);
      window.removeEventListener("scroll", update, true);
    };
  }, [targetId]);
  return { ref, style };
}
