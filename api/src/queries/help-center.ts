import type { Queryable } from "../db/pool";

export type HelpArticleRow = { slug: string; category: string; title: string; summary: string; body: string; keywords: string; updated_at: Date };

export async function lockHelpCenterSync(db: Queryable): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(74211009)");
}

export async function helpArticleHashes(db: Queryable): Promise<Map<string, string>> {
  const { rows } = await db.query<{ slug: string; content_hash: string }>("SELECT slug, content_hash FROM help_center_articles");
  return new Map(rows.map((r) => [r.slug, r.content_hash]));
}

export type HelpArticleUpsert = { slug: string; category: string; title: string; summary: string; body: string; keywords: string; questions: string[]; position: number; contentHash: string; embedding: string };

export async function upsertHelpArticles(db: Queryable, articles: HelpArticleUpsert[]): Promise<void> {
  if (!articles.length) return;
  await db.query(
    `INSERT INTO help_center_articles (slug, category, title, summary, body, keywords, questions, position, content_hash, embedding)
     SELECT x.slug, x.category, x.title, x.summary, x.body, x.keywords, ARRAY(SELECT jsonb_array_elements_text(x.questions)), x.position, x.content_hash, x.embedding::vector
       FROM jsonb_to_recordset($1::jsonb) AS x(slug text, category text, title text, summary text, body text, keywords text, questions jsonb, position int, content_hash text, embedding text)
     ON CONFLICT (slug) DO UPDATE SET category = EXCLUDED.category, title = EXCLUDED.title, summary = EXCLUDED.summary, body = EXCLUDED.body,
       keywords = EXCLUDED.keywords, questions = EXCLUDED.questions, position = EXCLUDED.position, content_hash = EXCLUDED.content_hash, embedding = EXCLUDED.embedding, updated_at = now()`,
    [JSON.stringify(articles.map((a) => ({ ...a, content_hash: a.contentHash })))],
  );
}

export async function setHelpArticlePositions(db: Queryable, slugs: string[]): Promise<void> {
  await db.query("UPDATE help_center_articles a SET position = x.i FROM unnest($1::text[]) WITH ORDINALITY AS x(slug, i) WHERE a.slug = x.slug AND a.position <> x.i", [slugs]);
}

export async function deleteHelpArticlesExcept(db: Queryable, slugs: string[]): Promise<void> {
  await db.query("DELETE FROM help_center_articles WHERE NOT (slug = ANY($1::text[]))", [slugs]);
}

export type HelpSearchRow = HelpArticleRow & { score: number };

/**
 * Articles ranked by a blend: cosine similarity of embeddings (meaning), full-text rank over
 * title, keywords, summary and body (exact words, stemmed, with the question's synonyms), trigram
 * similarity of the title (spelling variants such as fulfilment/fulfillment); or, when higher, how
 * closely the question matches one the article answers (a visitor's short question, typos and
 * all, shares few distinctive words with the article's text). An article needs a word in common with the question, a clearly
 * similar meaning (the offline embedder scores unrelated texts up to ~0.3) or a close question.
 */
export async function searchHelpArticles(db: Queryable, q: { text: string; words: string[]; vector: string | null; category?: string; limit: number }): Promise<HelpSearchRow[]> {
  const { rows } = await db.query<HelpSearchRow>(
    `WITH q AS (SELECT to_tsquery('english', $2) AS ts), scored AS (
       SELECT a.slug, a.category, a.title, a.summary, a.body, a.keywords, a.updated_at,
              meaning_similarity(a.embedding, $3::vector) AS semantic,
              ts_rank_cd(a.search_document, q.ts, 32) AS keyword,
              word_similarity($1, a.title) AS title_sim,
              (SELECT coalesce(max(similarity($1, lower(question))), 0) FROM unnest(a.questions) AS question) AS question_sim,
              a.search_document @@ q.ts AS has_word
         FROM help_center_articles a, q
        WHERE $4::text IS NULL OR a.category = $4
     )
     SELECT slug, category, title, summary, body, keywords, updated_at,
            round(greatest(0.45 * semantic + 0.45 * (keyword * 4 / (1 + keyword * 4)) + 0.10 * title_sim, 0.9 * question_sim)::numeric, 4)::float8 AS score
       FROM scored
      WHERE has_word OR semantic > 0.4 OR question_sim >= 0.45
      ORDER BY score DESC, slug
      LIMIT $5`,
    [q.text.toLowerCase(), q.words.join(" | "), q.vector, q.category ?? null, q.limit],
  );
  return rows;
}

export async function findHelpArticle(db: Queryable, slug: string): Promise<HelpArticleRow | null> {
  const { rows } = await db.query<HelpArticleRow>("SELECT slug, category, title, summary, body, keywords, updated_at FROM help_center_articles WHERE slug = $1", [slug]);
  return rows[0] ?? null;
}

export async function listHelpArticles(db: Queryable, category: string | undefined): Promise<HelpArticleRow[]> {
  const { rows } = await db.query<HelpArticleRow>(
    "SELECT slug, category, title, summary, body, keywords, updated_at FROM help_center_articles WHERE $1::text IS NULL OR category = $1 ORDER BY position, slug",
    [category ?? null],
  );
  return rows;
}

export type FeedbackRow = { id: string; thread_id: string; message_id: string; rating: "up" | "down"; comment: string | null; updated_at: Date };

/** One rating per message: rating it again replaces the earlier rating. */
export async function upsertChatbotFeedback(
  db: Queryable,
  f: { threadId: string; messageId: string; rating: string; comment: string | null; storeId: string | null; userId: string | null; anonymousId: string | null },
): Promise<FeedbackRow> {
  const { rows } = await db.query<FeedbackRow>(
    `INSERT INTO chatbot_feedback (thread_id, message_id, rating, comment, store_id, user_id, anonymous_id) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (thread_id, message_id) DO UPDATE SET rating = EXCLUDED.rating, comment = EXCLUDED.comment, store_id = EXCLUDED.store_id,
       user_id = EXCLUDED.user_id, anonymous_id = EXCLUDED.anonymous_id, updated_at = now()
     RETURNING id, thread_id, message_id, rating, comment, updated_at`,
    [f.threadId, f.messageId, f.rating, f.comment, f.storeId, f.userId, f.anonymousId],
  );
  return rows[0]!;
}
