import { brandForHost, type Brand } from '@portal/contracts';
import { helpSearchQuerySchema, HelpMessage, type HelpArticle, type HelpSection } from '@portal/contracts/help';
import { ErrorState, headingInPlace, PageFrame, QueryBlock, useUrlListState, type ListPaging, type QueryBlockQuery } from '@portal/design-system';
import { Result, Typography } from 'antd';
import { useId, type CSSProperties } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { PublicPath } from '../../routes';
import {
  articleIdOf,
  defaultHelpFilters,
  helpFiltersFromQuery,
  helpFiltersToQuery,
  searchHref,
  sectionHref,
  sectionLabel,
  type HelpFilters,
} from './helpAddress';
import { useHelpArticleQuery, useHelpArticlesQuery, useHelpSearchQuery } from './helpApi';
import { ArticleList, HelpMenu, HelpPager, HelpSearchBox, Highlighted } from './HelpParts';
import { HelpText } from './texts';

const listOptions = { defaults: defaultHelpFilters, parse: helpFiltersFromQuery, serialize: helpFiltersToQuery };

const layout: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'flex-start' };
const content: CSSProperties = { flex: '1 1 360px', minWidth: 0 };
const subheading: CSSProperties = { margin: '0 0 8px', fontSize: 18, fontWeight: 600 };

// The article's HTML keeps its own headings, lists, tables and images inside the page's width.
const ARTICLE_CSS = `
.portal-help-article { line-height: 1.8; overflow-wrap: anywhere; }
.portal-help-article img { max-width: 100%; height: auto; }
.portal-help-article table { border-collapse: collapse; display: block; max-width: 100%; overflow-x: auto; }
.portal-help-article th, .portal-help-article td { border: 1px solid rgba(5, 5, 5, 0.15); padding: 4px 8px; }
`;

type ChangePage = (page: number, pageSize: number) => void;

/** A section's published articles, in the section's order, paged in the address. */
function SectionArticles({ section, paging, onPageChange }: { section: HelpSection; paging: ListPaging; onPageChange: ChangePage }) {
  const articles = useHelpArticlesQuery({ section, ...paging });
  const label = sectionLabel(section);
  return (
    <section aria-label={label}>
      <h2 style={subheading}>{label}</h2>
      <QueryBlock query={articles} keepPrevious={false} isEmpty={(data) => data.rows.length === 0} emptyText={HelpText.NoArticles}>
        {(data) => (
          <>
            <ArticleList label={label} items={data.rows.map((card) => ({ card }))} />
            <HelpPager pagination={data.pagination} onChange={onPageChange} />
          </>
        )}
      </QueryBlock>
    </section>
  );
}

/**
 * Search results: the title and a stretch of the body with the matches marked, '共 N 条' and
 * paging. Words of the address that the contract refuses (a hand-edited `?q=`) are not sent.
 */
function SearchResults({ q, paging, onPageChange }: { q: string; paging: ListPaging; onPageChange: ChangePage }) {
  const checked = helpSearchQuerySchema.shape.q.safeParse(q);
  const words = checked.success ? checked.data : '';
  const hits = useHelpSearchQuery({ q: words, ...paging }, { skip: !checked.success });
  const title = HelpText.searchTitle(words || q.trim());
  return (
    <section aria-label={title}>
      <h2 style={subheading}>{title}</h2>
      {checked.success ? (
        <QueryBlock query={hits} keepPrevious={false} isEmpty={(data) => data.rows.length === 0} emptyText={HelpText.NoResults}>
          {(data) => (
            <>
              <ArticleList
                label={title}
                items={data.rows.map((hit) => ({
                  card: hit,
                  title: <Highlighted parts={hit.titleHighlight} />,
                  body: (
                    <>
                      <Highlighted parts={hit.snippet} />
                      {` · ${sectionLabel(hit.section)}`}
                    </>
                  ),
                }))}
              />
              <HelpPager pagination={data.pagination} onChange={onPageChange} />
            </>
          )}
        </QueryBlock>
      ) : (
        <ErrorState message={checked.error.issues[0]?.message ?? HelpMessage.QueryRequired} />
      )}
    </section>
  );
}

