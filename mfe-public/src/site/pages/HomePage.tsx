import { PUBLIC_PRODUCTS, type PublicProduct, siteDetailHref } from '@portal/contracts/public/site';
import type { PublicHome } from '@portal/contracts/public';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Dialog } from '../Dialog';
import { MessageForm, type MessageScene } from '../forms/MessageForm';
import { PlanForm } from '../forms/PlanForm';
import { SurveyForm } from '../forms/SurveyForm';
import { Layout } from '../Layout';
import { SiteText } from '../texts';
import type { SitePage, SiteState } from '../types';

const SLIDE_MS = 5000;

/** The banner carousel: one slide at a time, turning every 5 s until a dot is chosen; without a script the first shows. */
export function Carousel({ banners }: { banners: PublicHome['banners'] }) {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused || banners.length < 2) return undefined;
    const timer = setInterval(() => setCurrent((index) => (index + 1) % banners.length), SLIDE_MS);
    return () => clearInterval(timer);
  }, [paused, banners.length]);
  if (banners.length === 0) return null;
  return (
    <section className="hero" aria-roledescription="carousel" aria-label={SiteText.Banners}>
      {banners.map((banner, index) => {
        const picture = <img src={banner.picUrl} alt={banner.title} width={1200} height={360} fetchPriority={index === 0 ? 'high' : undefined} />;
        return (
          <div key={banner.id} className={index === current ? 'slide on' : 'slide'} aria-hidden={index !== current}>
            {banner.linkType !== 0 && banner.linkUrl ? (
              <a href={banner.linkUrl} tabIndex={index === current ? 0 : -1}>
                {picture}
              </a>
            ) : (
              picture
            )}
            <div className="caption">
              <h2>{banner.title}</h2>
              <p style={{ margin: 0 }}>{banner.subtitle}</p>
            </div>
          </div>
        );
      })}
      {banners.length > 1 ? (
        <div className="dots">
          {banners.map((banner, index) => (
            <button
              key={banner.id}
              type="button"
              aria-label={SiteText.Slide(index + 1)}
              aria-pressed={index === current}
              onClick={() => {
                setCurrent(index);
                setPaused(true);
              }}
            >
              <span />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** The marketing services of one product tab, as cards. */
export function ServiceCards({ services, product }: { services: PublicHome['services']; product: PublicProduct }) {
  return (
    <div className="grid">
      {services
        .filter((service) => service.product === product)
        .map((service) => (
          <article key={service.id} className="card">
            <h3>{service.title}</h3>
            <p>{service.summary}</p>
          </article>
        ))}
    </div>
  );
}

/** 智能投放 / 品牌全案 / 全网营销 and their services; without a script every tab's services show, one after another. */
function ProductTabs({ services }: { services: PublicHome['services'] }) {
  const [tab, setTab] = useState<PublicProduct | null>(null);
  useEffect(() => setTab('smart'), []);
  return (
    <section className="block alt" aria-labelledby="products-title">
      <div className="wrap">
        <h2 id="products-title">{SiteText.ProductsTitle}</h2>
        <div className="tabs" role="tablist">
          {PUBLIC_PRODUCTS.map((product) => (
            <button
              key={product.key}
              type="button"
              role="tab"
              id={`tab-${product.key}`}
              aria-selected={tab === product.key}
              onClick={() => setTab(product.key)}
            >
              {product.label}
            </button>
          ))}
        </div>
        {PUBLIC_PRODUCTS.filter((product) => tab === null || tab === product.key).map((product) => (
          <div key={product.key} role="tabpanel" aria-labelledby={`tab-${product.key}`}>
            <ServiceCards services={services} product={product.key} />
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * The home page's case and article carousels: a row of cards that scrolls sideways inside its box
 * (a swipe on a phone, a scroll without a script), with 上一组 / 下一组 buttons that turn it by a
 * screen once the script runs.
 */
function CardCarousel({ label, children }: { label: string; children: ReactNode }) {
  const row = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const turn = (direction: 1 | -1) => row.current?.scrollBy({ left: direction * row.current.clientWidth, behavior: 'smooth' });
  return (
    <div className="carousel" aria-roledescription="carousel" aria-label={label} role="group">
      <div className="carousel-row" ref={row} tabIndex={0}>
        {children}
      </div>
      {ready ? (
        <div className="carousel-turns">
          <button type="button" className="btn ghost" onClick={() => turn(-1)}>
            {SiteText.PreviousGroup}
          </button>
          <button type="button" className="btn ghost" onClick={() => turn(1)}>
            {SiteText.NextGroup}
          </button>
        </div>
      ) : null}
    </div>
  );
}

export function CaseCards({ cases }: { cases: PublicHome['cases'] }) {
  return (
    <div className="grid">
      {cases.map((item) => (
        <article key={item.id} className="card">
          <img src={item.thumbnail} alt={item.company} width={400} height={240} loading="lazy" />
          <h3>
            <a href={siteDetailHref('case', item.id)}>{item.title}</a>
          </h3>
          <p className="meta">
            {item.company} · {item.industry}
          </p>
          <p>{item.summary}</p>
        </article>
      ))}
    </div>
  );
}

export function ArticleCards({ articles }: { articles: PublicHome['articles'] }) {
  return (
    <div className="grid">
      {articles.map((article) => (
        <article key={article.id} className="card">
          <h3>
            <a href={siteDetailHref('article', article.id)}>{article.title}</a>
          </h3>
          <p className="meta">{article.publishTime.slice(0, 10)}</p>
          <p>{article.summary}</p>
        </article>
      ))}
    </div>
  );
}

type Open = { kind: 'message'; scene: MessageScene; title: string } | { kind: 'plan' } | { kind: 'survey' } | null;

function Home({ state }: { state: SiteState<PublicHome> }) {
  const { data, loggedIn } = state;
  const [open, setOpen] = useState<Open>(null);
  const message = (scene: MessageScene, title: string) => () => setOpen({ kind: 'message', scene, title });
  return (
    <Layout state={state}>
      <Carousel banners={data.banners} />
      <div className="wrap lead">
        <h1>{SiteText.Slogan}</h1>
        <p>{SiteText.Intro}</p>
        <div className="actions">
          {/* Links that the script turns into dialogs: without it they open the form pages. */}
          <a
            className="btn"
            href="/free-plan"
            onClick={(event) => {
              event.preventDefault();
              setOpen({ kind: 'plan' });
            }}
          >
            {SiteText.TryNow}
          </a>
          <a
            className="btn ghost"
            href="/diagnosis?scene=partner"
            onClick={(event) => {
              event.preventDefault();
              message('partner', SiteText.BranchPartner)();
            }}
          >
            {SiteText.BranchPartner}
          </a>
          <a
            className="btn ghost"
            href="/diagnosis?scene=message"
            onClick={(event) => {
              event.preventDefault();
              message('message', SiteText.LeaveMessage)();
            }}
          >
            {SiteText.LeaveMessage}
          </a>
          <a
            className="btn ghost"
            href="/survey"
            onClick={(event) => {
              event.preventDefault();
              setOpen({ kind: 'survey' });
            }}
          >
            {SiteText.Survey}
          </a>
        </div>
      </div>
      <section className="block" aria-labelledby="why-title">
        <div className="wrap">
          <h2 id="why-title">{SiteText.WhyUs}</h2>
          <div className="grid">
            {SiteText.WhyUsItems.map((item) => (
              <article key={item.title} className="card">
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
      <ProductTabs services={data.services} />
      <section className="block" aria-labelledby="cases-title">
        <div className="wrap">
          <h2 id="cases-title">{SiteText.CasesTitle}</h2>
          <CardCarousel label={SiteText.CasesTitle}>
            <CaseCards cases={data.cases} />
          </CardCarousel>
          <p style={{ textAlign: 'center' }}>
            <a href="/cases">{SiteText.More}</a>
          </p>
        </div>
      </section>
      <section className="block alt" aria-labelledby="articles-title">
        <div className="wrap">
          <h2 id="articles-title">{SiteText.ArticlesTitle}</h2>
          <CardCarousel label={SiteText.ArticlesTitle}>
            <ArticleCards articles={data.articles} />
          </CardCarousel>
          <p style={{ textAlign: 'center' }}>
            <a href="/learning">{SiteText.More}</a>
          </p>
        </div>
      </section>
      <section className="block" aria-labelledby="home-links-title">
        <div className="wrap">
          <h2 id="home-links-title">{SiteText.CustomerHome}</h2>
          <div className="links">
            {SiteText.LinkGroups.map((group) => (
              <div key={group.key}>
                <h3>{group.title}</h3>
                <ul>
                  {group.links.map((link) => (
                    <li key={link.href}>
                      <a href={link.href}>{link.label}</a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <div>
              <h3>{SiteText.About}</h3>
              <ul>
                {data.abouts.map((about) => (
                  <li key={about.id}>
                    <a href={siteDetailHref('about', about.id)}>{about.title}</a>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h3>{SiteText.Industry}</h3>
              <ul>
                {data.industries.map((industry) => (
                  <li key={industry.id}>
                    <a href={siteDetailHref('industry', industry.id)}>{industry.title}</a>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>
      <Dialog open={open?.kind === 'message'} title={open?.kind === 'message' ? open.title : SiteText.LeaveMessage} onClose={() => setOpen(null)}>
        {open?.kind === 'message' ? <MessageForm scene={open.scene} loggedIn={loggedIn} id={`home-${open.scene}`} /> : null}
      </Dialog>
      <Dialog open={open?.kind === 'plan'} title={SiteText.TryNow} onClose={() => setOpen(null)}>
        {open?.kind === 'plan' ? <PlanForm loggedIn={loggedIn} id="home-plan" /> : null}
      </Dialog>
      <Dialog open={open?.kind === 'survey'} title={SiteText.Survey} onClose={() => setOpen(null)}>
        {open?.kind === 'survey' ? <SurveyForm loggedIn={loggedIn} id="home-survey" /> : null}
      </Dialog>
    </Layout>
  );
}

export const homePage: SitePage<PublicHome> = {
  path: '/',
  load: async (api) => (await api.get<PublicHome>('/public/home')).data,
  title: (_data, site) => `${site.brandName} - ${SiteText.Slogan}`,
  description: () => SiteText.Intro,
  Component: Home,
};
