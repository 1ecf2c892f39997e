import type { Industry } from '@portal/contracts';
import { siteDetailHref } from '@portal/contracts/public/site';
import { Typography, theme } from 'antd';

export interface IndustryListProps {
  industries: readonly Industry[];
}

/** The industries the platform serves, with a line of summary each, each a link to its page on the visitor site. */
export function IndustryList({ industries }: IndustryListProps) {
  const { token } = theme.useToken();
  return (
    <ul aria-label="行业列表" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {industries.map((industry) => (
        <li key={industry.id} style={{ padding: '10px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          <Typography.Link strong href={siteDetailHref('industry', industry.id)}>
            {industry.title}
          </Typography.Link>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0 0' }}>
            {industry.summary}
          </Typography.Paragraph>
        </li>
      ))}
    </ul>
  );
}
