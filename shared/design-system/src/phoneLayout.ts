import { Grid } from 'antd';
import { TOUCH_TARGET_PX } from './theme';

type Screens = ReturnType<typeof Grid.useBreakpoint>;

/**
 * A phone's window: narrower than antd's `md` breakpoint (768 px). Until the media queries have
 * answered (and in a DOM without layout, where none matches) this is false: the desktop look.
 */
export const isPhoneScreen = (screens: Screens): boolean => !screens.md && Boolean(screens.xs || screens.sm);

/** Whether the window is a phone's (isPhoneScreen), following it through antd's breakpoints. */
export function usePhoneScreen(): boolean {
  return isPhoneScreen(Grid.useBreakpoint());
}

/** Below antd's md breakpoint (768 px): a phone's window, as isPhoneScreen decides. */
export const PHONE_MEDIA = '(max-width: 767.98px)';

/**
 * The phone's rules that antd has no token for (see phoneTheme), applied by DesignSystemProvider
 * in every remote (one copy per page: React keeps one <style> per href). `body` lifts them over
 * antd's own rules of the same selector whatever their order in the document.
 *
 * - Touch targets: every button (also the ones styled `height: auto`) and the links of table rows
 *   (their actions) at least TOUCH_TARGET_PX.
 * - Nothing wider than the screen: any table (also antd's own, outside PortalTable) scrolls in
 *   its box; card titles and their actions, and pagination, wrap; dialogs
 *   keep a margin (antd caps their width too) and scroll wide content inside; the range picker's
 *   panels and presets stack instead of standing side by side; tabs that do not fit scroll by a
 *   swipe, without antd's overflow button (it sits inside the tablist, an ARIA fault axe flags); a long word (a landing page's
 *   address) breaks instead of widening its description or paragraph.
 */
export const PHONE_CSS = `@media ${PHONE_MEDIA} {
  body .ant-btn { min-height: ${TOUCH_TARGET_PX}px; min-width: ${TOUCH_TARGET_PX}px; }
  body .ant-table-cell a:not(.ant-typography-ellipsis) { display: inline-flex; align-items: center; min-height: ${TOUCH_TARGET_PX}px; }
  body .ant-table-content { overflow-x: auto; }
  body .ant-card-head-wrapper { flex-wrap: wrap; row-gap: 8px; }
  body .ant-card-head-title { white-space: normal; }
  body .ant-pagination { flex-wrap: wrap; row-gap: 8px; }
  body .ant-modal { max-width: calc(100vw - 16px); }
  body .ant-modal-body { overflow-x: auto; }
  body .ant-picker-dropdown .ant-picker-panel-layout, body .ant-picker-dropdown .ant-picker-panels { flex-wrap: wrap; }
  body .ant-descriptions-item-content, body .ant-typography { overflow-wrap: anywhere; }
  body img, body video { max-width: 100%; }
  body .ant-tabs-nav-operations { display: none !important; }
}`;
