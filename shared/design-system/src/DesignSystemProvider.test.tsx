import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button, DatePicker } from 'antd';
import dayjs from 'dayjs';
import { renderWithProvider } from './testing/renderWithProvider';

function Notify() {
  const { message } = App.useApp();
  return <Button onClick={() => message.success('保存成功！')}>保存设置</Button>;
}

describe('DesignSystemProvider', () => {
  it('puts antd in Chinese', () => {
    renderWithProvider(<DatePicker />);
    expect(screen.getByPlaceholderText('请选择日期')).toBeInTheDocument();
  });

  it('sets dayjs to zh-cn', () => {
    expect(dayjs.locale()).toBe('zh-cn');
    expect(dayjs('2024-05-06').format('dddd')).toBe('星期一');
  });

  it('makes App.useApp().message work', async () => {
    renderWithProvider(<Notify />);
    await userEvent.click(screen.getByRole('button', { name: '保存设置' }));
    expect(await screen.findByText('保存成功！')).toBeInTheDocument();
  });
});
