import type { FeedPlatform } from "@atelier/contracts/product-feeds";

/** Each feed page: its platform and how to give it the feed, in the platform's own menu words. */
export const FEED_GUIDES: Record<FeedPlatform, { title: string; platform: string; steps: string[]; chatPrompt: string }> = {
  GOOGLE: {
    title: "Google Shopping",
    platform: "Google Merchant Center",
    steps: [
      "Sign in to Google Merchant Center (merchants.google.com) with the Google account of your shop.",
      "Open Products → Feeds and click the + button to add a primary feed; pick your country and language.",
      "Name the feed (for example Atelier) and choose “Scheduled fetch”.",
      "Paste the feed address above as the file URL, set the fetch to daily, and click Create feed.",
      "Merchant Center reads the feed at once and then every day: new prices, stock and products appear without another upload.",
    ],
    chatPrompt: "Why isn't my Google Shopping feed working?",
  },
  META: {
    title: "Instagram Shopping",
    platform: "Meta Commerce Manager",
    steps: [
      "Open Meta Commerce Manager (business.facebook.com/commerce) and pick the catalog your Instagram shop uses, or create one for e-commerce.",
      "Go to Catalog → Data sources and click Add items, then Data feed.",
      "Choose “Use a URL”, paste the feed address above, and set the schedule to daily.",
      "Once the catalog has items, Instagram's Shopping settings connect it to your account so you can tag products in posts.",
    ],
    chatPrompt: "Send my products to Instagram",
  },
};

/** The platform of each feed page's path. */
export const FEED_PLATFORM_OF_PATH: Record<string, FeedPlatform> = { "/ecommerce-services/google-shopping": "GOOGLE", "/ecommerce-services/instagram": "META" };
