import { useEffect } from 'react';
import { ARTICLE_CATEGORIES, paragraphsOf, PUBLIC_PRODUCTS, SITE_DETAIL_PATHS, siteDetailHref } from '@portal/contracts/public/site';
import type { Position, PublicArticle, PublicArticleCard, PublicHome, PublicTopic, SuccessCase, SuccessCaseCard } from '@portal/contracts/public';
import { Layout, Pager, Paragraphs } from '../Layout';
import { SiteText } from '../texts';
import { type ApiAnswer, idOf, pageOf, type SitePage, type SiteState } from '../types';
import { ArticleCards, CaseCards, ServiceCards } from './HomePage';

const LIST_SIZE = '12';

/** A page's heading block with its breadcrumb back to the list it belongs to. */
function Heading({ title, crumb }: { title: string; crumb?: { href: string; label: string } }) {
  return (
    <>
      {crumb ? (
        <nav className="crumbs" aria-label="面包屑">
          <a href="/">{SiteText.Home}</a> / <a href={crumb.href}>{crumb.label}</a>
        </nav>
      ) : null}
      <h1>{title}</h1>
    </>
  );
}

const summaryOf = (text: string): string => (text.length > 120 ? `${text.slice(0, 120)}…` : text);

// ---- 平台优势 -------------------------------------------------------------------------------

function Advantage({ state }: { state: SiteState<Record<string, never>> }) {
  return (
    <Layout state={state}>
      <div className="wrap page">
        <Heading title={SiteText.Advantage} />
        <div className="grid">
          {SiteText.WhyUsItems.map((item) => (
            <article key={item.title} className="card">
              <h2 style={{ fontSize: 20, margin: 0 }}>{item.title}</h2>
              <p>{item.text}</p>
            </article>
          ))}
        </div>
        <p style={{ marginTop: 24 }}>
          <a className="btn" href="/free-plan">
            {SiteText.TryNow}
          </a>
        </p>
      </div>
    </Layout>
  );
}

export const advantagePage: SitePage<Record<string, never>> = {
  path: '/advantage',
  load: async () => ({}),
  title: (_data, site) => `${SiteText.Advantage} - ${site.brandName}`,
  description: () => SiteText.WhyUsItems.map((item) => item.title).join('、'),
  Component: Advantage,
};

// ---- 产品服务 -------------------------------------------------------------------------------

function Products({ state }: { state: SiteState<PublicHome> }) {
  return (
    <Layout state={state}>
      <div className="wrap page">
        <Heading title={SiteText.Products} />
        {PUBLIC_PRODUCTS.map((product) => (
          <section key={product.key} aria-labelledby={`product-${product.key}`} style={{ marginBottom: 32 }}>
            <h2 id={`product-${product.key}`}>{product.label}</h2>
            <ServiceCards services={state.data.services} product={product.key} />
          </section>
        ))}
      </div>
    </Layout>
  );
}

export const productsPage: SitePage<PublicHome> = {
  path: '/products',
  load: async (api) => (await api.get<PublicHome>('/public/home')).data,
  title: (_data, site) => `${SiteText.Products} - ${site.brandName}`,
  description: (data) => data.services.map((service) => service.title).join('、'),
  Component: Products,
};

// ---- 成功案例 -------------------------------------------------------------------------------

interface ListData<T> {
  rows: T[];
  page: number;
  totalPage: number;
  category?: string;
}

const listData = <T,>(answer: ApiAnswer<T[]>, category?: string): ListData<T> => ({
  rows: answer.data,
  page: answer.pageInfo?.page ?? 1,
  totalPage: answer.pageInfo?.totalPage ?? 1,
  ...(category ? { category } : {}),
});

function Cases({ state }: { state: SiteState<ListData<SuccessCaseCard>> }) {
  return (
    <Layout state={state}>
      <div className="wrap page">
        <Heading title={SiteText.Cases} />
        <CaseCards cases={state.data.rows} />
        <Pager path="/cases" page={state.data.page} totalPage={state.data.totalPage} />
      </div>
    </Layout>
  );
}

export const casesPage: SitePage<ListData<SuccessCaseCard>> = {
  path: '/cases',
  load: async (api, query) => listData(await api.get<SuccessCaseCard[]>('/public/cases', { page: pageOf(query), pageSize: LIST_SIZE })),
  title: (_data, site) => `${SiteText.Cases} - ${site.brandName}`,
  description: (data) => data.rows.map((row) => row.title).join('、'),
  Component: Cases,
};

