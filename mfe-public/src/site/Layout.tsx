import type { ReactNode } from 'react';
import type { SiteState } from './types';
import { SiteText } from './texts';

/** The public top menu (spec 000 section 2): 首页 … 加入我们 (full-brand hosts only), then 登录 or 返回工作台. */
export const MENU = [
  { path: '/', label: SiteText.Home },
  { path: '/advantage', label: SiteText.Advantage },
  { path: '/products', label: SiteText.Products },
  { path: '/cases', label: SiteText.Cases, also: ['/succeed-details'] },
  { path: '/learning', label: SiteText.Learning, also: ['/article-details'] },
  { path: '/about', label: SiteText.About, also: ['/about-details', '/industry-details'] },
  { path: '/join-us', label: SiteText.JoinUs, fullBrandOnly: true },
] as const;

/** The menu entry a path belongs to (a detail page highlights its list's entry). */
const isCurrent = (entry: (typeof MENU)[number], path: string): boolean =>
  entry.path === path || ('also' in entry && (entry.also as readonly string[]).includes(path));

export function Layout({ state, children }: { state: SiteState; children: ReactNode }) {
  const { site, path, loggedIn } = state;
  return (
    <>
      <a className="skip" href="#main">
        {SiteText.SkipToContent}
      </a>
      <header className="top">
        <div className="wrap">
          <a className="logo" href="/">
            {site.brandName}
          </a>
          <nav aria-label={SiteText.MainMenu} style={{ flex: 1 }}>
            <ul className="menu">
              {MENU.filter((entry) => !('fullBrandOnly' in entry) || site.fullBrand).map((entry) => (
                <li key={entry.path}>
                  <a href={entry.path} aria-current={isCurrent(entry, path) ? 'page' : undefined}>
                    {entry.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {loggedIn ? (
            <a className="btn" href="/work-bench">
              {SiteText.BackToWorkbench}
            </a>
          ) : (
            <a className="btn" href="/login">
              {SiteText.Login}
            </a>
          )}
        </div>
      </header>
      <main id="main">{children}</main>
      <Footer state={state} />
    </>
  );
}

/** The footer: the company's details and link groups when the host shows them (showQuDao), else the brand alone. */
function Footer({ state: { site } }: { state: SiteState }) {
  return (
    <footer className="foot">
      <div className="wrap">
        {site.showQuDao ? (
          <div className="cols">
            <div>
              <p style={{ margin: 0, fontWeight: 600 }}>{site.companyName}</p>
              <p style={{ margin: '4px 0 0' }}>
                {SiteText.Phone}：{site.phone}
              </p>
              <p style={{ margin: '4px 0 0' }}>
                {SiteText.Email}：<a href={`mailto:${site.email}`}>{site.email}</a>
              </p>
              <p style={{ margin: '4px 0 0' }}>
                {SiteText.Address}：{site.address}
              </p>
            </div>
            <nav aria-label={SiteText.Contact}>
              <ul className="menu">
                <li>
                  <a href="/about">{SiteText.About}</a>
                </li>
                <li>
                  <a href="/cases">{SiteText.Cases}</a>
                </li>
                <li>
                  <a href="/diagnosis">{SiteText.Diagnosis}</a>
                </li>
              </ul>
            </nav>
          </div>
        ) : (
          <p style={{ margin: 0 }}>{site.brandName}</p>
        )}
        <p style={{ margin: '16px 0 0' }}>{site.icp}</p>
      </div>
    </footer>
  );
}

/** The body text of an article, a case or a topic: its paragraphs as text (never markup). */
export function Paragraphs({ paragraphs }: { paragraphs: readonly string[] }) {
  return (
    <div className="article">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

/** Previous / next links of a list page, in its own URL (`?page=`), so they work without a script. */
export function Pager({ path, page, totalPage, extra = {} }: { path: string; page: number; totalPage: number; extra?: Record<string, string> }) {
  if (totalPage <= 1) return null;
  const href = (target: number) => `${path}?${new URLSearchParams({ ...extra, page: String(target) }).toString()}`;
  return (
    <nav className="pager" aria-label={SiteText.pageOf(page, totalPage)}>
      {page > 1 ? <a href={href(page - 1)}>{SiteText.Prev}</a> : <span aria-disabled="true">{SiteText.Prev}</span>}
      <span>{SiteText.pageOf(page, totalPage)}</span>
      {page < totalPage ? <a href={href(page + 1)}>{SiteText.Next}</a> : <span aria-disabled="true">{SiteText.Next}</span>}
    </nav>
  );
}
