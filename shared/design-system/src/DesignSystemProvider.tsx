import { App, ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { PHONE_CSS, usePhoneScreen } from './phoneLayout';
import { phoneTheme, portalTheme } from './theme';

// antd's pickers format through dayjs, whose locale is global: set it once, when the provider loads.
dayjs.locale('zh-cn');

export interface DesignSystemProviderProps {
  children?: ReactNode;
  /** Replaces the portal theme (for a brand variant); default portalTheme. */
  theme?: ThemeConfig;
}

/** The phone's additions (phoneTheme, PHONE_CSS) while the window is a phone's. */
function PhoneAdjustments({ children }: { children?: ReactNode }) {
  const phone = usePhoneScreen();
  return (
    <ConfigProvider theme={phone ? phoneTheme : undefined}>
      {/* React hoists this into <head>, once per page however many remotes render it. */}
      <style href="portal-phone-layout" precedence="portal">
        {PHONE_CSS}
      </style>
      <App>{children}</App>
    </ConfigProvider>
  );
}

/**
 * The root of every screen: antd in zh_CN with the portal theme, inside antd's App so that
 * `App.useApp()` gives message, notification and modal bound to this theme. On a phone (narrower
 * than antd's md breakpoint) every remote gets the same touch-sized controls and narrow-screen
 * rules (theme.ts phoneTheme, phoneLayout.ts).
 */
export function DesignSystemProvider({ children, theme = portalTheme }: DesignSystemProviderProps) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <PhoneAdjustments>{children}</PhoneAdjustments>
    </ConfigProvider>
  );
}
