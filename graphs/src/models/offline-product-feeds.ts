import type { ToolResponse } from "@atelier/tools/tool-results";
import type { Intent, Outcome, Step } from "./offline-types";
import { call, got } from "./offline-steps";

// Product feeds offline: the store's SKUs on Google Shopping (a Merchant Center feed) and Instagram
// Shopping (a catalog in Meta Commerce Manager). "why isn't my google shopping feed working" reads
// the status and the SKUs left out with what each misses; "send my products to instagram" makes
// the feed address when there is none and says where to paste it, in the platform's own menus.

type Status = ToolResponse<"get_product_feed_status">;
type Listings = ToolResponse<"list_feed_listings">;

const GOOGLE = /\b(goo?gle|googel)( shopping| merchant( center| centre)?)?\b|\bmerchant cent(er|re)\b/i;
const META = /\b(insta(gram)?|instagarm|instgram|ig|facebook|fb|meta)( shop(ping)?| catalog(ue)?)?\b|\bcommerce manager\b/i;
const FEED = /\b(feeds?|fed|catalog(ue)?s?|product data|listings?|shopping)\b/i;
const PROBLEM = /\b(why|not working|isn'?t working|wrong|broken|problems?|errors?|missing|left out|rejected|disapproved|fix|issues?|doesn'?t show|don'?t show|not show(ing)?)\b/i;
const SEND = /\b(send|put|list|sell|get|add|push|publish|set ?up|connect|start|show)\b.*\b(products?|items?|skus?|shop|store|catalog(ue)?|feed)\b|\b(feed (url|link|address)|url for the feed|link for (the|my) feed)\b/i;

/** Which platform the user names: its steps come first. */
const platformOf = (t: string): "GOOGLE" | "META" | undefined => (GOOGLE.test(t) ? "GOOGLE" : META.test(t) ? "META" : undefined);

const STEPS = {
  GOOGLE: (url: string) => `In Google Merchant Center, go to Products → Feeds, add a primary feed for your country, choose "Scheduled fetch", and paste ${url} as the file URL (daily is a good schedule).`,
  META: (url: string) => `In Meta Commerce Manager, open your catalog, go to Catalog → Data sources → Add items → Data feed, choose "Scheduled feed", and paste ${url}; then Instagram Shopping can tag those products.`,
};

function stepsFor(t: string, s: Status): string[] {
  if (!s.urls) return [];
  const p = platformOf(t);
  return p ? [STEPS[p](s.urls[p])] : [STEPS.GOOGLE(s.urls.GOOGLE), STEPS.META(s.urls.META)];
}

function problemLines(l: Listings): string[] {
  if (!l.list.length) return [];
  const lines = [`Left out of the feeds${l.total > l.list.length ? ` (the first ${l.list.length} of ${l.total})` : ""}:`, ...l.list.map((x) => `- ${x.title} (${x.sku}): ${x.problem}`)];
  lines.push("Tell me the missing details (\"the mug's price is $24\") or fill them in on the Google Shopping page, and they join the feeds at the next fetch.");
  return lines;
}

function pageOf(t: string): string {
  return platformOf(t) === "META" ? "/ecommerce-services/instagram" : "/ecommerce-services/google-shopping";
}

/** Reads the status, then the SKUs left out, then answers why the feed carries what it does. */
function whyStep(t: string, done: Parameters<Intent["step"]>[1]): Step {
  const status = got(done, "get_product_feed_status");
  if (!status) return call("get_product_feed_status", {});
  const s = status.value;
  const listed = got(done, "list_feed_listings");
  if (s.notReadyCount && !listed) return call("list_feed_listings", { filter: "NOT_READY", size: 10 });
  const lines = [s.summary];
  if (listed) lines.push(...problemLines(listed.value));
  if (!s.urls) lines.push(`No platform can fetch a feed yet: make its address on ${pageOf(t)} (or ask me to "set up the feed").`);
  else if (!s.lastFetchedAt) lines.push("The feed address was made but no platform has fetched it yet:", ...stepsFor(t, s));
  else lines.push(`The feed was last fetched on ${s.lastFetchedAt.slice(0, 10)}.`);
  return { answer: lines.join("\n") };
}

/** Makes the address when there is none, then says where to paste it. */
function sendStep(t: string, done: Parameters<Intent["step"]>[1]): Step {
  const made = got(done, "create_product_feed_url");
  const status = made ?? got(done, "get_product_feed_status");
  if (!status) return call("get_product_feed_status", {});
  const s = status.value;
  if (!s.urls) return call("create_product_feed_url", {});
  const lines = [made ? "I made your product feed's address." : "Your product feed is already set up.", ...stepsFor(t, s), s.summary];
  if (s.notReadyCount) lines.push(`Ask me "why isn't my feed working?" to see what the ${s.notReadyCount === 1 ? "SKU left out misses" : `${s.notReadyCount} SKUs left out miss`}.`);
  return { answer: lines.join("\n") };
}

const FEED_TOOLS = ["get_product_feed_status", "create_product_feed_url", "list_feed_listings", "update_feed_listing"];
/** After a feed answer, "what about google?" asks the same of the other platform. */
const afterFeeds = (history: Outcome[]) => FEED_TOOLS.includes([...history].reverse().find((o) => !o.error && !o.declined)?.name ?? "");
const OTHER_PLATFORM = /^(and |ok |so )?(what|how) about (on |for )?|^(and |ok )?(for|on) |^(and|now) /i;

export const PRODUCT_FEED_INTENTS: Intent[] = [
  {
    name: "product-feed-problems",
    tools: ["get_product_feed_status", "list_feed_listings"],
    examples: [
      "why isn't my google shopping feed working", "why arent my products on google shopping", "which products are missing from my feed", "what's wrong with my instagram catalog",
      "my merchant center feed has errors", "why is my product not showing on instagram", "is my google feed ok", "which skus are left out of the feed", "whats missing from my gogle shopping feed",
      "fix my product feed", "is my product feed working",
    ],
    match: (t) => FEED.test(t) && (GOOGLE.test(t) || META.test(t) || /\bfeeds?\b/i.test(t)) && (PROBLEM.test(t) || /\b(ok|working|status)\b/i.test(t)),
    step: (t, done) => whyStep(t, done),
  },
  {
    name: "send-products-to-feed",
    tools: ["get_product_feed_status", "create_product_feed_url"],
    examples: [
      "send my products to instagram", "put my products on google shopping", "set up google shopping", "sell my products on instagram", "list my items on google",
      "connect my catalog to facebook", "give me the feed url", "what's my product feed link", "how do i get my products on instgram", "set up my merchant center feed",
    ],
    match: (t) => (GOOGLE.test(t) || META.test(t) || /\bfeed\b/i.test(t)) && SEND.test(t) && !PROBLEM.test(t),
    step: (t, done) => sendStep(t, done),
  },
  {
    name: "product-feed-other-platform",
    tools: ["get_product_feed_status", "create_product_feed_url"],
    examples: ["what about google?", "and for instagram", "how about facebook", "and on google shopping?", "what about meta"],
    match: (t) => OTHER_PLATFORM.test(t.trim()) && platformOf(t) !== undefined && t.trim().split(/\s+/).length <= 6,
    applies: afterFeeds,
    step: (t, done) => sendStep(t, done),
  },
];
