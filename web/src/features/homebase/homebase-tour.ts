import type { TourStep } from "../../ui/guided-tour";

/** The homebase tour; its targets are ids on the homebase screen. */
export const HOMEBASE_TOUR: TourStep[] = [
  { target: "homebase-plan", title: "Your plan", body: "Your plan and what it includes. Upgrade or manage it from here." },
  { target: "homebase-next-steps", title: "Next steps", body: "What to do next to get your brand selling, in order." },
  { target: "homebase-areas", title: "Everything in one place", body: "Jump into sourcing, fulfilment, your storefront and marketing." },
  { target: "nav-copilot", title: "Ask the copilot", body: "Anything you can click, you can also ask the AI copilot to do." },
];
