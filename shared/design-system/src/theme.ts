import type { ThemeConfig } from 'antd';

/**
 * The text colour of coloured tags (`<Tag color="green">`), shade 7 of the preset, drawn on its
 * shade 1. antd keeps each shade under two names (green7 and 'green-7') for one CSS variable:
 * both are set.
 */
const tagTexts = (shades: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(shades).flatMap(([preset, color]) => [
      [`${preset}7`, color],
      [`${preset}-7`, color],
    ]),
  );

/**
 * The portal's antd theme: the brand blue and a slightly tighter, squarer look than antd's default.
 *
 * Every colour that antd draws text in meets WCAG 2.1 AA (4.5:1) against the backgrounds it is used
 * on: white, the table header's #fafafa, the page's #f5f5f5 and its own light background (tags,
 * alerts, the selected card). antd's defaults do not (#1677ff on white is 4.1:1, #ff4d4f 3.3:1,
 * secondary grey 3.4:1), so the seeds are one shade darker, and the tokens antd would derive too
 * light (hover colours, the greys, the tags' text) are set here. theme.test.ts holds every pair.
 * Disabled text is left to antd: WCAG exempts inactive controls.
 */
export const portalTheme: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorPrimaryHover: '#1765dc',
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    colorLinkHover: '#1765dc',
    colorError: '#cf1322',
    colorErrorHover: '#d4262c',
    // A dark seed makes antd derive muddy light tints: the light ones are antd's own green and gold.
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBgHover: '#d9f7be',
    colorSuccessBorder: '#b7eb8f',
    colorSuccessBorderHover: '#95de64',
    colorWarning: '#8f6200',
    colorWarningBg: '#fffbe6',
    colorWarningBgHover: '#fff1b8',
    colorWarningBorder: '#ffe58f',
    colorWarningBorderHover: '#ffd666',
    // Descriptions, secondary Typography, statistic titles, empty and result texts; placeholders.
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    ...tagTexts({ green: '#237804', orange: '#ad4e00', gold: '#8f6200', cyan: '#006d75', volcano: '#ad2102', lime: '#3f6600', yellow: '#876800' }),
    borderRadius: 4,
    fontSize: 14,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#001529' },
    Table: { headerBg: '#fafafa' },
  },
};

/** The least size of a touch target on a phone, in px (WCAG 2.5.5; Apple's and Material's guides). */
export const TOUCH_TARGET_PX = 44;

/**
 * What changes on a phone (narrower than antd's md breakpoint, 768 px), over portalTheme:
 * buttons, inputs, selects, pagination items, menu and dropdown entries at least TOUCH_TARGET_PX
 * high, and the cards' padding halved so that content keeps the narrow screen's width.
 * DesignSystemProvider applies it; phoneLayout.ts holds what antd has no token for.
 */
export const phoneTheme: ThemeConfig = {
  components: {
    Button: { controlHeight: TOUCH_TARGET_PX, controlHeightSM: TOUCH_TARGET_PX, controlHeightLG: 48 },
    Input: { controlHeight: TOUCH_TARGET_PX, controlHeightSM: TOUCH_TARGET_PX },
    InputNumber: { controlHeight: TOUCH_TARGET_PX, controlHeightSM: TOUCH_TARGET_PX },
    Select: { controlHeight: TOUCH_TARGET_PX, controlHeightSM: TOUCH_TARGET_PX },
    DatePicker: { controlHeight: TOUCH_TARGET_PX },
    Pagination: { itemSize: TOUCH_TARGET_PX, itemSizeSM: TOUCH_TARGET_PX },
    Menu: { itemHeight: TOUCH_TARGET_PX },
    // An entry of 22 px text: 11 px above and below.
    Dropdown: { paddingBlock: (TOUCH_TARGET_PX - 22) / 2 },
    Card: { bodyPadding: 12, headerPadding: 12 },
  },
};
