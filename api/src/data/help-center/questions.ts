// The questions help articles answer, as visitors ask them: the storefront chatbot's starter chips
// and the first questions people type. Search matches a visitor's question against these (typos
// and all), as short questions share few distinctive words with an article's text.
export const ARTICLE_QUESTIONS: Record<string, string[]> = {
  "what-is-atelier": ["how do I get started", "how does Atelier work", "what is Atelier", "what can I do here", "where do I start", "getting started"],
  "create-your-account": ["how do I sign up", "how do I create an account"],
  "plans-overview": ["pricing", "prices", "plans and pricing", "what plans are there", "what are your pricing plans", "how much does it cost", "how much does it cost to start", "what does Atelier cost", "is there a free plan", "which plan is right for me", "how much is a subscription"],
  "order-samples": ["how do samples work", "how do I order a sample"],
  "fulfillment-fees": ["how much does fulfilment cost", "what is the fulfilment fee per order"],
  "connect-sales-channels": ["which sales channels can I sell on", "where can I sell my products", "can I sell on amazon", "can I sell on etsy", "do you integrate with shopify", "can I sell on tiktok shop", "which marketplaces can I list my products on"],
  "how-fulfillment-works": ["how does fulfilment work", "how do you ship my orders", "do you have a warehouse"],
  "returns": ["how do returns work", "can my customers return items", "what is the return policy"],
  "order-statuses": ["where is my package", "where is my order", "track my order", "why is my order on hold", "what does my order status mean"],
  "contact-support": ["how do I contact support", "talk to a human", "can I speak to someone", "how do I reach customer service", "I need help from a person", "is there a phone number or email", "contact the team"],
};
