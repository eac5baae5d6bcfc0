import type { HelpArticleRow } from "../../queries/help-center";

type Category = "getting-started" | "pricing" | "sales-channels" | "fulfillment" | "support";

export function toArticleSummary(r: HelpArticleRow) {
  return { slug: r.slug, category: r.category as Category, title: r.title, summary: r.summary };
}

export function toArticle(r: HelpArticleRow) {
  return { ...toArticleSummary(r), body: r.body, keywords: r.keywords.split(",").map((k) => k.trim()).filter(Boolean), updatedAt: r.updated_at.toISOString() };
}
