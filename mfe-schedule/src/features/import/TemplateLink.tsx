import { DownloadOutlined } from '@ant-design/icons';
import { endpointUrl } from '@portal/api-client';
import { scheduleEndpoints } from '@portal/contracts/endpoints';
import { IMPORT_TEMPLATE_NAME } from '@portal/contracts/schedule';
import { Typography } from 'antd';
import type { ScheduleTarget } from '../schedule/target';
import { ImportText } from './texts';

export interface TemplateLinkProps {
  /** Not read: the template is the same for every project and day. */
  target: ScheduleTarget;
}

/** 下载导入模板: the sheet with the columns the import reads, as a navigation download (spec 001 section 7). */
export function TemplateLink(_props: TemplateLinkProps) {
  return (
    <Typography.Link href={endpointUrl(scheduleEndpoints.template, undefined)} download={IMPORT_TEMPLATE_NAME}>
      <DownloadOutlined aria-hidden /> {ImportText.Template}
    </Typography.Link>
  );
}
