import { useEffect, useLayoutEffect, useState } from "react";

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
  const step = steps[index];
  if (!visible || !step) return null;
  const last = index === steps.length - 1;
  return (
    <div className="tour-card" role="dialog" aria-label={`Tour step ${index + 1} of ${steps.length}`} data-testid="tour">
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
