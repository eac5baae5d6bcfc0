// The storefront chatbot's help centre (000 §1: getting started, pricing, sales channels,
// fulfilment, support). Figures come from the product's constants (BUSINESS_SETTINGS, plan
// names, credit tiers), so an article cannot quote a fee the product no longer charges.
import { AI_CREDIT_TIERS, PLAN_NAMES, PROMOTION_CODES, TEAM_SEATS, commons, helpCenter } from "@atelier/contracts";

export type HelpArticle = {
  slug: string;
  category: "getting-started" | "pricing" | "sales-channels" | "fulfillment" | "support";
  title: string;
  summary: string;
  body: string;
  keywords: string[];
};

const fees = commons.BUSINESS_SETTINGS.fees;
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const list = (items: readonly (string | number)[]) => items.map(String).join(", ");
const { Free, Beginner, Scaling, Professional } = { Free: PLAN_NAMES.TIER_1, Beginner: PLAN_NAMES.TIER_2, Scaling: PLAN_NAMES.TIER_2_5, Professional: PLAN_NAMES.TIER_3 };
const SUPPLIER_COUNT = "1200+";
const rewards = commons.BUSINESS_SETTINGS.rewards;
const pulse = commons.BUSINESS_SETTINGS.limits.pulseContentPieces;

