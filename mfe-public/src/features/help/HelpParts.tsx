import { PAGE_SIZE_OPTIONS, type PaginationInfo } from '@portal/contracts';
import { HELP_SECTIONS, helpSearchQuerySchema, HelpMessage, type HelpArticleCard, type HelpSection, type Highlight } from '@portal/contracts/help';
import { DesignSystemText, usePhoneScreen } from '@portal/design-system';
import { Input, Pagination, theme, Typography } from 'antd';
import { Fragment, useId, useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { articleHref, sectionHref } from './helpAddress';
import { HelpText } from './texts';

/**
 * The left menu (spec 000 section 2, Help centre): the eight sections in the spec's order, each a
 * link to its list. The shown section is `aria-current="page"`; an article's section is
 * `aria-current="true"` (the article is within it).
 */
export function HelpMenu({ current, exact }: { current: HelpSection | null; exact: boolean }) {
  const { token } = theme.useToken();
  // On a phone each entry is a touch target of at least 44 px (22 px of text and its padding).
  const phone = usePhoneScreen();
  const item = (active: boolean): CSSProperties => ({
    display: 'block',
    padding: phone ? '11px 12px' : '8px 12px',
    borderRadius: token.borderRadius,
    color: active ? token.colorPrimary : token.colorText,
    background: active ? token.colorPrimaryBg : undefined,
    fontWeight: active ? 600 : undefined,
  });
  return (
    <nav aria-label={HelpText.Sections} style={{ flex: phone ? '1 1 100%' : '0 0 180px' }}>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {HELP_SECTIONS.map((section) => {
          const active = section.key === current;
          return (
            <li key={section.key}>
              <Link to={sectionHref(section.key)} aria-current={active ? (exact ? 'page' : 'true') : undefined} style={item(active)}>
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The search box (label 搜索帮助): the contract's rule for the words (1 to 50 characters after
 * trimming) is checked here, and words it refuses are not sent: the reason shows under the box.
 */
export function HelpSearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const submit = (text: string) => {
    const checked = helpSearchQuerySchema.shape.q.safeParse(text);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? HelpMessage.QueryRequired);
      return;
    }
    setError(null);
    onSearch(checked.data);
  };
  return (
    <div role="search" style={{ marginBottom: 16 }}>
      <Input.Search
        aria-label={HelpText.SearchLabel}
        aria-invalid={error !== null}
        aria-describedby={error === null ? undefined : errorId}
        placeholder={HelpText.SearchPlaceholder}
        enterButton={HelpText.Search}
        status={error === null ? undefined : 'error'}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          if (error !== null) setError(null);
        }}
        onSearch={submit}
      />
      {error === null ? null : (
        <div id={errorId} role="alert" style={{ marginTop: 4 }}>
          <Typography.Text type="danger">{error}</Typography.Text>
        </div>
      )}
    </div>
  );
}

/** Text with the search's matches marked: each part is text (never HTML), a hit inside <mark>. */
export function Highlighted({ parts }: { parts: Highlight }) {
  return <>{parts.map((part, index) => (part.hit ? <mark key={index}>{part.text}</mark> : <Fragment key={index}>{part.text}</Fragment>))}</>;
}

const listStyle: CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };
const itemStyle: CSSProperties = { padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' };
const titleStyle: CSSProperties = { margin: '0 0 4px', fontSize: 16, fontWeight: 600 };

export interface ArticleItem {
  card: HelpArticleCard;
  /** The title as shown (default the card's title). */
  title?: ReactNode;
  /** The text under the title (default the card's summary). */
  body?: ReactNode;
}

/** Articles as a list: the title linking the article (an h3 under the list's h2), a summary, the update time. */
export function ArticleList({ items, label }: { items: ArticleItem[]; label: string }) {
  return (
    <ul style={listStyle} aria-label={label}>
      {items.map(({ card, title, body }) => (
        <li key={card.id} style={itemStyle}>
          <h3 style={titleStyle}>
            <Link to={articleHref(card.id)}>{title ?? card.title}</Link>
          </h3>
          <p style={{ margin: '0 0 4px' }}>{body ?? card.summary}</p>
          <Typography.Text type="secondary">
            {HelpText.UpdateTime}：{card.updateTime}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}

/** The pager under a list: '共 N 条', sizes, pages and the jumper, as the portal's tables show them. */
export function HelpPager({ pagination, onChange }: { pagination: PaginationInfo; onChange: (page: number, pageSize: number) => void }) {
  return (
    <Pagination
      style={{ marginTop: 16 }}
      align="end"
      current={pagination.page}
      pageSize={pagination.pageSize}
      total={pagination.totalRow}
      showTotal={DesignSystemText.total}
      showSizeChanger
      pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
      showQuickJumper
      onChange={onChange}
    />
  );
}
