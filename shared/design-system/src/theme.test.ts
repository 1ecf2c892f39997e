import { theme } from 'antd';
import { portalTheme } from './theme';

// WCAG 2.1 contrast of the colours antd draws text in, as antd derives them from the portal theme.

type Rgba = [number, number, number, number];

function parse(color: string): Rgba {
  const hex = color.match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)).concat(1) as Rgba;
  }
  const parts = color
    .match(/^rgba?\(([^)]+)\)$/)?.[1]
    .split(',')
    .map(Number);
  if (!parts) throw new Error(`not a colour: ${color}`);
  return [parts[0], parts[1], parts[2], parts[3] ?? 1];
}

/** A colour, possibly translucent, painted over an opaque one. */
const paint = ([r, g, b, a]: Rgba, under: Rgba): Rgba => [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a), 1];

function luminance([r, g, b]: Rgba): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of text in `text` on `background` (itself on white). */
function contrast(text: string, background: string): number {
  const back = paint(parse(background), [255, 255, 255, 1]);
  const [light, dark] = [luminance(paint(parse(text), back)), luminance(back)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

const token = theme.getDesignToken(portalTheme) as unknown as Record<string, string>;
const colour = (name: string) => (name.startsWith('#') ? name : token[name]);

const WHITE = '#ffffff';
const TABLE_HEADER = '#fafafa';
const PAGE = '#f5f5f5';

/** [text, background] pairs that antd's components draw. */
const PAIRS: ReadonlyArray<[string, string]> = [
  // Primary buttons, the dark menu's selected item, badges and danger buttons: white on colour.
  ...['colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive', 'colorError', 'colorErrorHover'].map((background): [string, string] => [
    'colorTextLightSolid',
    background,
  ]),
  // Links, link buttons, tabs, the pager, danger and status texts on white and the table header.
  ...['colorPrimary', 'colorPrimaryHover', 'colorLink', 'colorLinkHover', 'colorError', 'colorErrorHover', 'colorSuccess', 'colorWarning'].flatMap(
    (text): Array<[string, string]> => [
      [text, WHITE],
      [text, TABLE_HEADER],
    ],
  ),
  // Status tags and alerts: the colour on its own light background.
  ['colorSuccess', 'colorSuccessBg'],
  ['colorWarning', 'colorWarningBg'],
  ['colorError', 'colorErrorBg'],
  ['colorInfo', 'colorInfoBg'],
  // The greys.
  ...['colorText', 'colorTextSecondary', 'colorTextDescription', 'colorTextTertiary', 'colorTextPlaceholder'].flatMap(
    (text): Array<[string, string]> => [
      [text, WHITE],
      [text, TABLE_HEADER],
      [text, PAGE],
      [text, 'colorPrimaryBg'],
    ],
  ),
  ['colorTextPlaceholder', 'colorFillTertiary'],
  // Coloured tags: shade 7 on shade 1 of the preset, under both of antd's names for one CSS variable.
  ...['blue', 'green', 'orange', 'red', 'gold', 'cyan', 'purple', 'magenta', 'volcano', 'geekblue', 'lime', 'yellow'].flatMap(
    (preset): Array<[string, string]> => [
      [`${preset}7`, `${preset}1`],
      [`${preset}-7`, `${preset}-1`],
    ],
  ),
];

describe('portalTheme', () => {
  it.each(PAIRS)('draws %s on %s at 4.5:1 or more (WCAG 2.1 AA)', (text, background) => {
    expect(contrast(colour(text), colour(background))).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the brand blue recognisable: a blue one shade darker than antd default', () => {
    expect(token.colorPrimary).toBe('#0958d9');
  });

  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrast('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(3.35, 1);
  });
});
