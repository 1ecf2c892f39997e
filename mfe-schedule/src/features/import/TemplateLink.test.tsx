import { screen } from '@testing-library/react';
import { renderSchedule } from '../../test/renderSchedule';
import { TemplateLink } from './TemplateLink';

test('下载导入模板 is a download of the template call', () => {
  renderSchedule(<TemplateLink target={{ crmCode: 'xbb', itemId: null, date: '2026-03-05', hasProjects: true }} />);
  const link = screen.getByText('下载导入模板').closest('a');
  expect(link).toHaveAttribute('href', '/rest/es/dailyarrange/getFormTemplate');
  expect(link).toHaveAttribute('download', '排班导入模板.xlsx');
});
