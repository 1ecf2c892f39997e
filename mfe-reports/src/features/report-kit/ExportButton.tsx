import { DownloadOutlined } from '@ant-design/icons';
import { downloadFile, errorMessage } from '@portal/api-client';
import { App, Button } from 'antd';
import { useState, type MouseEvent } from 'react';
import { ReportText } from './texts';

export interface ExportButtonProps {
  /** The download's address (endpointUrl of the report's *Export entry with the current filters). */
  href: string;
}

/**
 * 导出: downloads the xlsx (with the summary row) of the filters of the table shown (the URL's,
 * not the form's), and the page stays where it is. It is still a link to the file, but a click
 * fetches it first (downloadFile): a refusal, such as a third report or export at once (429), shows
 * the server's message instead of being saved as a JSON file. While the file is prepared the button
 * shows it is busy and takes no second click.
 */
export function ExportButton({ href }: ExportButtonProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const download = async (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await downloadFile(href);
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button href={href} download icon={<DownloadOutlined />} loading={busy} aria-busy={busy} onClick={(event) => void download(event)}>
      {ReportText.Export}
    </Button>
  );
}
