import { useState, type FormEvent } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { getHelpCenterArticle, listHelpCenterArticles, searchHelpCenter, HELP_CENTER_CATEGORIES } from "@atelier/contracts/help-center";
import { useApi } from "../../api/use-api";
import { PageFrame } from "../../shell/page-frame";
import "../../ui/kit.css";
import { SearchNotice } from "../../ui/search-notice";

type Category = (typeof HELP_CENTER_CATEGORIES)[number];

/** The topics as a person reads them. */
export const HELP_TOPICS: Record<Category, string> = {
  "getting-started": "Getting started",
  pricing: "Plans and pricing",
  "sales-channels": "Sales channels",
  fulfillment: "Storage and fulfilment",
  support: "Support",
};

const isCategory = (value: string | null): value is Category => HELP_CENTER_CATEGORIES.includes(value as Category);

/** The help centre (/education): articles by topic, and a search over them (?q=). */
export function HelpCentrePage() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q")?.trim() ?? "";
  const topicParam = params.get("topic");
  const topic = isCategory(topicParam) ? topicParam : null;
  const [text, setText] = useState(q);
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setParams(text.trim().length >= 2 ? { q: text.trim() } : {});
  };
  return (
    <PageFrame title="Help centre" chatPrompt="">
      <form className="search-box card" role="search" onSubmit={onSearch}>
        <input type="search" aria-label="Search the help centre" placeholder="How do I pay an invoice? What does fulfilment cost?" value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="primary">Search</button>
      </form>
      <nav className="tabs" aria-label="Topics">
        <Link to="/education" className={`tab${!topic && !q ? " tab-current" : ""}`}>All topics</Link>
        {HELP_CENTER_CATEGORIES.map((c) => (
          <Link key={c} to={`/education?topic=${c}`} className={`tab${topic === c ? " tab-current" : ""}`}>{HELP_TOPICS[c]}</Link>
        ))}
      </nav>
      {q ? <SearchResults q={q} /> : <ArticlesByTopic topic={topic} />}
    </PageFrame>
  );
}

function ArticlesByTopic({ topic }: { topic: Category | null }) {
  const { data, error } = useApi(listHelpCenterArticles, { query: topic ? { category: topic } : {} });
  if (error) return <p className="form-error" role="alert">The articles could not be loaded.</p>;
  if (!data) return <p className="muted" role="status">Loading articles…</p>;
  const topics = HELP_CENTER_CATEGORIES.filter((c) => data.list.some((a) => a.category === c));
  return (
    <>
      {topics.map((c) => (
        <section key={c} aria-labelledby={`topic-${c}`} className="help-topic">
          <h2 id={`topic-${c}`}>{HELP_TOPICS[c]}</h2>
          <ul className="help-list">
            {data.list.filter((a) => a.category === c).map((a) => (
              <li key={a.slug} className="card" data-testid="help-article">
                <Link to={`/education/${a.slug}`} className="card-title">{a.title}</Link>
                <span className="muted">{a.summary}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function SearchResults({ q }: { q: string }) {
  const { data, error } = useApi(searchHelpCenter, { query: { q, limit: 10 } });
  if (error) return <p className="form-error" role="alert">The help centre could not be searched.</p>;
  if (!data) return <p className="muted" role="status">Searching…</p>;
  return (
    <section aria-label="Search results">
      <SearchNotice notice={data.notice} />
      <p className="muted" data-testid="help-result-count">{data.list.length ? `${data.list.length} articles for “${q}”` : `No article answers “${q}”; ask the assistant instead.`}</p>
      <ul className="help-list">
        {data.list.map((a) => (
          <li key={a.slug} className="card" data-testid="help-article">
            <Link to={`/education/${a.slug}`} className="card-title">{a.title}</Link>
            <span className="muted">{HELP_TOPICS[a.category]} · {a.summary}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One article (/education/:slug); "Ask the assistant" starts a chat about it. */
export function HelpArticlePage() {
  const { slug = "" } = useParams();
  const { data, error } = useApi(getHelpCenterArticle, { params: { slug } });
  if (error) {
    return (
      <PageFrame title="Article not found" chatPrompt="">
        <p>This help article does not exist. <Link to="/education">Back to the help centre</Link></p>
      </PageFrame>
    );
  }
  if (!data) return <div className="loading" role="status">Loading…</div>;
  return (
    <PageFrame title={data.title} chatPrompt={`About the help article "${data.title}": `}>
      <p className="muted">
        <Link to="/education">Help centre</Link> › <Link to={`/education?topic=${data.category}`}>{HELP_TOPICS[data.category]}</Link>
      </p>
      <article className="card help-article" data-testid="help-article-body">
        <p className="big">{data.summary}</p>
        {data.body.split(/\n{2,}/).map((paragraph, n) => <p key={n} className="prewrap">{paragraph}</p>)}
        <p className="muted">Updated {new Date(data.updatedAt).toLocaleDateString()}</p>
      </article>
    </PageFrame>
  );
}