export const HELP_ARTICLES: HelpArticle[] = [
  // --- Getting started -------------------------------------------------------------------------
  {
    slug: "what-is-atelier",
    category: "getting-started",
    title: "What is Atelier?",
    summary: "One place to design products, source them from vetted factories, store and ship orders, run a storefront and market it, with AI agents.",
    body: `Atelier is a brand-building platform for creators and small businesses. To get started, sign up for free (every account starts on the ${Free} plan) and tell us what you want to make. You can design products (including AI design tools), source them from a vetted marketplace of ${SUPPLIER_COUNT} suppliers and manufacturers, have us store and fulfil your orders, run your storefront, market it with email and SMS campaigns, and analyse the results. AI agents help at every step: the sourcing agent contacts factories for you, the tariff agent estimates import duties, and the copilot answers questions about your store.`,
    keywords: ["about", "overview", "platform", "what can I do", "how it works"],
  },
  {
    slug: "create-your-account",
    category: "getting-started",
    title: "Create your account",
    summary: "Sign up with your email or Google, tell us whether you are a creator or a small business, and choose how you like to work.",
    body: `Sign up with an email and password, or with Google. During sign-up you tell us whether you are a creator, a small business (SMB) or still deciding, and whether you want to work with AI assistants or use the tools yourself; you can change both later. Every account starts on the ${Free} plan, so you can browse suppliers, build a business kit and try the AI agents before you pay anything.`,
    keywords: ["sign up", "register", "signup", "new account", "google login", "creator", "small business"],
  },
  {
    slug: "plans-overview",
    category: "pricing",
    title: "Plans: Free, Beginner, Scaling and Professional",
    summary: `Four plans: ${Free}, ${Beginner}, ${Scaling} and ${Professional}. ${Free} upgrades to ${Beginner}; ${Beginner} and ${Scaling} upgrade to ${Professional}.`,
    body: `Atelier has four plans. ${Free} lets you explore: browse the supplier marketplace, create business kits and try the agents. ${Beginner} adds the tools to launch your first products. ${Scaling} is for growing stores. ${Professional} is for established brands: it includes ${TEAM_SEATS.TIER_3} additional team accounts, the lowest fulfilment fee (${usd(fees.fulfillmentPerOrderProfessionalCents)} per order instead of ${usd(fees.fulfillmentPerOrderCents)}) and the largest content allowance. From ${Free} you upgrade to ${Beginner}; from ${Beginner} or ${Scaling} you upgrade to ${Professional}. Manage your plan under Account info.`,
    keywords: ["plans", "which plan", "what plans do you have", "plan comparison", "pricing", "subscription", "tiers", "upgrade", "free plan", "beginner", "scaling", "professional", "how much does it cost"],
  },
  {
    slug: "find-suppliers",
    category: "getting-started",
    title: "Find suppliers in the marketplace",
    summary: `Browse ${SUPPLIER_COUNT} vetted suppliers by category, country and region, and filter by sample price, MOQ, reviews and production time.`,
    body: `The sourcing marketplace lists ${SUPPLIER_COUNT} vetted suppliers and manufacturers across products, ecommerce packaging, business and creative services, and website development. Search by keyword or image, then filter by sample price ($5-$50, $50-$100, $100+ or custom quote), minimum order quantity (0-100, 100-1000, 1000+ or custom quote), average review, production time (under 1 month up to 3 months or more), order volume and supplier size. You can also filter by country (China, United States, Italy, Vietnam, India) and region. Save suppliers to My Favorites and message them from the Inbox.`,
    keywords: ["suppliers", "manufacturers", "factories", "marketplace", "browse suppliers", "moq", "minimum order quantity", "search suppliers", "how many suppliers"],
  },
  {
    slug: "sourcing-agent",
    category: "getting-started",
    title: "Let the AI sourcing agent contact factories for you",
    summary: "Describe your product; the agent writes a tech pack, matches factories and, with your approval, sends them your request for quote.",
    body: `The sourcing agent works in three variants: design sourcing (the default), tariff rate and packaging. Tell it what you want to make, how many units, your target price, your date and where the goods ship. It checks that a factory has what it needs to quote, writes a tech pack (materials, colours, sizes, quantities, packaging, print details), and matches factories by their capabilities: vetted in-network suppliers and an expanded network outside the platform. Nothing is sent until you approve. You can also have the factories' contact details emailed to you, or send the request from your own email address.`,
    keywords: ["ai agent", "sourcing agent", "tech pack", "request for quote", "rfq", "match factories", "find a manufacturer"],
  },
  {
    slug: "custom-project-requests",
    category: "getting-started",
    title: "Request a custom project (RFP)",
    summary: "Post a custom project to get quotes: give a title, packaging material, print details, quantity and a target completion date.",
    body: "A custom project (also called an RFP) asks suppliers to quote on something that is not in the catalogue. Give it a clear title, the packaging material you want, print details (printing both inside and outside the packaging costs more than one side), the quantity (more units lower the cost per unit) and your target completion date. Suppliers answer in Inbox > Custom Project Requests.",
    keywords: ["custom project", "rfp", "quote", "custom packaging", "request quote", "custom product"],
  },
  {
    slug: "order-samples",
    category: "getting-started",
    title: "Order samples before production",
    summary: "Order a sample from a supplier's catalogue item to check quality before a production run. Sample orders are non-refundable once paid.",
    body: "Before a production run, order a sample from the supplier's catalogue item or profile. Sample prices are shown on each supplier (or marked custom quote). Pay for the sample in your cart; you can follow it under Inbox > Orders & Shipments. Sample orders are non-refundable once paid, because the supplier starts making your sample as soon as the payment arrives.",
    keywords: ["samples", "sample order", "order a sample", "sample price", "sample refund"],
  },
  {
    slug: "business-kits",
    category: "getting-started",
    title: "Build a business kit with AI",
    summary: "Generate a brand idea, audience, mood board, market research and product ideas, then share the kit or download it as a PDF.",
    body: "A business kit (brand kit) turns your category and product description into a brand: brand ideas (name, slogan, mission, 3 value props, a 4-colour palette and 4 images), a mood board of 8 images, market research and product ideas with suggested retail prices. Edit any part, share a public link, or download the kit as a PDF. Four example kits show what a finished kit looks like: coffee and tea, activewear, sauces and spices, and men's apparel.",
    keywords: ["brand kit", "business kit", "brand idea", "mood board", "market research", "product ideas", "branding"],
  },
  {
    slug: "team-members",
    category: "getting-started",
    title: "Invite your team",
    summary: `Invite team members by email with a role. ${Professional} includes ${TEAM_SEATS.TIER_3} additional team accounts.`,
    body: `Invite teammates by email and give each a role: Owner (money and the team), Admin (runs the store) or CX (customer experience: orders, returns and the inbox). An invite stays pending until it is accepted and can be cancelled. The ${Professional} plan includes ${TEAM_SEATS.TIER_3} additional team accounts.`,
    keywords: ["team", "invite", "roles", "staff", "team member", "seats", "permissions"],
  },
  {
    slug: "preview-mode",
    category: "support",
    title: "Why does it say \"Preview mode can't take this action\"?",
    summary: "Preview accounts can look around but not change anything: returns, discount codes, subscribers and marketing assets are blocked.",
    body: "A preview account lets you explore Atelier with real screens but without changing anything. Every action that would change data answers \"Preview mode can't take this action.\" Manage Returns, Discount codes, Subscribers and Marketing assets are blocked in preview. Create your own account to take actions.",
    keywords: ["preview", "preview mode", "demo account", "can't take this action", "blocked"],
  },

  // --- Pricing ---------------------------------------------------------------------------------
  {
    slug: "fulfillment-fees",
    category: "pricing",
    title: "How much does fulfilment cost?",
    summary: `Fulfilment costs ${usd(fees.fulfillmentPerOrderCents)} per order, or ${usd(fees.fulfillmentPerOrderProfessionalCents)} per order on the ${Professional} plan.`,
    body: `When we pick, pack and ship an order from our fulfilment centre, the fulfilment fee is ${usd(fees.fulfillmentPerOrderCents)} per order. On the ${Professional} plan it is ${usd(fees.fulfillmentPerOrderProfessionalCents)} per order. Storage is separate: ${usd(fees.storagePerBinPerSkuCents)} per bin per SKU, secured for ${fees.storageSecuredMonths} months. Postage depends on the parcel and the carrier and is shown before you buy a label.`,
    keywords: ["fulfilment cost", "fulfillment cost", "fulfilment fee", "fulfillment fee", "fulfilment price", "fulfillment pricing", "pick and pack", "per order fee", "how much does fulfilment cost", "shipping fee"],
  },
  {
    slug: "storage-fees",
    category: "pricing",
    title: "Storage fees",
    summary: `Storage costs ${usd(fees.storagePerBinPerSkuCents)} per bin per SKU, secured for ${fees.storageSecuredMonths} months.`,
    body: `Inventory you send to our fulfilment centre is stored in bins. Storage costs ${usd(fees.storagePerBinPerSkuCents)} per bin per SKU, and that secures the bin for ${fees.storageSecuredMonths} months. Each SKU (each size and colour) takes its own bin.`,
    keywords: ["storage", "storage fee", "warehouse", "bin", "inventory storage", "warehousing cost"],
  },
  {
    slug: "payment-processing-fees",
    category: "pricing",
    title: "Storefront payment processing",
    summary: `Payments taken through your Atelier storefront cost ${fees.storefrontPaymentProcessingPercent}% per transaction.`,
    body: `When customers pay through your Atelier storefront, payment processing costs ${fees.storefrontPaymentProcessingPercent}% of the amount. Payouts go to the bank account in your store settings.`,
    keywords: ["payment processing", "transaction fee", "card fees", "storefront fees", "checkout fee", "payout"],
  },
  {
    slug: "sales-channel-fees",
    category: "pricing",
    title: "Sales channel fees",
    summary: `Listing products on sales channels is free (${usd(fees.salesChannelListingFeeCents)} listing fee); a ${fees.salesChannelProductFeePercent}% product fee applies to sales.`,
    body: `Connecting a sales channel and listing your products costs ${usd(fees.salesChannelListingFeeCents)}. When a product sells through a connected channel, a ${fees.salesChannelProductFeePercent}% product fee applies.`,
    keywords: ["sales channel fee", "listing fee", "product fee", "marketplace fee", "channel pricing"],
  },
  {
    slug: "sms-pricing",
    category: "pricing",
    title: "SMS marketing pricing",
    summary: `Texts cost ${usd(fees.smsPerTextCents)} per SMS and ${usd(fees.mmsPerMessageCents)} per MMS, with ${fees.smsTextsPerMonth} texts per month.`,
    body: `Text your fans from Atelier: each SMS costs ${usd(fees.smsPerTextCents)} and each MMS (with an image) ${usd(fees.mmsPerMessageCents)}. Plans include ${fees.smsTextsPerMonth} texts per month. Start a campaign under Text fans.`,
    keywords: ["sms", "text messages", "mms", "sms pricing", "text fans", "sms cost"],
  },
  {
    slug: "visitor-id-pricing",
    category: "pricing",
    title: "Visitor identification pricing",
    summary: `Visitor ID identifies anonymous store visitors by email, from ${usd(fees.visitorIdFromPerEmailCents)} per email.`,
    body: `Visitor identification finds the email addresses of visitors who browse your store without signing up, so you can follow up. It costs from ${usd(fees.visitorIdFromPerEmailCents)} per identified email.`,
    keywords: ["visitor id", "visitor identification", "identify visitors", "email capture pricing"],
  },
  {
    slug: "ai-credits",
    category: "pricing",
    title: "AI credits",
    summary: `AI design tools use credits. Beginner tiers: ${list(AI_CREDIT_TIERS.BEGINNER)}; Professional tiers: ${list(AI_CREDIT_TIERS.PROFESSIONAL)}.`,
    body: `AI design tools (product concepts, image generation) use AI credits. Credit bundles come in tiers. Beginner: ${list(AI_CREDIT_TIERS.BEGINNER)} credits (${AI_CREDIT_TIERS.BEGINNER[0]} by default). Professional: ${list(AI_CREDIT_TIERS.PROFESSIONAL)} credits (${AI_CREDIT_TIERS.PROFESSIONAL[0]} by default). Bundles on offer: ${list(commons.BUSINESS_SETTINGS.bundles)}.`,
    keywords: ["ai credits", "credits", "image generation", "design credits", "credit bundle"],
  },
  {
    slug: "pulse-content-limits",
    category: "pricing",
    title: "Pulse content allowance",
    summary: `Pulse includes ${pulse.beginner} pieces of content on ${Beginner} and ${pulse.professional} on ${Professional}.`,
    body: `Pulse tracks social content about your brand and market. ${Beginner} includes ${pulse.beginner} content pieces; ${Professional} includes ${pulse.professional}.`,
    keywords: ["pulse", "content limit", "social monitoring", "content pieces"],
  },
  {
    slug: "rewards-program",
    category: "pricing",
    title: "Rewards",
    summary: `Earn sign-up rewards of $${list(rewards.signupAmountsUsd)} and ${rewards.cashBackPercent}% cash back.`,
    body: `Rewards give you credit as you build: sign-up rewards of $${rewards.signupAmountsUsd.join(", $")}, and ${rewards.cashBackPercent}% cash back on purchases. See them under Home > Rewards.`,
    keywords: ["rewards", "cash back", "cashback", "bonus", "sign-up reward"],
  },
  {
    slug: "promotion-codes",
    category: "pricing",
    title: "Promotion codes",
    summary: `Use ${PROMOTION_CODES.PRODUCTS10} on products and ${PROMOTION_CODES.DESIGN50} on design.`,
    body: `Enter a promotion code at checkout. ${PROMOTION_CODES.PRODUCTS10} is the discount code for products and ${PROMOTION_CODES.DESIGN50} the code for design; checkout shows what the code takes off before you pay.`,
    keywords: ["promo code", "discount code", "coupon", "PRODUCTS10", "DESIGN50"],
  },
  {
    slug: "pause-or-cancel-plan",
    category: "pricing",
    title: "Pause or cancel your plan",
    summary: "Pause your subscription and resume later, or cancel it, from Account info > Manage plan.",
    body: "Open Account info > Manage plan to pause, cancel or upgrade. A paused plan keeps your store and data and resumes on the date you choose; while paused, invoices are kept as drafts, marked uncollectible or voided. Before you cancel we ask a few questions (why, how likely you are to recommend us, whether you'd like a call) and may offer a discount to stay.",
    keywords: ["cancel", "pause", "cancel subscription", "downgrade", "resume", "billing"],
  },

  // --- Sales channels --------------------------------------------------------------------------
  {
    slug: "connect-sales-channels",
    category: "sales-channels",
    title: "Connect sales channels",
    summary: "Sell through your store platform, your own shop, Instagram, wholesale, marketplaces, Google Shopping and TikTok Shop.",
    body: `Under Ecommerce services, connect the channels you sell on: your store platform (Shopify), your own shop, Instagram, wholesale, a marketplace, Google Shopping and TikTok Shop. Orders from every channel arrive in Orders and are fulfilled from your inventory with us. Listing costs ${usd(fees.salesChannelListingFeeCents)}; a ${fees.salesChannelProductFeePercent}% product fee applies to sales.`,
    keywords: ["sales channels", "shopify", "instagram", "tiktok shop", "google shopping", "marketplace", "connect store", "sell online"],
  },
  {
    slug: "storefront-setup",
    category: "sales-channels",
    title: "Set up your storefront",
    summary: "Manage shop: profile, products, coming-soon page, discount codes, subscribers, marketing assets, wholesale and print on demand.",
    body: "Manage shop is your storefront's home. Fill in the profile (title, logo, description, contact and social links), add products, publish a coming-soon page to collect emails before launch, create discount codes, see your subscribers, download marketing assets, set up private wholesale and add print-on-demand products.",
    keywords: ["storefront", "store setup", "manage shop", "coming soon page", "shop profile", "launch store"],
  },
  {
    slug: "print-on-demand",
    category: "sales-channels",
    title: "Print on demand",
    summary: "Add print-on-demand products from the catalogue with your designs and custom packaging; they are made only when ordered.",
    body: "Browse the print-on-demand catalogue, put your design on a product and add it to your store. Each item is made and shipped only when a customer orders it, so you hold no inventory. Custom packaging is available.",
    keywords: ["print on demand", "pod", "printful", "no inventory", "custom merch"],
  },
  {
    slug: "email-and-sms-marketing",
    category: "sales-channels",
    title: "Email and SMS marketing",
    summary: "Capture emails, send email and SMS campaigns to your fans, and run affiliate marketing and influencer seeding.",
    body: `Grow your audience with email capture and the coming-soon page, then send email campaigns (Email fans) and SMS campaigns (Text fans: ${usd(fees.smsPerTextCents)} per SMS, ${usd(fees.mmsPerMessageCents)} per MMS, ${fees.smsTextsPerMonth} texts per month). Affiliate marketing pays creators a commission (20% by default), and AI influencer seeding finds influencers to send your product to.`,
    keywords: ["marketing", "email campaign", "sms campaign", "affiliate", "influencer", "email capture", "subscribers"],
  },
  {
    slug: "wholesale-orders",
    category: "sales-channels",
    title: "Wholesale and retail orders",
    summary: "Enter wholesale and retail orders by hand, with packing requirements and attachments such as packing slips.",
    body: "Sell to shops with wholesale: create a manual wholesale or retail order in Orders, add the retailer's requirements (labels, packing slips, routing guides) as attachments, and we fulfil it with your other orders. Retail outreach helps you find stores to pitch.",
    keywords: ["wholesale", "retail", "b2b", "manual order", "packing slip", "retailer"],
  },

  // --- Fulfilment ------------------------------------------------------------------------------
  {
    slug: "how-fulfillment-works",
    category: "fulfillment",
    title: "How fulfilment works",
    summary: "Send inventory to our fulfilment centre; we store it, then pick, pack and ship every order from all your channels.",
    body: `1. Create a receiving and ship your inventory to the fulfilment centre. 2. We count it in and store it (${usd(fees.storagePerBinPerSkuCents)} per bin per SKU for ${fees.storageSecuredMonths} months). 3. Orders from your channels arrive in Orders. 4. We pick, pack and ship each order (${usd(fees.fulfillmentPerOrderCents)} per order, ${usd(fees.fulfillmentPerOrderProfessionalCents)} on ${Professional}). Fulfilment rules, kitting, quality checks, pre-sale and freight booking are on the Fulfilment home page.`,
    keywords: ["fulfilment", "fulfillment", "warehouse", "3pl", "ship orders", "how does fulfilment work", "pick pack ship"],
  },
  {
    slug: "send-inventory-receivings",
    category: "fulfillment",
    title: "Send inventory to the fulfilment centre (receivings)",
    summary: "Create a receiving, list what you send, ship it, and follow it from not yet shipped to received.",
    body: "Go to Receivings > New, list the SKUs and quantities you are sending, and ship the boxes with the receiving number on them. A receiving moves from not yet shipped, to in queue, to received; partial receivings show what has arrived so far. Inventory appears in Products once counted.",
    keywords: ["receiving", "send inventory", "inbound", "ship to warehouse", "stock"],
  },
  {
    slug: "returns",
    category: "fulfillment",
    title: "Returns and refunds",
    summary: "Set your return rules; returns move from created to shipping to received (refunded) or cancelled.",
    body: "In Manage Returns choose how refunds are paid (automatically, manually or as store credit), whether the return is free or the fee is deducted from the refund, and where refunds go (original payment or store credit). A return is created by the customer, shipping while on its way, complete once received and refunded, or cancelled with a reason and no refund.",
    keywords: ["returns", "refund", "exchange", "return policy", "store credit", "return fee"],
  },
  {
    slug: "shipping-labels",
    category: "fulfillment",
    title: "Create shipping labels",
    summary: "Buy a label for any parcel: enter the addresses and the parcel's weight and size (lb and in by default).",
    body: "Create a standalone shipping label from the Fulfilment home page: enter the from and to addresses, the parcel weight and dimensions (pounds and inches by default; grams are converted by dividing by 453.59237) and compare rates before you buy. Your label history keeps every label.",
    keywords: ["shipping label", "postage", "label", "ship a parcel", "carrier rates"],
  },
  {
    slug: "order-statuses",
    category: "fulfillment",
    title: "Order statuses",
    summary: "Orders are outstanding, processing, on hold or fulfilled; each can be partly fulfilled or cancelled.",
    body: "Filter orders by All, Outstanding, Processing, Fulfilled, Canceled, On hold or Returns. An order is outstanding until we start it, processing while we pick and pack, and fulfilled once shipped. On hold orders wait for you (for example a missing address). Orders can be partly fulfilled or partly cancelled.",
    keywords: ["order status", "on hold", "outstanding", "processing", "fulfilled", "track order", "where is my order"],
  },
  {
    slug: "tariffs-and-duties",
    category: "fulfillment",
    title: "Import tariffs and landed cost",
    summary: "The tariff agent estimates the duty and landed cost per unit of a product from its origin country, with the rates' as-of date.",
    body: "Ask the tariff-rate agent for a product, its origin country, the destination (United States by default), the price per unit and your MOQ. It finds the HTS code and gives the general duty rate, any additional duty for that origin (such as Section 301 duties on goods from China), the duty per unit and the landed cost per unit (price + duty + estimated freight). Rates always come with their source and as-of date; confirm with a customs broker before you commit.",
    keywords: ["tariff", "duty", "customs", "import tax", "landed cost", "hts code", "section 301"],
  },

  // --- Support ---------------------------------------------------------------------------------
  {
    slug: "contact-support",
    category: "support",
    title: "Contact support: write to a person",
    summary: "Write to our team from the chat window's \"Write to our team\" form; a person replies by e-mail within a day. For an order, open a ticket from the order.",
    body: `To reach a person, open the chat window on any page and choose "Write to our team": leave your e-mail address and your question, and ${helpCenter.SUPPORT_TEAM.name} replies to that address within ${helpCenter.SUPPORT_TEAM.replyWithinHours} hours. For an order, open a ticket from the order and pick its type: return or exchange, missing or wrong items, lost or delayed, broken, cancellation and refund, release a hold, a wholesale packing slip, or wholesale order requirements; the team answers in your Inbox.`,
    keywords: ["support", "help", "contact", "ticket", "customer service", "human", "person", "email us", "lost parcel", "broken item", "missing item"],
  },
  {
    slug: "sample-order-refunds",
    category: "support",
    title: "Can I get a refund on a sample order?",
    summary: "No: sample orders are non-refundable once paid, because production starts when you pay.",
    body: "Sample orders are non-refundable once paid: the supplier starts making your sample as soon as the payment arrives. If a sample arrives broken or is not what was agreed, open a support ticket from the order and we will work it out with the supplier.",
    keywords: ["sample refund", "refund sample", "non-refundable", "cancel sample"],
  },
  {
    slug: "session-expired",
    category: "support",
    title: "\"Your session has expired\"",
    summary: "For your security sessions expire; log in again and you return to the page you were on.",
    body: "Sessions expire after a while for your security. When that happens you see \"Your session has expired - please log in again.\" and go to the login page; after logging in you return where you were. If you keep seeing \"This account doesn't have the permission to view this page\", ask your store owner for the right role.",
    keywords: ["session expired", "logged out", "login", "permission", "can't log in"],
  },
];
