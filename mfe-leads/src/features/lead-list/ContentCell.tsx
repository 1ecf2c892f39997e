import { leadContentView, type LeadContent } from '@portal/contracts/leads';
import { Typography } from 'antd';

export interface ContentCellProps {
  content: string | LeadContent | null | undefined;
}

/** A lead's message: plain text (two lines, the rest on hover), or structured content as labelled lines. */
export function ContentCell({ content }: ContentCellProps) {
  const view = leadContentView(content);
  if (view === null) return null;
  if (typeof view === 'string') {
    return (
      <Typography.Paragraph style={{ margin: 0, maxWidth: 260 }} ellipsis={{ rows: 2, tooltip: view }}>
        {view}
      </Typography.Paragraph>
    );
  }
  return (
    <dl style={{ margin: 0, maxWidth: 260 }}>
      {view.map(({ label, value }) => (
        <div key={label}>
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {label}：
          </Typography.Text>
          <Typography.Text>{value}</Typography.Text>
        </div>
      ))}
    </dl>
  );
}
