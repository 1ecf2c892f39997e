import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button, ConfigProvider, DatePicker } from 'antd';
import { useContext } from 'react';
import dayjs from 'dayjs';
import { DesignSystemProvider } from './DesignSystemProvider';
import { renderWithProvider } from './testing/renderWithProvider';
import { setWindowWidth } from './testing/windowWidth';

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

/** Shows the theme antd gives the components below the provider. */
function ThemeProbe() {
  const { theme } = useContext(ConfigProvider.ConfigContext);
  return (
    <output>
      {`button ${String(theme?.components?.Button?.controlHeightSM)}; page item ${String(theme?.components?.Pagination?.itemSizeSM)}; menu item ${String(theme?.components?.Menu?.itemHeight)}; table header ${String(theme?.components?.Table?.headerBg)}`}
    </output>
  );
}

describe('DesignSystemProvider on a phone', () => {
  it('gives buttons (small ones too), pagination and menu entries 44 px below 768 px, keeping the portal theme', () => {
    const restore = setWindowWidth(390);
    try {
      renderWithProvider(<ThemeProbe />);
      expect(screen.getByRole('status')).toHaveTextContent('button 44; page item 44; menu item 44; table header #fafafa');
    } finally {
      restore();
    }
  });

  it('leaves the desktop theme above 768 px', () => {
    const restore = setWindowWidth(1280);
    try {
      renderWithProvider(<ThemeProbe />);
      expect(screen.getByRole('status')).toHaveTextContent('button undefined; page item undefined; menu item undefined; table header #fafafa');
    } finally {
      restore();
    }
  });

  it('puts the narrow-screen rules in the page once, however many providers (remotes) render', () => {
    renderWithProvider(<DesignSystemProviderTwice />);
    const sheets = Array.from(document.head.querySelectorAll('style')).filter((style) => style.textContent?.includes('(max-width: 767.98px)'));
    expect(sheets).toHaveLength(1);
    expect(sheets[0].textContent).toContain('min-height: 44px; min-width: 44px;');
  });
});

function DesignSystemProviderTwice() {
  return (
    <DesignSystemProvider>
      <span>另一个应用</span>
    </DesignSystemProvider>
  );
}
