import { App, ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { portalTheme } from './theme';

// antd's pickers format through dayjs, whose locale is global: set it once, when the provider loads.
dayjs.locale('zh-cn');

export interface DesignSystemProviderProps {
  children?: ReactNode;
  /** Replaces the portal theme (for a brand variant); default portalTheme. */
  theme?: ThemeConfig;
}

/**
 * The root of every screen: antd in zh_CN with the portal theme, inside antd's App so that
 * `App.useApp()` gives message, notification and modal bound to this theme.
 */
export function DesignSystemProvider({ children, theme = portalTheme }: DesignSystemProviderProps) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
