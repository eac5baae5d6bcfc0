import type { SOURCING_HOME_TABS } from "@atelier/contracts/marketplace";

export type HomeTab = (typeof SOURCING_HOME_TABS)[number];

/** Labels of the sourcing home tabs and the verticals they show (000 §2.6). */
export const HOME_TAB_LABELS: Record<HomeTab, string> = {
  all: "All",
  "business-creative-services": "Business & creative services",
  "ecommerce-packaging": "Ecommerce packaging",
  products: "Products",
  "website-development": "Website development",
};
