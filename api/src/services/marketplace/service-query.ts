import { BRIEF_VERTICALS } from "../../queries/marketplace/search";

// Words that ask for work done to a brief rather than for goods: design and creative work,
// marketing, operations services and web development (the two service verticals). A search
// without one of them is a search for a physical product, and service providers are left out
// of it: their words ("packaging design", "product photography") or their embedding can sit
// close to a product's, but they never make it. Kept to words goods are not named by.
const SERVICE_WORDS = [
  "design", "designer", "designers", "designing", "logo", "logos", "branding", "brand identity", "illustration", "illustrator",
  "photography", "photographer", "photo shoot", "product shoot", "video", "videos", "ugc", "content creation",
  "marketing", "ads", "advertising", "campaign", "campaigns", "seo", "influencer", "influencers", "social media", "email flow",
  "copywriting", "copywriter", "copy", "bookkeeping", "accounting", "freight", "forwarding", "forwarder", "customs", "brokerage",
  "inspection", "inspections", "audit", "audits", "consulting", "consultant", "agency", "agencies", "studio", "studios",
  "service", "services", "website", "websites", "web", "storefront", "shopify", "developer", "developers", "development",
  "app", "apps", "integration", "migration", "theme", "analytics", "retainer", "maintenance", "sourcing agent", "sourcing agents",
] as const;

/** The verticals whose suppliers sell services, not goods. */
export const SERVICE_VERTICALS: readonly string[] = BRIEF_VERTICALS;

const PATTERN = new RegExp(`\\b(${SERVICE_WORDS.map((w) => w.replace(/ /g, "\\s+")).join("|")})\\b`, "i");

/** Whether a search text asks for a service (design, marketing, a website…) rather than goods. */
export function asksForService(text: string): boolean {
  return PATTERN.test(text);
}

/**
 * The supplier verticals a search leaves out: the service verticals when the text asks for goods
 * and no item type or vertical narrows it already; none otherwise (browsing, or a search for a service).
 */
export function verticalsLeftOut(text: string | undefined, narrowedBy?: { type?: string; vertical?: string }): string[] | undefined {
  if (!text?.trim() || narrowedBy?.type || narrowedBy?.vertical) return undefined;
  return asksForService(text) ? undefined : [...SERVICE_VERTICALS];
}