/** One article: a link back to its section, its title (the page's h2 under the h1 帮助中心), its update time and body. */
function ArticleView({ query }: { query: QueryBlockQuery<HelpArticle> }) {
  const titleId = useId();
  const article = query.currentData;
  return (
    <>
      <Link to={article ? sectionHref(article.section) : PublicPath.Help}>
        {article ? HelpText.backTo(sectionLabel(article.section)) : HelpText.BackToHelp}
      </Link>
      <QueryBlock query={query} keepPrevious={false} isEmpty={() => false}>
        {(shown) => (
          <article aria-labelledby={titleId} style={{ marginTop: 12 }}>
            <style>{ARTICLE_CSS}</style>
            <h2 id={titleId} style={{ ...subheading, fontSize: 20 }}>
              {shown.title}
            </h2>
            <p style={{ margin: '0 0 16px' }}>
              <Typography.Text type="secondary">
                {HelpText.UpdateTime}：{shown.updateTime}
              </Typography.Text>
            </p>
            {/*
              The body is HTML the server rendered from the operator's Markdown and sanitised before
              answering (helpArticleSchema of @portal/contracts/help): it is shown as it comes.
            */}
            <div className="portal-help-article" dangerouslySetInnerHTML={{ __html: shown.html }} />
          </article>
        )}
      </QueryBlock>
    </>
  );
}

/** The help centre with the address's state: an article (`/<id>`), search results (`?q=`) or a section's list. */
function HelpCentre() {
  const { id } = useParams<{ id: string }>();
  const { filters, paging, changePage } = useUrlListState<HelpFilters>(listOptions);
  const navigate = useNavigate();
  const location = useLocation();
  const articleId = id === undefined ? null : articleIdOf(id);
  const article = useHelpArticleQuery(articleId ?? 0, { skip: articleId === null });
  const shown = id !== undefined ? 'article' : filters.q !== '' ? 'search' : 'list';
  const current = shown === 'list' ? filters.section : shown === 'article' ? (article.currentData?.section ?? null) : null;

  const search = (q: string) => {
    const href = searchHref(q);
    // The same search again adds no history entry.
    navigate(href, { replace: href === `${location.pathname}${location.search}` });
  };

  return (
    <PageFrame title={HelpText.Title}>
      <div style={layout}>
        <HelpMenu current={current} exact={shown === 'list'} />
        <div style={content}>
          <HelpSearchBox key={shown === 'search' ? filters.q : ''} initial={shown === 'search' ? filters.q : ''} onSearch={search} />
          {shown === 'article' ? (
            articleId === null ? (
              <>
                <Link to={PublicPath.Help}>{HelpText.BackToHelp}</Link>
                <ErrorState message={HelpMessage.NotFound} />
              </>
            ) : (
              <ArticleView query={article} />
            )
          ) : shown === 'search' ? (
            <SearchResults q={filters.q} paging={paging} onPageChange={changePage} />
          ) : (
            <SectionArticles section={filters.section} paging={paging} onPageChange={changePage} />
          )}
        </div>
      </div>
    </PageFrame>
  );
}

/** The brand of the page's host, as the shell reads it (its BrandContext defaults to the same). */
const hostBrand = (): Brand => brandForHost(window.location.hostname);

/**
 * `/common-problem`, the help centre (spec 000 section 2; issue 23): the left menu of the eight
 * sections, a search, a section's articles, an article. A full-brand feature (spec 000 section 1):
 * on a brand without `help` the shell shows no link to it, and a typed address finds no page here.
 * `brand` defaults to the host's (tests pass another).
 */
export default function HelpCentrePage({ brand = hostBrand() }: { brand?: Brand }) {
  if (!brand.features.help) {
    return <Result status="404" title={<h1 style={headingInPlace}>{HelpText.UnavailableTitle}</h1>} subTitle={HelpText.UnavailableHint} />;
  }
  return <HelpCentre />;
}