function CaseDetail({ state }: { state: SiteState<SuccessCase> }) {
  const item = state.data;
  return (
    <Layout state={state}>
      <article className="wrap page">
        <Heading title={item.title} crumb={{ href: '/cases', label: SiteText.Cases }} />
        <p className="meta">
          {item.company} · {item.industry} · {SiteText.Impressions} {item.impression.toLocaleString('zh-CN')} · {SiteText.Clicks}{' '}
          {item.click.toLocaleString('zh-CN')}
        </p>
        <img src={item.picture} alt={item.company} width={1200} height={360} style={{ margin: '16px 0', borderRadius: 8 }} />
        <Paragraphs paragraphs={paragraphsOf(item.content)} />
      </article>
    </Layout>
  );
}

/** Loads a detail by `?id=`; a missing, malformed or unknown id is a 404 page. */
const detail =
  <T,>(path: string) =>
  async (api: Parameters<SitePage['load']>[0], query: Readonly<Record<string, string>>): Promise<T | null> => {
    const id = idOf(query);
    if (id === null) return null;
    const answer = await api.get<T>(`${path}/${id}`);
    return answer.status === 200 ? answer.data : null;
  };

export const caseDetailPage: SitePage<SuccessCase> = {
  path: SITE_DETAIL_PATHS.case,
  load: detail<SuccessCase>('/public/cases'),
  title: (data, site) => `${data.title} - ${SiteText.Cases} - ${site.brandName}`,
  description: (data) => summaryOf(data.summary),
  Component: CaseDetail,
};

// ---- 学习与支持 ----------------------------------------------------------------------------

function Learning({ state }: { state: SiteState<ListData<PublicArticleCard>> }) {
  const { category } = state.data;
  return (
    <Layout state={state}>
      <div className="wrap page">
        <Heading title={SiteText.Learning} />
        <nav className="tabs" aria-label={SiteText.Learning}>
          <a className="btn ghost" href="/learning" aria-current={category ? undefined : 'page'}>
            {SiteText.AllCategories}
          </a>
          {ARTICLE_CATEGORIES.map((item) => (
            <a key={item.key} className="btn ghost" href={`/learning?category=${item.key}`} aria-current={category === item.key ? 'page' : undefined}>
              {item.label}
            </a>
          ))}
        </nav>
        <ArticleCards articles={state.data.rows} />
        <Pager path="/learning" page={state.data.page} totalPage={state.data.totalPage} extra={category ? { category } : {}} />
      </div>
    </Layout>
  );
}

const categoryOf = (query: Readonly<Record<string, string>>): string | undefined =>
  ARTICLE_CATEGORIES.some((item) => item.key === query.category) ? query.category : undefined;

export const learningPage: SitePage<ListData<PublicArticleCard>> = {
  path: '/learning',
  load: async (api, query) => {
    const category = categoryOf(query);
    return listData(
      await api.get<PublicArticleCard[]>('/public/articles', { page: pageOf(query), pageSize: LIST_SIZE, ...(category ? { category } : {}) }),
      category,
    );
  },
  title: (_data, site) => `${SiteText.Learning} - ${site.brandName}`,
  description: (data) => data.rows.map((row) => row.title).join('、'),
  Component: Learning,
};

/** The points mall's reading task (mallEndpoints.readingTask), under /rest as the browser calls it. */
export const READING_TASK_URL = '/rest/customer/mall/tasks/reading';

/**
 * Reading an article completes the task wall's reading task (spec 000, Dashboard). The article's
 * page records it, in the browser, when its visitor is logged in: the page is where the reading
 * happens, whether the workbench's article list or the site's own lists led there, and a call made
 * here is not cut off by the navigation that a click on the workbench's link starts. The server
 * pays once a China day and checks the article is published; a refusal (a stale login cookie, the
 * points features hidden on this host) changes nothing for the reader, so it is not shown.
 */
function useReadingTask(articleId: number, loggedIn: boolean): void {
  useEffect(() => {
    if (!loggedIn) return;
    fetch(READING_TASK_URL, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ articleId }),
    }).catch(() => undefined);
  }, [articleId, loggedIn]);
}

