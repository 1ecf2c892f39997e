import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { ReportText } from './texts';

export interface ExportButtonProps {
  /** The download's address (endpointUrl of the report's *Export entry with the current filters). */
  href: string;
}

/**
 * 导出: a link the browser downloads itself (xlsx, with the summary row), so the page stays where
 * it is whatever the answer. It carries the filters of the table shown (the URL's, not the form's).
 */
export function ExportButton({ href }: ExportButtonProps) {
  return (
    <Button href={href} download icon={<DownloadOutlined />}>
      {ReportText.Export}
    </Button>
  );
}
