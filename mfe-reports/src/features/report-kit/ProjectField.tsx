import { DesignSystemText, ProjectPicker } from '@portal/design-system';
import { Form } from 'antd';
import { useGetItemsQuery } from '../workbench/workbenchApi';
import { ReportText } from './texts';

/** The project filter of a report (the form's `itemId`): every project of the account, 全部项目 first. */
export function ProjectField() {
  const items = useGetItemsQuery();
  return (
    <Form.Item name="itemId" label={ReportText.FilterItem}>
      <ProjectPicker items={items.data ?? []} loading={items.isLoading} allowAll placeholder={DesignSystemText.AllProjects} style={{ width: 200 }} />
    </Form.Item>
  );
}
