import { z } from "zod";
import { defineContract } from "./contract";
import { emailSchema } from "./domain";
import { searchNoticeSchema } from "./search-notice";

// The help centre and chatbot feedback (the storefront chatbot, 000 §1).

export const HELP_CENTER_CATEGORIES = ["getting-started", "pricing", "sales-channels", "fulfillment", "support"] as const;
export const helpCenterCategorySchema = z.enum(HELP_CENTER_CATEGORIES);

export const helpArticleSummarySchema = z.object({ slug: z.string(), category: helpCenterCategorySchema, title: z.string(), summary: z.string() });
export const helpArticleSchema = helpArticleSummarySchema.extend({ body: z.string(), keywords: z.array(z.string()), updatedAt: z.string() });

/** Ranked help-centre articles for a question. */
export const searchHelpCenter = defineContract({
  id: "searchHelpCenter",
  method: "GET",
  path: "/commons/help-center/search",
  summary: "Searches the help centre (getting started, pricing, sales channels, fulfilment, support) for a question: semantic and keyword match blended; best first, with a score.",
  tags: ["help-center"],
  access: "public",
  query: z.strictObject({
    q: z.string().trim().min(2, "must be at least 2 characters").max(500, "must be at most 500 characters"),
    category: helpCenterCategorySchema.optional(),
    limit: z.coerce.number().int().min(1, "must be at least 1").max(20, "must be at most 20").default(5),
  }),
  response: z.object({ q: z.string(), list: z.array(helpArticleSummarySchema.extend({ score: z.number(), body: z.string() })), notice: searchNoticeSchema }),
});

/** The help centre's articles by category. */
export const listHelpCenterArticles = defineContract({
  id: "listHelpCenterArticles",
  method: "GET",
  path: "/commons/help-center/articles",
  summary: "Every help-centre article (title and summary), in reading order, optionally of one category.",
  tags: ["help-center"],
  access: "public",
  query: z.strictObject({ category: helpCenterCategorySchema.optional() }),
  response: z.object({ list: z.array(helpArticleSummarySchema) }),
});

/** One help-centre article. */
export const getHelpCenterArticle = defineContract({
  id: "getHelpCenterArticle",
  method: "GET",
  path: "/commons/help-center/articles/:slug",
  summary: "One help-centre article in full.",
  tags: ["help-center"],
  access: "public",
  params: z.strictObject({ slug: z.string().trim().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be an article slug like fulfillment-fees").max(120) }),
  response: helpArticleSchema,
});

/** Thumbs up or down on one chatbot answer. */
export const submitChatbotFeedback = defineContract({
  id: "submitChatbotFeedback",
  method: "POST",
  path: "/commons/chatbot-feedback",
  summary: "Records a visitor's rating (up or down, optional comment) of one chatbot message; rating the same message again replaces the earlier rating.",
  tags: ["help-center"],
  access: "optional",
  previewAllowed: true,
  noToolReason: "The thumbs under a chatbot answer are the visitor's own click; an agent never rates its own answers.",
  body: z.strictObject({
    threadId: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters"),
    messageId: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters"),
    rating: z.enum(["up", "down"]),
    comment: z.string().trim().max(2000, "must be at most 2000 characters").optional(),
    anonymousId: z.string().trim().min(1).max(200, "must be at most 200 characters").optional(),
  }),
  response: z.object({ id: z.string(), threadId: z.string(), messageId: z.string(), rating: z.enum(["up", "down"]), comment: z.string().nullable(), updatedAt: z.string() }),
});

/** Who answers a support request, in words, and how soon: the form and the chatbot say both. */
export const SUPPORT_TEAM = { name: "the Atelier support team", replyWithinHours: 24, requestsPerEmailPerHour: 5 } as const;

/** The help centre's human channel: a visitor's or store's question mailed to the support team. */
export const createSupportRequest = defineContract({
  id: "createSupportRequest",
  method: "POST",
  path: "/commons/support-requests",
  summary: "Sends a question to the Atelier support team (the chatbot's 'Write to our team' form); a person replies to the given e-mail address. At most five per address an hour.",
  tags: ["help-center"],
  access: "optional",
  previewAllowed: true,
  noToolReason: "The visitor writes and sends it in the chatbot's form, where they see who receives it; the chatbot tells them where the form is.",
  body: z.strictObject({
    email: emailSchema,
    name: z.string().trim().max(120, "must be at most 120 characters").optional(),
    message: z.string().trim().min(10, "must say a little more (at least 10 characters)").max(4000, "must be at most 4000 characters"),
    threadId: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").optional(),
    anonymousId: z.string().trim().min(1).max(200, "must be at most 200 characters").optional(),
  }),
  response: z.object({ id: z.string(), email: z.string(), to: z.string().describe("Who receives it, in words"), replyWithinHours: z.number() }),
});
