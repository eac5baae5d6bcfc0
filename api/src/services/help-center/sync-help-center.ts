import crypto from "node:crypto";
import type pg from "pg";
import { HELP_ARTICLES } from "../../data/help-center/articles";
import { ARTICLE_QUESTIONS } from "../../data/help-center/questions";
import { withTransaction } from "../../db/pool";
import { EmbeddingsUnavailable, toVectorLiteral, type EmbeddingProvider } from "../../embeddings";
import { deleteHelpArticlesExcept, helpArticleHashes, lockHelpCenterSync, setHelpArticlePositions, upsertHelpArticles } from "../../queries/help-center";

/** The text an article is embedded from: what it is about, in the words a visitor would use. */
export function articleEmbeddingText(a: (typeof HELP_ARTICLES)[number]): string {
  return [a.title, a.summary, a.keywords.join(". "), a.body].join("\n");
}

/**
 * Makes the table match the shipped articles: changed ones (by content hash) are re-embedded and
 * written, removed ones deleted. Runs once per process, under a lock, at the first help-centre call.
 */
export async function syncHelpCenter(pool: pg.Pool, embeddings: EmbeddingProvider): Promise<void> {
  const hashed = HELP_ARTICLES.map((a) => ({ article: a, questions: ARTICLE_QUESTIONS[a.slug] ?? [] }))
    .map(({ article, questions }) => ({ article, questions, hash: crypto.createHash("sha256").update(JSON.stringify({ ...article, questions })).digest("hex") }));
  const existing = await helpArticleHashes(pool);
  const changed = hashed.filter(({ article, hash }) => existing.get(article.slug) !== hash);
  if (!changed.length && existing.size === hashed.length) return;
  // Embeddings are computed before the transaction: nothing slow runs while it is open.
  const vectors = changed.length ? await embeddings.embed(changed.map(({ article }) => articleEmbeddingText(article))) : [];
  const rows = changed.map(({ article, questions, hash }, i) => ({
    slug: article.slug,
    category: article.category,
    title: article.title,
    summary: article.summary,
    body: article.body,
    keywords: article.keywords.join(", "),
    questions,
    position: HELP_ARTICLES.indexOf(article) + 1,
    contentHash: hash,
    embedding: toVectorLiteral(vectors[i]!),
  }));
  await withTransaction(pool, async (db) => {
    await lockHelpCenterSync(db);
    await upsertHelpArticles(db, rows);
    await deleteHelpArticlesExcept(db, HELP_ARTICLES.map((a) => a.slug));
    await setHelpArticlePositions(db, HELP_ARTICLES.map((a) => a.slug));
  });
}

const synced = new WeakMap<pg.Pool, Promise<void>>();

/** The help centre is current in this database (synced at most once per process). */
export function ensureHelpCenter(pool: pg.Pool, embeddings: EmbeddingProvider): Promise<void> {
  let pending = synced.get(pool);
  if (!pending) {
    pending = syncHelpCenter(pool, embeddings).catch((err: unknown) => {
      synced.delete(pool);
      // The meaning model is down: search goes on with the articles already stored (matched by
      // words) and the next call tries the sync again.
      if (err instanceof EmbeddingsUnavailable) return;
      throw err;
    });
    synced.set(pool, pending);
  }
  return pending;
}