function ArticleDetail({ state }: { state: SiteState<PublicArticle> }) {
  const article = state.data;
  useReadingTask(article.id, state.loggedIn);
  return (
    <Layout state={state}>
      <article className="wrap page">
        <Heading title={article.title} crumb={{ href: '/learning', label: SiteText.Learning }} />
        <p className="meta">
          {SiteText.PublishedAt}：{article.publishTime}
        </p>
        <Paragraphs paragraphs={paragraphsOf(article.body)} />
      </article>
    </Layout>
  );
}

export const articleDetailPage: SitePage<PublicArticle> = {
  path: SITE_DETAIL_PATHS.article,
  load: detail<PublicArticle>('/public/articles'),
  title: (data, site) => `${data.title} - ${site.brandName}`,
  description: (data) => summaryOf(data.summary),
  Component: ArticleDetail,
};

// ---- 关于我们, 行业与关于详情 ------------------------------------------------------------------

function About({ state }: { state: SiteState<PublicHome> }) {
  return (
    <Layout state={state}>
      <div className="wrap page">
        <Heading title={SiteText.About} />
        <div className="grid">
          {state.data.abouts.map((about) => (
            <article key={about.id} className="card">
              <h2 style={{ fontSize: 20, margin: 0 }}>
                <a href={siteDetailHref('about', about.id)}>{about.title}</a>
              </h2>
              <p>{about.summary}</p>
            </article>
          ))}
        </div>
      </div>
    </Layout>
  );
}

export const aboutPage: SitePage<PublicHome> = {
  path: '/about',
  load: async (api) => (await api.get<PublicHome>('/public/home')).data,
  title: (_data, site) => `${SiteText.About} - ${site.brandName}`,
  description: (data) => data.abouts.map((about) => about.title).join('、'),
  Component: About,
};

function Topic({ state }: { state: SiteState<PublicTopic> }) {
  const topic = state.data;
  const crumb = state.path === SITE_DETAIL_PATHS.industry ? { href: '/', label: SiteText.Industry } : { href: '/about', label: SiteText.About };
  return (
    <Layout state={state}>
      <article className="wrap page">
        <Heading title={topic.title} crumb={crumb} />
        <p className="meta">{topic.summary}</p>
        <Paragraphs paragraphs={paragraphsOf(topic.body)} />
      </article>
    </Layout>
  );
}

const topicPage = (path: string, api: string): SitePage<PublicTopic> => ({
  path,
  load: detail<PublicTopic>(api),
  title: (data, site) => `${data.title} - ${site.brandName}`,
  description: (data) => summaryOf(data.summary),
  Component: Topic,
});
export const industryDetailPage = topicPage(SITE_DETAIL_PATHS.industry, '/public/industries');
export const aboutDetailPage = topicPage(SITE_DETAIL_PATHS.about, '/public/abouts');

// ---- 加入我们 (full-brand hosts) ----------------------------------------------------------------

function JoinUs({ state }: { state: SiteState<Position[]> }) {
  return (
    <Layout state={state}>
      <div className="wrap page">
        <Heading title={SiteText.JoinUs} />
        {state.data.length === 0 ? <p>{SiteText.NoPositions}</p> : null}
        <div className="grid">
          {state.data.map((position) => (
            <article key={position.id} className="card">
              <h2 style={{ fontSize: 20, margin: 0 }}>{position.title}</h2>
              <p className="meta">
                {SiteText.City}：{position.city} · {SiteText.Headcount}：{position.headcount} · {SiteText.Salary}：{position.salary}
              </p>
              <h3>{SiteText.Duties}</h3>
              <Paragraphs paragraphs={paragraphsOf(position.duties)} />
              <h3>{SiteText.Requirements}</h3>
              <Paragraphs paragraphs={paragraphsOf(position.requirements)} />
            </article>
          ))}
        </div>
      </div>
    </Layout>
  );
}

export const joinUsPage: SitePage<Position[]> = {
  path: '/join-us',
  // The other brand's hosts have no recruitment: the call answers 404, and so does the page.
  load: async (api, _query, site) => {
    if (!site.fullBrand) return null;
    const answer = await api.get<Position[]>('/public/positions');
    return answer.status === 200 ? answer.data : null;
  },
  title: (_data, site) => `${SiteText.JoinUs} - ${site.brandName}`,
  description: (data) => data.map((position) => position.title).join('、'),
  Component: JoinUs,
};
